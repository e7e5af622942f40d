import type { CallSession } from '@/shared/calls/call-session';
import type { Role } from '@/shared/contracts/roles';
import type { Workspace } from '@/shared/contracts/workspace';
import { isCallLive } from '@/shared/domain/call-clock';
import { usesZohoVendor } from '@/shared/domain/workspace-features';
import { widgetsForRole } from './panel-widgets';

// The panel's part in the active call (issue #13): whether this tab can show the call's
// wizard (the background's one-place decision), asking before the last tab showing a
// live call closes, and the header's hang-up when no wizard on the page takes it.

export const CALL_FLOW_TAG = 'intake-call-flow';

/**
 * What the tab tells the background (transport.setCallFacts): a mounted panel, for a
 * signed-in user whose widgets include <intake-call-flow>, in a workspace that is not
 * Zoho-vendor (spec 4 Call-flow guard). The workspace is not known yet: false.
 */
export function canShowCallFlow(input: {
  mounted: boolean;
  role: Role | null | undefined;
  isDefined: (tag: string) => boolean;
  workspace: Workspace | null | undefined;
}): boolean {
  if (!input.mounted || !input.workspace) return false;
  if (usesZohoVendor(input.workspace)) return false;
  return widgetsForRole(input.role, input.isDefined).includes(CALL_FLOW_TAG);
}

/** Whether closing this tab should ask first: a live call no other page shows. */
export function shouldGuardUnload(calls: CallSession, showsCallFlow: boolean): boolean {
  const snapshot = calls.get();
  return showsCallFlow && isCallLive(snapshot.call) && snapshot.otherViewers === 0;
}

/**
 * issue #13 "Closing the last tab that shows a live call asks first": a beforeunload
 * handler while this tab is the last that shows the live call, removed when the call
 * ends, another tab shows it, or the panel goes away (signal).
 */
export function guardUnloadWhileLastViewer(
  calls: CallSession,
  win: Window,
  signal: AbortSignal,
  showsCallFlow: () => boolean,
): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers ask only when returnValue is set.
    event.returnValue = '';
  };
  let guarding = false;
  const update = () => {
    const want = !signal.aborted && shouldGuardUnload(calls, showsCallFlow());
    if (want === guarding) return;
    guarding = want;
    if (want) win.addEventListener('beforeunload', onBeforeUnload);
    else win.removeEventListener('beforeunload', onBeforeUnload);
  };
  const stop = calls.subscribe(update);
  signal.addEventListener(
    'abort',
    () => {
      stop();
      update();
    },
    { once: true },
  );
  update();
  return update;
}

/** How long a panel that opened for a hang-up waits for its call-flow widget to take it. */
export const HANG_UP_HANDOFF_MS = 5000;
const HANG_UP_RETRY_MS = 250;

/**
 * The header's hang-up (spec 2 Top bar). The page's call-flow wizard answers
 * calls.requestHangUp() with its own confirm and hang-up. When none answers because the
 * panel is collapsed (its widgets are not mounted), the panel opens and asks again while
 * the widget mounts; when still none answers (no call-flow widget for this role, or it
 * never came), the panel asks its own confirm (`askHere`). Registered first, so every
 * wizard's listener, newer, is asked before it.
 */
export function panelHangUpFallback(options: {
  calls: CallSession;
  signal: AbortSignal;
  /** Opens the panel (not saved) when it is collapsed; answers whether it was. */
  openForCall: () => boolean;
  /** The panel's own confirm, then hangUp and reset. */
  askHere: () => void;
}): void {
  const { calls, signal } = options;
  let handingOff = false;
  let reached = false;
  const stop = calls.onHangUpRequest(() => {
    if (handingOff) {
      reached = true;
      return true;
    }
    if (!isCallLive(calls.get().call)) return false;
    if (!options.openForCall()) {
      options.askHere();
      return true;
    }
    const deadline = Date.now() + HANG_UP_HANDOFF_MS;
    const timer = setInterval(() => {
      reached = false;
      handingOff = true;
      calls.requestHangUp();
      handingOff = false;
      const widgetTookIt = !reached;
      if (!widgetTookIt && Date.now() < deadline && !signal.aborted) return;
      clearInterval(timer);
      if (!widgetTookIt && !signal.aborted && isCallLive(calls.get().call)) options.askHere();
    }, HANG_UP_RETRY_MS);
    signal.addEventListener('abort', () => clearInterval(timer), { once: true });
    return true;
  });
  signal.addEventListener('abort', stop, { once: true });
}

/** Hangs the call up at the provider, then forgets it (spec 4 Hang up, Reset). */
export async function hangUpAndReset(calls: CallSession): Promise<void> {
  await calls.hangUp().catch(() => undefined);
  await calls.reset().catch(() => undefined);
}
