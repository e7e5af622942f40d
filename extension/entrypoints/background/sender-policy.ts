import { PANEL_FRAME_PATH } from '@/extension/lib/panel-frame-protocol';
import { isSiteOrigin } from '@/extension/lib/site-families';
import {
  parseAppLiveMessage,
  parseClientMessage,
  parseExternalMessage,
  type AppLiveMessage,
  type ClientMessage,
  type ClientMessageKind,
  type ExternalMessage,
} from '@/shared/transport/port-protocol';

/**
 * Who may talk to the background, decided in one place (STYLE.md: Bitwarden's sender
 * policy). Trust comes from what the browser fills in — `sender.id` and `sender.origin`
 * — never from anything a page controls. Anything unclassified is dropped.
 */
export type SenderClass =
  /**
   * A CRM tab's side (untrusted, ARCHITECTURE.md): our content script in the top frame of
   * a CRM page, or our panel frame inside one (issue #29: the panel's widgets, where the
   * agent types, live in an extension page framed by that CRM page). One class, so the
   * frame can never be given more than the content script has.
   */
  | 'content-script'
  /** One of our own pages: popup, options. */
  | 'extension-page';

/** The fields of runtime.MessageSender the policy reads. */
export interface SenderLike {
  id?: string;
  url?: string;
  origin?: string;
  /** `url`: the tab's top-level address, which the browser fills in for our sites' tabs. */
  tab?: { id?: number; windowId?: number; url?: string };
  frameId?: number;
}

export interface SelfIdentity {
  /** browser.runtime.id */
  id: string;
  /** chrome-extension://<id> or moz-extension://<uuid> */
  origin: string;
}

function originOf(sender: SenderLike): string | null {
  if (sender.origin && sender.origin !== 'null') return sender.origin;
  if (!sender.url) return null;
  try {
    return new URL(sender.url).origin;
  } catch {
    return null;
  }
}

/**
 * Classifies a sender of a runtime port or message from inside the extension.
 * `extraKeapHosts`: the admin's own Keap hosts whose content script is registered.
 */
export function classifySender(
  sender: SenderLike | undefined | null,
  self: SelfIdentity,
  extraKeapHosts: readonly string[] = [],
): SenderClass | null {
  if (!sender || typeof sender !== 'object') return null;
  // Another extension, or a web page through externally_connectable: never here.
  if (!sender.id || sender.id !== self.id) return null;
  const origin = originOf(sender);
  if (!origin) return null;
  const inTab = typeof sender.tab?.id === 'number' && sender.tab.id >= 0;
  if (origin === self.origin) {
    if (!isPanelFrame(sender, self)) return 'extension-page';
    // Our panel frame (issue #29) is a CRM tab's panel wherever it is loaded: a sub-frame
    // of a tab whose top page is one of our sites, or nothing. A site may frame the page
    // itself (it is web-accessible); it gets no more than our content script there has.
    const top = inTab ? originOfUrl(sender.tab?.url) : null;
    const framed = typeof sender.frameId === 'number' && sender.frameId > 0;
    return framed && top !== null && isSiteOrigin(top, extraKeapHosts) ? 'content-script' : null;
  }
  // Our content scripts run in the top frame of the sites they are registered on only
  // (issue #9): any other origin is a script we never put there.
  if (inTab && sender.frameId === 0 && isSiteOrigin(origin, extraKeapHosts)) {
    return 'content-script';
  }
  return null;
}

function originOfUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a sender is our panel frame (extension/public/panel-frame.html): our origin and
 * that page's path, both filled in by the browser for our own pages (a web page cannot
 * claim our origin). The router sends it the click-to-call presses of its tab.
 */
export function isPanelFrame(sender: SenderLike | undefined | null, self: SelfIdentity): boolean {
  if (!sender?.url || originOf(sender) !== self.origin) return false;
  // By prefix: URL.origin of an extension scheme is "null" outside a browser's own.
  if (!sender.url.startsWith(`${self.origin}/`)) return false;
  try {
    return new URL(sender.url).pathname === PANEL_FRAME_PATH;
  } catch {
    return false;
  }
}

