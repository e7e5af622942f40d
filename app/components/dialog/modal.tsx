import type { HTMLAttributes, KeyboardEvent, ReactNode, Ref } from 'react';
import './modal.css';

export interface ModalProps {
  /** The dialog's own class on the overlay (ic-confirm, ic-form-dialog…): its layer and sizes. */
  className: string;
  /** The dialog's own class on the box (ic-confirm__dialog…): its content's layout. */
  boxClassName: string;
  /** alertdialog for what interrupts and asks (a confirm, an error); dialog otherwise. */
  role?: 'dialog' | 'alertdialog';
  /** The box, for the focus handling (useModalFocus, the call dialogs' own). */
  boxRef: Ref<HTMLDivElement>;
  /** The keyboard of the modal (Escape, Tab kept inside), on the overlay. */
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** A click on the backdrop; absent: the backdrop does nothing (a call in progress). */
  onBackdropClick?: () => void;
  labelledBy: string;
  describedBy?: string;
  /** More attributes of the overlay (data-* that tests and hosts look for). */
  overlayProps?: HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string>;
  /** More attributes of the box (tabIndex for a box that takes the focus itself). */
  boxProps?: HTMLAttributes<HTMLDivElement>;
  children: ReactNode;
}

/**
 * The frame every modal dialog shares: the overlay, the backdrop and the box, with the
 * modal's ARIA (role, aria-modal, its title and description). Rendered where it is called:
 * a dialog portals it to document.body itself when it must (the app), or not (a shadow
 * root: the overlay is position: fixed, so the host's place does not matter).
 */
export function Modal({
  className,
  boxClassName,
  role = 'dialog',
  boxRef,
  onKeyDown,
  onBackdropClick,
  labelledBy,
  describedBy,
  overlayProps,
  boxProps,
  children,
}: ModalProps) {
  return (
    <div {...overlayProps} className={`ic-modal ${className}`} onKeyDown={onKeyDown}>
      <div className="ic-modal__backdrop" aria-hidden="true" onClick={onBackdropClick} />
      <div
        {...boxProps}
        ref={boxRef}
        className={`ic-modal__box ${boxClassName}`}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
      >
        {children}
      </div>
    </div>
  );
}
