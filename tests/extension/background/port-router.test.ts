import { describe, expect, it, vi } from 'vitest';
import { connect, contentSender, fakeBackground, popupSender, state } from './fake-background';

describe('the port router', () => {
  it('disconnects ports from senders it does not trust', () => {
    const { router } = fakeBackground();
    expect(connect(router, { ...contentSender, id: 'someone-else' }).port.disconnected).toBe(true);
    expect(connect(router, { ...contentSender, id: undefined }).port.disconnected).toBe(true);
    expect(connect(router, contentSender, 'other-port-name').port.disconnected).toBe(true);
    expect(router.openPorts()).toBe(0);
  });

  it('pushes the session state to every new port', async () => {
    const { router } = fakeBackground();
    const tab = connect(router, contentSender);
    await vi.waitFor(() => expect(tab.received).toContainEqual({ kind: 'session-state', state }));
  });

  it('answers a widget request with the data, or the error the app would see', async () => {
    const { router, transport } = fakeBackground();
    const tab = connect(router, contentSender);
    const path = 'workspaces/ws_lakeside/reports/ctm-call-compliance';
    tab.send({ kind: 'request', id: 'a', request: { method: 'GET', path } });
    expect(await tab.answer('a')).toEqual({
      kind: 'answer',
      id: 'a',
      ok: true,
      data: { data: path },
    });
    tab.send({
      kind: 'request',
      id: 'b',
      request: { method: 'GET', path: 'workspaces/ws_lakeside/reports/forbidden' },
    });
    expect((await tab.answer('b')).error).toEqual({
      message: 'Forbidden',
      status: 403,
      serverMessage: 'Not yours',
      authFailed: false,
    });
    expect(transport.request).toHaveBeenCalledTimes(2);
  });

  it('drops malformed and forbidden messages without doing anything', async () => {
    const { router, session, transport } = fakeBackground();
    const tab = connect(router, contentSender);
    tab.send({ kind: 'auth:sign-out', id: 'x' });
    tab.send({
      kind: 'request',
      id: 'y',
      request: { method: 'GET', path: 'https://evil.example/' },
    });
    tab.send({ kind: 'token:get', id: 'z' });
    tab.send('sign-out');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(session.signOut).not.toHaveBeenCalled();
    expect(transport.request).not.toHaveBeenCalled();
    expect(tab.received.filter((m) => m.kind === 'answer')).toHaveLength(0);
    expect(router.droppedMessages()).toBe(4);
  });

  it('lets the popup sign in and out, and hands a sign-in failure back with its code', async () => {
    const { router, session } = fakeBackground();
    const popup = connect(router, popupSender);
    popup.send({ kind: 'auth:sign-in', id: '1', username: 'wrong', password: 'x' });
    // A typed sign-in error (issue #10 item 4), not a code smuggled in serverMessage.
    expect((await popup.answer('1')).error).toEqual({
      kind: 'sign-in',
      code: 'invalid',
      message: 'Invalid username or password.',
    });
    popup.send({ kind: 'auth:sign-out', id: '2' });
    expect((await popup.answer('2')).ok).toBe(true);
    expect(session.signOut).toHaveBeenCalledOnce();
  });

  it('fans one socket event out to every subscribed tab, and stops when a tab closes', async () => {
    const { router, emitSocket } = fakeBackground();
    const tabs = [
      connect(router, contentSender),
      connect(router, { ...contentSender, tab: { id: 6 } }),
    ];
    for (const tab of tabs) tab.send({ kind: 'subscribe', event: 'notification_center_message' });
    emitSocket('notification_center_message', { id: 'n1' });
    for (const tab of tabs) {
      expect(tab.received).toContainEqual({
        kind: 'event',
        event: 'notification_center_message',
        payload: { id: 'n1' },
      });
    }
    tabs[0].close();
    emitSocket('notification_center_message', { id: 'n2' });
    expect(tabs[0].received.filter((m) => m.kind === 'event')).toHaveLength(1);
    expect(tabs[1].received.filter((m) => m.kind === 'event')).toHaveLength(2);
  });

  it('keeps widget storage for widgets', async () => {
    const { router } = fakeBackground();
    const tab = connect(router, contentSender);
    tab.send({ kind: 'storage:set', id: '1', key: 'filters', value: '{"a":1}' });
    await tab.answer('1');
    tab.send({ kind: 'storage:get', id: '2', key: 'filters' });
    expect((await tab.answer('2')).data).toBe('{"a":1}');
  });

  it('tells every port when the session changes', async () => {
    const { router, changed } = fakeBackground();
    const tabs = [connect(router, contentSender), connect(router, popupSender)];
    await vi.waitFor(() => expect(tabs[1].received.length).toBeGreaterThan(0));
    changed();
    for (const tab of tabs)
      expect(tab.received.filter((m) => m.kind === 'session-state').length).toBeGreaterThanOrEqual(
        2,
      );
  });
});
