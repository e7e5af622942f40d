import { useState } from 'react';
import { Button } from '@/app/components/button/button';
import { useConfirm } from '@/app/components/confirm-dialog/use-confirm';
import { ErrorView } from '@/app/components/error-view/error-view';
import { TextField } from '@/app/components/field/field-controls';
import { useCheckedDraft, useDraftSubmit } from '@/app/components/field/use-checked-draft';
import { FormFailure } from '@/app/components/form-failure/form-failure';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import { connectCtm, disconnectCtm, syncCtm } from '@/shared/api/call-tracking-connection';
import { quietly, refusalMessage } from '@/shared/api/quiet-api';
import type { CallTrackingConnection } from '@/shared/contracts/call-tracking-connection';
import {
  callTrackingConnectionKey,
  callTrackingConnectionQuery,
} from '@/shared/query/settings-queries';
import { EMPTY_CTM_CONNECT, readCtmConnectDraft } from './ctm-connect-draft';
import { formatDisplayDateTime } from '@/shared/domain/date-range';
import '@/app/components/connection-panel/connection-panel.css';

export const CONNECTED_TEXT = 'Connected to CallTrackingMetrics.';
export const DISCONNECTED_TEXT =
  'Disconnected from CallTrackingMetrics: the secret key is forgotten.';
export const SYNCED_TEXT = 'Users and tracking numbers refreshed from CallTrackingMetrics.';

export interface CtmConnectionPanelProps {
  workspaceId: string;
  /** Owners and the system user connect and disconnect; admins see the health only. */
  canConnect: boolean;
}

/** Where CTM is to POST (this server's public address, as the browser reaches it). */
const absolute = (path: string) => `${window.location.origin}${path}`;

/**
 * A workspace's CallTrackingMetrics connection (issue #32): where its calls come from
 * (the simulated provider, or the firm's CTM account), the connection's health, the
 * webhook URLs to paste in CTM, and connect / refresh / disconnect.
 * docs/connect-calltrackingmetrics.md says the same steps in CTM.
 */
export function CtmConnectionPanel({ workspaceId, canConnect }: CtmConnectionPanelProps) {
  const { api } = useHost();
  const scope = useQueryScope();
  const connection = useDataQuery(callTrackingConnectionQuery(scope, api, workspaceId));
  const [replacing, setReplacing] = useState(false);

  if (connection.status === 'loading') {
    return <LoadingBlock label="Loading the call-tracking connection…" />;
  }
  if (connection.status === 'error' || !connection.data) {
    return <ErrorView onRetry={connection.retry} detail={connection.detail ?? undefined} />;
  }
  const view = connection.data;
  return (
    <div className="ic-connection">
      {view.ctm ? (
        <ConnectedView view={view} canConnect={canConnect} onReplace={() => setReplacing(true)} />
      ) : (
        <p className="ic-connection__provider">
          Calls come from the <strong>simulated provider</strong> (for trying the product): no real
          telephone rings. Connect the firm’s CallTrackingMetrics account to ring agents with real
          calls.
        </p>
      )}
      {canConnect && (!view.ctm || replacing) ? (
        <ConnectForm
          workspaceId={workspaceId}
          replacing={view.ctm !== null}
          onDone={() => setReplacing(false)}
        />
      ) : null}
    </div>
  );
}

