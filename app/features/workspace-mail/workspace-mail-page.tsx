import { useState } from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { useConfirm } from '@/app/components/confirm-dialog/use-confirm';
import { ErrorView } from '@/app/components/error-view/error-view';
import { SelectField, TextField } from '@/app/components/field/field-controls';
import { useCheckedDraft, useDraftSubmit } from '@/app/components/field/use-checked-draft';
import { FormFailure } from '@/app/components/form-failure/form-failure';
import { Page } from '@/app/components/page/page';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import { quietly, refusalMessage } from '@/shared/api/quiet-api';
import { removeWorkspaceMail, saveWorkspaceMail } from '@/shared/api/workspace-mail';
import {
  SMTP_DEFAULT_PORT,
  type SmtpSecurity,
  type WorkspaceMail,
  type WorkspaceMailInput,
} from '@/shared/contracts/workspace-mail';
import { workspaceMailKey, workspaceMailQuery } from '@/shared/query/settings-queries';
import { formatDisplayDateTime } from '@/shared/domain/date-range';
import '@/app/components/connection-panel/connection-panel.css';
import {
  type MailDraft,
  type MailErrors,
  mailDraftOf,
  readMailDraft,
} from './workspace-mail-draft';

export const MAIL_SAVED_TEXT = 'Saved: the firm’s e-mails go out through its own SMTP account.';
export const MAIL_REMOVED_TEXT = 'Removed: the firm’s e-mails go out with the server’s account.';

const SECURITY_OPTIONS: readonly { value: SmtpSecurity; label: string }[] = [
  { value: 'starttls', label: 'STARTTLS (port 587)' },
  { value: 'tls', label: 'TLS (port 465)' },
];

/**
 * Settings > E-mail Sending (issue #33 "Mail … per workspace where a firm sends as
 * itself"; docs/mail.md): how the firm's invitations and call-flow e-mails go out (its own
 * SMTP account and From, the server's, or not at all), how they fare, and, for owners, the
 * firm's account: checked at its SMTP server before it is kept, the password never shown.
 */
export function WorkspaceMailPage() {
  const { api, session } = useHost();
  const scope = useQueryScope();
  const workspace = session.workspace;
  const canEdit = session.user?.role === 'owner' || session.user?.role === 'system';
  const mail = useDataQuery(workspace ? workspaceMailQuery(scope, api, workspace.id) : null);
  return (
    <Page
      eyebrow="Settings"
      title="E-mail Sending"
      description="Invitations and call-flow e-mails (a consultation’s confirmation, say) go out as the firm, through its own mail server, once its SMTP account is set here."
    >
      {!workspace ? null : mail.status === 'loading' ? (
        <LoadingBlock label="Loading how e-mails are sent…" />
      ) : mail.status === 'error' || !mail.data ? (
        <ErrorView onRetry={mail.retry} detail={mail.detail ?? undefined} />
      ) : (
        <>
          <Card title="How the firm’s e-mails go out">
            <MailSummary mail={mail.data} />
          </Card>
          <Card title="The firm’s SMTP account">
            {canEdit ? (
              <MailForm key={mail.data.sender?.updatedAt ?? 'none'} mail={mail.data} />
            ) : (
              <p className="ic-connection__help">
                {mail.data.sender
                  ? 'The workspace’s owner changes or removes the firm’s account.'
                  : 'The workspace’s owner can set the firm’s own account here.'}
              </p>
            )}
          </Card>
        </>
      )}
    </Page>
  );
}

