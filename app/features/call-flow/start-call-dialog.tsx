import { type FormEvent, useId, useRef, useState } from 'react';
import { useModalFocus } from '@/app/components/dialog/use-modal-focus';
import { createPortal } from 'react-dom';
import { Button } from '@/app/components/button/button';
import { TextField } from '@/app/components/field/field-controls';
import { stripPhone } from '@/shared/domain/phone';
import { Modal } from '@/app/components/dialog/modal';
import './start-call-dialog.css';

// issue 11: an agent starts a flow by hand for a walk-in or a call-back — a small dialog
// asks the caller's name and phone (spec 3 Call data: lead name and phone).

/** spec 9: phone minimum length is 10. */
const PHONE_MIN_DIGITS = 10;

export interface StartCallValues {
  leadName: string;
  phone: string;
}

/** The problems with what was typed, by field (empty when it can start). */
export function startCallProblems(values: StartCallValues): Partial<StartCallValues> {
  const problems: Partial<StartCallValues> = {};
  if (!values.leadName.trim()) problems.leadName = "Enter the caller's name.";
  const digits = stripPhone(values.phone.trim());
  if (!digits) problems.phone = "Enter the caller's phone number.";
  else if (!/^\+?\d+$/.test(digits) || digits.replace('+', '').length < PHONE_MIN_DIGITS) {
    problems.phone = 'Enter at least 10 digits, with an optional leading +.';
  }
  return problems;
}

export interface StartCallDialogProps {
  processName: string;
  onStart: (values: StartCallValues) => void;
  onCancel: () => void;
  /** Where the dialog renders (a widget's shadow root, where its styles are); default the body. */
  container?: Element | null;
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled])';

/** A modal: focus moves in (to the name), stays in, Escape cancels, and goes back where it was. */
export function StartCallDialog({
  processName,
  onStart,
  onCancel,
  container,
}: StartCallDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<StartCallValues>({ leadName: '', phone: '' });
  const [attempted, setAttempted] = useState(false);
  const problems = startCallProblems(values);
  const shown = attempted ? problems : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (problems.leadName) return nameRef.current?.focus();
    if (problems.phone) return phoneRef.current?.focus();
    onStart({ leadName: values.leadName.trim(), phone: values.phone.trim() });
  }

  const onKeyDown = useModalFocus({
    dialogRef,
    initialFocusRef: nameRef,
    onEscape: onCancel,
    focusable: FOCUSABLE,
  });

  return createPortal(
    <Modal
      className="ic-start-call"
      boxClassName="ic-start-call__dialog"
      boxRef={dialogRef}
      onKeyDown={onKeyDown}
      onBackdropClick={onCancel}
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
    >
      <h2 className="ic-start-call__title" id={`${id}-title`}>
        Start {processName}
      </h2>
      <p className="ic-start-call__text" id={`${id}-text`}>
        For a walk-in or a call-back: who is the caller?
      </p>
      <form className="ic-start-call__form" noValidate onSubmit={submit}>
        <TextField
          ref={nameRef}
          label="Caller name"
          name="leadName"
          autoComplete="off"
          value={values.leadName}
          error={shown.leadName}
          onValueChange={(leadName) => setValues((v) => ({ ...v, leadName }))}
        />
        <TextField
          ref={phoneRef}
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="off"
          inputMode="tel"
          value={values.phone}
          error={shown.phone}
          onValueChange={(phone) => setValues((v) => ({ ...v, phone }))}
        />
        <div className="ic-start-call__actions">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="primary">
            Start call flow
          </Button>
        </div>
      </form>
    </Modal>,
    container ?? document.body,
  );
}
