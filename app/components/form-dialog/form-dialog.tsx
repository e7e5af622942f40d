import { useId, useRef, type ReactNode } from 'react';
import { useModalFocus } from '@/app/components/dialog/use-modal-focus';
import { createPortal } from 'react-dom';
import { Modal } from '@/app/components/dialog/modal';
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
 * screen). Its form lays out with the `ic-form-dialog__form`, `__pair` (FormFailure for a refusal) and
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
    <Modal
      className={wide ? 'ic-form-dialog ic-form-dialog--wide' : 'ic-form-dialog'}
      boxClassName="ic-form-dialog__dialog"
      boxRef={dialogRef}
      onKeyDown={onKeyDown}
      onBackdropClick={onClose}
      labelledBy={`${id}-title`}
      describedBy={description ? `${id}-text` : undefined}
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
    </Modal>,
    document.body,
  );
}
