import { useId, useState } from 'react';
import { Button } from '@/app/components/button/button';
import { Field, fieldClassNames } from '@/app/components/field/field';
import { Icon } from '@/app/components/icon/icon';
import type { DataState } from '@/app/query/use-data-query';
import type { TrackingNumber } from '@/shared/contracts/call-tracking';
import { checkDialNumber } from '@/shared/domain/click-to-call';
import { formatInternationalUs, NON_US_NUMBER_WARNING } from '@/shared/domain/phone-dialing';
import { CallDialog } from './call-dialog';

/** What the agent picked: the tracking number to call from and the number to dial. */
export interface NumberChoice {
  from: TrackingNumber;
  /** E.164, as sent in call_number. */
  to: string;
}

/** Where the picker starts (the choice before, when the agent comes back to pick again). */
export interface PickerStart {
  fromId?: string;
  custom?: string;
}

export interface NumberPickerDialogProps {
  name: string;
  /** The number the agent clicked; null when the host has none (custom entry only). */
  phone: string | null;
  numbers: DataState<TrackingNumber[]>;
  start?: PickerStart;
  onPick: (choice: NumberChoice, entered: PickerStart) => void;
  onCancel: () => void;
}

const CUSTOM = 'custom';
const CLICKED = 'clicked';

/**
 * spec: session 2 "Call number picker" and "Custom number entry", 5: which tracking
 * number to call from (international US format, with the valid flag; a not-valid one shows
 * the non-US warning and cannot be dialled) and which number to dial — the one clicked, or
 * a custom one (at least 10 digits, optional leading plus; the call button stays disabled
 * with the reason shown while it is not).
 */
export function NumberPickerDialog({
  name,
  phone,
  numbers,
  start,
  onPick,
  onCancel,
}: NumberPickerDialogProps) {
  const list = numbers.data ?? [];
  const firstValid = list.find((n) => n.valid) ?? list[0];
  const [fromId, setFromId] = useState<string | null>(start?.fromId ?? null);
  const from = list.find((n) => n.id === fromId) ?? firstValid ?? null;
  const [target, setTarget] = useState<string>(
    start?.custom !== undefined || phone === null ? CUSTOM : CLICKED,
  );
  const [custom, setCustom] = useState(start?.custom ?? '');
  const fromWarningId = useId();
  const groupName = useId();

  const dialled = target === CUSTOM ? custom : (phone ?? '');
  const dialCheck = checkDialNumber(dialled);
  const fromProblem = from && !from.valid ? NON_US_NUMBER_WARNING : null;
  const canCall = from !== null && fromProblem === null && dialCheck.ok;

  function submit() {
    if (!canCall || !from || !dialCheck.ok) return;
    onPick(
      { from, to: dialCheck.number },
      { fromId: from.id, custom: target === CUSTOM ? custom : undefined },
    );
  }

  return (
    <CallDialog
      name="number-picker"
      title={`Call ${name}`}
      description="Choose the number to call from and the number to dial."
      onEscape={onCancel}
      actions={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="primary" disabled={!canCall} onClick={submit}>
            Call
          </Button>
        </>
      }
    >
      <div className="ic-call-picker">
        <fieldset className="ic-call-picker__group">
          <legend className="ic-call-picker__legend">Call from</legend>
          {numbers.status === 'loading' || numbers.status === 'idle' ? (
            <p className="ic-call-picker__status" role="status">
              Loading tracking numbers…
            </p>
          ) : numbers.status === 'error' ? (
            <div className="ic-call-picker__status" role="alert">
              <p>
                Could not load the tracking numbers{numbers.detail ? `: ${numbers.detail}` : '.'}
              </p>
              <Button onClick={numbers.retry}>Try again</Button>
            </div>
          ) : list.length === 0 ? (
            <p className="ic-call-picker__status" role="status">
              This workspace has no tracking numbers to call from.
            </p>
          ) : (
            <ul className="ic-call-picker__list">
              {list.map((number) => (
                <TrackingNumberOption
                  key={number.id}
                  number={number}
                  name={`${groupName}-from`}
                  chosen={from?.id === number.id}
                  warningId={fromWarningId}
                  onChoose={() => setFromId(number.id)}
                />
              ))}
            </ul>
          )}
          {fromProblem ? (
            <p className="ic-call-picker__warning" id={fromWarningId} role="alert">
              <Icon name="warning" size="sm" />
              <span>{fromProblem}</span>
            </p>
          ) : null}
        </fieldset>

        <fieldset className="ic-call-picker__group">
          <legend className="ic-call-picker__legend">Number to dial</legend>
          {phone !== null ? (
            <label className="ic-call-picker__option">
              <input
                type="radio"
                name={`${groupName}-to`}
                value={CLICKED}
                checked={target === CLICKED}
                onChange={() => setTarget(CLICKED)}
              />
              <span className="ic-call-picker__option-text">
                <span className="ic-call-picker__label">{name}</span>
                <span className="ic-call-picker__number">{formatInternationalUs(phone)}</span>
              </span>
            </label>
          ) : null}
          {phone !== null && target === CLICKED && !dialCheck.ok ? (
            <p className="ic-call-picker__warning" role="alert">
              <Icon name="warning" size="sm" />
              <span>{dialCheck.reason}</span>
            </p>
          ) : null}
          <label className="ic-call-picker__option">
            <input
              type="radio"
              name={`${groupName}-to`}
              value={CUSTOM}
              checked={target === CUSTOM}
              onChange={() => setTarget(CUSTOM)}
            />
            <span className="ic-call-picker__label">Custom number</span>
          </label>
          {target === CUSTOM ? (
            <Field
              label="Custom number"
              labelHidden
              help="At least 10 digits, with an optional leading +."
              error={dialCheck.ok ? undefined : dialCheck.reason}
              required
            >
              {(control) => (
                <input
                  {...control}
                  className={fieldClassNames.input}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  value={custom}
                  onChange={(event) => setCustom(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter') return;
                    event.preventDefault();
                    submit();
                  }}
                />
              )}
            </Field>
          ) : null}
        </fieldset>
      </div>
    </CallDialog>
  );
}

/** One tracking number to call from; a chosen one that is not valid points at the warning. */
function TrackingNumberOption({
  number,
  name,
  chosen,
  warningId,
  onChoose,
}: {
  number: TrackingNumber;
  name: string;
  chosen: boolean;
  warningId: string;
  onChoose: () => void;
}) {
  return (
    <li>
      <label className="ic-call-picker__option" data-valid={number.valid}>
        <input
          type="radio"
          name={name}
          value={number.id}
          checked={chosen}
          onChange={onChoose}
          aria-describedby={!number.valid && chosen ? warningId : undefined}
        />
        <span className="ic-call-picker__option-text">
          <span className="ic-call-picker__label">{number.label || 'Unlabelled'}</span>
          <span className="ic-call-picker__number">{number.formatted}</span>
        </span>
        {number.valid ? null : <span className="ic-call-picker__flag">Not a US number</span>}
      </label>
    </li>
  );
}
