import { z } from 'zod';
import { callSnapshotSchema, MAX_CALL_FLOW_VALUE_CHARS } from '@/shared/contracts/call-session';
import { trackedCallSchema } from '@/shared/contracts/call-tracking';
import { notificationSchema } from '@/shared/contracts/notification';
import { roleSchema } from '@/shared/contracts/roles';
import { SIGN_IN_ERROR_CODES } from '@/shared/session/sign-in-error';

/**
 * The messages between the extension's background and the contexts it serves (content
 * scripts, the popup and options pages, the standalone app) over runtime ports and
 * runtime messages (ARCHITECTURE.md "Inside a CRM tab"). Every message is checked against
 * these schemas on arrival, in both directions; anything that does not parse is dropped.
 * Which sender may send which kind is decided in the background (sender-policy.ts).
 */

/** The port name every content script and extension page connects with. */
export const PORT_NAME = 'intake-cockpit';
/**
 * The port name the standalone app connects with through externally_connectable
 * (issue #12): the live feed only, nothing else is served on it.
 */
export const LIVE_PORT_NAME = 'intake-cockpit-live';

const idSchema = z.string().min(1).max(64);
const keySchema = z.string().min(1).max(200);
const eventNameSchema = z.string().min(1).max(200);

/**
 * A path relative to the API base: letters, digits and the URL path characters, no
 * scheme, no "//", no "..", no query or fragment. The background puts the Bearer token
 * on whatever it sends, so a request must never be able to leave the API base.
 */
export const relativeApiPathSchema = z
  .string()
  .min(1)
  .max(1000)
  .regex(
    /^[A-Za-z0-9_~.,;=:@!$'()*+%-]+(\/[A-Za-z0-9_~.,;=:@!$'()*+%-]+)*$/,
    'not a relative API path',
  )
  .refine(
    (path) => !path.split('/').some((segment) => segment === '..' || segment === '.'),
    'dot segment',
  )
  .refine((path) => !/%2e|%2f|%5c/i.test(path), 'encoded separator');

const queryScalarSchema = z.union([z.string().max(4000), z.number(), z.boolean(), z.null()]);
const queryValueSchema = z.union([
  queryScalarSchema,
  z.undefined(),
  z.array(z.union([z.string().max(4000), z.number()])).max(500),
]);

/**
 * What a widget may ask the background to send: method, path, query and body. Never
 * `anonymous` (only the popup signs in, through auth:sign-in), never a base URL.
 */
export const portRequestSchema = z
  .object({
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    path: relativeApiPathSchema,
    base: z.enum(['api', 'callCenter']).optional(),
    query: z.record(z.string().min(1).max(200), queryValueSchema).optional(),
    body: z.unknown().optional(),
    timeoutMs: z.number().int().positive().max(300_000).optional(),
    skipAuthRefresh: z.boolean().optional(),
  })
  .strict();
export type PortRequest = z.infer<typeof portRequestSchema>;

/** Ids a client may mark read at once: the server's own bound (markNotificationsReadSchema). */
const readIdsSchema = z.array(z.string().min(1).max(64)).min(1).max(500);

/**
 * The live messages (issue #12) every live client sends: a panel, our pages and the app.
 * Marking read answers once the background's feed has told the server (or kept it).
 */
const liveMessageSchemas = [
  /** The background's live snapshot (also pushed on every change as `live-state`). */
  z.object({ kind: z.literal('live:get'), id: idSchema }).strict(),
  z.object({ kind: z.literal('live:mark-read'), id: idSchema, ids: readIdsSchema }).strict(),
  z.object({ kind: z.literal('live:mark-all-read'), id: idSchema }).strict(),
  /**
   * Whether this panel or app page is in front of the agent (tab visible, panel open):
   * browser push is shown only while none is. Sent again on every new port.
   */
  z.object({ kind: z.literal('live:visibility'), visible: z.boolean() }).strict(),
  /** Try Again after the list failed to load (the background throttles it). */
  z.object({ kind: z.literal('live:reload') }).strict(),
] as const;

