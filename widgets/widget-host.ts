import type { Host } from '@/app/host/host';
import type { ApiClient } from '@/shared/api/client';
import type { CallSession } from '@/shared/calls/call-session';
import type { HostSession } from '@/shared/session/host-session';
import type { KeyValueStorage } from '@/shared/storage/storage';
import type { Notifier } from '@/shared/transport/notifier';

/**
 * ARCHITECTURE.md "Navigation out of a widget": an app path opens the standalone app at
 * that path in a new tab. Only paths of the app (starting with one "/") are followed.
 */
export function openInApp(
  appOrigin: string,
  path: string,
  open: typeof window.open = window.open.bind(window),
): void {
  if (!appOrigin || !path.startsWith('/') || path.startsWith('//')) return;
  const url = new URL(path, appOrigin);
  if (url.origin !== new URL(appOrigin).origin) return;
  open(url.href, '_blank', 'noopener,noreferrer');
}

/** The Host a widget's screen runs in, whichever transport the API client has. */
export function createWidgetHost(options: {
  api: ApiClient;
  storage: KeyValueStorage;
  session: HostSession;
  appOrigin: string;
  notify: Notifier;
  /** The active call (a CRM tab's panel: the background's); absent in the script-tag embed. */
  calls?: CallSession;
}): Host {
  return {
    api: options.api,
    storage: options.storage,
    session: options.session,
    notify: options.notify,
    navigate: (path) => openInApp(options.appOrigin, path),
    ...(options.calls ? { calls: options.calls } : {}),
  };
}
