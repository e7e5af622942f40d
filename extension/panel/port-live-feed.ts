import { mirrorLiveFeed } from '@/app/live/extension-live-feed';
import type { LiveFeed } from '@/shared/live/live-feed';
import type { PortTransport } from '@/shared/transport/port-transport';

/**
 * The background's one live feed, in a CRM tab or one of our pages (issue #12): the
 * snapshot the background pushes to every port, and reads sent back to it, so a
 * notification read in one tab is read in every tab and in the app. A failed mark-read
 * changes nothing here (the background keeps and retries what it marked).
 */
export function createPortLiveFeed(transport: PortTransport): LiveFeed {
  return mirrorLiveFeed({
    get: () => transport.liveState(),
    subscribe: (listener) => transport.onLiveState(() => listener()),
    async markRead(ids) {
      await transport.call({ kind: 'live:mark-read', ids: [...ids] }).catch(() => {});
    },
    async markAllRead() {
      await transport.call({ kind: 'live:mark-all-read' }).catch(() => {});
    },
    reload: () => transport.reloadLive(),
  });
}