/**
 * The active call (issue #13 "The active call belongs to the background"): every tab
 * shows the one call the background holds and continues its one wizard. Answers are
 * the new CallSnapshot (shared/contracts/call-session.ts) unless said otherwise; the
 * snapshot is also pushed to every port on each change as `call-state`.
 */
const callMessageSchemas = [
  z.object({ kind: z.literal('call:get'), id: idSchema }).strict(),
  /** Take the call's wizard: answers true for the first client only. */
  z.object({ kind: z.literal('call:claim'), id: idSchema, callId: idSchema }).strict(),
  /** A click-to-call started (spec: session 4 Outbound): it becomes the active call. */
  z
    .object({
      kind: z.literal('call:outbound'),
      id: idSchema,
      call: trackedCallSchema,
      leadName: z.string().max(200),
    })
    .strict(),
  /** Hang the call up at the provider (POST ctm/calls/{id}/hangup). */
  z.object({ kind: z.literal('call:hang-up'), id: idSchema, callId: idSchema }).strict(),
  /** spec 4 Reset: forget the call and its wizard state. */
  z.object({ kind: z.literal('call:reset'), id: idSchema }).strict(),
  /** issue #28: take the waiting call (the live one ends first, as the agent's hang-up). */
  z.object({ kind: z.literal('call:take-waiting'), id: idSchema, callId: idSchema }).strict(),
  /** issue #28: leave the waiting call to ring out (it becomes a missed call). */
  z.object({ kind: z.literal('call:leave-waiting'), id: idSchema, callId: idSchema }).strict(),
  z
    .object({
      kind: z.literal('call:wizard-moved'),
      id: idSchema,
      callId: idSchema,
      executionId: idSchema,
      stepId: z.string().min(1).max(200),
    })
    .strict(),
  /** The wizard's shared state and drafts (storage.session); a set bumps flowRevision. */
  z.object({ kind: z.literal('call:flow-get'), id: idSchema, key: keySchema }).strict(),
  z
    .object({
      kind: z.literal('call:flow-set'),
      id: idSchema,
      key: keySchema,
      value: z.string().max(MAX_CALL_FLOW_VALUE_CHARS),
    })
    .strict(),
  z.object({ kind: z.literal('call:flow-remove'), id: idSchema, key: keySchema }).strict(),
  /**
   * Whether this page can show the call-flow widget (a signed-in panel on a supported
   * page whose user may run call flows): the one-place decision only offers calls to
   * pages that can. Said again on every new port, like live:visibility.
   */
  z.object({ kind: z.literal('call:facts'), canShowCallFlow: z.boolean() }).strict(),
] as const;

/**
 * The panel's last look (issue #14 "first figure"): its shadow tree serialized as HTML
 * with the widgets' closed roots as declarative templates, taken by the panel runtime
 * after its figures are shown, kept in the worker's memory for the same sign-in, and
 * painted by the next CRM page's loader before the runtime has even arrived (inert, until
 * the live panel has its own figures). Never stored on disk, never given to another
 * sign-in or workspace.
 */
export const MAX_PANEL_VIEW_CHARS = 400_000;
export const panelViewSchema = z
  .object({
    /** The panel root's HTML; each shared style sheet as `<style data-ic-sheet="i"></style>`. */
    html: z.string().min(1).max(MAX_PANEL_VIEW_CHARS),
    /** The style sheets every widget root holds alike, sent once (`data-ic-sheet` = index). */
    sheets: z.array(z.string().max(MAX_PANEL_VIEW_CHARS)).max(8),
    /** The host's inline style (its fixed place and width). */
    hostStyle: z.string().max(2000),
    theme: z.enum(['light', 'dark']),
    /** Nothing in it was loading (no spinner): a complete view is not replaced by one that is not. */
    complete: z.boolean(),
  })
  .strict()
  .refine(
    (view) =>
      view.sheets.reduce((total, sheet) => total + sheet.length, view.html.length) <=
      MAX_PANEL_VIEW_CHARS,
    'panel view too large',
  );
