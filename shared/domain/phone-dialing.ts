import { stripPhone, usNationalDigits } from './phone';

// Phone rules of click-to-call and incoming calls (issue #13): finding a caller's record
// by phone, showing tracking numbers, and checking a number the agent types
// (spec: session 5 custom dial number, non-US warning; 9 phone minimum length).

/** spec: session 9 — phone minimum length is 10. */
export const PHONE_MIN_LENGTH = 10;

/** spec: session 5 — shown for any offered number flagged not valid. */
export const NON_US_NUMBER_WARNING =
  'This is not a United States phone number. Your phone system does not allow dialing outside of the United States.';

/** How many trailing digits tolerant matching compares (issue #13: the last 10). */
const MATCH_DIGITS = 10;

/** Only the digits of a phone as written ("+1 (415) 555-0134" → "14155550134"). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * The key two phones are compared by (issue #13 tolerant matching): digits only, the last
 * 10, so "+1 (415) 555-0134", "415.555.0134" and "14155550134" are one number. A number
 * with fewer digits is compared whole; no digits at all answers null (matches nothing).
 */
export function phoneMatchKey(phone: string): string | null {
  const digits = phoneDigits(phone);
  if (digits.length === 0) return null;
  return digits.slice(-MATCH_DIGITS);
}

/** Whether two phones are the same number under tolerant matching. */
export function phonesMatch(a: string, b: string): boolean {
  const key = phoneMatchKey(a);
  return key !== null && key === phoneMatchKey(b);
}

/**
 * Every item one of whose phones matches (issue #13: "several matches → the agent picks",
 * so all of them, in the order given).
 */
export function findByPhone<T>(
  items: readonly T[],
  phone: string,
  phonesOf: (item: T) => readonly (string | null | undefined)[],
): T[] {
  const key = phoneMatchKey(phone);
  if (key === null) return [];
  return items.filter((item) =>
    phonesOf(item).some((candidate) => candidate != null && phoneMatchKey(candidate) === key),
  );
}

/** A US number in E.164 ("+14155550134"), or null when it is not a US number. */
export function toUsE164(phone: string): string | null {
  const national = usNationalDigits(phone);
  return national ? `+1${national}` : null;
}

/**
 * spec: session 2 Call number picker — numbers "in international US format": a US number
 * reads "+1 415-555-0134". Any other number is shown as written, stripped of formatting
 * (the picker flags it not valid and shows NON_US_NUMBER_WARNING).
 */
export function formatInternationalUs(phone: string): string {
  const national = usNationalDigits(phone);
  if (!national) return stripPhone(phone);
  return `+1 ${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`;
}

/**
 * spec: session 5 — a custom dial number has at least 10 characters, digits with an
 * optional leading plus; the call button is disabled while it is not. Surrounding spaces
 * are ignored (a pasted number often carries them); spaces inside are not digits.
 */
export function isValidDialNumber(entry: string): boolean {
  const value = entry.trim();
  return value.length >= PHONE_MIN_LENGTH && /^\+?\d+$/.test(value);
}

/** spec: session 5 — "Phone validation uses the US": what the phone system may dial. */
export function isDialableInUs(phone: string): boolean {
  return usNationalDigits(phone) !== null;
}
