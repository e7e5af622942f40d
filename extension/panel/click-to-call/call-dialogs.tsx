import { useEffect, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import BUTTON_CSS from '@/app/components/button/button.css?inline';
import FIELD_CSS from '@/app/components/field/field.css?inline';
import ICON_CSS from '@/app/components/icon/icon.css?inline';
import MODAL_CSS from '@/app/components/dialog/modal.css?inline';
import VISUALLY_HIDDEN_CSS from '@/app/components/visually-hidden/visually-hidden.css?inline';
import CLICK_TO_CALL_CSS from '@/app/calls/click-to-call/click-to-call.css?inline';
import {
  CrmSessionAlerts,
  DialogFocusContext,
  useClickToCall,
  type CallRequest,
} from '@/app/calls/click-to-call';
import { HostContext, useHost, type Host } from '@/app/host/host';
import { createHostQueryClient } from '@/app/query/create-host-query-client';
import { DataProvider } from '@/app/query/data-provider';
import TOKENS_CSS from '@/app/styles/tokens.css?inline';
import { CALL_DIALOGS_TAG } from './tags';

// ?inline: the CSS as text for our shadow root (a plain import goes to the widgets' CSS
// registry in the panel build, not here).
const DIALOGS_CSS = [
  TOKENS_CSS,
  ICON_CSS,
  BUTTON_CSS,
  FIELD_CSS,
  // The frame every dialog shares (app/components/dialog/modal.tsx).
  MODAL_CSS,
  // The fields' screen-reader text (.ic-visually-hidden).
  VISUALLY_HIDDEN_CSS,
  CLICK_TO_CALL_CSS,
  // The app's document typography (app/styles/app.css body): the dialogs inherit from
  // nothing else (in the panel frame, issue #29, not from the CRM page).
  ':host { font-family: var(--ic-font); font-size: var(--ic-text-md); line-height: 1.5; color: var(--ic-text); -webkit-font-smoothing: antialiased; }',
].join('\n');

/** Above the CRM's overlays and our own side panel (mount-panel.ts PANEL_Z_INDEX + 1). */
const DIALOGS_Z_INDEX = '2147483001';

/** Where "the CRM alerts were shown for this sign-in" is kept (extension storage). */
export const CALL_ALERTS_SHOWN_KEY = 'intake.clickToCall.alertsShownFor';

const dialogRoots = new WeakMap<HTMLElement, ShadowRoot>();

/** The dialogs' closed shadow root, for the runtime's tests only. */
export function callDialogsShadowRoot(host: Element): ShadowRoot | null {
  return dialogRoots.get(host as HTMLElement) ?? null;
}

export interface CallDialogs {
  /**
   * Opens the number picker for this person (ignored while a flow is open). `pointer`:
   * pressed with a pointer, so the dialog's focus shows no keyboard ring — the panel
   * frame's document saw no click of its own to tell it so (issue #29).
   */
  startCall(request: CallRequest & { pointer?: boolean }): void;
  /** The dialogs' host element (in the page, empty until a dialog opens). */
  element: HTMLElement;
}

/**
 * spec: session 6, 8 — the CRM alerts once per sign-in, not on every CRM page the agent
 * opens: whether they were shown is kept in the extension's storage by user and workspace.
 */
function SessionAlertsOnce() {
  const { storage, session } = useHost();
  const identity = `${session.user?.id}|${session.workspace?.id}`;
  const [show, setShow] = useState(false);
  useEffect(() => {
    let live = true;
    void storage
      .get(CALL_ALERTS_SHOWN_KEY)
      .then(async (shownFor) => {
        if (!live || shownFor === identity) return;
        setShow(true);
        await storage.set(CALL_ALERTS_SHOWN_KEY, identity);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [storage, identity]);
  return show ? <CrmSessionAlerts /> : null;
}

function ClickToCallDialogs({ bind }: { bind: (start: (request: CallRequest) => void) => void }) {
  const { calls, notify } = useHost();
  const { startCall, dialogs } = useClickToCall({
    // spec 4 Outbound: the started call becomes the background's active call, so every
    // tab shows it and the call-flow widget can take it.
    onCallStarted: (call) => {
      void calls?.outbound(call.call, call.name).catch(() => {
        notify(
          'danger',
          'The call started, but the extension could not keep it as the active call.',
        );
      });
    },
  });
  useLayoutEffect(() => bind(startCall), [bind, startCall]);
  return (
    <>
      {dialogs}
      <SessionAlertsOnce />
    </>
  );
}

/** Fixed on the host itself, !important, so the CRM's stylesheets cannot hide it. */
function pinHost(host: HTMLElement): void {
  const set = (name: string, value: string) => host.style.setProperty(name, value, 'important');
  set('position', 'fixed');
  set('top', '0');
  set('left', '0');
  set('width', '0');
  set('height', '0');
  set('overflow', 'visible');
  set('z-index', DIALOGS_Z_INDEX);
  set('display', 'block');
  set('margin', '0');
  set('padding', '0');
}

/**
 * The click-to-call flow of a CRM page (issue #13): picker → outcome → POST ctm/calls →
 * PUT connected, 'Uh oh!', call-again, and the CRM alerts, rendered by the app's
 * `useClickToCall` inside `<intake-call-dialogs>`'s closed shadow root with its styles.
 * `host` is the tab's widget host plus the background's CallSession. Aborting `signal`
 * removes it.
 */
export function mountCallDialogs(options: {
  host: Host;
  signal: AbortSignal;
  doc?: Document;
  /** Closed on a CRM page (default); open in the panel frame, which the page cannot reach. */
  shadowMode?: ShadowRootMode;
}): CallDialogs {
  const doc = options.doc ?? document;
  for (const stray of doc.querySelectorAll(CALL_DIALOGS_TAG)) stray.remove();
  const element = doc.createElement(CALL_DIALOGS_TAG);
  const dark = (doc.defaultView ?? window).matchMedia?.('(prefers-color-scheme: dark)');
  element.setAttribute('data-theme', dark?.matches ? 'dark' : 'light');
  pinHost(element);
  const root = element.attachShadow({ mode: options.shadowMode ?? 'closed' });
  dialogRoots.set(element, root);
  const style = doc.createElement('style');
  style.textContent = DIALOGS_CSS;
  const container = doc.createElement('div');
  root.append(style, container);
  (doc.body ?? doc.documentElement).append(element);

  let start: ((request: CallRequest) => void) | null = null;
  // A press with a pointer: the first dialog it opens takes the focus without a ring, as
  // it did in the page whose click the browser saw (this document saw none).
  let quietFocus = false;
  const focusOptions = (): FocusOptions | undefined => {
    if (!quietFocus) return undefined;
    quietFocus = false;
    // focusVisible: Chromium, Firefox and Safari know it; TypeScript 5.9's DOM types not yet.
    return { focusVisible: false } as FocusOptions;
  };
  const bind = (next: (request: CallRequest) => void) => {
    start = next;
  };
  const reactRoot = createRoot(container);
  // Synchronously, so a button pressed right after mounting finds the flow ready.
  flushSync(() =>
    reactRoot.render(
      <DataProvider client={createHostQueryClient()} session={options.host.session}>
        <HostContext.Provider value={options.host}>
          <DialogFocusContext.Provider value={focusOptions}>
            <ClickToCallDialogs bind={bind} />
          </DialogFocusContext.Provider>
        </HostContext.Provider>
      </DataProvider>,
    ),
  );
  options.signal.addEventListener(
    'abort',
    () => {
      reactRoot.unmount();
      element.remove();
    },
    { once: true },
  );
  return {
    element,
    startCall: ({ pointer, ...request }) => {
      if (options.signal.aborted) return;
      quietFocus = pointer === true;
      start?.(request);
    },
  };
}
