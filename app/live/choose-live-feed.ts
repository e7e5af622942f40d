import type { Notification } from '@/shared/contracts/notification';
import type { LiveFeedScope, OwnLiveFeed } from '@/shared/live/create-live-feed';
import { IDLE_LIVE_SNAPSHOT, type LiveFeed } from '@/shared/live/live-feed';
import type { SessionState } from '@/shared/stores/session-store';
import type { DesktopAlerts } from './live-context';

/**
 * A LiveFeed that forwards to whichever feed is in use (or none: idle), so the
 * LiveProvider holds one object for the page's life while the source changes under it.
 */
export interface SwitchableLiveFeed extends LiveFeed {
  use(feed: LiveFeed | null): void;
}

export function createSwitchableLiveFeed(): SwitchableLiveFeed {
  const listeners = new Set<() => void>();
  const arrivalListeners = new Set<(notification: Notification) => void>();
  let inner: LiveFeed | null = null;
  let detach: () => void = () => {};
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => inner?.get() ?? IDLE_LIVE_SNAPSHOT,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    markRead: (ids) => inner?.markRead(ids) ?? Promise.resolve(),
    markAllRead: () => inner?.markAllRead() ?? Promise.resolve(),
    reload: () => inner?.reload(),
    onArrival(listener) {
      arrivalListeners.add(listener);
      return () => void arrivalListeners.delete(listener);
    },
    use(feed) {
      if (feed === inner) return;
      detach();
      inner = feed;
      if (feed) {
        const stopSnapshots = feed.subscribe(changed);
        const stopArrivals = feed.onArrival((notification) => {
          for (const listener of [...arrivalListeners]) listener(notification);
        });
        detach = () => {
          stopSnapshots();
          stopArrivals();
        };
      } else {
        detach = () => {};
      }
      changed();
    },
  };
}

export type LiveSource = 'none' | 'own' | 'extension';

export interface LiveFeedChooserDeps {
  /** The app's own feed, over its own socket. */
  own: OwnLiveFeed;
  /** The app's own socket: opened only when the own feed is used. */
  socket: { connectSocket(): void; disconnectSocket(): void };
  /** The extension's id when it is installed (app/features/extension-handoff). */
  extensionId: () => string | null;
  /** app/live/extension-live-feed.ts: the extension's feed, or null. */
  connectExtension: (options: {
    extensionId: string;
    userId: string;
    workspaceId: string;
    /** The extension stopped serving this app (signed out, another user, removed). */
    onClosed?: () => void;
  }) => Promise<LiveFeed | null>;
  /** Browser push over the own feed (the extension pushes itself); answers the detach. */
  attachPush?: (feed: LiveFeed) => () => void;
  /** The permission offer of browser push; hidden while the extension's feed is used. */
  alerts?: DesktopAlerts | null;
  /**
   * The feed in use changed (issue #13: the app takes incoming calls from its own socket,
   * or reads the extension's `call-state` on that feed's port — never both).
   */
  onFeedChange?: (source: LiveSource, feed: LiveFeed | null) => void;
}

export interface LiveFeedChooser {
  /** What the LiveProvider gets: the chosen feed, idle while signed out. */
  feed: LiveFeed;
  /** Desktop alerts as offered in the centre: only while the own feed (and push) is used. */
  alerts: DesktopAlerts | null;
  source(): LiveSource;
  /** At sign-in: the extension's feed when it answers for this user, else the own one. */
  signedIn(scope: LiveFeedScope | null): Promise<LiveSource>;
  /** At sign-out: everything stops, the socket closes, the page shows nothing live. */
  signedOut(): void;
  /** The extension announced itself after sign-in: use its feed if it now answers. */
  extensionAppeared(): Promise<LiveSource>;
}

/**
 * Which live feed the app uses (issue #12: one socket per browser). With the extension
 * installed and signed in as the same user and workspace, its background's feed, and the
 * app's own socket stays closed (closed if it was open) and the app does not push (the
 * extension does). Otherwise the app's own feed over its own socket, with browser push.
 */
