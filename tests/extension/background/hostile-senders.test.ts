import { afterEach, describe, expect, it } from 'vitest';
import {
  PANEL_CALL_HOLD_MS,
  MAX_IN_FLIGHT_PER_PORT,
  MAX_SUBSCRIPTIONS_PER_PORT,
  TOO_MANY_IN_FLIGHT,
} from '@/extension/entrypoints/background/port-router';
import { REFUSED_FROM_CRM_PAGE } from '@/extension/entrypoints/background/request-policy';
import type { TransportRequest } from '@/shared/transport/transport';
import { createAppLivePorts } from '@/extension/entrypoints/background/app-live-port';
import { LIVE_PORT_NAME } from '@/shared/transport/port-protocol';
import { callsBackground } from './calls-test-kit';
import {
  connect,
  contentSender,
  fakeBackground,
  panelFrameSender,
  popupSender,
  settle,
  state,
} from './fake-background';

/**
 * The background under attack (issue #9 "Tests"): senders that are not ours, messages
 * that are not what they claim, too big, or too many. Every one is dropped or answered
 * with a clear error, and the worker keeps serving everyone else.
 */

const REPORT = `workspaces/${state.workspace?.id}/reports/ctm-call-compliance`;
// Each its own call (its own filters): identical reads in flight would be one server call
// in the background's report cache (issue #14).
const reportRequest = (id: string) => ({
  kind: 'request',
  id,
  request: { method: 'GET', path: REPORT, query: { call: id } },
});

describe('senders the background does not trust', () => {
  it.each([
    ['a forged extension id', { ...contentSender, id: 'abcdefghijklmnopabcdefghijklmnop' }],
    ['another extension', { id: 'otherextension', origin: 'chrome-extension://otherextension' }],
    ['no id at all (a web page)', { ...contentSender, id: undefined }],
    ['a frame inside the CRM page', { ...contentSender, frameId: 3 }],
    ['no tab', { ...contentSender, tab: undefined }],
    [
      'a look-alike Keap host',
      { ...contentSender, origin: 'https://random.infusionsoft.com.evil.com' },
    ],
    ['an unrelated site', { ...contentSender, origin: 'https://evil.com' }],
    [
      'a look-alike Zoho host over http',
      { ...contentSender, origin: 'http://zoho.com.attacker.net' },
    ],
    ['Zoho over http', { ...contentSender, origin: 'http://crm.zoho.com' }],
    ['Zoho on another port', { ...contentSender, origin: 'https://crm.zoho.com:8443' }],
    [
      'localhost (the app, which never opens a port)',
      { ...contentSender, origin: 'http://localhost:8080' },
    ],
    ['an opaque origin', { ...contentSender, origin: 'null', url: 'about:blank' }],
    [
      'a page claiming a Zoho url',
      { ...contentSender, origin: 'https://evil.com', url: 'https://crm.zoho.com/' },
    ],
    ['nothing', undefined],
  ])('disconnects %s and serves it nothing', async (_name, sender) => {
    const { router, transport } = fakeBackground({ settingsReady: Promise.resolve() });
    const port = connect(router, sender);
    port.send(reportRequest('1'));
    await settle();
    expect(port.port.disconnected).toBe(true);
    expect(port.received).toEqual([]);
    expect(transport.request).not.toHaveBeenCalled();
    expect(router.openPorts()).toBe(0);
  });

  it.each([
    'https://crm.zoho.eu',
    'https://ab123.infusionsoft.com',
    'https://keap.app',
    'https://app.calltrackingmetrics.com',
  ])('admits our content script on %s', (origin) => {
    const { router } = fakeBackground();
    expect(connect(router, { ...contentSender, origin }).port.disconnected).toBe(false);
  });

  it("admits an admin's extra Keap host once settings are read, with the messages it sent meanwhile", async () => {
    let hosts: string[] = [];
    let loaded: () => void = () => {};
    const settingsReady = new Promise<void>((resolve) => (loaded = resolve));
    const { router, transport } = fakeBackground({ extraKeapHosts: () => hosts, settingsReady });
    const sender = { ...contentSender, origin: 'https://crm.lawfirm.example' };
    const tab = connect(router, sender);
    tab.send(reportRequest('early'));
    hosts = ['crm.lawfirm.example'];
    loaded();
    expect((await tab.answer('early')).ok).toBe(true);
    expect(transport.request).toHaveBeenCalledOnce();
    const stranger = connect(router, { ...contentSender, origin: 'https://other.example' });
    await settle();
    expect(stranger.port.disconnected).toBe(true);
  });
});

