import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmHost } from '@/app/components/confirm-dialog/confirm-dialog';
import {
  CONNECTED_TEXT,
  CtmConnectionPanel,
  DISCONNECTED_TEXT,
} from '@/app/components/ctm-connection/ctm-connection-panel';
import { readCtmConnectDraft } from '@/app/components/ctm-connection/ctm-connect-draft';
import type { CallTrackingConnection } from '@/shared/contracts/call-tracking-connection';
import type { TransportRequest } from '@/shared/transport/transport';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { fakeApi } from '../../fake-api';
import { makeHost, renderWithHost } from '../../helpers';

// Issue #32: the workspace's CallTrackingMetrics connection as owners and the system user
// see it (Settings > Tracking numbers, System > Workspaces): the connect form checked by
// the server's contract, the server's refusal in its words with nothing typed lost, the
// health and webhook URLs once connected, and disconnecting behind a confirm.

const SIMULATOR: CallTrackingConnection = { workspaceId: 'ws_1', provider: 'simulator', ctm: null };
const CONNECTED: CallTrackingConnection = {
  workspaceId: 'ws_1',
  provider: 'ctm',
  ctm: {
    accountId: '4242',
    accountName: 'Harbor Law',
    accessKey: 'a0c4key',
    connectedAt: '2026-11-29T10:00:00.000Z',
    status: 'ok',
    checkedAt: '2026-11-29T10:00:00.000Z',
    lastError: null,
    lastWebhookAt: null,
    webhookPaths: { start: '/api/ctm/webhooks/ws_1/start', end: '/api/ctm/webhooks/ws_1/end' },
  },
};

function renderPanel(start: CallTrackingConnection, canConnect = true) {
  let current = start;
  const puts: unknown[] = [];
  const api = fakeApi({
    'call-tracking/connection': (req: TransportRequest) => {
      if (req.method === 'PUT') {
        puts.push(req.body);
        const keys = req.body as { secretKey: string };
        if (keys.secretKey !== 'right-secret') {
          return {
            fail: 400,
            message:
              'Not connected: CTM refused the account id, access key or secret key (Unauthorized).',
          };
        }
        current = CONNECTED;
      }
      if (req.method === 'DELETE') current = SIMULATOR;
      return { data: current };
    },
  });
  const host = makeHost({
    api,
    session: {
      user: makeUser({ role: 'owner' }),
      workspace: makeWorkspace({ ctmSetting: true, ctmAccount: '1' }),
      agent: null,
    },
  });
  renderWithHost(
    <>
      <CtmConnectionPanel workspaceId="ws_1" canConnect={canConnect} />
      <ConfirmHost />
    </>,
    { host },
  );
  return { api, host, puts };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('the CallTrackingMetrics connection panel (issue #32)', () => {
  it('reads the draft with the contract: every field named, the account id digits only', () => {
    expect(readCtmConnectDraft({ accountId: '', accessKey: ' ', secretKey: '' })).toEqual({
      ok: false,
      errors: {
        accountId: 'Account id is required.',
        accessKey: 'Access key is required.',
        secretKey: 'Secret key is required.',
      },
    });
    expect(readCtmConnectDraft({ accountId: 'x1', accessKey: 'a', secretKey: 's' })).toMatchObject({
      ok: false,
      errors: { accountId: 'Account id: digits only, as in CTM.' },
    });
    expect(readCtmConnectDraft({ accountId: ' 42 ', accessKey: 'a', secretKey: 's' })).toEqual({
      ok: true,
      request: { provider: 'ctm', accountId: '42', accessKey: 'a', secretKey: 's' },
    });
  });

  it('shows the simulator, refuses with the server’s words keeping what was typed, then connects', async () => {
    const { puts, host } = renderPanel(SIMULATOR);
    expect(await screen.findByText(/simulated provider/)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Connect CallTrackingMetrics' });
    fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(field('Account id')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Account id')).toHaveFocus();
    expect(puts).toHaveLength(0);

    fireEvent.change(field('Account id'), { target: { value: '4242' } });
    fireEvent.change(field('Access key'), { target: { value: 'a0c4key' } });
    const secret = form.querySelector<HTMLInputElement>('input[name="secretKey"]')!;
    fireEvent.change(secret, { target: { value: 'wrong' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not connected: CTM refused the account id, access key or secret key',
    );
    expect(field('Account id').value).toBe('4242');
    expect(secret.value).toBe('wrong');

    fireEvent.change(secret, { target: { value: 'right-secret' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(/account 4242/)).toBeInTheDocument();
    expect(host.notify).toHaveBeenCalledWith('success', CONNECTED_TEXT);
    expect(puts).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'When a call starts' })).toHaveValue(
      `${window.location.origin}/api/ctm/webhooks/ws_1/start`,
    );
  });

  it('shows a failing connection with CTM’s words', async () => {
    renderPanel({
      ...CONNECTED,
      ctm: { ...CONNECTED.ctm!, status: 'failing', lastError: 'Service Unavailable' },
    });
    expect(await screen.findByText('CTM not reachable')).toBeInTheDocument();
    expect(screen.getByText('Service Unavailable')).toBeInTheDocument();
  });

  it('disconnects only after the confirm, and admins see no keys buttons', async () => {
    const { api, host } = renderPanel(CONNECTED);
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Disconnect CallTrackingMetrics?',
    });
    expect(api.calls('call-tracking/connection').filter((r) => r.method === 'DELETE')).toHaveLength(
      0,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(host.notify).toHaveBeenCalledWith('success', DISCONNECTED_TEXT));
    expect(await screen.findByText(/simulated provider/)).toBeInTheDocument();
  });

  it('lets an admin refresh but neither connect nor disconnect', async () => {
    renderPanel(CONNECTED, false);
    expect(await screen.findByRole('button', { name: 'Refresh users and numbers' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Replace keys' })).toBeNull();
  });
});
