import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MicroservicesPage } from '@/app/features/microservices/microservices-page';
import type { MicroserviceCheck, MicroservicesReport } from '@/shared/contracts/microservices';
import { APP_MENU, visibleMenu } from '@/shared/domain/menu';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { fakeApi, type Handler } from '../../fake-api';
import { makeHost, renderWithHost } from '../../helpers';

const check = (overrides: Partial<MicroserviceCheck>): MicroserviceCheck => ({
  id: 'database',
  name: 'Database',
  status: 'ok',
  latencyMs: 4,
  detail: '30 tables, migration 0012-coaching (latest).',
  timedOut: false,
  ...overrides,
});

const healthy: MicroservicesReport = {
  status: 'ok',
  checkedAt: '2026-11-20T15:00:00.000Z',
  checks: [
    check({}),
    check({
      id: 'sockets',
      name: 'Sockets',
      latencyMs: 12,
      detail: '2 connected sockets; loopback handshake answered.',
    }),
  ],
};

const troubled: MicroservicesReport = {
  status: 'down',
  checkedAt: '2026-11-20T15:00:30.000Z',
  checks: [
    check({}),
    check({
      id: 'address-verification',
      name: 'Address verification',
      status: 'down',
      latencyMs: 3000,
      detail: 'No answer within 3000 ms.',
      timedOut: true,
    }),
    check({
      id: 'email-outbox',
      name: 'E-mail outbox',
      status: 'degraded',
      detail: '1 e-mail waiting, oldest 2 d old. Older than 24 h: read the outbox.',
    }),
  ],
};

function renderPage(handler: Handler) {
  const api = fakeApi({ 'system/microservices': handler });
  const host = makeHost({
    api,
    session: { user: makeUser({ role: 'system', workspace: null }), workspace: null, agent: null },
  });
  renderWithHost(<MicroservicesPage />, { host });
  return { api, host };
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  // As browsers do, the event bubbles from the document to the window (where TanStack's
  // focus manager listens).
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

afterEach(() => {
  vi.useRealTimers();
  setVisibility('visible');
});

describe('System > Microservices', () => {
  it('checks on open: a spinner, then a card per part, the overall banner and when it checked', async () => {
    renderPage(() => ({ data: healthy }));
    expect(screen.getByRole('heading', { level: 1, name: 'Microservices' })).toBeInTheDocument();
    expect(screen.getAllByText('Checking the services…').length).toBeGreaterThan(0);

    const database = await screen.findByRole('article', { name: 'Database' });
    expect(within(database).getByText('OK')).toBeInTheDocument();
    expect(
      within(database).getByText('30 tables, migration 0012-coaching (latest).'),
    ).toBeInTheDocument();
    expect(within(database).getByText('Answered in 4 ms')).toBeInTheDocument();
    const sockets = screen.getByRole('article', { name: 'Sockets' });
    expect(
      within(sockets).getByText('2 connected sockets; loopback handshake answered.'),
    ).toBeInTheDocument();

    const banner = screen.getByRole('status');
    expect(banner.textContent).toContain('All systems operational.');
    const checked = screen.getByText(/Last checked/);
    expect(checked.querySelector('time')?.getAttribute('dateTime')).toBe(healthy.checkedAt);
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
  });

  it('shows a part that never answered as "Down (timed out)" and says how many parts are down', async () => {
    renderPage(() => ({ data: troubled }));
    const address = await screen.findByRole('article', { name: 'Address verification' });
    expect(within(address).getByText('Down (timed out)')).toBeInTheDocument();
    expect(within(address).getByText('Gave up after 3000 ms')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'E-mail outbox' })).getByText('Degraded'),
    ).toBeInTheDocument();
    expect(screen.getByRole('status').textContent).toContain('Down1 of 3 parts are down.');
  });

  it('"Check again" checks again, busy and disabled while it runs, then shows the new answer', async () => {
    let answer: MicroservicesReport = healthy;
    let release: () => void = () => {};
    const { api } = renderPage(async () => {
      if (answer === troubled) await new Promise<void>((resolve) => (release = resolve));
      return { data: answer };
    });
    await screen.findByRole('article', { name: 'Database' });
    answer = troubled;
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    const busy = await screen.findByRole('button', { name: 'Checking…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    // The previous cards and banner stay while the check runs.
    expect(screen.getByRole('article', { name: 'Sockets' })).toBeInTheDocument();
    expect(screen.getByRole('status').textContent).toContain('All systems operational.');
    release();
    await screen.findByRole('article', { name: 'Address verification' });
    expect(api.calls('system/microservices')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
    expect(screen.getByRole('status').textContent).toContain('1 of 3 parts are down.');
  });

  it('shows a first failure in the page with Try Again (no toast), and keeps old cards after a later failure', async () => {
    let fail = true;
    const { api } = renderPage(() =>
      fail ? { fail: 503, message: 'Service Unavailable' } : { data: healthy },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Service Unavailable');
    expect(api.notify).not.toHaveBeenCalled();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    await screen.findByRole('article', { name: 'Database' });

    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'The last check failed: Service Unavailable',
      ),
    );
    expect(screen.getByRole('article', { name: 'Database' })).toBeInTheDocument();
  });

  it('checks again every 30 s while visible, pauses while the tab is hidden, and checks at once on return', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderPage(() => ({ data: healthy }));
    await screen.findByRole('article', { name: 'Database' });
    expect(api.calls('system/microservices')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(api.calls('system/microservices')).toHaveLength(2));

    act(() => setVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(api.calls('system/microservices')).toHaveLength(2);

    act(() => setVisibility('visible'));
    await act(() => vi.advanceTimersByTimeAsync(10));
    await waitFor(() => expect(api.calls('system/microservices')).toHaveLength(3));
  });

  it('coming back before 30 s have passed does not check at once: the next check keeps its time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderPage(() => ({ data: healthy }));
    await screen.findByRole('article', { name: 'Database' });
    expect(api.calls('system/microservices')).toHaveLength(1);

    act(() => setVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    act(() => setVisibility('visible'));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(api.calls('system/microservices')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(20_000));
    await waitFor(() => expect(api.calls('system/microservices')).toHaveLength(2));
  });

  it('asks nothing once the page is closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({ 'system/microservices': () => ({ data: healthy }) });
    const host = makeHost({
      api,
      session: {
        user: makeUser({ role: 'system', workspace: null }),
        workspace: null,
        agent: null,
      },
    });
    const { unmount } = renderWithHost(<MicroservicesPage />, { host });
    await screen.findByRole('article', { name: 'Database' });
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(api.calls('system/microservices')).toHaveLength(1);
  });
});

describe('System menu (issue #16)', () => {
  it('gives the system user Microservices, PCLC System Report and Send notification (with its test call), and no other role', () => {
    const systemItems = (role: 'system' | 'owner' | 'admin' | 'operator') =>
      visibleMenu(APP_MENU, {
        user: { role },
        workspace: role === 'system' ? null : makeWorkspace(),
        coachingCategories: [],
        production: true,
      })
        .flatMap((item) => item.children ?? [])
        .filter((item) => item.path?.startsWith('system/'))
        .map((item) => [item.title, item.path]);
    expect(systemItems('system')).toEqual(
      expect.arrayContaining([
        ['Send notification', 'system/notifications'],
        ['Microservices', 'system/microservices'],
        ['PCLC System Report', 'system/pclc-system-report'],
      ]),
    );
    for (const role of ['owner', 'admin', 'operator'] as const) {
      expect(systemItems(role), role).toEqual([]);
    }
  });
});
