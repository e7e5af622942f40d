import { z } from 'zod';

// CallTrackingMetrics' own shapes (issue #32), read from CTM's documentation and CTM's
// public client code, never from our contracts. Every object keeps CTM's snake_case and
// strips what we do not read (z.object drops unknown keys), so a field CTM adds later
// changes nothing; the fields we do read are typed strictly. Sources:
// - Calls list and call object: https://calltrackingmetrics.com/docs/api/rest/calls
//   (GET /api/v1/accounts/{account_id}/calls.json; page, per_page, total_entries,
//   total_pages, next_page, previous_page), and the field types of the Meltano tap's
//   schema, https://github.com/MeltanoLabs/tap-calltrackingmetrics/blob/main/
//   tap_calltrackingmetrics/schemas/call.json (id integer, sid string, unix_time integer,
//   agent {id, name, email} with a string id).
// - Users: https://github.com/calltracking/ctm-ruby/blob/master/lib/ctm/user.rb
//   (id, first_name, last_name, email, role) listed as `users` by lib/ctm/list.rb.
// - Numbers: https://github.com/calltracking/ctm-ruby/blob/master/lib/ctm/number.rb
//   (id, name, number, formatted), listed as `numbers`.
// - Accounts: https://github.com/calltracking/ctm-ruby/blob/master/lib/ctm/account.rb.
// - Errors: lib/ctm/list.rb raises on {status: "error", message | reason}; the tap's
//   client.py records {"error": "per_page limit is 150"} for a 400.

const text = z.string();
const optionalText = text.nullish();
const count = z.number().int().min(0);

/** A user of the account as a call carries it (the agent who took it). */
export const ctmCallAgentSchema = z.object({
  id: z.union([text, z.number().int()]).transform(String),
  name: optionalText,
  email: optionalText,
});

/**
 * One call. `id` is CTM's numeric call id (what idempotency keys on); the rest may be
 * missing or null, notably on the webhook of a call that has just started (no duration,
 * no recording yet).
 */
export const ctmCallSchema = z.object({
  id: z.number().int().positive(),
  sid: optionalText,
  account_id: z.number().int().nullish(),
  /** "inbound" | "outbound" (other values, such as "msg_inbound", are not calls we ring). */
  direction: optionalText,
  /** The caller's name when CTM knows it (caller id or a form). */
  name: optionalText,
  caller_number: optionalText,
  tracking_number: optionalText,
  tracking_label: optionalText,
  business_number: optionalText,
  source: optionalText,
  /** The marketing campaign CTM attributes the call to, when one is set up. */
  campaign: optionalText,
  /** Seconds from start to end, and of conversation; absent while the call is live. */
  duration: count.nullish(),
  talk_time: count.nullish(),
  ring_time: count.nullish(),
  /** e.g. "completed", "no-answer", "busy", "failed", "in-progress", "ringing". */
  dial_status: optionalText,
  call_status: optionalText,
  status: optionalText,
  /** Seconds since the epoch the call started at. */
  unix_time: z.number().int().nullish(),
  /** The start time in the account's zone, e.g. "2013-05-01 11:48 PM -04:00". */
  called_at: optionalText,
  /** The recording's URL, once there is one. */
  audio: optionalText,
  agent: ctmCallAgentSchema.nullish(),
  agent_id: optionalText,
});
export type CtmCall = z.infer<typeof ctmCallSchema>;

/** CTM's paging envelope, the same for calls, numbers and users. */
const pageFields = {
  page: z.coerce.number().int().min(1),
  per_page: z.coerce.number().int().min(1).nullish(),
  total_entries: count.nullish(),
  total_pages: count,
  next_page: optionalText,
  previous_page: optionalText,
};

export const ctmCallsPageSchema = z.object({ calls: z.array(ctmCallSchema), ...pageFields });
export type CtmCallsPage = z.infer<typeof ctmCallsPageSchema>;

export const ctmUserSchema = z.object({
  id: z.union([text, z.number().int()]).transform(String),
  first_name: optionalText,
  last_name: optionalText,
  email: optionalText,
  role: optionalText,
});
export type CtmUser = z.infer<typeof ctmUserSchema>;

/** Users: documented paged like the other lists; a single page has the same envelope. */
export const ctmUsersPageSchema = z.object({
  users: z.array(ctmUserSchema),
  page: pageFields.page.optional(),
  total_pages: count.optional(),
});

/** A tracking number: its id ("TPN…"), the number in E.164, formatted, its name. */
export const ctmNumberSchema = z.object({
  id: z.union([text, z.number().int()]).transform(String),
  number: text.min(1),
  formatted: optionalText,
  name: optionalText,
  source: z.union([text, z.object({ id: z.unknown().optional(), name: optionalText })]).nullish(),
  active: z.boolean().nullish(),
});
export type CtmNumber = z.infer<typeof ctmNumberSchema>;

export const ctmNumbersPageSchema = z.object({ numbers: z.array(ctmNumberSchema), ...pageFields });

export const ctmAccountSchema = z.object({
  id: z.union([text, z.number().int()]).transform(String),
  name: optionalText,
  status: optionalText,
});
export type CtmAccount = z.infer<typeof ctmAccountSchema>;

/** The call CTM answers when asked to place one (see ctm-client placeCall: assumed shape). */
export const ctmPlacedCallSchema = z.union([
  z.object({ call: ctmCallSchema }).transform((body) => body.call),
  ctmCallSchema,
]);

/** CTM's error bodies: {status: "error", reason | message | text} or {error}. */
export const ctmErrorSchema = z.union([
  z.object({
    status: z.literal('error'),
    reason: optionalText,
    message: optionalText,
    text: optionalText,
  }),
  z.object({ error: text }),
]);

/** CTM's own words from an error body, or null when the body says nothing usable. */
export function ctmErrorText(body: unknown): string | null {
  const parsed = ctmErrorSchema.safeParse(body);
  if (!parsed.success) return null;
  const words =
    'error' in parsed.data
      ? parsed.data.error
      : (parsed.data.reason ?? parsed.data.message ?? parsed.data.text);
  return words && words.trim() !== '' ? words.trim().slice(0, 500) : null;
}
