import type { ActiveCall } from '@/shared/contracts/active-call';
import {
  type IncomingCallEventData,
  incomingCallEventSchema,
} from '@/shared/contracts/call-tracking';
import { isCallLive } from './call-clock';

// Incoming calls (spec: session 4 Sockets "incomingCalls::{userId}"; issue #13 Incoming
// calls): whether an event is taken, the one place it is shown when the extension is
// there, and the process a call that names none runs. The choices where the spec is
// silent are written up in docs/calls-in-crm-tabs.md.

// ---------------------------------------------------------------- (a) taken or ignored

export type IgnoredIncomingCallReason =
  'not-signed-in' | 'status-not-200' | 'unreadable' | 'call-in-progress' | 'already-taken';

export type IncomingCallDecision =
  | { taken: true; call: IncomingCallEventData }
  | { taken: false; reason: IgnoredIncomingCallReason };

/**
 * spec 4: "ignored unless statusCode is 200, no call is in progress and a user is logged
 * in". Also ignored: a payload that does not read as a call, and the call already held
 * (the same event reaching the app and the extension, or a socket redelivering it, must
 * not start a second wizard). A call that has ended does not block the next one.
 */
export function acceptIncomingCall(input: {
  payload: unknown;
  userId: string | null;
  activeCall: ActiveCall | null;
}): IncomingCallDecision {
  if (!input.userId) return { taken: false, reason: 'not-signed-in' };
  const payload = input.payload;
  if (
    typeof payload !== 'object' ||
    payload === null ||
    (payload as { statusCode?: unknown }).statusCode !== 200
  ) {
    return { taken: false, reason: 'status-not-200' };
  }
  const parsed = incomingCallEventSchema.safeParse(payload);
  if (!parsed.success) return { taken: false, reason: 'unreadable' };
  const call = parsed.data.data;
  if (input.activeCall?.callId === call.callId) return { taken: false, reason: 'already-taken' };
  if (isCallLive(input.activeCall)) return { taken: false, reason: 'call-in-progress' };
  return { taken: true, call };
}

/**
 * The call an event names, when it reads as one (whatever the decision): a call ignored as
 * "call in progress" still waits beside the live one (issue #28, shared/domain/call-line.ts).
 */
export function incomingCallOf(payload: unknown): IncomingCallEventData | null {
  const parsed = incomingCallEventSchema.safeParse(payload);
  return parsed.success ? parsed.data.data : null;
}

// ---------------------------------------------------------------- (b) the one place

/** What the background knows about one open tab of ours (a CRM page or the app). */
export interface OpenTab {
  tabId: number;
  windowId: number;
  /** A CRM page our panel runs on (Keap, Zoho, CallTrackingMetrics), or the app. */
  kind: 'crm' | 'app';
  /** The selected tab of its window. */
  active: boolean;
  /** Its window has the focus (at most one window has). */
  windowFocused: boolean;
  /** When the agent last had this tab in front of them (ms since epoch), or null. */
  lastFocusedAt: number | null;
  /** Its panel can show the call-flow widget (the content script answered, the page allows it). */
  canShowCallFlow: boolean;
}

export type IncomingCallPlace =
  /** The agent's focused CRM tab: its panel opens on the call-flow widget. */
  | { kind: 'crm-tab'; tabId: number }
  /** The agent is looking at the app (or only the app is open): it opens the automated intake. */
  | { kind: 'app'; tabId: number }
  /** Nobody is looking: a browser notification, whose click does `onClick`. */
  | {
      kind: 'notification';
      onClick: { kind: 'focus-crm-tab'; tabId: number } | { kind: 'open-crm-tab' };
    };

function isInFront(tab: OpenTab): boolean {
  return tab.active && tab.windowFocused;
}

/** Most recently focused first; never focused last; then the lower tab id (stable). */
function byRecency(a: OpenTab, b: OpenTab): number {
  const at = a.lastFocusedAt ?? Number.NEGATIVE_INFINITY;
  const bt = b.lastFocusedAt ?? Number.NEGATIVE_INFINITY;
  if (at !== bt) return bt - at;
  return a.tabId - b.tabId;
}

function mostRecent(tabs: readonly OpenTab[]): OpenTab | undefined {
  return [...tabs].sort(byRecency)[0];
}

/**
 * issue #13: the ONE place an incoming call is shown when the extension is there, so one
 * call never opens two wizards:
 * 1. the CRM tab in front of the agent (selected in the focused window) whose panel can
 *    show the call-flow widget;
 * 2. else the app, if it is in front of the agent;
 * 3. else, when a CRM tab that can show the call is open, a notification whose click
 *    focuses the most recently focused one of them;
 * 4. else, when only the app is open, the most recently focused app tab;
 * 5. else a notification whose click opens a CRM tab.
 */
export function placeForIncomingCall(tabs: readonly OpenTab[]): IncomingCallPlace {
  const crmTabs = tabs.filter((tab) => tab.kind === 'crm' && tab.canShowCallFlow);
  const appTabs = tabs.filter((tab) => tab.kind === 'app');

  const frontCrm = mostRecent(crmTabs.filter(isInFront));
  if (frontCrm) return { kind: 'crm-tab', tabId: frontCrm.tabId };

  const frontApp = mostRecent(appTabs.filter(isInFront));
  if (frontApp) return { kind: 'app', tabId: frontApp.tabId };

  const lastCrm = mostRecent(crmTabs);
  if (lastCrm)
    return { kind: 'notification', onClick: { kind: 'focus-crm-tab', tabId: lastCrm.tabId } };

  const lastApp = mostRecent(appTabs);
  if (lastApp) return { kind: 'app', tabId: lastApp.tabId };

  return { kind: 'notification', onClick: { kind: 'open-crm-tab' } };
}

// ---------------------------------------------------------------- (c) which process

/**
 * The process an incoming call that names none runs: the workspace's lead-generation
 * process (spec 3 Workspace processes.leadGeneration) when the workspace has it, else its
 * only process; null when that leaves a choice only the agent can make.
 */
export function processForUnnamedCall(
  processes: readonly { id: string }[],
  leadGenerationId: string | null,
): string | null {
  const leadGeneration = processes.find((process) => process.id === leadGenerationId);
  if (leadGeneration) return leadGeneration.id;
  return processes.length === 1 ? processes[0].id : null;
}
