import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The `state` of an OAuth 2.0 authorization request (RFC 6749 §10.12: it binds the
// callback to the request that started it, against CSRF): which workspace, which vendor,
// which user asked, until when; signed with a key derived from the server's signing secret
// (the same on every server of a cluster, so the callback may land on any of them), and
// compared in constant time. Nothing is stored: a state is good until it expires.

export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export interface OAuthStatePayload {
  workspaceId: string;
  vendor: string;
  userId: string;
}

export class OAuthStateError extends Error {
  override name = 'OAuthStateError';
}

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export function createOAuthStates(serverSecret: Uint8Array, now: () => Date) {
  const key = createHmac('sha256', Buffer.from(serverSecret)).update('oauth-state v1').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest();

  return {
    issue(payload: OAuthStatePayload): string {
      const body = b64(
        JSON.stringify({
          w: payload.workspaceId,
          v: payload.vendor,
          u: payload.userId,
          e: now().getTime() + OAUTH_STATE_TTL_MS,
          n: randomBytes(12).toString('base64url'),
        }),
      );
      return `${body}.${b64(sign(body))}`;
    },

    /** The request a callback answers; throws OAuthStateError for a forged, altered or old one. */
    verify(state: string): OAuthStatePayload {
      const [body, mac, extra] = state.split('.');
      if (!body || !mac || extra !== undefined)
        throw new OAuthStateError('The state is malformed.');
      const expected = sign(body);
      const given = Buffer.from(mac, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new OAuthStateError('The state was not issued by this server.');
      }
      let parsed: { w?: unknown; v?: unknown; u?: unknown; e?: unknown };
      try {
        parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof parsed;
      } catch {
        throw new OAuthStateError('The state is malformed.');
      }
      if (typeof parsed.e !== 'number' || parsed.e < now().getTime()) {
        throw new OAuthStateError('The connection request expired: start it again.');
      }
      if (
        typeof parsed.w !== 'string' ||
        typeof parsed.v !== 'string' ||
        typeof parsed.u !== 'string'
      ) {
        throw new OAuthStateError('The state is malformed.');
      }
      return { workspaceId: parsed.w, vendor: parsed.v, userId: parsed.u };
    },
  };
}

export type OAuthStates = ReturnType<typeof createOAuthStates>;
