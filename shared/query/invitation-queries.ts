import type { ApiClient } from '@/shared/api/client';
import { fetchInvitation } from '@/shared/api/users-administration';
import { INVITATION_ERRORS, type InvitationInfo } from '@/shared/contracts/users-administration';
import { TransportError } from '@/shared/transport/transport';
import { withSignal } from './api-with-signal';
import type { DataQueryOptions } from './data-query';
import type { QueryScope } from './query-scope';

/** What an invite link turned out to be: whose invitation, or why it no longer works. */
export type InvitationCheck =
  { kind: 'ready'; info: InvitationInfo } | { kind: 'invalid'; message: string };

/** What a refused invite link means for the invitee (404 unknown, 410 used / expired / replaced, 400 malformed). */
export function invitationRefusalText(error: TransportError): string | null {
  if (error.status === 404 || error.status === 410) {
    return error.serverMessage ?? INVITATION_ERRORS.unknown;
  }
  if (error.status === 400) return INVITATION_ERRORS.unknown;
  return null;
}

/**
 * The token is a secret (spec: session 2): it never goes into a query key, which the query
 * client logs with a failure. Each token seen by this page gets a number instead.
 */
const tokenNumbers = new Map<string, number>();
function tokenNumber(token: string): number {
  let number = tokenNumbers.get(token);
  if (number === undefined) {
    number = tokenNumbers.size + 1;
    tokenNumbers.set(token, number);
  }
  return number;
}

/**
 * GET users/{token}/password (issue #16): whose invitation a link is. A refusal (used,
 * expired, unknown) is an answer, the link's state; only an unreachable server fails (the
 * page offers Try Again). Asked on every visit and never kept after the page closes: the
 * invitation may be used meanwhile.
 */
export function invitationQuery(
  scope: QueryScope,
  api: ApiClient,
  token: string,
): DataQueryOptions<InvitationCheck> {
  return {
    queryKey: [...scope, 'invitation', tokenNumber(token)],
    queryFn: async ({ signal }) => {
      try {
        return { kind: 'ready', info: await fetchInvitation(withSignal(api, signal), token) };
      } catch (error) {
        const failure = TransportError.from(error);
        const message = failure.cancelled ? null : invitationRefusalText(failure);
        if (message === null) throw error;
        return { kind: 'invalid', message };
      }
    },
    gcTime: 0,
    retry: false,
  };
}
