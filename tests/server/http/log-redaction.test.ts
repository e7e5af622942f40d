import { describe, expect, it } from 'vitest';
import { redactTokens, requestLogSerializer } from '@/server/http/log-redaction';

const TOKEN = 'Ab3_-xYz0123456789Ab3_-xYz0123456789Ab3_-xY';

describe('request log redaction', () => {
  it('hides invite tokens in the app and API paths that carry them', () => {
    expect(redactTokens(`/login/${TOKEN}/invite`)).toBe('/login/[token]/invite');
    expect(redactTokens(`/actions/${TOKEN}/invite?x=1`)).toBe('/actions/[token]/invite?x=1');
    expect(redactTokens(`/api/users/${TOKEN}/password`)).toBe('/api/users/[token]/password');
  });

  it('leaves every other path as it is', () => {
    for (const url of [
      '/api/users/me?include=authorizations,person',
      '/api/users/password/confirm',
      '/login',
      '/api/workspaces/ws_1/users/usr_1',
    ]) {
      expect(redactTokens(url)).toBe(url);
    }
  });

  it('serializes a request like Fastify does, with the URL redacted', () => {
    expect(
      requestLogSerializer({
        method: 'GET',
        url: `/login/${TOKEN}/invite`,
        headers: { 'accept-version': '1' },
        host: 'localhost:8080',
        ip: '127.0.0.1',
        socket: { remotePort: 50_000 },
      }),
    ).toEqual({
      method: 'GET',
      url: '/login/[token]/invite',
      version: '1',
      host: 'localhost:8080',
      remoteAddress: '127.0.0.1',
      remotePort: 50_000,
    });
  });
});
