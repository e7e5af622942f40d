import { useEffect, useState } from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { useConfirm } from '@/app/components/confirm-dialog/use-confirm';
import { ErrorView } from '@/app/components/error-view/error-view';
import { FormFailure } from '@/app/components/form-failure/form-failure';
import { Page } from '@/app/components/page/page';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import {
  authorizeQuickBooks,
  disconnectQuickBooks,
  refreshQuickBooks,
} from '@/shared/api/accounting-connection';
import { quietly, refusalMessage } from '@/shared/api/quiet-api';
import type { AccountingConnection } from '@/shared/contracts/accounting-connection';
import { pollEvery } from '@/shared/query/data-query';
import {
  accountingConnectionKey,
  accountingConnectionQuery,
} from '@/shared/query/settings-queries';
import { formatDisplayDateTime } from '@/shared/domain/date-range';
import { useConsentRedirect } from '@/app/components/connection-panel/use-consent-redirect';
import '@/app/components/connection-panel/connection-panel.css';

export const QUICKBOOKS_UNAVAILABLE_TEXT =
  'This server is not set up to connect QuickBooks: its operator registers it with Intuit and sets QUICKBOOKS_CLIENT_ID and QUICKBOOKS_CLIENT_SECRET (docs/connect-quickbooks.md).';
export const QUICKBOOKS_DISCONNECTED_TEXT =
  'Disconnected from QuickBooks: the grant and the copy of the books are forgotten here.';
export const QUICKBOOKS_REFRESH_TEXT = 'Reading the books again: the figures follow in a moment.';

/** How often the page asks again while the books are being read. */
const SYNCING_POLL_MS = 3_000;

/**
 * Settings > QuickBooks Connection (issue #33, not in the spec): the owner connects the
 * firm's QuickBooks Online company, so that the Cash Flow card, Collections and the
 * QuickBooks screen read its invoices, payments and payment plans (a copy kept here, read
 * every half hour and on Refresh now); admins see the connection and may refresh it.
 */
export function QuickBooksConnectionPage({
  openConsent = (url: string) => window.location.assign(url),
}: {
  /** Where the browser goes to approve the connection (Intuit's consent page). */
  openConsent?: (url: string) => void;
}) {
  const { session } = useHost();
  const workspace = session.workspace;
  const role = session.user?.role;
  return (
    <Page
      eyebrow="Settings"
      title="QuickBooks Connection"
      description="Where the cash flow figures come from: the firm’s QuickBooks Online company once connected, the demo books until then."
    >
      {workspace ? (
        <Card title="The firm’s QuickBooks company">
          <QuickBooksPanel
            workspaceId={workspace.id}
            canConnect={role === 'owner' || role === 'system'}
            openConsent={openConsent}
          />
        </Card>
      ) : null}
    </Page>
  );
}