export function createLiveFeedChooser(deps: LiveFeedChooserDeps): LiveFeedChooser {
  const switchable = createSwitchableLiveFeed();
  let source: LiveSource = 'none';
  let scope: LiveFeedScope | null = null;
  /** Each sign-in or sign-out; an extension answer for an older one is dropped. */
  let generation = 0;
  let detachPush: () => void = () => {};
  /** The extension's feed in use, to let go of when it is no longer wanted. */
  let extensionFeed: LiveFeed | null = null;
  const alertListeners = new Set<() => void>();

  function setSource(next: LiveSource): void {
    if (next === source) return;
    source = next;
    for (const listener of [...alertListeners]) listener();
  }

  function switchToOwn(): void {
    switchable.use(deps.own);
    deps.own.start();
    deps.socket.connectSocket();
    detachPush();
    detachPush = deps.attachPush?.(deps.own) ?? (() => {});
    setSource('own');
    deps.onFeedChange?.('own', deps.own);
  }

  /** Lets go of the extension's feed (its port), when it has a way to be closed. */
  function releaseExtension(): void {
    const feed = extensionFeed as (LiveFeed & { close?: () => void }) | null;
    extensionFeed = null;
    feed?.close?.();
  }

  function switchToExtension(feed: LiveFeed): void {
    // One socket per browser: the extension's. Nothing of the own feed stays running.
    releaseExtension();
    extensionFeed = feed;
    detachPush();
    detachPush = () => {};
    deps.own.stop();
    deps.socket.disconnectSocket();
    switchable.use(feed);
    setSource('extension');
    deps.onFeedChange?.('extension', feed);
  }

  async function choose(): Promise<LiveSource> {
    const mine = generation;
    const extensionId = deps.extensionId();
    let answered: LiveFeed | null = null;
    if (extensionId && scope) {
      try {
        answered = await deps.connectExtension({
          extensionId,
          userId: scope.userId,
          workspaceId: scope.workspaceId,
          onClosed: () => extensionClosed(answered),
        });
      } catch {
        answered = null;
      }
    }
    if (mine !== generation) {
      (answered as (LiveFeed & { close?: () => void }) | null)?.close?.();
      return source;
    }
    if (answered) switchToExtension(answered);
    else if (source !== 'own') switchToOwn();
    return source;
  }

  /** The extension no longer serves us while still signed in: back to the own socket. */
  function extensionClosed(feed: LiveFeed | null): void {
    if (!feed || feed !== extensionFeed || source !== 'extension') return;
    extensionFeed = null;
    generation += 1;
    switchToOwn();
  }

  const innerAlerts = deps.alerts ?? null;
  const alerts: DesktopAlerts | null = innerAlerts && {
    permission: () => (source === 'own' ? innerAlerts.permission() : 'unsupported'),
    request: () => innerAlerts.request(),
    subscribe(listener) {
      alertListeners.add(listener);
      const stop = innerAlerts.subscribe(listener);
      return () => {
        alertListeners.delete(listener);
        stop();
      };
    },
  };

  return {
    feed: switchable,
    alerts,
    source: () => source,
    signedIn(next) {
      generation += 1;
      scope = next;
      // Another user or workspace than the feed in use: start over from nothing.
      if (source !== 'none') stopAll();
      return choose();
    },
    signedOut() {
      generation += 1;
      scope = null;
      stopAll();
    },
    async extensionAppeared() {
      if (source !== 'own' || !scope || !deps.extensionId()) return source;
      generation += 1;
      return choose();
    },
  };

  function stopAll(): void {
    releaseExtension();
    detachPush();
    detachPush = () => {};
    deps.own.stop();
    deps.socket.disconnectSocket();
    switchable.use(null);
    setSource('none');
    deps.onFeedChange?.('none', null);
  }
}

/** Who the live feed is for, from the session: the signed-in user in their workspace. */
export function liveScopeOf(state: Pick<SessionState, 'status' | 'user'>): LiveFeedScope | null {
  const { status, user } = state;
  if (status !== 'signed-in' || !user?.workspace) return null;
  return { userId: user.id, workspaceId: user.workspace };
}

type SessionStoreLike = {
  getState(): SessionState;
  subscribe(listener: (state: SessionState, previous: SessionState) => void): () => void;
};

/**
 * Starts the chooser at sign-in and stops it at sign-out (or a switch of user or
 * workspace), following the session store. A signed-in user without a workspace (a
 * system user) still gets the socket, with an idle feed. Answers the unsubscribe.
 */
export function followSession(store: SessionStoreLike, chooser: LiveFeedChooser): () => void {
  let current: { signedIn: boolean; key: string } = { signedIn: false, key: '' };
  const apply = (state: SessionState) => {
    const signedIn = state.status === 'signed-in' && state.user !== null;
    const scope = liveScopeOf(state);
    const key = signedIn ? `${state.user?.id}:${scope?.workspaceId ?? ''}` : '';
    if (signedIn === current.signedIn && key === current.key) return;
    current = { signedIn, key };
    if (signedIn) void chooser.signedIn(scope);
    else chooser.signedOut();
  };
  apply(store.getState());
  return store.subscribe((state) => apply(state));
}