export type PanelView = z.infer<typeof panelViewSchema>;
/** Which content script's panel (extension/lib/site-families.ts SiteFamily). */
const siteFamilyKeySchema = z.string().regex(/^[a-z]{1,16}$/);

const panelViewMessageSchemas = [
  /** The panel's look now, replacing the last one of its site family. */
  z
    .object({
      kind: z.literal('panel:view-put'),
      family: siteFamilyKeySchema,
      view: panelViewSchema,
    })
    .strict(),
  /** The loader's ask, answered with `panel-view` (null: none kept for this sign-in). */
  z.object({ kind: z.literal('panel:view-get'), family: siteFamilyKeySchema }).strict(),
] as const;

/**
 * A click-to-call press on a CRM page (issue #29): who and which number, as the page shows
 * them. The page's buttons are the content script's; the dialogs (where the agent may type
 * a number) are the panel frame's, so the press goes to the frame through the background,
 * never through the page's postMessage (which the page's own scripts could forge).
 */
export const panelCallRequestSchema = z
  .object({
    name: z.string().min(1).max(200),
    /** The number as the page shows it; null offers the custom entry only. */
    phone: z.string().min(1).max(64).nullable(),
    /** Pressed with a pointer: the dialog then shows no keyboard focus ring. */
    pointer: z.boolean().optional(),
  })
  .strict();
export type PanelCallRequest = z.infer<typeof panelCallRequestSchema>;

const panelCallMessageSchemas = [
  /** The content script's press; the background hands it to its tab's panel frame. */
  z.object({ kind: z.literal('panel:call'), request: panelCallRequestSchema }).strict(),
] as const;

// ---------------------------------------------------------------------------------------
// Client -> background
// ---------------------------------------------------------------------------------------

export const clientMessageSchema = z.discriminatedUnion('kind', [
  /**
   * An API call through the background's DirectTransport; answered with `answer`.
   * `revalidate`: after an answer from the background's cache (`staleSince`), the fresh
   * one, never a cached one (issue #14).
   */
  z
    .object({
      kind: z.literal('request'),
      id: idSchema,
      request: portRequestSchema,
      revalidate: z.literal(true).optional(),
    })
    .strict(),
  /** Socket events: the background forwards `event` messages while subscribed. */
  z.object({ kind: z.literal('subscribe'), event: eventNameSchema }).strict(),
  z.object({ kind: z.literal('unsubscribe'), event: eventNameSchema }).strict(),
  /** The public session state (also pushed on every change as `session-state`). */
  z.object({ kind: z.literal('session:get'), id: idSchema }).strict(),
  /** user, workspace, agent for a widget's host: the same data the API answers, no tokens. */
  z.object({ kind: z.literal('host-session:get'), id: idSchema }).strict(),
  /** Widget persistence (filters, theme, panel width): extension storage, never the page's. */
  z.object({ kind: z.literal('storage:get'), id: idSchema, key: keySchema }).strict(),
  z
    .object({
      kind: z.literal('storage:set'),
      id: idSchema,
      key: keySchema,
      value: z.string().max(100_000),
    })
    .strict(),
  z.object({ kind: z.literal('storage:remove'), id: idSchema, key: keySchema }).strict(),
  z.object({ kind: z.literal('storage:clear'), id: idSchema }).strict(),
  /** Extension pages only (popup): sign in, sign out. */
  z
    .object({
      kind: z.literal('auth:sign-in'),
      id: idSchema,
      username: z.string().min(1).max(254),
      password: z.string().min(1).max(1024),
    })
    .strict(),
  z.object({ kind: z.literal('auth:sign-out'), id: idSchema }).strict(),
  ...liveMessageSchemas,
  ...callMessageSchemas,
  ...panelViewMessageSchemas,
  ...panelCallMessageSchemas,
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type ClientMessageKind = ClientMessage['kind'];

/** The kinds that expect an `answer` with the same id. */
export type RpcMessage = Extract<ClientMessage, { id: string }>;
export type RpcKind = RpcMessage['kind'];

/**
 * The standalone app ("Use this sign-in in your CRM tabs"), through externally_connectable:
 * it hands over a refresh token the extension rotates into its own session at once.
 */
export const externalMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ping') }).strict(),
  z
    .object({
      kind: z.literal('auth:handoff'),
      username: z.string().min(1).max(254),
      refreshToken: z.string().min(1).max(4096),
    })
    .strict(),
]);
export type ExternalMessage = z.infer<typeof externalMessageSchema>;

