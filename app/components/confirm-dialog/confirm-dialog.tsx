import { useId, useRef } from 'react';
import { useModalFocus } from '@/app/components/dialog/use-modal-focus';
import { createPortal } from 'react-dom';
import { Button } from '../button/button';
import { Icon, type IconName } from '../icon/icon';
import {
  settleConfirm,
  useConfirmStore,
  type ConfirmOptions,
  type ConfirmResult,
} from './confirm-store';
import { Modal } from '@/app/components/dialog/modal';
import './confirm-dialog.css';

const ICONS: Record<NonNullable<ConfirmOptions['icon']>, IconName> = {
  warning: 'warning',
  danger: 'warning',
  info: 'info',
  question: 'question',
  success: 'check',
};

export interface ConfirmDialogProps {
  options: ConfirmOptions;
  onClose: (result: ConfirmResult) => void;
}

/** A modal confirm: focus moves in (to Cancel), stays in, and goes back where it was. */
function ConfirmDialog({ options, onClose }: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const icon = options.icon ?? 'question';

  const onKeyDown = useModalFocus({
    dialogRef,
    initialFocusRef: cancelRef,
    onEscape: () => onClose(0),
  });

  return (
    <Modal
      className="ic-confirm"
      boxClassName="ic-confirm__dialog"
      role="alertdialog"
      boxRef={dialogRef}
      onKeyDown={onKeyDown}
      onBackdropClick={() => onClose(0)}
      labelledBy={titleId}
      describedBy={options.subtitle || options.body ? bodyId : undefined}
    >
      <span className={`ic-modal__badge ic-modal__badge--${icon}`}>
        <Icon name={ICONS[icon]} size="lg" />
      </span>
      <h2 className="ic-confirm__title" id={titleId}>
        {options.title}
      </h2>
      <div id={bodyId}>
        {options.subtitle ? <p className="ic-confirm__subtitle">{options.subtitle}</p> : null}
        {options.body ? <div className="ic-confirm__body">{options.body}</div> : null}
      </div>
      <div className="ic-confirm__actions">
        <Button
          ref={cancelRef}
          variant={options.cancelColor ?? 'secondary'}
          onClick={() => onClose(0)}
        >
          {options.cancelText ?? 'Cancel'}
        </Button>
        <Button variant={options.submitColor ?? 'primary'} onClick={() => onClose(1)}>
          {options.submitText ?? 'Confirm'}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * Shows the first waiting confirm request; mount once. `container`: where it renders
 * (a widget's shadow root, where its styles are); default the document's body.
 */
export function ConfirmHost({ container }: { container?: Element | null } = {}) {
  const current = useConfirmStore((state) => state.queue[0]);
  if (!current || container === null) return null;
  return createPortal(
    <ConfirmDialog
      key={current.id}
      options={current.options}
      onClose={(result) => settleConfirm(current.id, result)}
    />,
    container ?? document.body,
  );
}
