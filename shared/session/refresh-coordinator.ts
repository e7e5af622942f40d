import { z } from 'zod';
import {
  createInProcessRefreshCoordinator,
  type RefreshCoordinator,
  type SessionChange,
  type SessionChangeListener,
} from '@/shared/transport/direct-transport';

/**
 * Refresh coordinators (issue 9 item 6). The server rotates refresh tokens and treats a
 * rotated-away token presented again as theft (it revokes the whole family). Every
 * holder of one session must therefore refresh one at a time and learn the new pair
 * before it refreshes again: two app tabs over one localStorage are two holders. (A
 * single holder — the extension's background worker, a script-tag widget — uses
 * createInProcessRefreshCoordinator of the direct transport, its default.)
 */

/** The Web Locks name every tab of the app refreshes under. */
const REFRESH_LOCK_NAME = 'intake-refresh';
/** The BroadcastChannel name on which tabs share rotations and sign-outs. */
const SESSION_CHANNEL_NAME = 'intake-session';

/** The part of the Web Locks API we use (navigator.locks). */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The part of BroadcastChannel we use. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export interface BrowserRefreshCoordinatorOptions {
  /** navigator.locks by default; absent outside a secure context (plain http on a LAN host). */
  locks?: LockManagerLike | null;
  /** A BroadcastChannel named SESSION_CHANNEL_NAME by default. */
  channel?: ChannelLike | null;
}

const sessionChangeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('rotated'),
    tokens: z.object({
      username: z.string().min(1),
      accessToken: z.string().min(1),
      refreshToken: z.string().min(1),
    }),
  }),
  z.object({ type: z.literal('signedOut') }),
]);

/**
 * For the standalone app, where every tab of the browser shares one stored session:
 * refreshes run under the Web Locks lock REFRESH_LOCK_NAME (one refresh for the whole
 * browser), and rotations and sign-outs are broadcast so the other tabs' in-memory
 * copies never go stale.
 *
 * Fallbacks: without Web Locks (insecure context, old browser) refreshes are serialised
 * only inside this tab; the transport still re-reads the stored pair before refreshing, so
 * a tab that refreshes after another one adopts its rotation instead of reusing the old
 * token — only two refreshes started in the same few milliseconds can still collide.
 * Without BroadcastChannel, other tabs learn a rotation at their next refresh (from
 * storage) and a sign-out at their next refused call.
 */
export function createBrowserRefreshCoordinator(
  options: BrowserRefreshCoordinatorOptions = {},
): RefreshCoordinator {
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const channel = options.channel === undefined ? defaultChannel() : options.channel;
  const inTab = createInProcessRefreshCoordinator();
  const listeners = new Set<SessionChangeListener>();

  channel?.addEventListener('message', (event) => {
    // Same-origin tabs only can post here; still, only well-formed changes are acted on.
    const parsed = sessionChangeSchema.safeParse(event.data);
    if (!parsed.success) return;
    for (const listener of [...listeners]) listener(parsed.data);
  });

  return {
    exclusive<T>(task: () => Promise<T>): Promise<T> {
      // The in-tab mutex first, so one tab never queues twice on the browser-wide lock.
      return inTab.exclusive(() => (locks ? locks.request(REFRESH_LOCK_NAME, task) : task()));
    },
    publish(change: SessionChange) {
      channel?.postMessage(change);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

function defaultLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ?? null;
}

function defaultChannel(): ChannelLike | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL_NAME) : null;
}