/**
 * The standalone app's live port (LIVE_PORT_NAME, issue #12): it first says who it is
 * signed in as; the background serves its feed only when that is the extension's own
 * user in the same workspace, else it closes the port. Never a token either way.
 */
export const appLiveMessageSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('live:hello'),
      userId: z.string().min(1).max(64),
      workspaceId: z.string().min(1).max(64),
    })
    .strict(),
  ...liveMessageSchemas,
  ...callMessageSchemas,
]);
export type AppLiveMessage = z.infer<typeof appLiveMessageSchema>;

// ---------------------------------------------------------------------------------------
// Background -> client
// ---------------------------------------------------------------------------------------

export const transportErrorDataSchema = z.object({
  message: z.string(),
  status: z.number().int(),
  serverMessage: z.string().nullable(),
  authFailed: z.boolean(),
});

/**
 * A refused sign-in (auth:sign-in only), as the SignInError the session service threw in
 * the background: the port transport throws the same class again, so the popup's form
 * reads the same code the app's does (issue #10 item 4).
 */
export const signInErrorDataSchema = z
  .object({
    kind: z.literal('sign-in'),
    code: z.enum(SIGN_IN_ERROR_CODES),
    message: z.string().max(2000),
  })
  .strict();
export type SignInErrorData = z.infer<typeof signInErrorDataSchema>;

/**
 * What a failed answer carries: a sign-in error (told apart by its `kind`), or the
 * TransportError any other call fails with (its toJSON, which has no `kind`).
 */
export const answerErrorSchema = z.union([signInErrorDataSchema, transportErrorDataSchema]);
export type AnswerError = z.infer<typeof answerErrorSchema>;

export function isSignInErrorData(error: AnswerError): error is SignInErrorData {
  return 'kind' in error && error.kind === 'sign-in';
}

export const connectionStatusSchema = z.enum(['disconnected', 'connecting', 'connected', 'error']);

/**
 * What every content script may know of the session: who (name and role, for the
 * panel's widget choice), which workspace, and how the one socket is doing. Never tokens.
 */
export const publicSessionStateSchema = z
  .object({
    status: z.enum(['restoring', 'signed-in', 'signed-out']),
    user: z.object({ id: z.string(), name: z.string(), role: roleSchema }).strict().nullable(),
    workspace: z.object({ id: z.string(), name: z.string() }).strict().nullable(),
    socket: connectionStatusSchema,
    /** The last `ctmcallsdata` count, null before the first (spec: session 4 Sockets). */
    liveCalls: z.number().int().min(0).nullable(),
    /** Why the session ended (AUTH_PATCH_ERROR after a refused refresh). */
    message: z.string().nullable(),
    /** The standalone app's origin: links out of a widget open it in a new tab. */
    appOrigin: z.string(),
  })
  .strict();
export type PublicSessionState = z.infer<typeof publicSessionStateSchema>;

/**
 * The background's live snapshot (shared/live/live-feed.ts LiveSnapshot) as it crosses a
 * port: every notification checked by its contract, the list bounded (the server keeps
 * at most 100; arrivals while it loads can add a few).
 */
export const liveSnapshotSchema = z.object({
  status: z.enum(['idle', 'loading', 'ready', 'error']),
  notifications: z.array(notificationSchema).max(200).readonly(),
  unread: z.number().int().min(0),
  liveCalls: z.number().int().min(0).nullable(),
  socket: connectionStatusSchema,
  notice: z.string().max(2000).nullable().optional(),
});

