import { z } from 'zod';

/**
 * The server ends an open socket (issue 9 item 8) by emitting this event, then
 * disconnecting it: socket.io-client does not reconnect by itself after a server-side
 * disconnect, so the reason tells the client what to do.
 * - 'token_expired': the access token ran out: refresh, then reconnect with the new one;
 * - 'signed_out': the session was signed out (POST auth/revoke): do not reconnect;
 * - 'revoked': the session was revoked (token reuse, replaced extension session, too many
 *   sessions): a refresh will fail, sign in again;
 * - 'inactive': the user's authorization was deactivated.
 * Nothing secret is in it.
 */
export const SESSION_ENDED_EVENT = 'session_ended';

const sessionEndedReasonSchema = z.enum(['token_expired', 'signed_out', 'revoked', 'inactive']);
export type SessionEndedReason = z.infer<typeof sessionEndedReasonSchema>;

export const sessionEndedSchema = z.object({ reason: sessionEndedReasonSchema });
export type SessionEnded = z.infer<typeof sessionEndedSchema>;
