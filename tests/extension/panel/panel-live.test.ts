import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountPanel, panelShadowRoot } from '@/extension/panel/mount-panel';
import { createPortLiveFeed } from '@/extension/panel/port-live-feed';
import { createMemoryStorage } from '@/shared/storage/storage';
import { createPortTransport } from '@/shared/transport/port-transport';
import {
  contentSender,
  fakeBackground,
  notification,
  notificationServer,
  routerPortConnector,
  settle,
  state,
} from '../background/fake-background';

/**
 * The panel's notification centre and live call count (issue #12) against the real
 * background router and live module: the same components and DOM as the app's top bar,
 * fed by the background's one feed, so a read in one tab is a read in every tab.
 */

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

function setup() {
  const server = notificationServer([
    notification('n1', { actionRequired: true }),
    notification('n2', { path: '/app/reports/pclc' }),
  ]);
  const background = fakeBackground({ live: true, request: server.request });
  const tab = (tabId: number) => {
    const ports = routerPortConnector(background.router, {
      ...contentSender,
      tab: { id: tabId, windowId: 1 },
    });
    const transport = createPortTransport({ connect: ports.connect, reconnectDelayMs: 1 });
    return { transport, feed: createPortLiveFeed(transport), ports };
  };
  return { ...background, server, tab };
}

async function mountFor(feed: ReturnType<typeof createPortLiveFeed>, onVisibility = vi.fn()) {
  const controller = new AbortController();
  const host = await mountPanel({
    family: 'zoho',
    signal: controller.signal,
    state,
    storage: createMemoryStorage(),
    isDefined: () => false,
    live: feed,
    onVisibility,
  });
  const root = panelShadowRoot(host!)!;
  return { host: host!, root, controller, onVisibility };
}

const bell = (root: ShadowRoot) =>
  root.querySelector<HTMLButtonElement>('[data-testid="notification-bell"]')!;

describe('the panel’s live header', () => {
  it('shows the unread count and the live call count of the background’s feed', async () => {
    const { tab, emitSocket } = setup();
    const { feed } = tab(5);
    const { root } = await mountFor(feed);
    await vi.waitFor(() => expect(bell(root).getAttribute('data-unread')).toBe('2'));
    expect(bell(root).getAttribute('aria-label')).toBe('Notifications, 2 unread');
    const count = () => root.querySelector('[data-testid="live-calls"]');
    expect(count()).toBeNull();
    emitSocket('ctmcallsdata', { count: 3 });
    await vi.waitFor(() => expect(count()?.getAttribute('data-count')).toBe('3'));
    expect(count()?.textContent).toContain('3 live calls');
  });

  it('clears a notification read in one tab in every other tab', async () => {
    const { tab, server } = setup();
    const first = tab(5);
    const { root } = await mountFor(tab(6).feed);
    await vi.waitFor(() => expect(bell(root).getAttribute('data-unread')).toBe('2'));
    await settle();
    await first.feed.markRead(['n1']);
    await vi.waitFor(() => expect(bell(root).getAttribute('data-unread')).toBe('1'));
    expect(server.markBodies).toEqual([{ ids: ['n1'] }]);
    await first.feed.markAllRead();
    await vi.waitFor(() => expect(bell(root).getAttribute('aria-label')).toBe('Notifications'));
  });

  it('marks read from the panel’s own list', async () => {
    const { tab, live } = setup();
    const { root } = await mountFor(tab(5).feed);
    await vi.waitFor(() => expect(bell(root).getAttribute('data-unread')).toBe('2'));
    bell(root).click();
    const item = await vi.waitFor(() => {
      const found = root.querySelector('li[data-notification-id="n1"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(item.getAttribute('data-read')).toBe('false');
    expect(item.textContent).toContain('Action required');
    const mark = root.querySelector<HTMLButtonElement>(
      'button[aria-label=\'Mark "Title n1" as read\']',
    )!;
    mark.click();
    await vi.waitFor(() =>
      expect(root.querySelector('li[data-notification-id="n1"]')?.getAttribute('data-read')).toBe(
        'true',
      ),
    );
    expect(live.snapshot().unread).toBe(1);
  });

  it('opens a notification’s path in the standalone app, in a new tab', async () => {
    const { tab } = setup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { root } = await mountFor(tab(5).feed);
    await vi.waitFor(() => expect(bell(root).getAttribute('data-unread')).toBe('2'));
    bell(root).click();
    const item = await vi.waitFor(() => {
      const found = root.querySelector('li[data-notification-id="n2"] .ic-notifications__open');
      expect(found).not.toBeNull();
      return found as HTMLButtonElement;
    });
    item.click();
    expect(open).toHaveBeenCalledWith(
      'http://localhost:8080/app/reports/pclc',
      '_blank',
      'noopener',
    );
  });

  it('tells the background while the agent sees it, again after the worker restarts', async () => {
    const { tab, live } = setup();
    const { transport, feed, ports } = tab(5);
    const { root, controller, onVisibility } = await mountFor(feed, vi.fn());
    onVisibility.mockImplementation((visible: boolean) => transport.setVisibility(visible));
    // The first report came during the mount, before the mock forwarded it.
    transport.setVisibility(true);
    await vi.waitFor(() => expect(live.anyVisible()).toBe(true));
    ports.dropAll();
    expect(live.anyVisible()).toBe(false);
    await vi.waitFor(() => expect(live.anyVisible()).toBe(true));
    root.querySelector<HTMLButtonElement>('.collapse')!.click();
    await vi.waitFor(() => expect(live.anyVisible()).toBe(false));
    expect(onVisibility).toHaveBeenLastCalledWith(false);
    controller.abort();
  });
});
