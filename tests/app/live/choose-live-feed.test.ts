import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import {
  createLiveFeedChooser,
  followSession,
  liveScopeOf,
  type LiveFeedChooserDeps,
} from '@/app/live/choose-live-feed';
import type { DesktopAlerts } from '@/app/live/live-context';
import type { LoggedUser } from '@/shared/contracts/user';
import { createLiveFeed } from '@/shared/live/create-live-feed';
import { IDLE_LIVE_SNAPSHOT, type LiveFeed, type LiveSnapshot } from '@/shared/live/live-feed';
import { createMemoryStorage } from '@/shared/storage/storage';
import { initialSessionState, type SessionState } from '@/shared/stores/session-store';
import { listAnswer, liveFakeApi, notification, settle } from '../../shared/live/live-test-kit';

const SCOPE = { userId: 'u_owner', workspaceId: 'ws_lakeside' };

/** A feed as the extension seam would answer one: fixed snapshot, calls recorded. */
function fakeExtensionFeed(): LiveFeed & { markRead: ReturnType<typeof vi.fn> } {
  const snapshot: LiveSnapshot = {
    ...IDLE_LIVE_SNAPSHOT,
    status: 'ready',
    notifications: [notification('from-extension')],
    unread: 1,
    liveCalls: 7,
    socket: 'connected',
  };
  return {
    get: () => snapshot,
    subscribe: () => () => {},
    markRead: vi.fn(async () => {}),
    markAllRead: async () => {},
    reload: () => {},
    onArrival: () => () => {},
  };
}

function setup(seam: LiveFeedChooserDeps['connectExtension'], extensionId: string | null) {
  const api = liveFakeApi({ '/notifications': () => listAnswer([notification('own')]) });
  const own = createLiveFeed({ api, storage: createMemoryStorage(), scope: () => SCOPE });
  const socket = { connectSocket: vi.fn(), disconnectSocket: vi.fn() };
  const detachPush = vi.fn();
  const attachPush = vi.fn(() => detachPush);
  const alerts: DesktopAlerts = {
    permission: () => 'default',
    request: async () => 'granted',
    subscribe: () => () => {},
  };
  const chooser = createLiveFeedChooser({
    own,
    socket,
    extensionId: () => extensionId,
    connectExtension: seam,
    attachPush,
    alerts,
  });
  return { chooser, socket, attachPush, detachPush, api };
}

describe('choosing the live feed (issue #12: one socket per browser)', () => {
  it('uses the app’s own feed and socket, with browser push, when there is no extension', async () => {
    const seam = vi.fn(async () => null);
    const { chooser, socket, attachPush } = setup(seam, null);
    await expect(chooser.signedIn(SCOPE)).resolves.toBe('own');
    await settle();
    expect(seam).not.toHaveBeenCalled();
    expect(socket.connectSocket).toHaveBeenCalledTimes(1);
    expect(attachPush).toHaveBeenCalledTimes(1);
    expect(chooser.feed.get().notifications.map((n) => n.id)).toEqual(['own']);
    expect(chooser.alerts?.permission()).toBe('default');
  });

  it('uses its own feed when the extension does not answer for this user', async () => {
    const seam = vi.fn(async () => null);
    const { chooser, socket } = setup(seam, 'abcdefghijklmnopabcdefghijklmnop');
    await expect(chooser.signedIn(SCOPE)).resolves.toBe('own');
    expect(seam).toHaveBeenCalledWith(
      expect.objectContaining({ extensionId: 'abcdefghijklmnopabcdefghijklmnop', ...SCOPE }),
    );
    expect(socket.connectSocket).toHaveBeenCalledTimes(1);
  });

  it('uses the extension’s feed when it answers: no socket of its own, no push from the app', async () => {
    const extensionFeed = fakeExtensionFeed();
    const { chooser, socket, attachPush, api } = setup(
      async () => extensionFeed,
      'abcdefghijklmnopabcdefghijklmnop',
    );
    await expect(chooser.signedIn(SCOPE)).resolves.toBe('extension');
    expect(socket.connectSocket).not.toHaveBeenCalled();
    expect(attachPush).not.toHaveBeenCalled();
    expect(api.requests).toHaveLength(0);
    expect(chooser.feed.get().liveCalls).toBe(7);
    await chooser.feed.markRead(['from-extension']);
    expect(extensionFeed.markRead).toHaveBeenCalledWith(['from-extension']);
    // The app does not offer desktop alerts: the extension shows them.
    expect(chooser.alerts?.permission()).toBe('unsupported');
  });

  it('switches to the extension when it appears later, closing its own socket and push', async () => {
    let extensionId: string | null = null;
    const extensionFeed = fakeExtensionFeed();
    const api = liveFakeApi({ '/notifications': () => listAnswer([]) });
    const socket = { connectSocket: vi.fn(), disconnectSocket: vi.fn() };
    const detachPush = vi.fn();
    const chooser = createLiveFeedChooser({
      own: createLiveFeed({ api, storage: createMemoryStorage(), scope: () => SCOPE }),
      socket,
      extensionId: () => extensionId,
      connectExtension: async () => extensionFeed,
      attachPush: () => detachPush,
    });
    await chooser.signedIn(SCOPE);
    expect(chooser.source()).toBe('own');
    extensionId = 'abcdefghijklmnopabcdefghijklmnop';
    await expect(chooser.extensionAppeared()).resolves.toBe('extension');
    expect(socket.disconnectSocket).toHaveBeenCalled();
    expect(detachPush).toHaveBeenCalled();
    expect(chooser.feed.get().liveCalls).toBe(7);
  });

  it('stops everything at sign-out, and drops an extension answer that comes after it', async () => {
    let answer!: (feed: LiveFeed | null) => void;
    const seam = vi.fn(() => new Promise<LiveFeed | null>((resolve) => (answer = resolve)));
    const { chooser, socket } = setup(seam, 'abcdefghijklmnopabcdefghijklmnop');
    const choosing = chooser.signedIn(SCOPE);
    chooser.signedOut();
    answer(fakeExtensionFeed());
    await choosing;
    expect(chooser.source()).toBe('none');
    expect(chooser.feed.get()).toBe(IDLE_LIVE_SNAPSHOT);
    expect(socket.connectSocket).not.toHaveBeenCalled();
    expect(socket.disconnectSocket).toHaveBeenCalled();
  });
});

