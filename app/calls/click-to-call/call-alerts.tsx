import { useRef } from 'react';
import { Button } from '@/app/components/button/button';
import { Icon, type IconName } from '@/app/components/icon/icon';
import {
  CTM_NOT_LINKED_HINT,
  CTM_NOT_LINKED_MESSAGE,
  CTM_NOT_LINKED_TITLE,
} from '@/shared/contracts/call-tracking';
import {
  CRM_NOT_AUTHORIZED_MESSAGE,
  ZOHO_NOT_LINKED_MESSAGE,
  ZOHO_NOT_LINKED_TITLE,
} from '@/shared/domain/click-to-call';
import { CallDialog } from './call-dialog';

interface AlertProps {
  kind: 'info' | 'warning' | 'danger';
  name: string;
  title: string;
  lines: readonly string[];
  button: string;
  onClose: () => void;
}

const ICON: Record<AlertProps['kind'], IconName> = {
  info: 'info',
  warning: 'warning',
  danger: 'warning',
};

/** spec: session 2 "Alert dialogs": one button; Escape is the same acknowledgement. */
function CallAlert({ kind, name, title, lines, button, onClose }: AlertProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <CallDialog
      name={name}
      role="alertdialog"
      title={title}
      badge={
        <span className={`ic-modal__badge ic-modal__badge--${kind}`}>
          <Icon name={ICON[kind]} size="lg" />
        </span>
      }
      description={lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      initialFocus={buttonRef}
      onEscape={onClose}
      actions={
        <Button ref={buttonRef} variant="primary" onClick={onClose}>
          {button}
        </Button>
      }
    />
  );
}

/** spec: session 8 — the agent has no call-tracking user: no call can start. */
export function NotLinkedToCallTrackingDialog({ onAcknowledge }: { onAcknowledge: () => void }) {
  return (
    <CallAlert
      kind="warning"
      name="ctm-not-linked"
      title={CTM_NOT_LINKED_TITLE}
      lines={[CTM_NOT_LINKED_MESSAGE, CTM_NOT_LINKED_HINT]}
      button="Acknowledge"
      onClose={onAcknowledge}
    />
  );
}

/** spec: session 6, 8 — information alert "Agent not linked to Zoho User". */
export function AgentNotLinkedToZohoAlert({ onClose }: { onClose: () => void }) {
  return (
    <CallAlert
      kind="info"
      name="zoho-not-linked"
      title={ZOHO_NOT_LINKED_TITLE}
      lines={[ZOHO_NOT_LINKED_MESSAGE]}
      button="OK"
      onClose={onClose}
    />
  );
}

/** spec: session 8 "CRM not authorized" — an error alert with the catalogue's text. */
export function CrmNotAuthorizedAlert({ onClose }: { onClose: () => void }) {
  return (
    <CallAlert
      kind="danger"
      name="crm-not-authorized"
      title="CRM not authorized"
      lines={[CRM_NOT_AUTHORIZED_MESSAGE]}
      button="OK"
      onClose={onClose}
    />
  );
}

export interface CallAgainDialogProps {
  name: string;
  /** Why the call did not start (the server's words when it gave some). */
  reason: string;
  onPickAgain: () => void;
  onClose: () => void;
}

/**
 * spec: session 2 "Call-again / number-pick dialog: 400px". Shown when a call could not
 * be started: nothing the agent chose is lost, "Pick a number again" reopens the picker
 * with the same choices.
 */
export function CallAgainDialog({ name, reason, onPickAgain, onClose }: CallAgainDialogProps) {
  const againRef = useRef<HTMLButtonElement>(null);
  return (
    <CallDialog
      name="call-again"
      role="alertdialog"
      title={`The call to ${name} did not start`}
      badge={
        <span className="ic-modal__badge ic-modal__badge--danger">
          <Icon name="phone-off" size="lg" />
        </span>
      }
      description={<p>{reason}</p>}
      initialFocus={againRef}
      onEscape={onClose}
      actions={
        <>
          <Button onClick={onClose}>Close</Button>
          <Button ref={againRef} variant="primary" onClick={onPickAgain}>
            Pick a number again
          </Button>
        </>
      }
    />
  );
}
