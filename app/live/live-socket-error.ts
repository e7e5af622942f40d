import { en } from '@/shared/i18n/en';
import type { LiveFeed } from '@/shared/live/live-feed';
import { SOCKET_ERROR_TOAST_ID } from '@/shared/transport/direct-transport';
import type { NoticeDismisser, Notifier } from '@/shared/transport/notifier';

/**
 * The persistent "Socket Connection Error!" toast (spec: session 4 Sockets) for whichever
 * socket the app's live feed runs on, until it is connected again (issue #28). With the
 * extension's feed the app has no socket of its own, so nothing else would tell the
 * agent that the browser's one socket is down; with its own feed its transport shows the
 * same toast under the same id, which the toaster shows once. Answers the unsubscribe.
 */
export function followLiveSocketError(
  feed: Pick<LiveFeed, 'get' | 'subscribe'>,
  notify: Notifier,
  dismiss: NoticeDismisser,
): () => void {
  let shown = false;
  const apply = () => {
    const inError = feed.get().socket === 'error';
    if (inError === shown) return;
    shown = inError;
    if (inError) {
      notify('danger', en.SOCKET_ERROR_BODY, {
        title: en.SOCKET_ERROR_TITLE,
        persistent: true,
        id: SOCKET_ERROR_TOAST_ID,
      });
    } else {
      dismiss(SOCKET_ERROR_TOAST_ID);
    }
  };
  apply();
  return feed.subscribe(apply);
}
