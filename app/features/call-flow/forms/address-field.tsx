import { useContext, useEffect, useRef, useState } from 'react';
import { Button } from '@/app/components/button/button';
import { fieldClassNames } from '@/app/components/field/field';
import { Icon } from '@/app/components/icon/icon';
import type { AddressValue, FormField, VariableValue } from '@/shared/contracts/call-flow';
import { type AddressCheckOutcome, normalizeState } from '@/shared/domain/address-check';
import { en } from '@/shared/i18n/en';
import { AddressVerifierContext, type VerifyAddress } from './address-verifier';
import { errorId, FieldFrame, frameOf, helpId } from './field-frame';
import { describedBy, FOCUS_ATTRIBUTE } from './field-props';
import { isRequired } from './step-control-field';
import './address-field.css';

type AddressField = Extract<FormField, { type: 'address' }>;
type Part = 'street1' | 'street2' | 'city' | 'state' | 'zip';

export interface AddressFieldProps {
  field: AddressField;
  id: string;
  value: VariableValue | undefined;
  error: string | null;
  onChange(value: AddressValue): void;
  onBlur(): void;
  disabled: boolean;
  /** Overrides the verifier of AddressVerifierContext. */
  verify?: VerifyAddress;
}

const PARTS: { part: Part; label: string; autoComplete: string; required: boolean }[] = [
  { part: 'street1', label: 'Street address', autoComplete: 'off', required: true },
  { part: 'street2', label: 'Apartment, suite or unit', autoComplete: 'off', required: false },
  { part: 'city', label: 'City', autoComplete: 'off', required: true },
  { part: 'state', label: 'State', autoComplete: 'off', required: true },
  { part: 'zip', label: 'ZIP code', autoComplete: 'off', required: true },
];

