import { describe, expect, it } from 'vitest';
import {
  LAST_CRM_TAB_KEY,
  PUSH_ID_PREFIX,
  PUSHES_KEY,
  PUSH_TITLE,
} from '@/extension/entrypoints/background/live';
import type { LiveSnapshot } from '@/shared/live/live-feed';
import { createMemoryStorage } from '@/shared/storage/storage';
import type { BackgroundMessage } from '@/shared/transport/port-protocol';
import {
  connect,
  contentSender,
  fakeBackground,
  notification,
  notificationServer,
  popupSender,
  self,
  settle,
  state,
} from './fake-background';

/**
 * The background's one live feed (issue #12): every panel and page mirrors it, a read in
 * one is a read in all, the toolbar badge shows the live call count, and browser push
 * shows what arrives while nobody is looking, with a click that still works after the
 * worker was stopped.
 */

function liveStates(received: BackgroundMessage[]): LiveSnapshot[] {
  return received.flatMap((message) => (message.kind === 'live-state' ? [message.snapshot] : []));
}
const lastLive = (received: BackgroundMessage[]) => liveStates(received).at(-1);

function liveBackground(server = notificationServer([notification('n1')]), extra = {}) {
  const background = fakeBackground({ live: true, request: server.request, ...extra });
  return { ...background, server };
}

const tabSender = (tabId: number, windowId = 1) => ({
  ...contentSender,
  tab: { id: tabId, windowId },
});

describe('one live feed for the whole browser', () => {
  it('loads the list once, whatever the number of tabs, and shows it in every port', async () => {
    const { router, server } = liveBackground();
    const ports = [
      connect(router, tabSender(5)),
      connect(router, tabSender(6)),
      connect(router, popupSender),
    ];
    await settle();
    expect(server.listed).toEqual(['workspaces/ws_lakeside/notifications']);
    for (const port of ports) {
      expect(lastLive(port.received)).toMatchObject({
        status: 'ready',
        unread: 1,
        notifications: [{ id: 'n1', read: false }],
      });
    }
  });

  it('answers live:get with the snapshot', async () => {
    const { router } = liveBackground();
    const tab = connect(router, contentSender);
    await settle();
    tab.send({ kind: 'live:get', id: 'g' });
    expect((await tab.answer('g')).data).toMatchObject({ status: 'ready', unread: 1 });
  });

  it('fans a notification arriving on the socket out to every port', async () => {
    const { router, emitSocket } = liveBackground();
    const tabs = [connect(router, tabSender(5)), connect(router, tabSender(6))];
    await settle();
    emitSocket('notification_center_message', notification('n2'));
    for (const tab of tabs) {
      expect(lastLive(tab.received)?.notifications.map((n) => n.id)).toEqual(['n2', 'n1']);
      expect(lastLive(tab.received)?.unread).toBe(2);
    }
  });

  it('marks read in one tab, on the server, and in every other tab', async () => {
    const { router, server, readStorage } = liveBackground();
    const [first, second] = [connect(router, tabSender(5)), connect(router, tabSender(6))];
    await settle();
    first.send({ kind: 'live:mark-read', id: 'm', ids: ['n1'] });
    expect((await first.answer('m')).ok).toBe(true);
    expect(server.markBodies).toEqual([{ ids: ['n1'] }]);
    for (const tab of [first, second]) {
      expect(lastLive(tab.received)).toMatchObject({ unread: 0, notifications: [{ read: true }] });
    }
    // Kept in extension storage (storage.local), so a browser restart keeps it read.
    expect(await readStorage.get('readNotifications:u1:ws_lakeside')).toContain('"n1"');
  });

  it('marks everything read from any port', async () => {
    const { router, server, emitSocket } = liveBackground();
    const tab = connect(router, contentSender);
    await settle();
    emitSocket('notification_center_message', notification('n2'));
    tab.send({ kind: 'live:mark-all-read', id: 'a' });
    await tab.answer('a');
    expect(server.markBodies).toEqual([{ all: true }]);
    expect(lastLive(tab.received)?.unread).toBe(0);
  });

  it('follows a read made elsewhere (the server tells every socket of the user)', async () => {
    const { router, emitSocket } = liveBackground();
    const tab = connect(router, contentSender);
    await settle();
    emitSocket('notification_center_read', { ids: ['n1'] });
    expect(lastLive(tab.received)?.unread).toBe(0);
  });

  it('drops everything of a user at sign-out, and loads the next user their own', async () => {
    const { router, setPublicState, changed, server } = liveBackground();
    const tab = connect(router, contentSender);
    await settle();
    setPublicState({ ...state, status: 'signed-out', user: null, workspace: null });
    changed();
    expect(lastLive(tab.received)).toMatchObject({ status: 'idle', notifications: [], unread: 0 });
    setPublicState({ ...state, user: { id: 'u2', name: 'Sam Stone', role: 'operator' } });
    changed();
    await settle();
    expect(server.listed).toHaveLength(2);
    expect(lastLive(tab.received)?.status).toBe('ready');
  });

  it('throttles Try Again, whoever sends it', async () => {
    let clock = 1_000_000;
    const { router, server } = liveBackground(undefined, { now: () => clock });
    const tab = connect(router, contentSender);
    await settle();
    for (let i = 0; i < 50; i++) tab.send({ kind: 'live:reload' });
    await settle();
    expect(server.listed).toHaveLength(2);
    clock += 2500;
    tab.send({ kind: 'live:reload' });
    await settle();
    expect(server.listed).toHaveLength(3);
  });
});