describe('the call line from senders that are not ours (issue #28)', () => {
  /** call-1 live in tab 5, call-2 waiting beside it. */
  async function callWaiting() {
    const background = callsBackground();
    background.front({ 5: 1 }, 1);
    const tab = await background.openTab(5, 1);
    await background.ring('call-1');
    expect((await tab.rpc({ kind: 'call:claim', callId: 'call-1' })).data).toBe(true);
    await background.ring('call-2');
    expect(tab.last()?.waiting?.call.callId).toBe('call-2');
    return { background, tab };
  }

  it.each([
    ['a frame inside the CRM page', { ...contentSender, frameId: 3 }],
    ['a look-alike Zoho host', { ...contentSender, origin: 'https://crm.zoho.com.evil.net' }],
    ['another extension', { id: 'otherextension', origin: 'chrome-extension://otherextension' }],
    ['a web page', { ...contentSender, id: undefined }],
  ])('%s can neither take nor leave the waiting call', async (_name, sender) => {
    const { background, tab } = await callWaiting();
    const hostile = connect(background.router, sender);
    hostile.send({ kind: 'call:take-waiting', id: 't', callId: 'call-2' });
    hostile.send({ kind: 'call:leave-waiting', id: 'l', callId: 'call-2' });
    await background.calls.idle();
    await settle();
    expect(hostile.received).toEqual([]);
    expect(tab.last()?.call).toMatchObject({ callId: 'call-1', endedAt: null });
    expect(tab.last()?.waiting?.call.callId).toBe('call-2');
    expect(background.server.log.some((entry) => entry.path.endsWith('/hangup'))).toBe(false);
  });

  it("a page posing as the app on the app's live port can neither", async () => {
    const { background, tab } = await callWaiting();
    const appLive = createAppLivePorts({
      session: background.session,
      live: background.live,
      calls: background.calls,
      appOrigin: () => state.appOrigin,
    });
    const impostor = connect(
      { onConnect: appLive.onConnectExternal },
      { origin: 'https://evil.example', url: 'https://evil.example/app', tab: { id: 12 } },
      LIVE_PORT_NAME,
    );
    impostor.send({ kind: 'live:hello', userId: 'u1', workspaceId: state.workspace?.id });
    impostor.send({ kind: 'call:take-waiting', id: 't', callId: 'call-2' });
    impostor.send({ kind: 'call:leave-waiting', id: 'l', callId: 'call-2' });
    await background.calls.idle();
    await settle();
    expect(impostor.answers()).toEqual([]);
    expect(tab.last()?.waiting?.call.callId).toBe('call-2');
    expect(background.server.log.some((entry) => entry.path.endsWith('/hangup'))).toBe(false);
  });
});

