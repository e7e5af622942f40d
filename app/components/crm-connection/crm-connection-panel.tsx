import { useState } from 'react';
import { Button } from '@/app/components/button/button';
import { useConfirm } from '@/app/components/confirm-dialog/use-confirm';
import { ErrorView } from '@/app/components/error-view/error-view';
import { FormFailure } from '@/app/components/form-failure/form-failure';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import { authorizeCrm, disconnectCrm } from '@/shared/api/crm-connection';
import { quietly, refusalMessage } from '@/shared/api/quiet-api';
import type { CrmConnection } from '@/shared/contracts/crm-connection';
import { crmConnectionKey, crmConnectionQuery } from '@/shared/query/settings-queries';
import { formatDisplayDateTime } from '@/shared/domain/date-range';
import { useConsentRedirect } from '@/app/components/connection-panel/use-consent-redirect';
import '@/app/components/connection-panel/connection-panel.css';
import { ZohoFieldMappingForm } from './zoho-field-mapping-form';

type ConnectableCrm = 'zoho' | 'keap';

/** How the panel names each CRM, and what the server's operator sets to connect it. */
const VENDORS: Readonly<Record<ConnectableCrm, { label: string; where: string; guide: string }>> = {
  zoho: {
    label: 'Zoho CRM',
    where: 'Zoho',
    guide:
      'registers it with Zoho and sets ZOHO_CLIENT_ID and ZOHO_CLIENT_SECRET (docs/connect-zoho-crm.md)',
  },
  keap: {
    label: 'Keap',
    where: 'Keap',
    guide:
      'registers it with Keap and sets KEAP_CLIENT_ID and KEAP_CLIENT_SECRET (docs/connect-keap.md)',
  },
};

export const crmDisconnectedText = (crm: ConnectableCrm) =>
  `Disconnected from ${VENDORS[crm].label}: the grant is forgotten here.`;
export const crmUnavailableText = (crm: ConnectableCrm) =>
  `This server is not set up to connect ${VENDORS[crm].label}: its operator ${VENDORS[crm].guide}.`;
export const NO_CRM_TEXT =
  'This workspace has no CRM chosen: its intake records go to the simulated CRM. Choose Zoho CRM or Keap in the workspace’s settings (System > Workspaces) to connect one.';

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

export interface CrmConnectionPanelProps {
  workspaceId: string;
  /** Owners and the system user connect and disconnect; admins see the health only. */
  canConnect: boolean;
  /** Where the browser goes to approve the connection (Zoho's consent page). */
  openConsent?: (url: string) => void;
}

/**
 * A workspace's connection to its real CRM, Zoho CRM or Keap (issue #33): where its
 * intakes' records go (the simulated CRM, or the firm's CRM), the connection's health, and
 * connect / reconnect / disconnect. Connecting leaves the app for the vendor's consent
 * page; the vendor sends the person back to the server's callback page, which links back
 * here. docs/connect-zoho-crm.md and docs/connect-keap.md say the same steps at the vendor.
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
  const { leaving, connect } = useConsentRedirect(() => authorizeCrm(quietly(api), workspaceId), {
    openConsent,
    onFailure: setFailure,
  });
  const [mapping, setMapping] = useState(false);
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
  if (view.crm === 'none') {
    return (
      <div className="ic-connection">
        <p className="ic-connection__provider">{NO_CRM_TEXT}</p>
      </div>
    );
  }
  const crm = view.crm;
  const { label, where } = VENDORS[crm];
  const connected = view.connection;

  async function forget() {
    const answer = await confirm({
      icon: 'warning',
      title: `Disconnect ${label}?`,
      body: `The grant is ended at ${where} where ${where} allows it, and forgotten here. Records already in ${label} stay there. New intakes write to the simulated CRM until the workspace is connected again.`,
      submitText: 'Disconnect',
      submitColor: 'danger',
    });
    if (answer !== 1) return;
    setFailure(null);
    try {
      await disconnect.mutate(undefined);
      notify('success', crmDisconnectedText(crm));
    } catch (error) {
      setFailure(refusalMessage(error));
    }
  }

  const busy = leaving || disconnect.pending;
  // Field mapping is Zoho's (its modules have custom fields); Keap's records keep the spec's shape.
  const mappable = crm === 'zoho' && connected !== null;
  return (
    <div className="ic-connection">
      {connected ? (
        <ConnectedView crm={crm} connection={connected} />
      ) : (
        <p className="ic-connection__provider">
          Intake records go to the <strong>simulated CRM</strong> (for trying the product): nothing
          reaches a real CRM. Connect the firm’s {label} to write there the records each intake’s
          call flow writes (contacts, notes, calls, events, deals).
        </p>
      )}
      {!view.available && !connected ? (
        <p className="ic-connection__help">{crmUnavailableText(crm)}</p>
      ) : null}
      {canConnect && view.available && !connected ? (
        <p className="ic-connection__help">
          Sign in to {where} as an administrator of the firm’s account when {where} asks, and
          accept. You come back to Intake Cockpit when it is done.
        </p>
      ) : null}
      <FormFailure message={failure} />
      {mappable && mapping ? (
        <ZohoFieldMappingForm
          workspaceId={workspaceId}
          canEdit={canConnect}
          onClose={() => setMapping(false)}
        />
      ) : null}
      {!mapping && (connected || (canConnect && view.available)) ? (
        <div className="ic-connection__actions">
          {mappable ? <Button onClick={() => setMapping(true)}>Field mapping</Button> : null}
          {canConnect && view.available ? (
            <Button
              variant={connected?.status === 'ok' ? undefined : 'primary'}
              onClick={() => void connect()}
              disabled={busy}
            >
              {leaving ? `Opening ${where}…` : connected ? 'Reconnect' : `Connect ${label}`}
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

type Connected = NonNullable<CrmConnection['connection']>;

/** "12 sent · 1 waiting · 2 refused (see Async Error Resolution)". */
export function recordsText({ sent, waiting, refused }: Connected['records']): string {
  const parts = [`${sent} sent`, `${waiting} waiting`];
  if (refused > 0) parts.push(`${refused} refused (see Async Error Resolution)`);
  return parts.join(' · ');
}

function ConnectedView({ crm, connection }: { crm: ConnectableCrm; connection: Connected }) {
  const { label, where } = VENDORS[crm];
  const reconnect = connection.status === 'reconnect';
  const centre =
    crm === 'zoho' && connection.location
      ? (DATA_CENTRES[connection.location] ?? connection.location)
      : null;
  return (
    <div className="ic-connection__connected">
      <p className="ic-connection__provider">
        Intake records go to <strong>{label}</strong>
        {centre ? `, in Zoho’s ${centre} data centre` : ''}.
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
              {connection.lastError ?? `${where} ended the connection.`} Records wait, none is lost,
              until an owner reconnects.
            </span>
          ) : null}
        </dd>
        <dt>Records</dt>
        <dd>
          {recordsText(connection.records)}
          {connection.records.lastSentAt ? (
            <span className="ic-connection__sub">
              {' '}
              last sent {formatDisplayDateTime(connection.records.lastSentAt)}
            </span>
          ) : null}
        </dd>
        <dt>Connected since</dt>
        <dd>{formatDisplayDateTime(connection.connectedAt)}</dd>
        {connection.apiDomain ? (
          <>
            <dt>API</dt>
            <dd className="ic-connection__mono">{connection.apiDomain}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
