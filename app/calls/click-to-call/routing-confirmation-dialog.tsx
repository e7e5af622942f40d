import { useRef } from 'react';
import { Button } from '@/app/components/button/button';
import { OUTCOME_CANCELLED, type CallOutcome } from '@/shared/domain/click-to-call';
import { CallDialog } from './call-dialog';

/** spec: session 2 — the outcome dialog's note (exact text). */
export const DESK_PHONE_NOTE =
  'Answer your desk phone first, the customer will then be dialled automatically.';

export interface RoutingConfirmationDialogProps {
  title: string;
  /** Who is called. */
  name: string;
  /** The number's label and value (spec 2), e.g. the tracking number called from. */
  numberLabel: string;
  numberValue: string;
  /** The number dialled, when it is not the one above. */
  dialled?: string;
  note?: string;
  outcomes: readonly CallOutcome[];
  /** While the choice is being carried out: the buttons wait, the status says why. */
  busy?: string | null;
  onChoose: (value: number) => void;
}

/**
 * spec: session 2 "Routing confirmation dialog: 400px, not closable by click-away, shows
 * name, number and outcomes". Neither click-away nor Escape closes it: only an outcome
 * does (0 is Cancel). Focus starts on the cancelling outcome, so a stray Enter places no
 * call.
 */
export function RoutingConfirmationDialog({
  title,
  name,
  numberLabel,
  numberValue,
  dialled,
  note,
  outcomes,
  busy = null,
  onChoose,
}: RoutingConfirmationDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <CallDialog
      name="routing-confirmation"
      title={title}
      initialFocus={cancelRef}
      description={note}
      actions={outcomes.map((outcome) => (
        <Button
          key={outcome.value}
          ref={outcome.value === OUTCOME_CANCELLED ? cancelRef : undefined}
          variant={outcome.value === OUTCOME_CANCELLED ? 'secondary' : 'primary'}
          disabled={busy !== null}
          onClick={() => onChoose(outcome.value)}
        >
          {outcome.label}
        </Button>
      ))}
    >
      <dl className="ic-call-summary">
        <div>
          <dt>Name</dt>
          <dd>{name}</dd>
        </div>
        <div>
          <dt>{numberLabel}</dt>
          <dd className="ic-call-summary__number">{numberValue}</dd>
        </div>
        {dialled ? (
          <div>
            <dt>Dialling</dt>
            <dd className="ic-call-summary__number">{dialled}</dd>
          </div>
        ) : null}
      </dl>
      <p className="ic-call-dialog__status" role="status">
        {busy ?? ''}
      </p>
    </CallDialog>
  );
}

export interface OutcomeDialogProps {
  name: string;
  /** The tracking number called from: its label and value (international US format). */
  fromLabel: string;
  fromNumber: string;
  /** The number dialled, international US format. */
  dialled: string;
  outcomes: readonly CallOutcome[];
  busy?: string | null;
  onChoose: (value: number) => void;
}

/**
 * spec: session 2 "Click-to-call outcome dialog": "Calling {name}", the number's label and
 * value, the desk-phone note and the outcome buttons; 0 means cancelled and no call
 * starts. It is the routing confirmation of this call, so it is not closable by
 * click-away or Escape either.
 */
export function OutcomeDialog({
  name,
  fromLabel,
  fromNumber,
  dialled,
  outcomes,
  busy,
  onChoose,
}: OutcomeDialogProps) {
  return (
    <RoutingConfirmationDialog
      title={`Calling ${name}`}
      name={name}
      numberLabel={fromLabel || 'Tracking number'}
      numberValue={fromNumber}
      dialled={dialled}
      note={DESK_PHONE_NOTE}
      outcomes={outcomes}
      busy={busy}
      onChoose={onChoose}
    />
  );
}
