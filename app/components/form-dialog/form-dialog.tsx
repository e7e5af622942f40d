import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './form-dialog.css';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface FormDialogProps {
  title: string;
  /** A sentence under the title saying what the dialog does. */
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The modal of this screen's forms (Invite user, Change role, Link): focus moves to its
 * first field, stays inside (Tab wraps), Escape and the backdrop close it, and focus goes
 * back to the button that opened it (spec: session 9, dialogs 400 px wide; wider here
 * for two-column fields, within the screen).
 */
export function FormDialog({ title, description, onClose, children }: FormDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => previous?.focus?.();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="ic-form-dialog" onKeyDown={onKeyDown}>
      <div className="ic-form-dialog__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={dialogRef}
        className="ic-form-dialog__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-text` : undefined}
      >
        <h2 className="ic-form-dialog__title" id={`${id}-title`}>
          {title}
        </h2>
        {description ? (
          <p className="ic-form-dialog__text" id={`${id}-text`}>
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </div>,
    document.body,
  );
}