export const backgroundMessageSchema = z.discriminatedUnion('kind', [
  /**
   * ok: data is the server's answer; not ok: error is the TransportError the app would
   * see, or for auth:sign-in the SignInError.
   */
  z
    .object({
      kind: z.literal('answer'),
      id: idSchema,
      ok: z.boolean(),
      data: z.unknown().optional(),
      error: answerErrorSchema.optional(),
      /**
       * The data is the background's cached answer, fetched at this time (epoch ms); a
       * fresh one is on its way to the cache (issue #14 stale-while-revalidate).
       */
      staleSince: z.number().int().nonnegative().optional(),
    })
    .strict()
    .refine(
      (answer) => answer.ok || answer.error !== undefined,
      'a failed answer carries its error',
    ),
  z.object({ kind: z.literal('event'), event: eventNameSchema, payload: z.unknown() }).strict(),
  z.object({ kind: z.literal('session-state'), state: publicSessionStateSchema }).strict(),
  /** The live snapshot, pushed to every port on each change (issue #12). */
  z.object({ kind: z.literal('live-state'), snapshot: liveSnapshotSchema }).strict(),
  /** The active call as this port sees it, pushed on every change (issue #13). */
  z.object({ kind: z.literal('call-state'), snapshot: callSnapshotSchema }).strict(),
  /** The answer to panel:view-get (read by the loader by hand; the runtime ignores it). */
  z
    .object({
      kind: z.literal('panel-view'),
      family: siteFamilyKeySchema,
      view: panelViewSchema.nullable(),
    })
    .strict(),
  /** A click-to-call press in this frame's tab (issue #29): the frame opens its dialogs. */
  z.object({ kind: z.literal('panel-call'), request: panelCallRequestSchema }).strict(),
  z
    .object({
      kind: z.literal('notice'),
      level: z.enum(['danger', 'success', 'info']),
      message: z.string().max(2000),
      title: z.string().max(200).optional(),
      durationMs: z.number().int().positive().optional(),
      persistent: z.boolean().optional(),
    })
    .strict(),
]);
export type BackgroundMessage = z.infer<typeof backgroundMessageSchema>;
export type AnswerMessage = Extract<BackgroundMessage, { kind: 'answer' }>;
export type NoticeMessage = Extract<BackgroundMessage, { kind: 'notice' }>;

/** Parses a message from the background; null when it is not one of ours. */
export function parseBackgroundMessage(raw: unknown): BackgroundMessage | null {
  const parsed = backgroundMessageSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * The largest client message the background reads, in JSON characters (issue #9: a page
 * must not make the worker parse megabytes). Widget bodies are a few kB; storage values
 * are at most 100 kB; the panel's view has a bound of its own.
 */
const MAX_CLIENT_MESSAGE_CHARS = 256 * 1024;

/** A message's size as the port carries it (JSON); Infinity when it is not JSON at all. */
function messageSize(raw: unknown): number {
  try {
    return JSON.stringify(raw)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** The panel's view (panel:view-put) is larger than any other message: its own bound. */
const MAX_PANEL_VIEW_MESSAGE_CHARS = MAX_PANEL_VIEW_CHARS + 64 * 1024;

/** Parses a message from a client; null when oversized, malformed or of an unknown kind. */
export function parseClientMessage(raw: unknown): ClientMessage | null {
  const isView = (raw as { kind?: unknown } | null)?.kind === 'panel:view-put';
  const bound = isView ? MAX_PANEL_VIEW_MESSAGE_CHARS : MAX_CLIENT_MESSAGE_CHARS;
  if (messageSize(raw) > bound) return null;
  const parsed = clientMessageSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function parseExternalMessage(raw: unknown): ExternalMessage | null {
  if (messageSize(raw) > MAX_CLIENT_MESSAGE_CHARS) return null;
  const parsed = externalMessageSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** A message on the app's live port; null when oversized, malformed or unknown. */
export function parseAppLiveMessage(raw: unknown): AppLiveMessage | null {
  if (messageSize(raw) > MAX_CLIENT_MESSAGE_CHARS) return null;
  const parsed = appLiveMessageSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