describe('malformed messages', () => {
  it.each([
    ['not an object', 'request'],
    ['null', null],
    ['an array', [reportRequest('1')]],
    ['an unknown kind', { kind: 'token:get', id: '1' }],
    ['a missing id', { kind: 'request', request: { method: 'GET', path: REPORT } }],
    ['a numeric id', { kind: 'request', id: 1, request: { method: 'GET', path: REPORT } }],
    [
      'a huge id',
      { kind: 'request', id: 'x'.repeat(65), request: { method: 'GET', path: REPORT } },
    ],
    ['a wrong method type', { kind: 'request', id: '1', request: { method: 7, path: REPORT } }],
    [
      'an absolute url',
      { kind: 'request', id: '1', request: { method: 'GET', path: 'https://evil.example/' } },
    ],
    [
      'a base url of its own',
      {
        kind: 'request',
        id: '1',
        request: { method: 'GET', path: REPORT, base: 'https://evil.example' },
      },
    ],
    [
      'an anonymous request',
      { kind: 'request', id: '1', request: { method: 'GET', path: REPORT, anonymous: true } },
    ],
    [
      'a request claiming keepSessionOnAuthFailure itself',
      {
        kind: 'request',
        id: '1',
        request: { method: 'GET', path: REPORT, keepSessionOnAuthFailure: false },
      },
    ],
    [
      '__proto__ at the top',
      JSON.parse(`{"kind":"session:get","id":"1","__proto__":{"polluted":true}}`),
    ],
    [
      'constructor at the top',
      { kind: 'session:get', id: '1', constructor: { prototype: { polluted: true } } },
    ],
    [
      'a storage value that is not a string',
      { kind: 'storage:set', id: '1', key: 'k', value: { a: 1 } },
    ],
  ])('drops %s', async (_name, message) => {
    const { router, transport } = fakeBackground();
    const tab = connect(router, contentSender);
    tab.send(message);
    await settle();
    expect(tab.answers()).toEqual([]);
    expect(transport.request).not.toHaveBeenCalled();
    expect(router.droppedMessages()).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('passes __proto__ inside a query or body through as data, never onto any prototype', async () => {
    const { router, transport } = fakeBackground();
    const tab = connect(router, contentSender);
    tab.send(
      JSON.parse(
        `{"kind":"request","id":"1","request":{"method":"POST","path":"workspaces/ws_lakeside/reports/pclc","query":{"__proto__":{"polluted":true}},"body":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}}`,
      ),
    );
    await settle();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    for (const [request] of transport.request.mock.calls) {
      expect((request.query ?? {}) as Record<string, unknown>).not.toHaveProperty('polluted');
    }
  });
});

describe('oversized messages', () => {
  it('drops a 2 MB request body before parsing or sending it', async () => {
    const { router, transport } = fakeBackground();
    const tab = connect(router, contentSender);
    tab.send({
      kind: 'request',
      id: 'big',
      request: {
        method: 'POST',
        path: 'workspaces/ws_lakeside/reports/pclc',
        body: { filler: 'x'.repeat(2 * 1024 * 1024) },
      },
    });
    await settle();
    expect(tab.answers()).toEqual([]);
    expect(transport.request).not.toHaveBeenCalled();
    expect(router.droppedMessages()).toBe(1);
  });
});

describe('requests a page may not send', () => {
  it('answers a refused request with a clear 403 and counts it as dropped', async () => {
    const { router, transport } = fakeBackground();
    const tab = connect(router, contentSender);
    tab.send({ kind: 'request', id: 'a', request: { method: 'POST', path: 'auth/sessions' } });
    tab.send({ kind: 'request', id: 'b', request: { method: 'GET', path: 'workspaces/ws_other' } });
    for (const id of ['a', 'b']) {
      expect((await tab.answer(id)).error).toMatchObject({
        message: REFUSED_FROM_CRM_PAGE,
        status: 403,
      });
    }
    expect(transport.request).not.toHaveBeenCalled();
    expect(router.droppedMessages()).toBe(2);
  });

  it("marks a page's requests so a 401 on them does not sign the browser out", async () => {
    const { router, transport } = fakeBackground();
    const tab = connect(router, contentSender);
    tab.send(reportRequest('1'));
    await tab.answer('1');
    expect(transport.request.mock.calls[0][0]).toMatchObject({ keepSessionOnAuthFailure: true });
    const popup = connect(router, popupSender);
    popup.send({ kind: 'request', id: '2', request: { method: 'GET', path: 'users/me' } });
    await popup.answer('2');
    expect(transport.request.mock.calls[1][0].keepSessionOnAuthFailure).toBeUndefined();
  });
});

describe('message floods', () => {
  let release: () => void = () => {};
  afterEach(() => release());

  it('keeps a flooding page to a bounded number of requests in flight and answers the rest at once', async () => {
    const pending: (() => void)[] = [];
    release = () => pending.splice(0).forEach((resolve) => resolve());
    const { router, transport } = fakeBackground({
      request: (req: TransportRequest) =>
        req.path.endsWith('/fast')
          ? Promise.resolve({ data: 'fast' })
          : new Promise((resolve) => pending.push(() => resolve({ data: req.path }))),
    });
    const flooder = connect(router, contentSender);
    for (let index = 0; index < 10_000; index++) flooder.send(reportRequest(`f${index}`));
    await settle();
    expect(transport.request).toHaveBeenCalledTimes(MAX_IN_FLIGHT_PER_PORT);
    const refused = flooder.answers();
    expect(refused).toHaveLength(10_000 - MAX_IN_FLIGHT_PER_PORT);
    expect(
      refused.every(
        (answer) => answer.error && 'status' in answer.error && answer.error.status === 429,
      ),
    ).toBe(true);
    expect(refused[0].error?.message).toBe(TOO_MANY_IN_FLIGHT);

    // Another tab is served at once, while the flood is still in flight.
    const other = connect(router, { ...contentSender, tab: { id: 9 } });
    other.send({
      kind: 'request',
      id: 'o',
      request: { method: 'GET', path: 'workspaces/ws_lakeside/reports/fast' },
    });
    expect((await other.answer('o')).data).toEqual({ data: 'fast' });

    // Once its requests are answered, the flooding page may send again.
    release();
    await settle();
    flooder.send(reportRequest('after'));
    await settle();
    release();
    expect((await flooder.answer('after')).ok).toBe(true);
  });

  it('caps the socket subscriptions one page may hold', async () => {
    const { router, emitSocket } = fakeBackground();
    const tab = connect(router, contentSender);
    for (let index = 0; index < 1000; index++) tab.send({ kind: 'subscribe', event: `e${index}` });
    emitSocket(`e${MAX_SUBSCRIPTIONS_PER_PORT - 1}`, 1);
    emitSocket(`e${MAX_SUBSCRIPTIONS_PER_PORT}`, 2);
    const events = tab.received.filter((message) => message.kind === 'event');
    expect(events).toHaveLength(1);
    expect(router.droppedMessages()).toBe(1000 - MAX_SUBSCRIPTIONS_PER_PORT);
  });
});

describe('the panel frame (issue #29)', () => {
  it("is served as its CRM tab's page is: the same refusals, the same 401 guard, never a sign-in", async () => {
    const { router, transport } = fakeBackground();
    const frame = connect(router, panelFrameSender);
    expect(frame.port.disconnected).toBe(false);
    frame.send({ kind: 'request', id: 'a', request: { method: 'POST', path: 'auth/sessions' } });
    expect((await frame.answer('a')).error).toMatchObject({
      message: REFUSED_FROM_CRM_PAGE,
      status: 403,
    });
    frame.send(reportRequest('b'));
    await frame.answer('b');
    expect(transport.request.mock.calls[0][0]).toMatchObject({ keepSessionOnAuthFailure: true });
    frame.send({ kind: 'auth:sign-out', id: 'c' });
    await settle();
    expect(frame.answers().find((answer) => answer.id === 'c')).toBeUndefined();
    expect(router.droppedMessages()).toBe(2);
  });

  it.each([
    [
      'framed by a site that is not a CRM',
      { ...panelFrameSender, tab: { id: 5, url: 'https://evil.com/' } },
    ],
    [
      'loaded as a tab of its own',
      { ...panelFrameSender, frameId: 0, tab: { id: 5, url: panelFrameSender.url } },
    ],
  ])('is disconnected when %s', async (_label, sender) => {
    const { router } = fakeBackground({ settingsReady: Promise.resolve() });
    const frame = connect(router, sender);
    await settle();
    expect(frame.port.disconnected).toBe(true);
  });
});

describe("a CRM page's call button presses (issue #29)", () => {
  const press = { kind: 'panel:call', request: { name: 'John Smith', phone: '(312) 555-0142' } };
  const handed = (port: ReturnType<typeof connect>) =>
    port.received.filter((message) => message.kind === 'panel-call');

  it('go to the panel frame of the same tab only', async () => {
    const { router } = fakeBackground();
    const tab = connect(router, contentSender);
    const frame = connect(router, panelFrameSender);
    const otherTab = connect(router, { ...contentSender, tab: { id: 6 } });
    const otherFrame = connect(router, {
      ...panelFrameSender,
      tab: { ...panelFrameSender.tab, id: 6 },
    });
    const popup = connect(router, popupSender);
    tab.send(press);
    await settle();
    expect(handed(frame)).toEqual([{ kind: 'panel-call', request: press.request }]);
    for (const port of [tab, otherTab, otherFrame, popup]) expect(handed(port)).toEqual([]);
  });

  it('are not taken from a frame, nor in any other shape', async () => {
    const { router } = fakeBackground();
    const frame = connect(router, panelFrameSender);
    const tab = connect(router, contentSender);
    frame.send(press);
    tab.send({ ...press, request: { ...press.request, phone: 'x'.repeat(65) } });
    tab.send({ ...press, request: { ...press.request, extra: true } });
    await settle();
    expect(handed(frame)).toEqual([]);
    expect(router.droppedMessages()).toBe(3);
  });

  it('wait a moment for a frame that is still loading, and no longer', async () => {
    let now = 1_000_000;
    const { router } = fakeBackground({ now: () => now });
    const tab = connect(router, contentSender);
    tab.send(press);
    await settle();
    const frame = connect(router, panelFrameSender);
    await settle();
    expect(handed(frame)).toHaveLength(1);
    // Given once: a frame of the same tab loading again gets nothing.
    frame.close();
    const again = connect(router, panelFrameSender);
    await settle();
    expect(handed(again)).toEqual([]);
    // Pressed while no frame is there, and a frame comes too late for it.
    again.close();
    tab.send(press);
    await settle();
    now += PANEL_CALL_HOLD_MS + 1;
    const late = connect(router, { ...panelFrameSender, frameId: 9 });
    await settle();
    expect(handed(late)).toEqual([]);
    // Within the moment, it would have had it.
    late.close();
    tab.send(press);
    await settle();
    now += PANEL_CALL_HOLD_MS - 1;
    const inTime = connect(router, { ...panelFrameSender, frameId: 10 });
    await settle();
    expect(handed(inTime)).toHaveLength(1);
  });
});