function MailSummary({ mail }: { mail: WorkspaceMail }) {
  const { sender, delivery } = mail;
  const security = sender?.security === 'tls' ? 'TLS' : 'STARTTLS';
  return (
    <div className="ic-connection">
      {sender ? (
        <p className="ic-connection__provider">
          E-mails go out as{' '}
          <strong>
            {sender.fromName ? `${sender.fromName} <${sender.fromAddress}>` : sender.fromAddress}
          </strong>{' '}
          through the firm’s own server,{' '}
          <span className="ic-connection__mono">
            {sender.host}:{sender.port}
          </span>{' '}
          ({security}).
        </p>
      ) : mail.serverSends ? (
        <p className="ic-connection__provider">
          E-mails go out with the server’s own account, as <strong>{mail.serverFrom}</strong>. Set
          the firm’s account below to send them as the firm.
        </p>
      ) : (
        <p className="ic-connection__provider">
          <strong>No e-mail is sent yet:</strong> invitations and call-flow e-mails wait in the
          outbox, none is lost, until the firm’s account is set below (or the server’s operator sets
          SMTP_URL).
        </p>
      )}
      <dl className="ic-connection__facts">
        <dt>Waiting</dt>
        <dd>{delivery.pending}</dd>
        <dt>Refused</dt>
        <dd>{delivery.failed}</dd>
        <dt>Last sent</dt>
        <dd>{delivery.lastSentAt ? formatDisplayDateTime(delivery.lastSentAt) : 'Never'}</dd>
        {delivery.lastError ? (
          <>
            <dt>Latest problem</dt>
            <dd>
              <span className="ic-connection__error">{delivery.lastError}</span>
            </dd>
          </>
        ) : null}
        {sender ? (
          <>
            <dt>Saved</dt>
            <dd>
              {formatDisplayDateTime(sender.updatedAt)}
              {sender.updatedBy ? ` by ${sender.updatedBy}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

function MailForm({ mail }: { mail: WorkspaceMail }) {
  const { api, notify } = useHost();
  const scope = useQueryScope();
  const confirm = useConfirm();
  const saved = mail.sender !== null;
  const { draft, errors, formRef, update, check } = useCheckedDraft<
    MailDraft,
    WorkspaceMailInput,
    MailErrors
  >(mailDraftOf(mail.sender), (typed) => readMailDraft(typed, saved));
  const invalidates = () => [workspaceMailKey(scope, mail.workspaceId)];
  const write = useMutateAndInvalidate(
    (request: WorkspaceMailInput) => saveWorkspaceMail(quietly(api), mail.workspaceId, request),
    { invalidates },
  );
  const remove = useMutateAndInvalidate(() => removeWorkspaceMail(quietly(api), mail.workspaceId), {
    invalidates,
  });
  const [removeFailure, setRemoveFailure] = useState<string | null>(null);
  const { submit, sending, failure } = useDraftSubmit(check, write.mutate, {
    onSent: () => notify('success', MAIL_SAVED_TEXT),
    failureOf: refusalMessage,
  });

  /** The other security's usual port follows the choice, a port of the firm's own stays. */
  function chooseSecurity(security: SmtpSecurity) {
    const usual = Object.values(SMTP_DEFAULT_PORT).map(String);
    const port = usual.includes(draft.port.trim())
      ? String(SMTP_DEFAULT_PORT[security])
      : draft.port;
    update('security', security, { port });
  }

  async function forget() {
    const answer = await confirm({
      icon: 'warning',
      title: 'Remove the firm’s SMTP account?',
      body: mail.serverSends
        ? 'E-mails go out with the server’s own account from now on. Nothing waiting is lost.'
        : 'This server has no account of its own: e-mails wait in the outbox until an account is set again. Nothing is lost.',
      submitText: 'Remove',
      submitColor: 'danger',
    });
    if (answer !== 1) return;
    setRemoveFailure(null);
    try {
      await remove.mutate(undefined);
      notify('success', MAIL_REMOVED_TEXT);
    } catch (error) {
      setRemoveFailure(refusalMessage(error));
    }
  }

  const busy = sending || remove.pending;
  return (
    <form
      ref={formRef}
      className="ic-connection__form"
      aria-label="The firm’s SMTP account"
      noValidate
      onSubmit={submit}
    >
      <p className="ic-connection__help">
        The account the firm’s mail provider gives for sending (Microsoft 365, Google Workspace, or
        its own server). It is checked by signing in to the server before it is saved; nothing is
        sent. Use a From address that server may send as, so that clients’ mail systems trust it.
      </p>
      <div className="ic-connection__fields">
        <TextField
          label="Sender name"
          placeholder="The firm’s name"
          value={draft.fromName}
          error={errors.fromName}
          maxLength={100}
          autoComplete="organization"
          onValueChange={(value) => update('fromName', value)}
        />
        <TextField
          label="From address"
          type="email"
          required
          value={draft.fromAddress}
          error={errors.fromAddress}
          autoComplete="email"
          spellCheck={false}
          onValueChange={(value) => update('fromAddress', value)}
        />
      </div>
      <div className="ic-connection__fields">
        <TextField
          label="SMTP server"
          required
          placeholder="smtp.example.com"
          value={draft.host}
          error={errors.host}
          autoComplete="off"
          spellCheck={false}
          onValueChange={(value) => update('host', value)}
        />
        <SelectField
          label="Security"
          value={draft.security}
          options={SECURITY_OPTIONS}
          onValueChange={chooseSecurity}
        />
        <TextField
          label="Port"
          required
          inputMode="numeric"
          value={draft.port}
          error={errors.port}
          maxLength={5}
          onValueChange={(value) => update('port', value)}
        />
      </div>
      <div className="ic-connection__fields">
        <TextField
          label="User name"
          required
          value={draft.username}
          error={errors.username}
          autoComplete="username"
          spellCheck={false}
          onValueChange={(value) => update('username', value)}
        />
        <TextField
          label="Password"
          type="password"
          required={!saved}
          help={saved ? 'Leave empty to keep the saved password.' : undefined}
          value={draft.password}
          error={errors.password}
          autoComplete="new-password"
          onValueChange={(value) => update('password', value)}
        />
      </div>
      <FormFailure message={failure ?? removeFailure} />
      <div className="ic-connection__actions">
        <Button type="submit" variant="primary" disabled={busy}>
          {sending ? 'Checking the SMTP server…' : 'Check and save'}
        </Button>
        {saved ? (
          <Button variant="danger" onClick={() => void forget()} disabled={busy}>
            Remove
          </Button>
        ) : null}
      </div>
    </form>
  );
}