describe('the toolbar badge', () => {
  it('shows the live call count in the brand colour, with a title that says it', async () => {
    const { liveBrowser, emitSocket, setPublicState, changed } = liveBackground();
    await settle();
    expect(liveBrowser.calls.badgeColour).toEqual(['#0091D0']);
    expect(liveBrowser.calls.badgeText.at(-1)).toBe('');
    emitSocket('ctmcallsdata', { count: 3 });
    expect(liveBrowser.calls.badgeText.at(-1)).toBe('3');
    expect(liveBrowser.calls.title.at(-1)).toBe('Intake Cockpit: 3 live calls');
    emitSocket('ctmcallsdata', { count: 1 });
    expect(liveBrowser.calls.title.at(-1)).toBe('Intake Cockpit: 1 live call');
    setPublicState({ ...state, status: 'signed-out', user: null, workspace: null });
    changed();
    expect(liveBrowser.calls.badgeText.at(-1)).toBe('');
    expect(liveBrowser.calls.title.at(-1)).toBe('Intake Cockpit');
  });

  it('is the one count the public session state carries too', async () => {
    const { live, emitSocket } = liveBackground();
    await settle();
    emitSocket('ctmcallsdata', { count: 4 });
    expect(live.liveCalls.get()).toBe(4);
  });
});

