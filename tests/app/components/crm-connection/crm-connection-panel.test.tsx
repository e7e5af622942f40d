import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '@/app/components/confirm-dialog/confirm-dialog';
import {
  CrmConnectionPanel,
  crmDisconnectedText,
  crmUnavailableText,
  NO_CRM_TEXT,
  recordsText,
} from '@/app/components/crm-connection/crm-connection-panel';
import type { CrmConnection, ZohoFieldMapping } from '@/shared/contracts/crm-connection';
import { DEFAULT_ZOHO_FIELDS } from '@/shared/domain/zoho-field-mapping';
import { MAPPING_SAVED_TEXT } from '@/app/components/crm-connection/zoho-field-mapping-form';
import type { TransportRequest } from '@/shared/transport/transport';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { fakeApi } from '../../fake-api';
import { makeHost, renderWithHost } from '../../helpers';

// Issue #33: a workspace's CRM connection (Zoho CRM or Keap) as owners (Settings > CRM
// Connection) and the system user see it: connect sends the browser to the consent page
// the server names, a refusal is shown in the server's words, the health and the records'
// delivery once connected, "reconnect" when the vendor ended the grant, and disconnecting
// behind a confirm. Keap has no data centre and no field mapping.

const CONSENT = 'https://accounts.zoho.eu/oauth/v2/auth?client_id=1000.ABC&state=s1';
const SIMULATOR: CrmConnection = {
  workspaceId: 'ws_1',
  crm: 'zoho',
  vendor: 'simulator',
  available: true,
  connection: null,
};
const CONNECTED: CrmConnection = {
  workspaceId: 'ws_1',
  crm: 'zoho',
  vendor: 'zoho',
  available: true,
  connection: {
    location: 'eu',
    apiDomain: 'https://www.zohoapis.eu',
    connectedAt: '2026-11-29T10:00:00.000Z',
    status: 'ok',
    checkedAt: '2026-11-29T10:00:00.000Z',
    lastError: null,
    records: { waiting: 1, sent: 12, refused: 0, lastSentAt: '2026-11-29T11:00:00.000Z' },
  },
};

function renderPanel(
  start: CrmConnection,
  options: { canConnect?: boolean; refuse?: string } = {},
) {
  let current = start;
  let mapping: ZohoFieldMapping = DEFAULT_ZOHO_FIELDS;
  const api = fakeApi({
    'crm/field-mapping': (req: TransportRequest) => {
      if (req.method === 'PUT') mapping = req.body as ZohoFieldMapping;
      return { data: mapping };
    },
    'crm/connection/authorize': () =>
      options.refuse ? { fail: 409, message: options.refuse } : { data: { url: CONSENT } },
    'crm/connection': (req: TransportRequest) => {
      if (req.method === 'DELETE') current = SIMULATOR;
      return { data: current };
    },
  });
  const host = makeHost({
    api,
    session: { user: makeUser({ role: 'owner' }), workspace: makeWorkspace({}), agent: null },
  });
  const openConsent = vi.fn();
  renderWithHost(
    <>
      <CrmConnectionPanel
        workspaceId="ws_1"
        canConnect={options.canConnect ?? true}
        openConsent={openConsent}
      />
      <ConfirmHost />
    </>,
    { host },
  );
  return { api, host, openConsent };
}

