import { browser } from 'wxt/browser';
import { removePanelView } from '@/extension/lib/panel-view-paint';
import { isSupportedPage, type SiteFamily } from '@/extension/lib/site-families';
import { loadSettings } from '@/extension/lib/settings-storage';
import { createPortTransport, type PortLike } from '@/shared/transport/port-transport';
import { startCallButtons } from './click-to-call/start-click-to-call';
import { canShowCallFlow, guardUnloadWhileLastViewer } from './panel-calls';
import { mountPanelFrame, type PanelFrameHost } from './panel-frame-host';
import { firstFigureWidget } from './panel-widgets';
import { createPortCallSession } from './port-call-session';
import { createPortHostSession, signedInKey } from './port-host-session';
import { watchLocation } from './watch-location';

export interface StartPanelOptions {
  family: SiteFamily;
  /** The content script's lifetime (WXT's ctx.signal: aborted when the extension goes away). */
  signal: AbortSignal;
  /** The port the loader opened before this module arrived (start-site.ts), if any. */
  port?: PortLike | null;
}

/** Resolves once the page has a body to mount on (should a content script start earlier). */
function domReady(signal: AbortSignal): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => {
    document.addEventListener('DOMContentLoaded', () => resolve(), { once: true, signal });
  });
}

let started = false;

/**
 * The CRM page's side of the panel, loaded by every site family's content script. The
 * panel itself — its widgets, the call-flow wizard, the click-to-call dialogs, every
 * place the agent types — renders in the panel frame (issue #29, panel-frame.ts), an
 * extension page the CRM page's scripts cannot listen to. This side keeps what belongs to
 * the page: whether it is a supported record page (its URL, the CRM's single-page
 * navigation), the frame's host while someone is signed in there, the call buttons next
 * to the page's phone numbers, and asking before the last tab showing a live call closes.
 */
export async function startPanel({ family, signal, port }: StartPanelOptions): Promise<void> {
  if (started) return;
  started = true;
  let early = port ?? null;
  const transport = createPortTransport({
    connect: (name) => {
      const given = early;
      early = null;
      return given ?? (browser.runtime.connect({ name }) as unknown as PortLike);
    },
  });
  // The host session (who may click to call) and the active call (the closing guard).
  const session = createPortHostSession(transport);
  const calls = createPortCallSession(transport);
  const getURL = browser.runtime.getURL as (path: string) => string;
  const { settings } = await loadSettings();
  if (!settings.sites[family] || signal.aborted) {
    removePanelView();
    session.dispose();
    transport.close();
    return;
  }
  await domReady(signal);
  if (signal.aborted) return;

  let mounted: { key: string; controller: AbortController; frame: PanelFrameHost } | null = null;

  // issue #13: whether this tab shows a call's wizard (the frame's panel, for a role and a
  // workspace that run call flows): what decides whether closing it asks first.
  function showsCallFlow(): boolean {
    const state = transport.sessionState();
    return canShowCallFlow({
      mounted: mounted !== null && state?.status === 'signed-in',
      role: state?.user?.role,
      // Every widget is defined in the frame.
      isDefined: () => true,
      workspace: session.hostSession()?.workspace,
    });
  }

  function evaluate(): void {
    const state = transport.sessionState();
    const url = window.location.href;
    const onRecord = isSupportedPage(family, url, settings.extraKeapHosts);
    // Not the URL (issue #14): moving from record to record inside the CRM's single-page
    // app keeps the panel, its figures and its click-to-call buttons (whose observer
    // follows the page's new content); only leaving the record pages or another user
    // unmounts it.
    const key = onRecord ? signedInKey(state) : '';
    if (mounted && mounted.key === key) return;
    mounted?.controller.abort();
    mounted = null;
    if (key === '' || !state) {
      // Until the background has said who is signed in, the last view stays (a busy
      // background must not blank the panel's place; the loader removes it after 10 s).
      if (state || !onRecord) removePanelView();
      return;
    }
    const controller = new AbortController();
    signal.addEventListener('abort', () => controller.abort(), { once: true });
    // The last page's view (painted by the loader) gives way once the frame's panel shows
    // its figures (the frame says so at the latest 1.5 s after it mounted).
    const frame = mountPanelFrame({
      family,
      first: firstFigureWidget(state.user?.role),
      signal: controller.signal,
      getURL,
      onFigures: () => removePanelView(),
    });
    mounted = { key, controller, frame };
    guardUnloadWhileLastViewer(calls, window, controller.signal, showsCallFlow);
    // issue #13 click-to-call: buttons next to the page's phone numbers for as long as this
    // mount lives. A press goes to the frame's dialogs through the background (the page's
    // own scripts could forge a postMessage), with the keyboard focus: the agent may type a
    // number there.
    startCallButtons({
      family,
      signal: controller.signal,
      session: {
        get: () => {
          const { state, hostSession } = session.get();
          return state?.status === 'signed-in' ? hostSession : null;
        },
        subscribe: session.subscribe,
      },
      onCall: (request, how) => {
        // The pressed button (its host: a closed root that delegates focus).
        frame.focusFrameFor(document.activeElement);
        transport.sendPanelCall({ ...request, pointer: how.pointer });
      },
    });
  }

  transport.onSessionState(evaluate);
  watchLocation(evaluate, signal);
  signal.addEventListener(
    'abort',
    () => {
      mounted?.controller.abort();
      session.dispose();
      transport.close();
    },
    { once: true },
  );
  evaluate();
}
