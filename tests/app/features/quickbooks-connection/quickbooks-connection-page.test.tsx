import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '@/app/components/confirm-dialog/confirm-dialog';
import {
  copyText,
  QUICKBOOKS_DISCONNECTED_TEXT,
  QUICKBOOKS_UNAVAILABLE_TEXT,
  QuickBooksConnectionPage,
} from '@/app/features/quickbooks-connection/quickbooks-connection-page';
import type { AccountingConnection } from '@/shared/contracts/accounting-connection';
import type { Role } from '@/shared/contracts/roles';
import type { TransportRequest } from '@/shared/transport/transport';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { fakeApi } from '../../fake-api';
import { makeHost, renderWithHost } from '../../helpers';

// Issue #33: Settings > QuickBooks Connection as the owner and an admin see it: Connect
// sends the browser to Intuit's consent page the server names, the company and the copy of
// its books once connected, Refresh now, "reconnect" when the firm ended the grant in
// QuickBooks, and Disconnect behind a confirm.

const CONSENT = 'https://appcenter.intuit.com/connect/oauth2?client_id=AB&state=s1';
const NOT_CONNECTED: AccountingConnection = {
  workspaceId: 'ws_lakeside',
  usesQuickBooks: true,
  available: true,
  connection: null,
};
const CONNECTED: AccountingConnection = {
  ...NOT_CONNECTED,
  connection: {
    companyName: 'Lakeside Law LLC',
    realmId: '9130350000000001',
    connectedAt: '2026-11-30T09:00:00.000Z',
    status: 'ok',
    checkedAt: '2026-11-30T09:00:00.000Z',
    lastError: null,
    syncedAt: '2026-11-30T09:01:00.000Z',
    syncError: null,
    syncing: false,
    copy: { invoices: 120, customers: 41, plans: 1 },
  },
};

function renderPage(start: AccountingConnection, role: Role = 'owner') {
  let current = start;
  const api = fakeApi({
    'accounting/connection/authorize': () => ({ data: { url: CONSENT } }),
    'accounting/connection/sync': () => ({ data: current }),
    'accounting/connection': (req: TransportRequest) => {
      if (req.method === 'DELETE') current = NOT_CONNECTED;
      return { data: current };
    },
  });
  const host = makeHost({
    api,
    session: { user: makeUser({ role }), workspace: makeWorkspace({}), agent: null },
  });
  const openConsent = vi.fn();
  renderWithHost(
    <>
      <QuickBooksConnectionPage openConsent={openConsent} />
      <ConfirmHost />
    </>,
    { host },
  );
  return { api, host, openConsent };
}

describe('Settings > QuickBooks Connection (issue #33)', () => {
  it('says the demo books are shown, and Connect goes to the consent page the server names', async () => {
    const { openConsent, api } = renderPage(NOT_CONNECTED);
    expect(await screen.findByText(/The cash flow screens show/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Connect QuickBooks' }));
    await waitFor(() => expect(openConsent).toHaveBeenCalledWith(CONSENT));
    expect(api.calls('accounting/connection/authorize').map((r) => r.method)).toEqual(['POST']);
  });

  it('is usable again when the owner comes back from Intuit with the Back button', async () => {
    const { openConsent } = renderPage(NOT_CONNECTED);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect QuickBooks' }));
    await waitFor(() => expect(openConsent).toHaveBeenCalled());
    // The browser is leaving for Intuit: the button says so and waits.
    expect(screen.getByRole('button', { name: 'Opening QuickBooks…' })).toBeDisabled();
    // The page comes back from the browser's cache (jsdom's PageTransitionEvent drops
    // `persisted`, so the event carries it as its own property).
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(await screen.findByRole('button', { name: 'Connect QuickBooks' })).toBeEnabled();
  });

  it('shows the company and the copy of its books, and reads them again on Refresh now', async () => {
    const { api } = renderPage(CONNECTED, 'admin');
    expect(await screen.findByText('Lakeside Law LLC')).toBeInTheDocument();
    expect(screen.getByText('120 invoices · 41 customers · 1 payment plan')).toBeInTheDocument();
    // Admins refresh; connecting and disconnecting are the owner's.
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reconnect' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh now' }));
    await waitFor(() =>
      expect(api.calls('accounting/connection/sync').map((r) => r.method)).toEqual(['POST']),
    );
  });

  it('says "Reconnect needed" with the reason when the firm ended the grant', async () => {
    renderPage({
      ...CONNECTED,
      connection: {
        ...CONNECTED.connection!,
        status: 'reconnect',
        lastError: 'Intuit ended the connection (invalid_grant).',
      },
    });
    expect(await screen.findByText('Reconnect needed')).toBeInTheDocument();
    expect(screen.getByText(/Intuit ended the connection \(invalid_grant\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh now' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
  });

  it('disconnects behind a confirm', async () => {
    const { host } = renderPage(CONNECTED);
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect QuickBooks?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(host.notify).toHaveBeenCalledWith('success', QUICKBOOKS_DISCONNECTED_TEXT),
    );
    expect(await screen.findByText(/The cash flow screens show/)).toBeInTheDocument();
  });

  it('says what the operator must set when the server has no Intuit client', async () => {
    renderPage({ ...NOT_CONNECTED, available: false });
    expect(await screen.findByText(QUICKBOOKS_UNAVAILABLE_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect QuickBooks' })).toBeNull();
  });

  it('counts the copy in words', () => {
    expect(copyText({ invoices: 1, customers: 2, plans: 0 })).toBe(
      '1 invoice · 2 customers · 0 payment plans',
    );
  });
});
