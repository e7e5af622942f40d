import { useEffect, useState } from 'react';
import { Button } from '@/app/components/button/button';
import { useConfirm } from '@/app/components/confirm-dialog/use-confirm';
import { ErrorView } from '@/app/components/error-view/error-view';
import { FormFailure } from '@/app/components/form-failure/form-failure';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import { authorizeZoho, disconnectCrm } from '@/shared/api/crm-connection';
import { quietly, refusalMessage } from '@/shared/api/quiet-api';
import type { CrmConnection } from '@/shared/contracts/crm-connection';
import { crmConnectionKey, crmConnectionQuery } from '@/shared/query/settings-queries';
import '@/app/components/connection-panel/connection-panel.css';
import { ZohoFieldMappingForm } from './zoho-field-mapping-form';

export const CRM_DISCONNECTED_TEXT = 'Disconnected from Zoho CRM: the grant is revoked.';
export const ZOHO_UNAVAILABLE_TEXT =
  'This server is not set up to connect Zoho CRM: its operator registers it with Zoho and sets ZOHO_CLIENT_ID and ZOHO_CLIENT_SECRET (docs/connect-zoho-crm.md).';

/** Zoho's data centres by the `location` its callback names (Zoho's "Multi DC" page). */
const DATA_CENTRES: Readonly<Record<string, string>> = {
  us: 'United States',
  eu: 'Europe',
  in: 'India',
  au: 'Australia',
  jp: 'Japan',
  ca: 'Canada',
  cn: 'China',
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

export interface CrmConnectionPanelProps {
  workspaceId: string;
  /** Owners and the system user connect and disconnect; admins see the health only. */
  canConnect: boolean;
  /** Where the browser goes to approve the connection (Zoho's consent page). */
  openConsent?: (url: string) => void;
}

/**
 * A workspace's connection to Zoho CRM (issue #33): where its intakes' records go (the
 * simulated CRM, or the firm's Zoho CRM), the connection's health, and connect /
 * reconnect / disconnect. Connecting leaves the app for Zoho's consent page; Zoho sends
 * the person back to the server's callback page, which links back here.
 * docs/connect-zoho-crm.md says the same steps at Zoho.
 */
export function CrmConnectionPanel({
  workspaceId,
  canConnect,
  openConsent = (url) => window.location.assign(url),
}: CrmConnectionPanelProps) {
  const { api, notify } = useHost();
  const scope = useQueryScope();
  const confirm = useConfirm();
  const connection = useDataQuery(crmConnectionQuery(scope, api, workspaceId));
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [mapping, setMapping] = useState(false);
  // Back from Zoho by the browser's Back button (a page restored from its cache): usable again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);
  const disconnect = useMutateAndInvalidate(() => disconnectCrm(quietly(api), workspaceId), {
    invalidates: () => [crmConnectionKey(scope, workspaceId)],
  });

  if (connection.status === 'loading') {
    return <LoadingBlock label="Loading the CRM connection…" />;
  }
  if (connection.status === 'error' || !connection.data) {
    return <ErrorView onRetry={connection.retry} detail={connection.detail ?? undefined} />;
  }
  const view = connection.data;

  async function connect() {
    setFailure(null);
    setLeaving(true);
    try {
      openConsent(await authorizeZoho(quietly(api), workspaceId));
    } catch (error) {
      setLeaving(false);
      setFailure(refusalMessage(error));
    }
  }

  async function forget() {
    const answer = await confirm({
      icon: 'warning',
      title: 'Disconnect Zoho CRM?',
      body: 'The grant is revoked at Zoho and forgotten here. Records already in Zoho stay there. New intakes write to the simulated CRM until the workspace is connected again.',
      submitText: 'Disconnect',
      submitColor: 'danger',
    });
    if (answer !== 1) return;
    setFailure(null);
    try {
      await disconnect.mutate(undefined);
      notify('success', CRM_DISCONNECTED_TEXT);
    } catch (error) {
      setFailure(refusalMessage(error));
    }
  }

  const busy = leaving || disconnect.pending;
  return (
    <div className="ic-connection">
      {view.zoho ? (
        <ConnectedView view={view} />
      ) : (
        <p className="ic-connection__provider">
          Intake records go to the <strong>simulated CRM</strong> (for trying the product): nothing
          reaches a real CRM. Connect the firm’s Zoho CRM to write there the records each intake’s
          call flow writes (contacts, notes, calls, events, deals).
        </p>
      )}
      {!view.zohoAvailable && !view.zoho ? (
        <p className="ic-connection__help">{ZOHO_UNAVAILABLE_TEXT}</p>
      ) : null}
      {canConnect && view.zohoAvailable && !view.zoho ? (
        <p className="ic-connection__help">
          Sign in to Zoho as a CRM administrator of the firm when Zoho asks, and accept. You come
          back to Intake Cockpit when it is done.
        </p>
      ) : null}
      <FormFailure message={failure} />
      {view.zoho && mapping ? (
        <ZohoFieldMappingForm
          workspaceId={workspaceId}
          canEdit={canConnect}
          onClose={() => setMapping(false)}
        />
      ) : null}
      {!mapping && (view.zoho || (canConnect && view.zohoAvailable)) ? (
        <div className="ic-connection__actions">
          {view.zoho ? <Button onClick={() => setMapping(true)}>Field mapping</Button> : null}
          {canConnect && view.zohoAvailable ? (
            <Button
              variant={view.zoho?.status === 'ok' ? undefined : 'primary'}
              onClick={() => void connect()}
              disabled={busy}
            >
              {leaving ? 'Opening Zoho…' : view.zoho ? 'Reconnect' : 'Connect Zoho CRM'}
            </Button>
          ) : null}
          {canConnect && view.zoho ? (
            <Button variant="danger" onClick={() => void forget()} disabled={busy}>
              Disconnect
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

type Records = NonNullable<CrmConnection['zoho']>['records'];

/** "12 sent · 1 waiting · 2 refused (see Async Error Resolution)". */
export function recordsText({ sent, waiting, refused }: Records): string {
  const parts = [`${sent} sent`, `${waiting} waiting`];
  if (refused > 0) parts.push(`${refused} refused (see Async Error Resolution)`);
  return parts.join(' · ');
}

function ConnectedView({ view }: { view: CrmConnection }) {
  const zoho = view.zoho!;
  const reconnect = zoho.status === 'reconnect';
  const centre = zoho.location ? (DATA_CENTRES[zoho.location] ?? zoho.location) : null;
  return (
    <div className="ic-connection__connected">
      <p className="ic-connection__provider">
        Intake records go to <strong>Zoho CRM</strong>
        {centre ? `, in Zoho’s ${centre} data centre` : ''}.
      </p>
      <dl className="ic-connection__facts">
        <dt>Health</dt>
        <dd>
          <span className="ic-connection__status" data-status={zoho.status}>
            {reconnect ? 'Reconnect needed' : 'Connected'}
          </span>{' '}
          <span className="ic-connection__sub">checked {formatDateTime(zoho.checkedAt)}</span>
          {reconnect ? (
            <span className="ic-connection__error">
              {zoho.lastError ?? 'Zoho ended the connection.'} Records wait, none is lost, until an
              owner reconnects.
            </span>
          ) : null}
        </dd>
        <dt>Records</dt>
        <dd>
          {recordsText(zoho.records)}
          {zoho.records.lastSentAt ? (
            <span className="ic-connection__sub">
              {' '}
              last sent {formatDateTime(zoho.records.lastSentAt)}
            </span>
          ) : null}
        </dd>
        <dt>Connected since</dt>
        <dd>{formatDateTime(zoho.connectedAt)}</dd>
        {zoho.apiDomain ? (
          <>
            <dt>API</dt>
            <dd className="ic-connection__mono">{zoho.apiDomain}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