describe('browser push', () => {
  it("shows an arrival as the extension's notification while no panel or app is visible", async () => {
    const { emitSocket, liveBrowser, live } = liveBackground();
    await settle();
    emitSocket('notification_center_message', notification('n2', { description: 'Call back' }));
    await live.idle();
    expect(liveBrowser.shown.get(`${PUSH_ID_PREFIX}n2`)).toEqual({
      title: PUSH_TITLE,
      message: 'Title n2\nCall back',
      iconUrl: `${self.origin}/icon-128.png`,
    });
  });

  it('stays quiet while a panel is visible, and speaks again once it is hidden or gone', async () => {
    const { router, emitSocket, liveBrowser, live } = liveBackground();
    const tab = connect(router, tabSender(5));
    await settle();
    tab.send({ kind: 'live:visibility', visible: true });
    emitSocket('notification_center_message', notification('n2'));
    await live.idle();
    expect(liveBrowser.shown.size).toBe(0);
    tab.send({ kind: 'live:visibility', visible: false });
    emitSocket('notification_center_message', notification('n3'));
    await live.idle();
    expect([...liveBrowser.shown.keys()]).toEqual([`${PUSH_ID_PREFIX}n3`]);
    tab.send({ kind: 'live:visibility', visible: true });
    tab.close();
    emitSocket('notification_center_message', notification('n4'));
    await live.idle();
    expect(liveBrowser.shown.has(`${PUSH_ID_PREFIX}n4`)).toBe(true);
  });

  it('does not push what was already read here', async () => {
    const { router, emitSocket, liveBrowser, live } = liveBackground();
    const tab = connect(router, contentSender);
    await settle();
    tab.send({ kind: 'live:mark-read', id: 'm', ids: ['n9'] });
    await tab.answer('m');
    emitSocket('notification_center_message', notification('n9'));
    await live.idle();
    expect(liveBrowser.shown.size).toBe(0);
  });

  it('clears a push once the notification is read in a tab', async () => {
    const { router, emitSocket, liveBrowser, live } = liveBackground();
    const tab = connect(router, contentSender);
    await settle();
    emitSocket('notification_center_message', notification('n2'));
    await live.idle();
    tab.send({ kind: 'live:mark-read', id: 'm', ids: ['n2'] });
    await tab.answer('m');
    await settle();
    await live.idle();
    expect(liveBrowser.shown.size).toBe(0);
  });

  it('after a worker restart, a click focuses the last visible CRM tab and marks it read', async () => {
    const server = notificationServer([notification('n1')]);
    const pushStorage = createMemoryStorage();
    const readStorage = createMemoryStorage();
    const before = liveBackground(server, { pushStorage, readStorage });
    const tab = connect(before.router, tabSender(6, 2));
    await settle();
    tab.send({ kind: 'live:visibility', visible: true });
    tab.send({ kind: 'live:visibility', visible: false });
    before.emitSocket('notification_center_message', notification('n2'));
    server.list.push(notification('n2'));
    await before.live.idle();
    expect(await pushStorage.get(LAST_CRM_TAB_KEY)).toBe(JSON.stringify({ tabId: 6, windowId: 2 }));

    // The worker is stopped: a new one starts from storage, and the click wakes it.
    const after = liveBackground(server, { pushStorage, readStorage });
    after.liveBrowser.click(`${PUSH_ID_PREFIX}n2`);
    await settle();
    await after.live.idle();
    expect(after.liveBrowser.calls.activatedTabs).toEqual([6]);
    expect(after.liveBrowser.calls.focusedWindows).toEqual([2]);
    expect(after.liveBrowser.calls.cleared).toContain(`${PUSH_ID_PREFIX}n2`);
    expect(server.markBodies).toEqual([{ ids: ['n2'] }]);
    expect(after.live.snapshot().notifications.find((n) => n.id === 'n2')?.read).toBe(true);
  });

  it("opens the app at the notification's path when it has one", async () => {
    const { emitSocket, liveBrowser, live } = liveBackground();
    await settle();
    emitSocket('notification_center_message', notification('n2', { path: '/app/reports/pclc' }));
    await live.idle();
    liveBrowser.click(`${PUSH_ID_PREFIX}n2`);
    await settle();
    await live.idle();
    expect(liveBrowser.calls.openedUrls).toEqual(['http://localhost:8080/app/reports/pclc']);
    expect(liveBrowser.calls.focusedWindows).toEqual([99]);
  });

  it('opens the app when the last CRM tab was closed since', async () => {
    const { router, emitSocket, liveBrowser, live } = liveBackground();
    const tab = connect(router, tabSender(42, 3));
    await settle();
    tab.send({ kind: 'live:visibility', visible: true });
    tab.send({ kind: 'live:visibility', visible: false });
    emitSocket('notification_center_message', notification('n2'));
    await live.idle();
    liveBrowser.click(`${PUSH_ID_PREFIX}n2`);
    await settle();
    await live.idle();
    expect(liveBrowser.calls.openedUrls).toEqual(['http://localhost:8080/app']);
  });

  it('drops the pushes of a user whose session did not survive a worker restart', async () => {
    const pushStorage = createMemoryStorage();
    const before = liveBackground(undefined, { pushStorage });
    await settle();
    before.emitSocket('notification_center_message', notification('n2'));
    await before.live.idle();
    expect(await pushStorage.get(PUSHES_KEY)).toContain('n2');

    const after = fakeBackground({ live: true, pushStorage });
    after.setPublicState({ ...state, status: 'signed-out', user: null, workspace: null });
    await settle();
    await after.live.idle();
    expect(after.liveBrowser.calls.cleared).toEqual([`${PUSH_ID_PREFIX}n2`]);
    expect(await pushStorage.get(PUSHES_KEY)).toBe('{}');
  });

  it('clears every push of a user who signs out', async () => {
    const { emitSocket, liveBrowser, live, setPublicState, changed } = liveBackground();
    await settle();
    emitSocket('notification_center_message', notification('n2'));
    await live.idle();
    setPublicState({ ...state, status: 'signed-out', user: null, workspace: null });
    changed();
    await live.idle();
    expect(liveBrowser.shown.size).toBe(0);
  });
});