describe('when the extension stops serving the app', () => {
  it('goes back to its own feed and socket', async () => {
    let closed: (() => void) | undefined;
    const extensionFeed = fakeExtensionFeed();
    const { chooser, socket, attachPush } = setup(async (options) => {
      closed = options.onClosed;
      return extensionFeed;
    }, 'abcdefghijklmnopabcdefghijklmnop');
    await chooser.signedIn(SCOPE);
    expect(chooser.source()).toBe('extension');
    closed?.();
    expect(chooser.source()).toBe('own');
    expect(socket.connectSocket).toHaveBeenCalledTimes(1);
    expect(attachPush).toHaveBeenCalledTimes(1);
    await settle();
    expect(chooser.feed.get().notifications.map((n) => n.id)).toEqual(['own']);
  });

  it('lets go of the extension feed at sign-out when it can be closed', async () => {
    const close = vi.fn();
    const { chooser } = setup(
      async () => ({ ...fakeExtensionFeed(), close }),
      'abcdefghijklmnopabcdefghijklmnop',
    );
    await chooser.signedIn(SCOPE);
    chooser.signedOut();
    expect(close).toHaveBeenCalledTimes(1);
  });
});

describe('following the session', () => {
  const user = { id: 'u_owner', workspace: 'ws_lakeside' } as LoggedUser;

  it('answers the scope of a signed-in user with a workspace only', () => {
    expect(liveScopeOf({ status: 'signed-in', user })).toEqual(SCOPE);
    expect(liveScopeOf({ status: 'restoring', user })).toBeNull();
    expect(liveScopeOf({ status: 'signed-in', user: { ...user, workspace: null } })).toBeNull();
  });

  it('starts at sign-in, once, and stops at sign-out', () => {
    const store = createStore<SessionState>()(() => ({ ...initialSessionState }));
    const chooser = {
      feed: fakeExtensionFeed(),
      alerts: null,
      source: () => 'none' as const,
      signedIn: vi.fn(async () => 'own' as const),
      signedOut: vi.fn(),
      extensionAppeared: vi.fn(async () => 'own' as const),
    };
    followSession(store, chooser);
    store.setState({ user, status: 'restoring' });
    expect(chooser.signedIn).not.toHaveBeenCalled();
    store.setState({ status: 'signed-in' });
    store.setState({ logoutMessage: null });
    expect(chooser.signedIn).toHaveBeenCalledTimes(1);
    expect(chooser.signedIn).toHaveBeenCalledWith(SCOPE);
    const before = chooser.signedOut.mock.calls.length;
    store.setState({ ...initialSessionState, status: 'signed-out' });
    expect(chooser.signedOut.mock.calls.length).toBe(before + 1);
  });
});
