import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_SECRET_FILE } from '@/server/auth/jwt-secret';
import { decodeJwt, startTestServer, type TestServer } from './helpers/test-server';

/**
 * issue 9 Low: the server accepts only its own HS256 access tokens, with an expiry and
 * its issuer. Each forgery below is signed with the server's REAL secret (or a key of
 * the attacker's choosing), so only the claim or header under test is wrong.
 */
/** The claims without the named ones (re-signing sets those itself). */
function without(claims: Record<string, unknown>, ...names: string[]) {
  return Object.fromEntries(Object.entries(claims).filter(([name]) => !names.includes(name)));
}

describe('access token verification', () => {
  let t: TestServer;
  let secret: Uint8Array;
  let claims: Record<string, unknown>;
  beforeAll(async () => {
    t = await startTestServer({ seedDemoData: true });
    secret = new TextEncoder().encode(
      readFileSync(path.join(t.dataDir, JWT_SECRET_FILE), 'utf8').trim(),
    );
    claims = decodeJwt((await t.signIn('owner@lakeside.test')).accessToken);
  });
  afterAll(() => t.close());

  const now = () => Math.floor(Date.now() / 1000);
  const usersMe = (token: string) => t.api('/api/users/me', { token });
  /** The genuine claims re-signed; `edit` changes what the test is about. */
  function resign(edit: (jwt: SignJWT) => SignJWT = (jwt) => jwt, alg = 'HS256') {
    const rest = without(claims, 'iss', 'iat', 'exp');
    return edit(new SignJWT(rest).setProtectedHeader({ alg }).setIssuedAt(now()));
  }

  it('accepts a token re-signed with the same claims, issuer and expiry (the baseline)', async () => {
    const token = await resign((jwt) =>
      jwt.setIssuer('intake-cockpit').setExpirationTime(now() + 600),
    ).sign(secret);
    expect((await usersMe(token)).status).toBe(200);
  });

  it('refuses a token without an expiry', async () => {
    const token = await resign((jwt) => jwt.setIssuer('intake-cockpit')).sign(secret);
    expect((await usersMe(token)).status).toBe(401);
  });

  it('refuses a token from another issuer, or without one', async () => {
    for (const edit of [
      (jwt: SignJWT) => jwt.setIssuer('someone-else').setExpirationTime(now() + 600),
      (jwt: SignJWT) => jwt.setExpirationTime(now() + 600),
    ]) {
      expect((await usersMe(await resign(edit).sign(secret))).status).toBe(401);
    }
  });

  it('refuses HS512 even with the right secret', async () => {
    const token = await resign(
      (jwt) => jwt.setIssuer('intake-cockpit').setExpirationTime(now() + 600),
      'HS512',
    ).sign(secret);
    expect((await usersMe(token)).status).toBe(401);
  });

  it('refuses RS256 signed with a key the attacker made', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await resign(
      (jwt) => jwt.setIssuer('intake-cockpit').setExpirationTime(now() + 600),
      'RS256',
    ).sign(privateKey);
    expect((await usersMe(token)).status).toBe(401);
  });

  it('refuses an unsigned token (alg "none")', async () => {
    const rest = without(claims, 'iss', 'iat', 'exp');
    const token = new UnsecuredJWT(rest)
      .setIssuer('intake-cockpit')
      .setIssuedAt()
      .setExpirationTime(now() + 600)
      .encode();
    expect((await usersMe(token)).status).toBe(401);
  });

  it('refuses a refresh token used as an access token', async () => {
    const { refreshToken } = await t.signIn('admin@lakeside.test');
    expect((await usersMe(refreshToken)).status).toBe(401);
  });

  it('refuses a well-signed access token that names no session', async () => {
    const rest = without(claims, 'sid', 'iss', 'iat', 'exp');
    const token = await new SignJWT(rest)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('intake-cockpit')
      .setIssuedAt()
      .setExpirationTime(now() + 600)
      .sign(secret);
    expect((await usersMe(token)).status).toBe(401);
  });
});
