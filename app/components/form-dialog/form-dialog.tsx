import { useId, useRef, type ReactNode } from 'react';
import { useModalFocus } from '@/app/components/dialog/use-modal-focus';
import { createPortal } from 'react-dom';
import './form-dialog.css';

export interface FormDialogProps {
  title: ReactNode;
  /** A sentence under the title saying what the dialog does. */
  description?: ReactNode;
  /** Escape and the backdrop call it; pass a no-op while a save is on its way. */
  onClose: () => void;
  /** 560 px instead of 480 px, for forms with grouped fields (Users Parameters). */
  wide?: boolean;
  children: ReactNode;
}

/**
 * The modal of the settings forms (Users Administration's Invite user, Change role, Link;
 * Users Parameters' edit): focus moves to its first field, stays inside (Tab wraps),
 * Escape and the backdrop close it, and focus goes back to the button that opened it
 * (spec: session 9, dialogs 400 px wide; wider here for two-column fields, within the
 * screen). Its form lays out with the `ic-form-dialog__form`, `__pair`, `__failure` and
 * `__actions` classes.
 */
export function FormDialog({
  title,
  description,
  onClose,
  wide = false,
  children,
}: FormDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  const onKeyDown = useModalFocus({ dialogRef, onEscape: onClose });

  return createPortal(
    <div className="ic-form-dialog" onKeyDown={onKeyDown}>
      <div className="ic-form-dialog__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={dialogRef}
        className={
          wide ? 'ic-form-dialog__dialog ic-form-dialog__dialog--wide' : 'ic-form-dialog__dialog'
        }
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