function text(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** The stored value as an address (a draft or a variable may hold anything). */
export function toAddress(value: VariableValue | undefined): AddressValue {
  const v =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const address: AddressValue = {
    street1: text(v.street1),
    street2: text(v.street2),
    city: text(v.city),
    state: text(v.state),
    zip: text(v.zip),
    country: text(v.country) || 'US',
  };
  if (typeof v.verified === 'boolean') address.verified = v.verified;
  return address;
}

function sameAddress(a: AddressValue, b: AddressValue): boolean {
  const parts: Part[] = ['street1', 'street2', 'city', 'state', 'zip'];
  return parts.every((p) => a[p].trim() === b[p].trim());
}

function formatLines(a: AddressValue): string[] {
  return [
    a.street1,
    a.street2,
    [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ].filter((line) => line.trim() !== '');
}

type CheckState =
  | { phase: 'idle' }
  | { phase: 'checking' }
  | { phase: 'suggested'; suggestion: AddressValue; note: string }
  | { phase: 'verified'; note: string }
  | { phase: 'kept' }
  | { phase: 'address-error'; message: string; description: string }
  | { phase: 'service-error'; message: string }
  | { phase: 'unreachable' }
  | { phase: 'incomplete' };

/**
 * An address with postal verification (issue 11 Forms; dashboards 7 "Address check" and
 * 8 "Postal verification error"). "Verify address" asks the injected verifier; a
 * corrected address is offered for the agent to accept or not; an address-level error
 * shows USPS_ERROR_BODY, a refused request the service's description. The verifier never
 * blocks the intake: unreachable, refused or not asked, the address is kept as typed with
 * verified false, and the form says so.
 */
export function AddressField({
  field,
  id,
  value,
  error,
  onChange,
  onBlur,
  disabled,
  verify: verifyProp,
}: AddressFieldProps) {
  const fromContext = useContext(AddressVerifierContext);
  const verify = field.verify ? (verifyProp ?? fromContext) : null;
  const address = toAddress(value);
  const [check, setCheck] = useState<CheckState>(() =>
    address.verified === true ? { phase: 'verified', note: '' } : { phase: 'idle' },
  );
  const inFlight = useRef<AbortController | null>(null);
  const verifyButton = useRef<HTMLButtonElement>(null);
  const locked = disabled || field.disabled === true;
  const required = isRequired(field);

  useEffect(() => () => inFlight.current?.abort(), []);

  const write = (next: AddressValue) => onChange(next);

  const edit = (part: Part, partValue: string) => {
    // Any change makes an earlier verification stale.
    inFlight.current?.abort();
    if (check.phase !== 'idle') setCheck({ phase: 'idle' });
    write({ ...address, [part]: partValue, verified: false });
  };

  const runCheck = async () => {
    if (!verify || locked) return;
    if (
      !address.street1.trim() ||
      (!address.zip.trim() && !(address.city.trim() && address.state.trim()))
    ) {
      setCheck({ phase: 'incomplete' });
      return;
    }
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setCheck({ phase: 'checking' });
    let outcome: AddressCheckOutcome;
    try {
      outcome = await verify(address, controller.signal);
    } catch {
      if (controller.signal.aborted) return;
      setCheck({ phase: 'unreachable' });
      write({ ...address, verified: false });
      return;
    }
    if (controller.signal.aborted) return;
    inFlight.current = null;
    const checked = checkedAddress(outcome, address);
    write(checked.value);
    setCheck(checked.check);
  };

  const accept = (suggestion: AddressValue, note: string) => {
    write({ ...suggestion, verified: true });
    setCheck({ phase: 'verified', note });
    verifyButton.current?.focus();
  };

  const keep = () => {
    write({ ...address, verified: false });
    setCheck({ phase: 'kept' });
    verifyButton.current?.focus();
  };

  const partId = (part: Part) => `${id}-${part}`;
  const missing = (part: Part) =>
    error !== null &&
    PARTS.find((p) => p.part === part)?.required === true &&
    !address[part].trim();

  const renderPart = (part: Part) => {
    const spec = PARTS.find((p) => p.part === part)!;
    const invalid = missing(part);
    return (
      <div className={`ic-address-field__part ic-address-field__part--${part}`}>
        <label className="ic-address-field__label" htmlFor={partId(part)}>
          {spec.label}
          {!spec.required ? <span className="ic-address-field__optional"> (optional)</span> : null}
        </label>
        <input
          id={partId(part)}
          className={`${fieldClassNames.input} ${fieldClassNames.large} ic-step-control`}
          type="text"
          name={`${field.name}.${part}`}
          value={address[part]}
          disabled={locked}
          autoFocus={field.autofocus && part === 'street1'}
          autoComplete="off"
          inputMode={part === 'zip' ? 'numeric' : undefined}
          required={required && spec.required}
          maxLength={part === 'zip' ? 20 : part === 'city' || part === 'state' ? 100 : 200}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy(field.help && helpId(id), error && errorId(id))}
          {...(part === 'street1' ? { [FOCUS_ATTRIBUTE]: field.name } : {})}
          onChange={(event) => edit(part, event.target.value)}
          onBlur={() => {
            if (part === 'state') {
              // A full state name becomes its postal abbreviation (dashboards 7).
              const state = normalizeState(address.state);
              if (state !== address.state) write({ ...address, state });
            }
            onBlur();
          }}
        />
      </div>
    );
  };

  return (
    <FieldFrame {...frameOf(field, id, error, required)} kind="group" className="ic-address-field">
      <div className="ic-address-field__parts">
        {renderPart('street1')}
        {renderPart('street2')}
        <div className="ic-address-field__row">
          {renderPart('city')}
          {renderPart('state')}
          {renderPart('zip')}
        </div>
      </div>
      {verify ? (
        <div className="ic-address-field__verify">
          <div className="ic-address-field__verify-bar">
            <Button
              ref={verifyButton}
              variant="secondary"
              disabled={locked || check.phase === 'checking'}
              aria-label={`Verify ${field.label}`}
              onClick={() => void runCheck()}
            >
              {check.phase === 'checking' ? (
                <span className="ic-address-field__spinner" aria-hidden="true" />
              ) : (
                <Icon name="check" size="sm" />
              )}
              {check.phase === 'checking' ? 'Checking…' : 'Verify address'}
            </Button>
            <VerifiedBadge
              verified={address.verified}
              // While a check runs or a correction waits for the agent, the outcome says it.
              checked={!['idle', 'checking', 'suggested', 'incomplete'].includes(check.phase)}
            />
          </div>
          <div className="ic-address-field__outcome" role="status" aria-live="polite">
            <Outcome check={check} onAccept={accept} onKeep={keep} disabled={locked} />
          </div>
        </div>
      ) : null}
    </FieldFrame>
  );
}

/** What a verifier's answer makes of the address as typed: the value kept and the check shown. */
function checkedAddress(
  outcome: AddressCheckOutcome,
  address: AddressValue,
): { value: AddressValue; check: CheckState } {
  const unverified = { ...address, verified: false };
  switch (outcome.kind) {
    case 'verified':
      return sameAddress(outcome.address, address)
        ? {
            value: { ...address, ...outcome.address, verified: true },
            check: { phase: 'verified', note: outcome.note },
          }
        : {
            value: unverified,
            check: { phase: 'suggested', suggestion: outcome.address, note: outcome.note },
          };
    case 'address-error':
      return {
        value: unverified,
        check: {
          phase: 'address-error',
          message: outcome.message,
          description: outcome.description,
        },
      };
    case 'service-error':
      return { value: unverified, check: { phase: 'service-error', message: outcome.message } };
  }
}

function VerifiedBadge({ verified, checked }: { verified?: boolean; checked: boolean }) {
  if (verified === true) {
    return (
      <span className="ic-address-field__badge ic-address-field__badge--verified">
        <Icon name="check" size="sm" />
        Verified
      </span>
    );
  }
  if (!checked) return null;
  return <span className="ic-address-field__badge">Not verified</span>;
}

function Outcome({
  check,
  onAccept,
  onKeep,
  disabled,
}: {
  check: CheckState;
  onAccept(address: AddressValue, note: string): void;
  onKeep(): void;
  disabled: boolean;
}) {
  switch (check.phase) {
    case 'idle':
    case 'checking':
      return null;
    case 'incomplete':
      return (
        <p className="ic-address-field__note">
          Enter the street and either the ZIP code or the city and state to verify.
        </p>
      );
    case 'suggested':
      return (
        <div className="ic-address-field__suggestion">
          <p className="ic-address-field__suggestion-title">The postal service suggests:</p>
          <address className="ic-address-field__lines">
            {formatLines(check.suggestion).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          {check.note ? <p className="ic-address-field__note">{check.note}</p> : null}
          <div className="ic-address-field__actions">
            <Button
              variant="primary"
              disabled={disabled}
              onClick={() => onAccept(check.suggestion, check.note)}
            >
              Use this address
            </Button>
            <Button variant="ghost" disabled={disabled} onClick={onKeep}>
              Keep as typed
            </Button>
          </div>
        </div>
      );
    case 'verified':
      return (
        <p className="ic-address-field__note ic-address-field__note--success">
          The postal service verified this address.
          {check.note ? ` ${check.note}` : ''}
        </p>
      );
    case 'kept':
      return (
        <p className="ic-address-field__note">
          Kept as typed. The address will be saved as not verified.
        </p>
      );
    case 'address-error':
      return (
        <p className="ic-address-field__note ic-address-field__note--danger">
          <Icon name="warning" size="sm" />
          <span>
            {check.message}
            {check.description ? (
              <span className="ic-address-field__detail"> ({check.description})</span>
            ) : null}
          </span>
        </p>
      );
    case 'service-error':
      return (
        <p className="ic-address-field__note ic-address-field__note--danger">
          <Icon name="warning" size="sm" />
          <span>{check.message} The address will be saved as not verified.</span>
        </p>
      );
    case 'unreachable':
      return (
        <p className="ic-address-field__note ic-address-field__note--warning">
          <Icon name="warning" size="sm" />
          <span>{en.ADDRESS_VERIFIER_UNREACHABLE}</span>
        </p>
      );
  }
}
