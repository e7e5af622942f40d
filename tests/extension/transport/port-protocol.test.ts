import { describe, expect, it } from 'vitest';
import {
  parseBackgroundMessage,
  parseClientMessage,
  parseExternalMessage,
  relativeApiPathSchema,
} from '@/shared/transport/port-protocol';

describe('the port protocol', () => {
  it('accepts a widget request with method, path, query and body', () => {
    const message = parseClientMessage({
      kind: 'request',
      id: '1',
      request: {
        method: 'POST',
        path: 'workspaces/ws_lakeside/reports/pclc',
        query: { leadSources: ['1', '2'], page: 2 },
        body: { startDate: '2025-01-01' },
      },
    });
    expect(message?.kind).toBe('request');
  });

  it.each([
    ['an absolute URL', 'https://evil.example/steal'],
    ['a protocol-relative URL', '//evil.example/steal'],
    ['a leading slash', '/api/users/me'],
    ['a dot-dot segment', 'workspaces/../../admin'],
    ['an encoded dot-dot', 'workspaces/%2e%2e/admin'],
    ['an encoded slash', 'workspaces%2fadmin'],
    ['a query string', 'users/me?include=x'],
    ['a fragment', 'users/me#x'],
    ['a backslash', 'users\\me'],
    ['an empty segment', 'users//me'],
    ['an empty path', ''],
  ])('refuses %s as a request path', (_label, path) => {
    expect(relativeApiPathSchema.safeParse(path).success).toBe(false);
  });

  it('never lets a widget send an anonymous request (only the popup signs in)', () => {
    const message = parseClientMessage({
      kind: 'request',
      id: '1',
      request: { method: 'POST', path: 'auth', body: {}, anonymous: true },
    });
    expect(message).toBeNull();
  });

  it('drops unknown kinds, missing ids and extra fields', () => {
    expect(parseClientMessage({ kind: 'token:get', id: '1' })).toBeNull();
    expect(parseClientMessage({ kind: 'session:get' })).toBeNull();
    expect(parseClientMessage({ kind: 'session:get', id: '1', token: 'x' })).toBeNull();
    expect(
      parseClientMessage({ kind: 'request', id: '1', request: { method: 'TRACE', path: 'x' } }),
    ).toBeNull();
    expect(parseClientMessage('session:get')).toBeNull();
    expect(parseClientMessage(null)).toBeNull();
    expect(parseClientMessage({ kind: 'storage:set', id: '1', key: 'k', value: 42 })).toBeNull();
  });

  it('lets a request ask only for a fresh answer, never set its own staleness (issue #14)', () => {
    const request = { method: 'GET', path: 'users/me' };
    expect(
      parseClientMessage({ kind: 'request', id: '1', request, revalidate: true }),
    ).not.toBeNull();
    for (const extra of [{ revalidate: false }, { revalidate: 'yes' }, { staleSince: 1 }]) {
      expect(parseClientMessage({ kind: 'request', id: '1', request, ...extra })).toBeNull();
    }
  });

  it('carries a refused sign-in as a typed error, and drops one with an unknown code', () => {
    const answer = (error: unknown) => ({ kind: 'answer', id: '1', ok: false, error });
    expect(
      parseBackgroundMessage(answer({ kind: 'sign-in', code: 'rateLimited', message: 'Wait.' })),
    ).toEqual(answer({ kind: 'sign-in', code: 'rateLimited', message: 'Wait.' }));
    expect(
      parseBackgroundMessage(answer({ kind: 'sign-in', code: 'stolen', message: 'x' })),
    ).toBeNull();
    expect(
      parseBackgroundMessage(
        answer({ kind: 'sign-in', code: 'invalid', message: 'x', accessToken: 'secret' }),
      ),
    ).toBeNull();
  });

  it('checks what comes back from the background too', () => {
    expect(
      parseBackgroundMessage({ kind: 'answer', id: '1', ok: true, data: { a: 1 } })?.kind,
    ).toBe('answer');
    expect(parseBackgroundMessage({ kind: 'answer', id: '1', ok: false })).toBeNull();
    expect(
      parseBackgroundMessage({
        kind: 'session-state',
        state: {
          status: 'signed-in',
          user: { id: 'u1', name: 'A', role: 'owner', accessToken: 'secret' },
          workspace: null,
          socket: 'connected',
          liveCalls: 0,
          message: null,
          appOrigin: 'http://localhost:8080',
        },
      }),
    ).toBeNull();
  });

  it('carries the live snapshot with every notification checked, and bounded (issue #12)', () => {
    const item = {
      id: 'n1',
      title: 'Intake review due',
      description: '',
      time: '2026-11-23T09:00:00.000Z',
      actionRequired: true,
      path: '/app/cockpit',
      read: false,
    };
    const live = (snapshot: object) => ({ kind: 'live-state', snapshot });
    const snapshot = {
      status: 'ready',
      notifications: [item],
      unread: 1,
      liveCalls: 3,
      socket: 'connected',
      notice: null,
    };
    expect(parseBackgroundMessage(live(snapshot))).toEqual(live(snapshot));
    for (const bad of [
      { ...snapshot, notifications: [{ ...item, path: 'https://evil.example/' }] },
      { ...snapshot, notifications: [{ ...item, time: 'yesterday' }] },
      {
        ...snapshot,
        notifications: Array.from({ length: 201 }, (_, i) => ({ ...item, id: `n${i}` })),
      },
      { ...snapshot, liveCalls: -1 },
      { ...snapshot, status: 'hacked' },
    ]) {
      expect(parseBackgroundMessage(live(bad))).toBeNull();
    }
  });

  it('accepts only a ping or a refresh-token hand-over from the app', () => {
    expect(parseExternalMessage({ kind: 'ping' })).toEqual({ kind: 'ping' });
    expect(
      parseExternalMessage({ kind: 'auth:handoff', username: 'a', refreshToken: 'r' })?.kind,
    ).toBe('auth:handoff');
    expect(parseExternalMessage({ kind: 'auth:sign-out' })).toBeNull();
    expect(
      parseExternalMessage({
        kind: 'request',
        id: '1',
        request: { method: 'GET', path: 'users/me' },
      }),
    ).toBeNull();
  });
});