/** The standalone app, through externally_connectable, at exactly the configured origin. */
export function classifyExternalSender(
  sender: SenderLike | undefined | null,
  appOrigin: string,
): 'app-page' | null {
  if (!sender || typeof sender !== 'object') return null;
  // A message with an id comes from an extension (ours uses the internal channel).
  if (sender.id) return null;
  const origin = originOf(sender);
  if (!origin || origin !== appOrigin) return null;
  return typeof sender.tab?.id === 'number' ? 'app-page' : null;
}

/**
 * The schema table: every kind, and which senders may send it. Content scripts serve
 * widgets (requests, events, storage, the public session, the live feed of the panel's
 * notification centre); only our own pages may sign in or out. The app's live port has
 * its own, smaller table (acceptAppLiveMessage).
 */
export const MESSAGE_RIGHTS: Record<ClientMessageKind, readonly SenderClass[]> = {
  request: ['content-script', 'extension-page'],
  subscribe: ['content-script', 'extension-page'],
  unsubscribe: ['content-script', 'extension-page'],
  'session:get': ['content-script', 'extension-page'],
  'host-session:get': ['content-script', 'extension-page'],
  'storage:get': ['content-script', 'extension-page'],
  'storage:set': ['content-script', 'extension-page'],
  'storage:remove': ['content-script', 'extension-page'],
  'storage:clear': ['content-script', 'extension-page'],
  'auth:sign-in': ['extension-page'],
  'auth:sign-out': ['extension-page'],
  'live:get': ['content-script', 'extension-page'],
  'live:mark-read': ['content-script', 'extension-page'],
  'live:mark-all-read': ['content-script', 'extension-page'],
  'live:visibility': ['content-script', 'extension-page'],
  'live:reload': ['content-script', 'extension-page'],
  'call:get': ['content-script', 'extension-page'],
  'call:claim': ['content-script', 'extension-page'],
  'call:outbound': ['content-script', 'extension-page'],
  'call:hang-up': ['content-script', 'extension-page'],
  'call:reset': ['content-script', 'extension-page'],
  'call:take-waiting': ['content-script', 'extension-page'],
  'call:leave-waiting': ['content-script', 'extension-page'],
  'call:wizard-moved': ['content-script', 'extension-page'],
  'call:flow-get': ['content-script', 'extension-page'],
  'call:flow-set': ['content-script', 'extension-page'],
  'call:flow-remove': ['content-script', 'extension-page'],
  'call:facts': ['content-script', 'extension-page'],
  // Only a CRM tab's panel has a look to keep and a loader to paint it.
  'panel:view-put': ['content-script'],
  'panel:view-get': ['content-script'],
  // A CRM page's call button, for its tab's panel frame (issue #29).
  'panel:call': ['content-script'],
};

/** A message from an accepted sender: schema-checked and allowed for that sender, else null. */
export function acceptClientMessage(
  senderClass: SenderClass | null,
  raw: unknown,
): ClientMessage | null {
  if (!senderClass) return null;
  const message = parseClientMessage(raw);
  if (!message) return null;
  return MESSAGE_RIGHTS[message.kind].includes(senderClass) ? message : null;
}

export function acceptExternalMessage(
  sender: SenderLike | undefined | null,
  appOrigin: string,
  raw: unknown,
): ExternalMessage | null {
  if (!classifyExternalSender(sender, appOrigin)) return null;
  return parseExternalMessage(raw);
}

/**
 * A message on the standalone app's live port (issue #12): only from the configured app
 * origin (the hand-over's own check), and only the live kinds; else null.
 */
export function acceptAppLiveMessage(
  sender: SenderLike | undefined | null,
  appOrigin: string,
  raw: unknown,
): AppLiveMessage | null {
  if (!classifyExternalSender(sender, appOrigin)) return null;
  return parseAppLiveMessage(raw);
}
