import type { PortRequest } from '@/shared/transport/port-protocol';
import type { HttpMethod } from '@/shared/transport/transport';
import type { SenderClass } from './sender-policy';

/**
 * Which API calls the background sends on behalf of a port (issue #9 item 1). The
 * background puts the Bearer token on every request, so a content script — which Chrome
 * asks us to treat as possibly compromised — may send only the calls the widgets make,
 * inside the signed-in workspace. `auth/*` is refused from every port: extension pages
 * sign in through the dedicated `auth:sign-in` message, and nothing may mint or rotate a
 * session through a plain request (that is how a refresh token would reach a page).
 */

type Base = 'api' | 'callCenter';

/**
 * One allowed call. Pattern segments: a literal (compared byte for byte, so `%61uth` or
 * `AUTH` never match `auth`), `{ws}` (the signed-in workspace's id, nothing else), `{id}`
 * (any one plain segment) and `**` (one or more plain segments, last only).
 */
interface AllowedCall {
  methods: readonly HttpMethod[];
  base: Base;
  pattern: string;
}

const GET = ['GET'] as const;

/**
 * The widgets' calls (shared/api/**) and the call flow's and call tracking's (spec:
 * session-callflow-and-shell.md section 7), nothing else. Left out on purpose: users/*,
 * the workspace list and CRM record reads (ifs/{method}) (they would let a page read every
 * workspace); add them here with a test when a widget needs them.
 */