describe('the Zoho CRM connection panel (issue #33)', () => {
  it('says records go to the simulated CRM, and Connect goes to the consent page the server names', async () => {
    const { openConsent, api } = renderPanel(SIMULATOR);
    expect(await screen.findByText(/simulated CRM/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Zoho CRM' }));
    await waitFor(() => expect(openConsent).toHaveBeenCalledWith(CONSENT));
    expect(api.calls('crm/connection/authorize').map((r) => r.method)).toEqual(['POST']);
    expect(screen.getByRole('button', { name: 'Opening Zoho…' })).toBeDisabled();
  });

  it('shows the server’s refusal and lets the person try again', async () => {
    const refuse = 'This server has no Zoho client: set ZOHO_CLIENT_ID and ZOHO_CLIENT_SECRET.';
    const { openConsent } = renderPanel(SIMULATOR, { refuse });
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Zoho CRM' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refuse);
    expect(openConsent).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Connect Zoho CRM' })).toBeEnabled();
  });

  it('says why it cannot connect on a server without a Zoho client', async () => {
    renderPanel({ ...SIMULATOR, available: false });
    expect(await screen.findByText(crmUnavailableText('zoho'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Zoho CRM' })).toBeNull();
  });

  it('shows the data centre, the health and the records’ delivery once connected', async () => {
    renderPanel(CONNECTED);
    expect(await screen.findByText(/Europe data centre/)).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(screen.getByText(/12 sent · 1 waiting/)).toBeInTheDocument();
    expect(screen.getByText('https://www.zohoapis.eu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reconnect' })).toBeEnabled();
  });

  it('asks to reconnect when Zoho ended the grant, saying records wait', async () => {
    const { openConsent } = renderPanel({
      ...CONNECTED,
      connection: {
        ...CONNECTED.connection!,
        status: 'reconnect',
        lastError: 'Zoho ended the connection (invalid_code).',
      },
    });
    expect(await screen.findByText('Reconnect needed')).toBeInTheDocument();
    expect(screen.getByText(/invalid_code.*Records wait, none is lost/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(openConsent).toHaveBeenCalledWith(CONSENT));
  });

  it('disconnects only after the confirm', async () => {
    const { api, host } = renderPanel(CONNECTED);
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Zoho CRM?' });
    expect(api.calls('crm/connection').filter((r) => r.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(host.notify).toHaveBeenCalledWith('success', crmDisconnectedText('zoho')),
    );
    expect(await screen.findByText(/simulated CRM/)).toBeInTheDocument();
  });

  it('shows admins the health without connect or disconnect', async () => {
    renderPanel(CONNECTED, { canConnect: false });
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reconnect' })).toBeNull();
  });

  it('words the records’ delivery, naming where refused ones are', () => {
    expect(recordsText({ sent: 3, waiting: 0, refused: 0, lastSentAt: null })).toBe(
      '3 sent · 0 waiting',
    );
    expect(recordsText({ sent: 3, waiting: 2, refused: 1, lastSentAt: null })).toBe(
      '3 sent · 2 waiting · 1 refused (see Async Error Resolution)',
    );
  });

  it('edits the field mapping: checked by the contract before it is sent, then saved', async () => {
    const { api, host } = renderPanel(CONNECTED);
    fireEvent.click(await screen.findByRole('button', { name: 'Field mapping' }));
    const form = await screen.findByRole('form', { name: 'Zoho CRM field mapping' });
    const mobile = within(form).getByRole('textbox', { name: 'Mobile phone' });
    expect(mobile).toHaveValue('Mobile');
    fireEvent.change(mobile, { target: { value: 'Cell Phone!' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Send home phone to Zoho' }));
    expect(within(form).getByRole('textbox', { name: 'Home phone' })).toBeDisabled();
    fireEvent.click(within(form).getByRole('button', { name: 'Save field mapping' }));
    expect(mobile).toHaveAttribute('aria-invalid', 'true');
    expect(form).toHaveTextContent('A Zoho field API name has letters, digits and _ only.');
    expect(api.calls('crm/field-mapping').filter((r) => r.method === 'PUT')).toHaveLength(0);

    fireEvent.change(mobile, { target: { value: 'Cell_Phone' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save field mapping' }));
    await waitFor(() => expect(host.notify).toHaveBeenCalledWith('success', MAPPING_SAVED_TEXT));
    const [put] = api.calls('crm/field-mapping').filter((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({
      contact: { mobilePhone: 'Cell_Phone', homePhone: null, email: 'Email' },
    });
    expect(screen.queryByRole('form', { name: 'Zoho CRM field mapping' })).toBeNull();
  });

  it('shows admins the field mapping without a way to change it', async () => {
    renderPanel(CONNECTED, { canConnect: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Field mapping' }));
    const form = await screen.findByRole('form', { name: 'Zoho CRM field mapping' });
    expect(within(form).getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('readonly');
    expect(within(form).queryByRole('button', { name: 'Save field mapping' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('form', { name: 'Zoho CRM field mapping' })).toBeNull();
  });
});

describe('the Keap connection panel (issue #33)', () => {
  const KEAP: CrmConnection = {
    ...CONNECTED,
    crm: 'keap',
    vendor: 'keap',
    connection: { ...CONNECTED.connection!, location: null, apiDomain: null },
  };

  it('connects Keap through the consent page the server names', async () => {
    const { openConsent } = renderPanel({ ...SIMULATOR, crm: 'keap' });
    expect(await screen.findByText(/Sign in to Keap as an administrator/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Keap' }));
    await waitFor(() => expect(openConsent).toHaveBeenCalledWith(CONSENT));
  });

  it('shows the health without a data centre or a field mapping, and disconnects', async () => {
    const { host } = renderPanel(KEAP);
    expect(await screen.findByText('Keap')).toBeInTheDocument();
    expect(screen.queryByText(/data centre/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Field mapping' })).toBeNull();
    expect(screen.getByText(/12 sent · 1 waiting/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Keap?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(host.notify).toHaveBeenCalledWith('success', crmDisconnectedText('keap')),
    );
  });

  it('says how the operator sets Keap up on a server without a Keap client', async () => {
    renderPanel({ ...SIMULATOR, crm: 'keap', available: false });
    expect(await screen.findByText(crmUnavailableText('keap'))).toHaveTextContent('KEAP_CLIENT_ID');
    expect(screen.queryByRole('button', { name: 'Connect Keap' })).toBeNull();
  });

  it('says a workspace without a CRM has nothing to connect', async () => {
    renderPanel({ ...SIMULATOR, crm: 'none', available: false });
    expect(await screen.findByText(NO_CRM_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Connect/ })).toBeNull();
  });
});
