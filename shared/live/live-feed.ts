import type { Notification } from '@/shared/contracts/notification';
import type { ConnectionStatus } from '@/shared/transport/transport';

/**
 * What the product shows live (issue #12): the notification centre, the live call count
 * and the socket's state. One interface, three sources:
 * - the app without the extension: `createLiveFeed` over its own DirectTransport
 *   (shared/live/create-live-feed.ts);
 * - the extension's background: the same `createLiveFeed` over the background's one
 *   socket; every panel and the popup mirror it through their port;
 * - the app with the extension signed in as the same user: the background's feed through
 *   externally_connectable (app/live/extension-live-feed.ts), so the browser holds one
 *   socket and one read state.
 * Screens read it through app/live/live-context.tsx and never know which one they have.
 */
export interface LiveSnapshot {
  /** The notification list: 'idle' before sign-in, 'loading' until the first answer. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Newest first; `read` already merges the server's and the local read state. */
  notifications: readonly Notification[];
  unread: number;
  /** The last `ctmcallsdata` count; null before the first one (nothing to show yet). */
  liveCalls: number | null;
  socket: ConnectionStatus;
  /**
   * A quiet note for the notification centre (not a toast): e.g. marking read worked in
   * this browser but could not be saved to the account. Absent or null: nothing to say.
   */
  notice?: string | null;
}

export const IDLE_LIVE_SNAPSHOT: LiveSnapshot = Object.freeze({
  status: 'idle',
  notifications: [],
  unread: 0,
  liveCalls: null,
  socket: 'disconnected',
  notice: null,
});

export interface LiveFeed {
  /** The same object until something changes (useSyncExternalStore). */
  get(): LiveSnapshot;
  subscribe(listener: () => void): () => void;
  /** Marks read here at once, then on the server; every other holder follows. */
  markRead(ids: readonly string[]): Promise<void>;
  markAllRead(): Promise<void>;
  /** Loads the list again (Try Again after an error). */
  reload(): void;
  /**
   * Notifications as they arrive on the socket (not the ones loaded with the list):
   * what browser push shows while the page is hidden.
   */
  onArrival(listener: (notification: Notification) => void): () => void;
}