const CONTENT_SCRIPT_CALLS: readonly AllowedCall[] = [
  // Workspace and lookups (spec section 7 "Workspace and lookups"; shared/api/lookups.ts).
  { methods: GET, base: 'api', pattern: 'workspaces/{ws}' },
  { methods: GET, base: 'api', pattern: 'workspaces/{ws}/leadSources' },
  { methods: GET, base: 'api', pattern: 'workspaces/{ws}/campaigns' },
  { methods: GET, base: 'api', pattern: 'workspaces/{ws}/practiceAreas' },
  { methods: GET, base: 'api', pattern: 'workspaces/{ws}/offices' },
  { methods: GET, base: 'api', pattern: 'workspaces/{ws}/casetypes' },
  { methods: GET, base: 'api', pattern: 'workspaces/{ws}/crm/zoho/users' },
  { methods: GET, base: 'api', pattern: 'workspaces/{ws}/voip/providers/ctm/users' },
  { methods: GET, base: 'api', pattern: 'workspaces/{ws}/crm/zoho/organization' },
  { methods: GET, base: 'api', pattern: 'workspaces/{ws}/ifs/organization' },
  { methods: GET, base: 'api', pattern: 'users/roles' },
  { methods: GET, base: 'api', pattern: 'workspaces/editions' },
  { methods: GET, base: 'api', pattern: 'timezones' },
  { methods: GET, base: 'api', pattern: 'languages' },
  { methods: GET, base: 'api', pattern: 'addresses/countries' },
  { methods: GET, base: 'api', pattern: 'addresses/regions' },
  { methods: GET, base: 'api', pattern: 'agents' },
  { methods: GET, base: 'api', pattern: 'consultants' },
  { methods: GET, base: 'api', pattern: 'workspaces/coaching-videos/category' },
  // The server's support contact for the widgets' error views (issue #30): public anyway.
  { methods: GET, base: 'api', pattern: 'public-config' },
  // Reports (dashboards spec; shared/api/reports/*, shared/api/cockpit.ts): read-only data.
  { methods: ['GET', 'POST'], base: 'api', pattern: 'workspaces/{ws}/reports/**' },
  // The signed-in agent's own day or week (<intake-agent>, shared/api/reports/agent-summary.ts).
  { methods: GET, base: 'api', pattern: 'workspaces/{ws}/agents/me/summary' },
  // The cockpit's goals (shared/api/goals.ts); the server checks the role.
  { methods: ['GET', 'PUT'], base: 'api', pattern: 'workspaces/{ws}/cockpit-goals' },
  // The cockpit's call-tracking outage warning (issue #32, shared/api/call-tracking-
  // connection.ts), read only: the server answers managers only and never the secret key.
  // Connecting, refreshing and disconnecting stay out (the app's settings do them).
  { methods: GET, base: 'api', pattern: 'workspaces/{ws}/call-tracking/connection' },
  // Call tracking (spec section 7 "Call tracking"): call-centre base, and one main-API delete.
  { methods: ['POST'], base: 'callCenter', pattern: 'workspaces/{ws}/ctm/calls' },
  { methods: ['GET', 'PUT'], base: 'callCenter', pattern: 'workspaces/{ws}/ctm/calls/{id}' },
  // The top bar's and the wizard's hang-up (issue #13; ours, the spec shows no path).
  { methods: ['POST'], base: 'callCenter', pattern: 'workspaces/{ws}/ctm/calls/{id}/hangup' },
  { methods: GET, base: 'callCenter', pattern: 'workspaces/{ws}/ctm/numbers' },
  { methods: GET, base: 'callCenter', pattern: 'workspaces/{ws}/ctm/tracking-info/{id}' },
  { methods: ['DELETE'], base: 'api', pattern: 'ctm/{ws}/{id}/deleteCall' },
  // Call flow (spec section 7 "Call flow"): the call-centre processes and their history.
  { methods: ['GET', 'POST', 'PUT'], base: 'callCenter', pattern: 'processes/{id}' },
  { methods: ['PUT'], base: 'callCenter', pattern: 'processmaker/{id}' },
  { methods: ['POST'], base: 'callCenter', pattern: 'process-execution-history' },
  { methods: ['PATCH'], base: 'callCenter', pattern: 'process-execution-history/{id}' },
  { methods: ['POST'], base: 'callCenter', pattern: 'process-execution-steps-history' },
  // Issue #28 "Typed answers are never lost": the wizard in the panel saves each step's
  // typed values on the server while the agent types, and parks, lists and resumes the
  // agent's unfinished intakes. The server lets only that execution's agent (and
  // managers) read or change them, and lists the signed-in agent's own.
  {
    methods: ['GET', 'PUT', 'DELETE'],
    base: 'callCenter',
    pattern: 'process-execution-history/{id}/drafts/{id}',
  },
  { methods: ['PUT'], base: 'callCenter', pattern: 'process-execution-history/{id}/parked' },
  { methods: ['PUT'], base: 'callCenter', pattern: 'process-execution-history/{id}/flow-state' },
  {
    methods: ['POST'],
    base: 'callCenter',
    pattern: 'process-execution-history/{id}/parked/resume',
  },
  { methods: GET, base: 'callCenter', pattern: 'workspaces/{ws}/parked-executions' },
  // The call flow's EMAIL triggers and its support copy of an error (issue #13: the wizard
  // runs in CRM tabs now). A page holding the panel's port could make the agent's session
  // send a call-flow e-mail: the server takes it only from users who may run call flows in
  // their own workspace and records who sent it (the outbox), which is the trade-off.
  { methods: ['POST'], base: 'callCenter', pattern: 'service-processes/sendEmail' },
  { methods: ['POST'], base: 'callCenter', pattern: 'error-notification' },
  // The call flow's CRM write (spec section 7 "CRM sync"), into the signed-in workspace only:
  // a call-centre path (shared/api/call-flow.ts syncCrmRecord), like the server's route.
  { methods: ['POST'], base: 'callCenter', pattern: 'workspaces/{ws}/async-records/{id}' },
  // The wizard's process for an incoming call that names none, and the hand-started flow's
  // list (issue #13 <intake-call-flow>; shared/api/call-flow.ts listProcesses).
  { methods: GET, base: 'callCenter', pattern: 'workspaces/{ws}/processes' },
  // The caller's CRM record by phone (issues #13, #33): the signed-in workspace's contacts
  // with that phone (its Zoho CRM's when connected), read; not the whole record list.
  { methods: GET, base: 'callCenter', pattern: 'workspaces/{ws}/crm-records/caller' },
  // The call flow's "book a consultation" field (issue #16, docs/scheduling.md): the token's
  // own workspace's calendars; the server refuses another workspace's calendar or event.
  { methods: GET, base: 'api', pattern: 'calendars' },
  { methods: GET, base: 'api', pattern: 'calendars/{id}/events' },
  { methods: ['POST'], base: 'api', pattern: 'events' },
  { methods: ['PUT', 'DELETE'], base: 'api', pattern: 'events/{id}' },
  // The agent's own Users parameters (issue #16, docs/users-parameters.md), read: the
  // wizard preselects their consultant and lists their practice areas' flows first.
  { methods: GET, base: 'api', pattern: 'workspaces/{ws}/users-parameters/me' },
];