function ConnectedView({
  view,
  canConnect,
  onReplace,
}: {
  view: CallTrackingConnection;
  canConnect: boolean;
  onReplace: () => void;
}) {
  const { api, notify } = useHost();
  const scope = useQueryScope();
  const confirm = useConfirm();
  const [failure, setFailure] = useState<string | null>(null);
  const key = callTrackingConnectionKey(scope, view.workspaceId);
  const write = useMutateAndInvalidate(
    (action: 'sync' | 'disconnect') =>
      (action === 'sync' ? syncCtm : disconnectCtm)(quietly(api), view.workspaceId),
    { invalidates: () => [key], onAnswer: () => setFailure(null) },
  );
  const ctm = view.ctm!;

  async function run(action: 'sync' | 'disconnect') {
    setFailure(null);
    try {
      await write.mutate(action);
      notify('success', action === 'sync' ? SYNCED_TEXT : DISCONNECTED_TEXT);
    } catch (error) {
      setFailure(refusalMessage(error));
    }
  }

  async function disconnect() {
    const answer = await confirm({
      icon: 'warning',
      title: 'Disconnect CallTrackingMetrics?',
      body: 'The secret key is forgotten and CTM’s webhooks are refused. Calls and reports already stored stay. The workspace goes back to the simulated provider.',
      submitText: 'Disconnect',
      submitColor: 'danger',
    });
    if (answer === 1) await run('disconnect');
  }

  const failing = ctm.status === 'failing';
  return (
    <div className="ic-connection__connected">
      <p className="ic-connection__provider">
        Calls come from <strong>CallTrackingMetrics</strong>, account {ctm.accountId}
        {ctm.accountName ? ` (${ctm.accountName})` : ''}.
      </p>
      <dl className="ic-connection__facts">
        <dt>Health</dt>
        <dd>
          <span className="ic-connection__status" data-status={ctm.status}>
            {failing ? 'CTM not reachable' : 'Connected'}
          </span>{' '}
          <span className="ic-connection__sub">checked {formatDisplayDateTime(ctm.checkedAt)}</span>
          {failing && ctm.lastError ? (
            <span className="ic-connection__error">{ctm.lastError}</span>
          ) : null}
        </dd>
        <dt>Access key</dt>
        <dd className="ic-connection__mono">{ctm.accessKey}</dd>
        <dt>Last webhook</dt>
        <dd>
          {ctm.lastWebhookAt ? formatDisplayDateTime(ctm.lastWebhookAt) : 'None received yet'}
        </dd>
      </dl>
      <fieldset className="ic-connection__hooks">
        <legend>Webhook URLs to paste in CTM</legend>
        <WebhookUrl label="When a call starts" url={absolute(ctm.webhookPaths.start)} />
        <WebhookUrl label="When a call ends" url={absolute(ctm.webhookPaths.end)} />
      </fieldset>
      <FormFailure message={failure} />
      <div className="ic-connection__actions">
        <Button onClick={() => void run('sync')} disabled={write.pending}>
          Refresh users and numbers
        </Button>
        {canConnect ? (
          <>
            <Button onClick={onReplace} disabled={write.pending}>
              Replace keys
            </Button>
            <Button variant="danger" onClick={() => void disconnect()} disabled={write.pending}>
              Disconnect
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}

function WebhookUrl({ label, url }: { label: string; url: string }) {
  const { notify } = useHost();
  return (
    <div className="ic-connection__hook">
      <TextField
        label={label}
        value={url}
        readOnly
        onValueChange={() => undefined}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button
        aria-label={`Copy the URL for: ${label.toLowerCase()}`}
        onClick={() => {
          void navigator.clipboard
            ?.writeText(url)
            .then(() => notify('success', 'Copied.'))
            .catch(() => notify('danger', 'Could not copy: select the URL and copy it.'));
        }}
      >
        Copy
      </Button>
    </div>
  );
}

function ConnectForm({
  workspaceId,
  replacing,
  onDone,
}: {
  workspaceId: string;
  replacing: boolean;
  onDone: () => void;
}) {
  const { api, notify } = useHost();
  const scope = useQueryScope();
  const { draft, errors, formRef, update, check, setDraft } = useCheckedDraft(
    EMPTY_CTM_CONNECT,
    readCtmConnectDraft,
  );
  const write = useMutateAndInvalidate(
    (keys: Parameters<typeof connectCtm>[2]) => connectCtm(quietly(api), workspaceId, keys),
    { invalidates: () => [callTrackingConnectionKey(scope, workspaceId)] },
  );
  const { submit, sending, failure } = useDraftSubmit(check, write.mutate, {
    onSent: () => {
      setDraft(EMPTY_CTM_CONNECT);
      notify('success', CONNECTED_TEXT);
      onDone();
    },
    failureOf: refusalMessage,
  });

  return (
    <form
      ref={formRef}
      className="ic-connection__form"
      aria-label={
        replacing ? 'Replace the CallTrackingMetrics keys' : 'Connect CallTrackingMetrics'
      }
      noValidate
      onSubmit={submit}
    >
      <p className="ic-connection__help">
        In CTM, enable API access in the account’s settings: it shows the access key and the secret
        key. The server checks them with CTM before saving; the secret key is stored encrypted and
        never shown again.
      </p>
      <div className="ic-connection__fields">
        <TextField
          label="Account id"
          name="accountId"
          required
          inputMode="numeric"
          autoComplete="off"
          error={errors.accountId}
          value={draft.accountId}
          onValueChange={(value) => update('accountId', value)}
        />
        <TextField
          label="Access key"
          name="accessKey"
          required
          autoComplete="off"
          error={errors.accessKey}
          value={draft.accessKey}
          onValueChange={(value) => update('accessKey', value)}
        />
        <TextField
          label="Secret key"
          name="secretKey"
          type="password"
          required
          autoComplete="new-password"
          error={errors.secretKey}
          value={draft.secretKey}
          onValueChange={(value) => update('secretKey', value)}
        />
      </div>
      <FormFailure message={failure} />
      <div className="ic-connection__actions">
        {replacing ? <Button onClick={onDone}>Cancel</Button> : null}
        <Button type="submit" variant="primary" disabled={sending}>
          {sending ? 'Checking with CTM…' : replacing ? 'Replace keys' : 'Connect'}
        </Button>
      </div>
    </form>
  );
}
