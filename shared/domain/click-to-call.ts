import type { Agent } from '@/shared/contracts/lookups';
import type { Role } from '@/shared/contracts/roles';
import type { Workspace } from '@/shared/contracts/workspace';
import { stripPhone } from './phone';
import {
  isDialableInUs,
  isValidDialNumber,
  NON_US_NUMBER_WARNING,
  PHONE_MIN_LENGTH,
  toUsE164,
} from './phone-dialing';
import { MANAGERS_AND_OPERATORS } from './role-groups';
import { isCallTrackingEnabled, isZohoWorkspace } from './workspace-features';

// The click-to-call dialogs' rules (issue #13; spec: session 2 Dialogs, 4 Click-to-call,
// 5 custom dial number, 6/8 the CRM alerts), beside the phone rules of ./phone-dialing.ts.

/** spec: session 2 — "A choice of 0 means cancelled and no call starts". */
export const OUTCOME_CANCELLED = 0;

/** One button of the outcome dialog: its value is what the host receives with the call. */
export interface CallOutcome {
  value: number;
  label: string;
}

/**
 * The spec lists "outcome buttons" without naming them: by default Cancel (0) and Call
 * (1). A host may offer more (e.g. "Call and open intake" = 2) and act on the value.
 */
export const DEFAULT_CALL_OUTCOMES: readonly CallOutcome[] = [
  { value: OUTCOME_CANCELLED, label: 'Cancel' },
  { value: 1, label: 'Call' },
];

/** spec: session 8 "CRM not authorized" (exact text). */
export const CRM_NOT_AUTHORIZED_MESSAGE =
  'CRM connection not authorized. Call Flows will not function properly as a result. Please communicate with your administrator or contact support to resolve the issue.';

/** spec: session 6, 8 — the information alert's title (exact text). */
export const ZOHO_NOT_LINKED_TITLE = 'Agent not linked to Zoho User';
/** spec: session 6 — the alert "says team reporting will be inaccurate" (wording ours). */
export const ZOHO_NOT_LINKED_MESSAGE =
  'Your agent record is not linked to a Zoho User, so team reporting will be inaccurate until an administrator links it.';

export const DIAL_NUMBER_REQUIRED = 'Enter the number to call.';
export const DIAL_NUMBER_CHARACTERS = 'Use digits only, with an optional leading plus.';
export const DIAL_NUMBER_TOO_SHORT = `Enter at least ${PHONE_MIN_LENGTH} digits.`;

export type DialNumberCheck = { ok: true; number: string } | { ok: false; reason: string };

/**
 * A number the agent types (spec: session 5 custom dial number: at least 10 characters,
 * digits with an optional leading plus; Phone validation uses the US). Separators people
 * type or paste — spaces, dashes, dots, parentheses — are removed first, as the server
 * does before its own check (so "+1 312 555 0142" is fine); letters are not. A well-formed
 * number that is not a US one is refused with the spec's non-US warning, since the phone
 * system cannot dial it. `number` is the E.164 form sent as call_number.
 */
export function checkDialNumber(entry: string): DialNumberCheck {
  const stripped = stripPhone(entry.trim());
  if (stripped === '') return { ok: false, reason: DIAL_NUMBER_REQUIRED };
  if (!/^\+?\d+$/.test(stripped)) return { ok: false, reason: DIAL_NUMBER_CHARACTERS };
  if (!isValidDialNumber(stripped)) return { ok: false, reason: DIAL_NUMBER_TOO_SHORT };
  if (!isDialableInUs(stripped)) return { ok: false, reason: NON_US_NUMBER_WARNING };
  return { ok: true, number: toUsE164(stripped) ?? stripped };
}

/**
 * spec: session 4 — "Starting a call needs the agent linked to a call-tracking user id".
 * True only when the session's agent record is known and has none; without an agent
 * record the server decides (it answers CTM_NOT_LINKED_STATUS).
 */
export function knownNotLinkedToCallTracking(agent: Pick<Agent, 'ctmUserId'> | null): boolean {
  return agent !== null && !agent.ctmUserId;
}

/**
 * spec: session 6 — in a Zoho workspace, an agent record without a Zoho user gets the
 * "Agent not linked to Zoho User" information alert.
 */
export function agentNotLinkedToZoho(
  workspace: Workspace | null,
  agent: Pick<Agent, 'zohoUserId'> | null,
): boolean {
  return isZohoWorkspace(workspace) && agent !== null && !agent.zohoUserId;
}

/**
 * spec: session 3 (vendors.needsAuth list), 8 "CRM not authorized": the workspace's CRM
 * vendor is waiting for authorization.
 */
export function crmNeedsAuthorization(workspace: Workspace | null): boolean {
  return (workspace?.attributes.vendors.needsAuth.length ?? 0) > 0;
}

/**
 * Who gets call buttons (issue #13): the roles that take calls (owner, admin, operator:
 * the agent dashboard's and call flows' roles, dashboards 6), in a workspace with call
 * tracking (the same rule as the 'callTracking' route guard): without a call-tracking
 * account no call can be placed, so a button would only lead to an error.
 */
export function canClickToCall(
  role: Role | null | undefined,
  workspace: Workspace | null | undefined,
): boolean {
  return role != null && MANAGERS_AND_OPERATORS.includes(role) && isCallTrackingEnabled(workspace);
}