/** The answer a refused request gets (a 403 the widget shows like any other). */
export const REFUSED_FROM_CRM_PAGE = 'This request is not allowed from a CRM page.';
const REFUSED_FROM_EXTENSION_PAGE =
  'This request is not allowed here: sign in through the sign-in form.';

const PLAIN_SEGMENT = /^[A-Za-z0-9_~.+:@!$'()*,;=%-]+$/;

/** A segment's meaning once the server (and the URL parser) have decoded it; null if unsafe. */
function decodedSegment(raw: string): string | null {
  if (!PLAIN_SEGMENT.test(raw)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  // "." and ".." (also as %2e) are dot segments to the URL parser: they move the path.
  if (/^\.+$/.test(decoded)) return null;
  if (/[/\\?#]/.test(decoded) || [...decoded].some((char) => char < ' ' || char === '\u007f')) {
    return null;
  }
  return decoded;
}

function matches(pattern: string, path: string, workspaceId: string | null): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  for (let index = 0; index < want.length; index++) {
    const token = want[index];
    if (token === '**') {
      const rest = have.slice(index);
      return rest.length > 0 && rest.every((segment) => decodedSegment(segment) !== null);
    }
    const segment = have[index];
    if (segment === undefined) return false;
    if (token === '{ws}') {
      if (workspaceId === null || decodedSegment(segment) !== workspaceId) return false;
    } else if (token === '{id}') {
      if (decodedSegment(segment) === null) return false;
    } else if (segment !== token) {
      return false;
    }
  }
  return have.length === want.length;
}

/**
 * Whether a path, read every way a server or URL parser could read it, names `auth`
 * (or leaves its base): decoded up to three times, backslashes as slashes, dot segments
 * resolved, repeated slashes collapsed, case ignored, query and fragment cut off.
 */
export function namesAuth(path: string): boolean {
  let current = path;
  for (let round = 0; round < 3; round++) {
    const cut = current.replace(/\\/g, '/').split(/[?#]/)[0];
    let resolved: string;
    try {
      resolved = new URL(cut, 'https://base.invalid/root/').pathname;
    } catch {
      return true;
    }
    if (!resolved.startsWith('/root/') && resolved !== '/root') return true;
    const first = resolved
      .slice('/root'.length)
      .split('/')
      .find((segment) => segment !== '');
    if (first !== undefined && first.toLowerCase() === 'auth') return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return true;
    }
    if (decoded === current) return false;
    current = decoded;
  }
  // Still encoded after three rounds: nobody legitimate sends that.
  return true;
}

/** Names a workspace other than the signed-in one in its query or body (`workspace`, `workspaceId`). */
function namesOtherWorkspace(request: PortRequest, workspaceId: string | null): boolean {
  const named: unknown[] = [];
  for (const key of ['workspace', 'workspaceId']) {
    if (request.query && key in request.query) named.push(request.query[key]);
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body) && key in body) {
      named.push((body as Record<string, unknown>)[key]);
    }
  }
  return named.some((value) => value !== undefined && value !== workspaceId);
}

/**
 * Whether the background sends this request for this sender. `workspaceId` is the
 * signed-in workspace (null when signed out: then no workspace-scoped call passes).
 */
export function isRequestAllowed(
  senderClass: SenderClass,
  request: PortRequest,
  workspaceId: string | null,
): boolean {
  if (namesAuth(request.path)) return false;
  if (senderClass === 'extension-page') return true;
  const base: Base = request.base ?? 'api';
  if (namesOtherWorkspace(request, workspaceId)) return false;
  return CONTENT_SCRIPT_CALLS.some(
    (call) =>
      call.base === base &&
      call.methods.includes(request.method) &&
      matches(call.pattern, request.path, workspaceId),
  );
}

export function refusalMessage(senderClass: SenderClass): string {
  return senderClass === 'content-script' ? REFUSED_FROM_CRM_PAGE : REFUSED_FROM_EXTENSION_PAGE;
}