function QuickBooksPanel({
  workspaceId,
  canConnect,
  openConsent,
}: {
  workspaceId: string;
  canConnect: boolean;
  openConsent: (url: string) => void;
}) {
  const { api, notify } = useHost();
  const scope = useQueryScope();
  const confirm = useConfirm();
  const [syncing, setSyncing] = useState(false);
  const base = accountingConnectionQuery(scope, api, workspaceId);
  const current = useDataQuery(syncing ? { ...base, ...pollEvery(SYNCING_POLL_MS) } : base);
  const [failure, setFailure] = useState<string | null>(null);
  const { leaving, connect } = useConsentRedirect(
    () => authorizeQuickBooks(quietly(api), workspaceId),
    {
      openConsent,
      onFailure: setFailure,
    },
  );
  const invalidates = () => [accountingConnectionKey(scope, workspaceId)];
  const refresh = useMutateAndInvalidate(() => refreshQuickBooks(quietly(api), workspaceId), {
    invalidates,
  });
  const disconnect = useMutateAndInvalidate(() => disconnectQuickBooks(quietly(api), workspaceId), {
    invalidates,
  });
  // Keep asking while a reading is asked for or under way; stop once it is done.
  const reading =
    current.data?.connection?.syncing === true && current.data.connection.status === 'ok';
  useEffect(() => setSyncing(reading), [reading]);

  if (current.status === 'loading')
    return <LoadingBlock label="Loading the QuickBooks connection…" />;
  if (current.status === 'error' || !current.data) {
    return <ErrorView onRetry={current.retry} detail={current.detail ?? undefined} />;
  }
  const view = current.data;
  const connected = view.connection;

  async function run(action: () => Promise<unknown>, done?: string) {
    setFailure(null);
    try {
      await action();
      if (done) notify('success', done);
    } catch (error) {
      setFailure(refusalMessage(error));
    }
  }

  async function forget() {
    const answer = await confirm({
      icon: 'warning',
      title: 'Disconnect QuickBooks?',
      body: 'The grant is ended at Intuit and forgotten here, with the copy of the books. The cash flow screens show the demo books until QuickBooks is connected again. Nothing changes in QuickBooks.',
      submitText: 'Disconnect',
      submitColor: 'danger',
    });
    if (answer !== 1) return;
    await run(() => disconnect.mutate(undefined), QUICKBOOKS_DISCONNECTED_TEXT);
  }

  const busy = leaving || refresh.pending || disconnect.pending;
  return (
    <div className="ic-connection">
      {!view.usesQuickBooks ? (
        <p className="ic-connection__provider">
          This workspace does not use QuickBooks: it is turned on in the workspace’s settings
          (System &gt; Workspaces).
        </p>
      ) : connected ? (
        <ConnectedView connection={connected} />
      ) : (
        <p className="ic-connection__provider">
          The cash flow screens show <strong>demo books</strong>. Connect the firm’s QuickBooks
          Online company to read its invoices, payments and payment plans instead.
        </p>
      )}
      {view.usesQuickBooks && !view.available && !connected ? (
        <p className="ic-connection__help">{QUICKBOOKS_UNAVAILABLE_TEXT}</p>
      ) : null}
      {canConnect && view.available && view.usesQuickBooks && !connected ? (
        <p className="ic-connection__help">
          Sign in to QuickBooks as an administrator of the firm’s company when Intuit asks, choose
          the company, and connect. You come back to Intake Cockpit when it is done.
        </p>
      ) : null}
      <FormFailure message={failure} />
      {connected || (canConnect && view.available && view.usesQuickBooks) ? (
        <div className="ic-connection__actions">
          {connected && connected.status === 'ok' ? (
            <Button
              onClick={() => void run(() => refresh.mutate(undefined), QUICKBOOKS_REFRESH_TEXT)}
              disabled={busy || reading}
            >
              {reading ? 'Reading the books…' : 'Refresh now'}
            </Button>
          ) : null}
          {canConnect && view.available && view.usesQuickBooks ? (
            <Button
              variant={connected?.status === 'ok' ? undefined : 'primary'}
              onClick={() => void connect()}
              disabled={busy}
            >
              {leaving ? 'Opening QuickBooks…' : connected ? 'Reconnect' : 'Connect QuickBooks'}
            </Button>
          ) : null}
          {canConnect && connected ? (
            <Button variant="danger" onClick={() => void forget()} disabled={busy}>
              Disconnect
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

type Connected = NonNullable<AccountingConnection['connection']>;

/** "12 invoices · 4 customers · 2 payment plans". */
export function copyText({ invoices, customers, plans }: Connected['copy']): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    plural(invoices, 'invoice', 'invoices'),
    plural(customers, 'customer', 'customers'),
    plural(plans, 'payment plan', 'payment plans'),
  ].join(' · ');
}

function ConnectedView({ connection }: { connection: Connected }) {
  const reconnect = connection.status === 'reconnect';
  return (
    <div className="ic-connection__connected">
      <p className="ic-connection__provider">
        Cash flow figures come from{' '}
        <strong>{connection.companyName ?? 'the QuickBooks company'}</strong> in QuickBooks Online.
      </p>
      <dl className="ic-connection__facts">
        <dt>Health</dt>
        <dd>
          <span className="ic-connection__status" data-status={connection.status}>
            {reconnect ? 'Reconnect needed' : 'Connected'}
          </span>{' '}
          <span className="ic-connection__sub">
            checked {formatDisplayDateTime(connection.checkedAt)}
          </span>
          {reconnect ? (
            <span className="ic-connection__error">
              {connection.lastError ?? 'QuickBooks ended the connection.'} The reports keep the last
              copy of the books until an owner reconnects.
            </span>
          ) : null}
        </dd>
        <dt>Books read</dt>
        <dd>
          {connection.syncedAt ? formatDisplayDateTime(connection.syncedAt) : 'Not yet'}
          {connection.syncing && !reconnect ? (
            <span className="ic-connection__sub"> · reading now…</span>
          ) : null}
          {connection.syncError ? (
            <span className="ic-connection__error">{connection.syncError}</span>
          ) : null}
        </dd>
        <dt>Copy</dt>
        <dd>{copyText(connection.copy)}</dd>
        <dt>Company id</dt>
        <dd className="ic-connection__mono">{connection.realmId}</dd>
        <dt>Connected since</dt>
        <dd>{formatDisplayDateTime(connection.connectedAt)}</dd>
      </dl>
    </div>
  );
}
