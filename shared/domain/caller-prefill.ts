import type { IncomingCallData, Variables } from '@/shared/contracts/call-data';
import type { Dynaform } from '@/shared/contracts/call-flow';
import { formatPhoneForCrm, usNationalDigits } from './phone';

// issue #28 "Prefill and fold": the caller's name and phone, known from the call (or typed
// in the Start dialog), fill the first step's matching fields, so the agent does not retype
// them while the caller waits. Fields are matched by name, as flows name them; a field the
// agent (or a resumed flow) already has a value for is never overwritten.

const FIRST_NAME = /^(first_?name|given_?name)$/i;
const LAST_NAME = /^(last_?name|family_?name|surname)$/i;
const FULL_NAME = /^(name|full_?name|caller_?name|lead_?name|contact_?name)$/i;
const PHONE = /^(phone|phone_?number|caller_?phone|mobile|mobile_?phone|cell)$/i;

/** "Dana Maria Reyes" → ["Dana", "Maria Reyes"]; a single word is a first name. */
function splitName(full: string): [string, string] {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return ['', ''];
  return [words[0], words.slice(1).join(' ')];
}

/**
 * The values to put into a step's empty name and phone fields for this caller. A US number
 * is written "(512) 555-0147", as the phone field shows numbers; another is left as known.
 */
export function callerPrefill(
  form: Pick<Dynaform, 'fields'>,
  caller: Pick<IncomingCallData, 'leadName' | 'phone'> | null | undefined,
  current: Variables,
): Variables {
  const out: Variables = Object.create(null) as Variables;
  if (!caller) return out;
  const name = caller.leadName?.trim() ?? '';
  const [first, last] = splitName(name);
  const national = caller.phone ? usNationalDigits(caller.phone) : null;
  const phone = national ? formatPhoneForCrm(national) : (caller.phone?.trim() ?? '');
  for (const field of form.fields) {
    if (field.disabled || field.type === 'grid') continue;
    const now = Object.hasOwn(current, field.name) ? current[field.name] : undefined;
    if (now !== undefined && now !== null && now !== '') continue;
    let value = '';
    if (FIRST_NAME.test(field.name)) value = first;
    else if (LAST_NAME.test(field.name)) value = last;
    else if (FULL_NAME.test(field.name)) value = name;
    else if (field.type === 'phone' || PHONE.test(field.name)) value = phone;
    if (value) {
      Object.defineProperty(out, field.name, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return out;
}
