import { describe, expect, it } from 'vitest';
import { createAppLivePorts } from '@/extension/entrypoints/background/app-live-port';
import {
  CALL_NOTIFICATION_PREFIX,
  CALL_NOTIFICATION_TITLE,
  FLOW_STORAGE_FULL,
  HANG_UP_FAILED,
  MARK_CONNECTED_FAILED,
  MAX_FLOW_CHARS,
  MAX_FLOW_KEYS,
} from '@/extension/entrypoints/background/calls';
import { MAX_CALL_FLOW_VALUE_CHARS } from '@/shared/contracts/call-session';
import { decodeIncomingCall } from '@/app/calls/incoming-call';
import { createMemoryStorage } from '@/shared/storage/storage';
import { TransportError } from '@/shared/transport/transport';
import { connect, fakeCallsBrowser, popupSender, settle, state } from './fake-background';
import {
  callsBackground,
  callServer,
  CRM_URL,
  expectOffered,
  INCOMING_EVENT,
  incoming,
  trackedCall,
  WS,
} from './calls-test-kit';

/**
 * The active call held by the background (issue #13): one place for an incoming call,
 * claimed once, the same call and wizard values in every tab and after a stopped worker,
 * hung up at the provider, and nothing of one user left for the next.
 */

describe('an incoming call goes to one place', () => {
  it('offers it to the focused CRM tab only; every tab shows the same call', async () => {
    const background = callsBackground();
    background.front({ 5: 1, 6: 2 }, 1);
    const focused = await background.openTab(5, 1);
    const other = await background.openTab(6, 2);
    const popup = connect(background.router, popupSender);
    await background.ring('call-1');

    expectOffered([focused, other], 0);
    for (const tab of [focused, other]) {
      expect(tab.last()?.call).toMatchObject({
        callId: 'call-1',
        direction: 'inbound',
        callData: { leadName: 'Jane Caller', phone: '4155550134' },
        // spec 4 Inbound: the tracking-number details were looked up.
        campaign: { name: 'Spring radio' },
        leadSource: { name: 'Google Ads' },
        endedAt: null,
      });
    }
    const popupState = popup.received.filter((m) => m.kind === 'call-state').at(-1);
    expect(popupState).toMatchObject({ snapshot: { offered: false, call: { callId: 'call-1' } } });
    expect(background.callsBrowser.shown.size).toBe(0);
    expect(background.calls.snapshot()).toMatchObject({
      offer: 'crm:5',
      lastIncoming: { callId: 'call-1', place: 'crm-tab' },
    });
  });

  it('never offers it to a focused tab whose panel cannot show the call flow', async () => {
    const background = callsBackground();
    background.front({ 5: 1, 6: 2 }, 1);
    const cannot = await background.openTab(5, 1, { canShowCallFlow: false });
    const can = await background.openTab(6, 2, { visible: true });
    await background.openTab(7, 2, { visible: false });
    await background.ring('call-1');
    expect(cannot.last()?.offered).toBe(false);
    // Not in front either: a notification whose click focuses that tab.
    expect(can.last()?.offered).toBe(false);
    expect([...background.callsBrowser.shown.keys()]).toEqual([
      `${CALL_NOTIFICATION_PREFIX}call-1`,
    ]);
  });

  it('keeps the call without tracking info when the lookup fails ("None Associated")', async () => {
    const server = callServer();
    server.control.trackingInfoFails = true;
    const background = callsBackground({ server });
    background.front({ 5: 1 }, 1);
    const tab = await background.openTab(5, 1);
    await background.ring('call-1');
    expect(tab.last()).toMatchObject({
      offered: true,
      call: { callId: 'call-1', campaign: null, leadSource: null },
    });
    expect(background.notices).toEqual([]);
  });

  it('offers it to the app when the agent is looking at the app', async () => {
    const background = callsBackground();
    const appLive = createAppLivePorts({
      session: background.session,
      live: background.live,
      calls: background.calls,
      appOrigin: () => state.appOrigin,
    });
    const appSender = {
      origin: state.appOrigin,
      url: `${state.appOrigin}/app`,
      tab: { id: 11, windowId: 4 },
    };
    background.front({ 5: 1, 11: 4 }, 4);
    const tab = await background.openTab(5, 1);
    const app = connect({ onConnect: appLive.onConnectExternal }, appSender, 'intake-cockpit-live');
    app.send({ kind: 'live:hello', userId: 'u1', workspaceId: WS });
    await settle();
    await background.ring('call-1');
    const appState = app.received.filter((m) => m.kind === 'call-state').at(-1);
    expect(appState).toMatchObject({ snapshot: { offered: true, call: { callId: 'call-1' } } });
    expect(tab.last()?.offered).toBe(false);

    // The app takes it, and may hang up; the wizard's values are not served to it.
    app.send({ kind: 'call:claim', id: 'c', callId: 'call-1' });
    await settle();
    expect(app.answers().find((a) => a.id === 'c')).toMatchObject({ ok: true, data: true });
    expect(await tab.rpc({ kind: 'call:claim', callId: 'call-1' })).toMatchObject({ data: false });
    const dropped = appLive.droppedMessages();
    app.send({ kind: 'call:flow-set', id: 'f', key: 'k', value: 'v' });
    await settle();
    expect(appLive.droppedMessages()).toBe(dropped + 1);
    expect(app.answers().find((a) => a.id === 'f')).toBeUndefined();
  });
});

describe('with no CRM tab in front, a notification', () => {
  it('shows the caller, and its click focuses the CRM tab and offers it the call there', async () => {
    const background = callsBackground();
    background.front({ 5: 1, 6: 2 }, null);
    const earlier = await background.openTab(5, 1, { visible: true });
    const latest = await background.openTab(6, 2, { visible: true });
    earlier.send({ kind: 'live:visibility', visible: false });
    latest.send({ kind: 'live:visibility', visible: false });
    await background.ring('call-1');

    const id = `${CALL_NOTIFICATION_PREFIX}call-1`;
    expect(background.callsBrowser.shown.get(id)).toEqual({
      title: CALL_NOTIFICATION_TITLE,
      message: 'Jane Caller\n+1 415-555-0134',
      requireInteraction: true,
    });
    expectOffered([earlier, latest], null);

    background.callsBrowser.click(id);
    await background.calls.idle();
    await settle();
    // The most recently focused one (the last to report visible).
    expect(background.callsBrowser.world.activated).toEqual([6]);
    expect(background.callsBrowser.world.focusedWindows).toEqual([2]);
    expectOffered([earlier, latest], 1);
    expect(background.callsBrowser.shown.size).toBe(0);
  });

  it("ignores a click on live.ts's own notifications", async () => {
    const background = callsBackground();
    await background.openTab(5, 1, { visible: false });
    await background.ring('call-1');
    background.callsBrowser.click('intake-notification:n1');
    await background.calls.idle();
    expect(background.callsBrowser.world.activated).toEqual([]);
    expect(background.callsBrowser.shown.size).toBe(1);
  });

  it('opens the last CRM page when that tab was closed, and offers the call to the new tab', async () => {
    const background = callsBackground();
    const tab = await background.openTab(8, 1, { visible: false });
    await background.ring('call-1');
    background.callsBrowser.world.existingTabs.delete(8);
    tab.close();
    background.callsBrowser.click(`${CALL_NOTIFICATION_PREFIX}call-1`);
    await background.calls.idle();
    expect(background.callsBrowser.world.opened).toEqual([CRM_URL]);
    const opened = await background.openTab(100, 9);
    expect(opened.last()?.offered).toBe(true);
  });

  it("opens the app's automated intake for the call when no CRM page is known", async () => {
    const background = callsBackground();
    await background.ring('call-1');
    const id = `${CALL_NOTIFICATION_PREFIX}call-1`;
    expect(background.callsBrowser.shown.has(id)).toBe(true);
    background.callsBrowser.click(id);
    await background.calls.idle();
    const [url] = background.callsBrowser.world.opened;
    const opened = new URL(url);
    expect(opened.origin).toBe(state.appOrigin);
    expect(opened.pathname).toBe('/app/automated-intake');
    const decoded = decodeIncomingCall(opened.searchParams.get('incomingCall') ?? '');
    expect(decoded).toMatchObject({
      ok: true,
      payload: { leadName: 'Jane Caller', phone: '4155550134' },
    });
    expect(background.calls.snapshot().offer).toBe('app:100');
  });

  it('goes to a CRM tab the agent turns to, and the notification goes away', async () => {
    const background = callsBackground();
    const tab = await background.openTab(5, 1, { visible: false });
    await background.ring('call-1');
    expect(tab.last()?.offered).toBe(false);
    tab.send({ kind: 'live:visibility', visible: true });
    await background.calls.idle();
    await settle();
    expect(tab.last()?.offered).toBe(true);
    expect(background.callsBrowser.shown.size).toBe(0);
  });
  it('goes to a CRM tab the agent selects, even with its panel collapsed', async () => {
    const background = callsBackground();
    const collapsed = await background.openTab(5, 1, { visible: false });
    const cannot = await background.openTab(6, 1, { visible: false, canShowCallFlow: false });
    await background.ring('call-1');
    background.callsBrowser.activate(6);
    await background.calls.idle();
    expect(cannot.last()?.offered).toBe(false);
    background.callsBrowser.activate(5);
    await background.calls.idle();
    await settle();
    expect(collapsed.last()?.offered).toBe(true);
    expect(background.callsBrowser.shown.size).toBe(0);
  });
});

describe('claiming the call', () => {
  it('answers true for the first client only, marks an inbound call connected, and offers no more', async () => {
    const background = callsBackground();
    background.front({ 5: 1, 6: 2 }, 1);
    const focused = await background.openTab(5, 1);
    const other = await background.openTab(6, 2, { visible: true });
    await background.ring('call-1');

    expect((await focused.rpc({ kind: 'call:claim', callId: 'call-1' })).data).toBe(true);
    expect((await other.rpc({ kind: 'call:claim', callId: 'call-1' })).data).toBe(false);
    // Its own panel, reloaded, asking again: still its own.
    expect((await focused.rpc({ kind: 'call:claim', callId: 'call-1' })).data).toBe(true);
    expect((await other.rpc({ kind: 'call:claim', callId: 'another' })).data).toBe(false);
    await background.calls.idle();
    await settle();

    expect(background.server.log).toContainEqual({
      method: 'PUT',
      path: `workspaces/${WS}/ctm/calls/call-1`,
      body: { connected: true, fourIizAgent: null },
    });
    expectOffered([focused, other], null);
    expect(focused.last()?.call).toMatchObject({ connected: true, serverConnected: true });
    expect(other.last()?.call).toMatchObject({ serverConnected: true });
    // Turning to a tab no longer moves a claimed call.
    other.send({ kind: 'live:visibility', visible: true });
    await background.calls.idle();
    expect(other.last()?.offered).toBe(false);
  });

  it('keeps the call with a notice when the server refuses to mark it connected', async () => {
    const server = callServer();
    server.control.markConnectedFails = true;
    const background = callsBackground({ server });
    background.front({ 5: 1 }, 1);
    const tab = await background.openTab(5, 1);
    await background.ring('call-1');
    expect((await tab.rpc({ kind: 'call:claim', callId: 'call-1' })).data).toBe(true);
    await background.calls.idle();
    expect(background.notices).toEqual([{ level: 'danger', message: MARK_CONNECTED_FAILED }]);
    expect(tab.last()?.call).toMatchObject({
      callId: 'call-1',
      serverConnected: false,
      endedAt: null,
    });
  });

  it("takes a click-to-call as the sender's, offered to nobody", async () => {
    const background = callsBackground();
    const sender = await background.openTab(5, 1);
    const other = await background.openTab(6, 1);
    const call = trackedCall('out-1', {
      direction: 'outbound',
      connected: true,
      status: 'in-progress',
    });
    const answer = await sender.rpc({ kind: 'call:outbound', call, leadName: 'Sam Lead' });
    expect(answer.data).toMatchObject({
      offered: false,
      call: { callId: 'out-1', direction: 'outbound', callData: { leadName: 'Sam Lead' } },
    });
    expect((await other.rpc({ kind: 'call:claim', callId: 'out-1' })).data).toBe(false);
    expect((await sender.rpc({ kind: 'call:claim', callId: 'out-1' })).data).toBe(true);
    expect(other.last()?.call?.callId).toBe('out-1');
    // A call of another workspace is refused.
    const foreign = trackedCall('out-2', { workspaceId: 'ws_other', direction: 'outbound' });
    const refused = await sender.rpc({ kind: 'call:outbound', call: foreign, leadName: 'X' });
    expect(refused.ok).toBe(false);
  });
});

describe('ignored incoming calls (spec 4)', () => {
  it('ignores a status other than 200; a second call while one is live waits (issue #28)', async () => {
    const background = callsBackground();
    background.front({ 5: 1 }, 1);
    const tab = await background.openTab(5, 1);
    background.emitSocket(INCOMING_EVENT, { ...incoming('call-0'), statusCode: 500 });
    await background.calls.idle();
    expect(tab.last()?.call).toBeNull();

    await background.ring('call-1');
    await background.ring('call-2');
    await background.ring('call-1');
    await background.ring('call-2');
    expect(tab.last()?.call?.callId).toBe('call-1');
    // Never dropped: it waits beside the live call, once however often it is delivered.
    expect(tab.last()?.waiting?.call.callId).toBe('call-2');
    expect(background.calls.snapshot().ignored).toEqual({
      'status-not-200': 1,
      'already-taken': 1,
    });
    // A third call while one waits rings out (the server records it as missed).
    await background.ring('call-3');
    expect(tab.last()?.waiting?.call.callId).toBe('call-2');
    expect(background.calls.snapshot().ignored['call-in-progress']).toBe(1);
  });

  it('takes the waiting call: the live one is hung up, the waiting one offered to the tab that took it', async () => {
    const background = callsBackground();
    background.front({ 5: 1 }, 1);
    const tab = await background.openTab(5, 1);
    await background.ring('call-1');
    expect((await tab.rpc({ kind: 'call:claim', callId: 'call-1' })).data).toBe(true);
    await background.ring('call-2');
    const answer = (await tab.rpc({ kind: 'call:take-waiting', callId: 'call-2' })).data as {
      call: { callId: string; endedAt: string | null };
      waiting: unknown;
      offered: boolean;
    };
    expect(background.server.log.some((r) => r.path.endsWith('call-1/hangup'))).toBe(true);
    expect(answer.call).toMatchObject({ callId: 'call-2', endedAt: null });
    expect(answer.waiting).toBeNull();
    expect(answer.offered).toBe(true);
    // Its claim marks it connected, as any incoming call.
    expect((await tab.rpc({ kind: 'call:claim', callId: 'call-2' })).data).toBe(true);
  });

  it('leaves the waiting call: it is gone and not offered again while it rings', async () => {
    const background = callsBackground();
    background.front({ 5: 1 }, 1);
    const tab = await background.openTab(5, 1);
    await background.ring('call-1');
    await background.ring('call-2');
    await tab.rpc({ kind: 'call:leave-waiting', callId: 'call-2' });
    await background.ring('call-2');
    expect(tab.last()?.waiting).toBeNull();
    expect(tab.last()?.call?.callId).toBe('call-1');
    expect(tab.last()?.call?.endedAt).toBeNull();
  });

  it('does not listen while signed out', async () => {
    const background = callsBackground();
    await background.calls.idle();
    background.setPublicState({ ...state, status: 'signed-out', user: null, workspace: null });
    background.changed();
    await background.calls.idle();
    background.emitSocket(INCOMING_EVENT, incoming('call-1'));
    await background.calls.idle();
    expect(background.calls.snapshot().call).toBeNull();
    expect(background.transport.subscribe).toHaveBeenCalledWith(
      INCOMING_EVENT,
      expect.any(Function),
    );
    // Not even heard: unsubscribed at sign-out.
    expect(background.calls.snapshot().ignored).toEqual({});
    expect(background.server.log).toEqual([]);
  });
});

describe('listening again', () => {
  it('subscribes again after the socket re-authenticated (spec 4 token_expired)', async () => {
    const background = callsBackground();
    await background.calls.idle();
    const subscriptions = () =>
      background.transport.subscribe.mock.calls.filter(([event]) => event === INCOMING_EVENT);
    expect(subscriptions()).toHaveLength(1);
    background.emitSocket('connection:reauthenticated', null);
    expect(subscriptions()).toHaveLength(2);
    background.front({ 5: 1 }, 1);
    const tab = await background.openTab(5, 1);
    await background.ring('call-1');
    expect(tab.last()).toMatchObject({ offered: true, call: { callId: 'call-1' } });
  });
});

describe('hanging up', () => {
  it('ends the call at the provider, then reads its sid and duration', async () => {
    const server = callServer();
    server.control.getsWithoutSid = 1;
    const background = callsBackground({ server });
    background.front({ 5: 1 }, 1);
    const tab = await background.openTab(5, 1);
    const other = await background.openTab(6, 1);
    await background.ring('call-1');
    const answer = await tab.rpc({ kind: 'call:hang-up', callId: 'call-1' });
    expect(answer.data).toMatchObject({ call: { endedAt: '2026-01-05T15:02:00.000Z' } });
    await background.calls.idle();
    await settle();
    expect(server.log.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: `workspaces/${WS}/ctm/calls/call-1/hangup`, body: undefined },
    ]);
    // Asked again while the provider had no sid yet.
    expect(server.control.gets).toBe(2);
    for (const shown of [tab, other]) {
      expect(shown.last()?.call).toMatchObject({ sid: 'CA0123', duration: 75 });
      expect(shown.last()?.offered).toBe(false);
    }
  });

  it.each([404, 409])(
    'ends the call here too when the server says %i (ended already)',
    async (status) => {
      const server = callServer();
      server.control.hangUpError = new TransportError('Gone', status);
      const background = callsBackground({ server });
      const tab = await background.openTab(5, 1);
      await background.ring('call-1');
      const answer = await tab.rpc({ kind: 'call:hang-up', callId: 'call-1' });
      expect(answer.ok).toBe(true);
      expect(tab.last()?.call?.endedAt).not.toBeNull();
      expect(background.notices).toEqual([]);
      await background.calls.idle();
      expect(tab.last()?.call).toMatchObject({ sid: 'CA0123', duration: 75 });
    },
  );

  it('keeps the call live with a notice when the hang-up fails otherwise', async () => {
    const server = callServer();
    server.control.hangUpError = new TransportError('Network error', 0);
    const background = callsBackground({ server });
    const tab = await background.openTab(5, 1);
    await background.ring('call-1');
    const answer = await tab.rpc({ kind: 'call:hang-up', callId: 'call-1' });
    expect(answer.ok).toBe(false);
    expect(tab.last()?.call?.endedAt).toBeNull();
    expect(background.notices).toEqual([{ level: 'danger', message: HANG_UP_FAILED }]);
  });
});

describe("the wizard's shared values", () => {
  it('bump the revision, say who wrote, and are read from any tab', async () => {
    const background = callsBackground();
    const writer = await background.openTab(5, 1);
    const reader = await background.openTab(6, 1);
    expect(writer.last()).toMatchObject({ otherViewers: 1, flowRevision: 1 });
    await writer.rpc({ kind: 'call:flow-set', key: 'callFlowState:u1', value: '{"step":2}' });
    expect(writer.last()).toMatchObject({ flowRevision: 2, flowWrittenHere: true });
    expect(reader.last()).toMatchObject({ flowRevision: 2, flowWrittenHere: false });
    expect((await reader.rpc({ kind: 'call:flow-get', key: 'callFlowState:u1' })).data).toBe(
      '{"step":2}',
    );
    await reader.rpc({ kind: 'call:flow-remove', key: 'callFlowState:u1' });
    expect(writer.last()).toMatchObject({ flowRevision: 3, flowWrittenHere: false });
    expect((await writer.rpc({ kind: 'call:flow-get', key: 'callFlowState:u1' })).data).toBeNull();
    // A closed viewer is no viewer: the last tab asks before it closes.
    reader.close();
    await settle();
    expect(writer.last()?.otherViewers).toBe(0);
  });

  it('are bounded, so a page cannot fill storage.session (where the tokens live)', async () => {
    const background = callsBackground();
    const tab = await background.openTab(5, 1);
    const big = 'x'.repeat(MAX_CALL_FLOW_VALUE_CHARS);
    const writes = Math.floor(MAX_FLOW_CHARS / MAX_CALL_FLOW_VALUE_CHARS);
    for (let i = 0; i < writes; i++) {
      expect((await tab.rpc({ kind: 'call:flow-set', key: `k${i}`, value: big })).ok).toBe(true);
    }
    const refused = await tab.rpc({ kind: 'call:flow-set', key: 'one-more', value: big });
    expect(refused).toMatchObject({
      ok: false,
      error: { status: 413, message: FLOW_STORAGE_FULL },
    });
    expect(await background.callStorage.get('flow:one-more')).toBeNull();
    // Rewriting a held key within the bound still works.
    expect((await tab.rpc({ kind: 'call:flow-set', key: 'k0', value: 'small' })).ok).toBe(true);
    await tab.rpc({ kind: 'call:reset' });
    // Sent in bursts below the port's in-flight bound; the background takes them in order.
    for (let i = 0; i < MAX_FLOW_KEYS; i++) {
      tab.send({ kind: 'call:flow-set', id: `s${i}`, key: `s${i}`, value: 'v' });
      if (i % 50 === 49 || i === MAX_FLOW_KEYS - 1)
        expect((await tab.answer(`s${i}`)).ok).toBe(true);
    }
    expect((await tab.rpc({ kind: 'call:flow-set', key: 'extra', value: 'v' })).ok).toBe(false);
    expect(background.calls.snapshot().flowKeys).toBe(MAX_FLOW_KEYS);
  });

  it('treat any key as a plain key ("__proto__" too)', async () => {
    const background = callsBackground();
    const tab = await background.openTab(5, 1);
    await tab.rpc({ kind: 'call:flow-set', key: '__proto__', value: 'odd but fine' });
    expect((await tab.rpc({ kind: 'call:flow-get', key: '__proto__' })).data).toBe('odd but fine');
    expect((await tab.rpc({ kind: 'call:flow-get', key: 'toString' })).data).toBeNull();
    await tab.rpc({ kind: 'call:reset' });
    expect(await background.callStorage.get('flow:__proto__')).toBeNull();
  });

  it('are cleared with the call and the claim by reset', async () => {
    const background = callsBackground();
    background.front({ 5: 1 }, 1);
    const tab = await background.openTab(5, 1);
    await background.ring('call-1');
    await tab.rpc({ kind: 'call:claim', callId: 'call-1' });
    await tab.rpc({ kind: 'call:flow-set', key: 'draft:e1:s1', value: 'typed' });
    const before = tab.last()?.flowRevision ?? 0;
    const answer = await tab.rpc({ kind: 'call:reset' });
    expect(answer.data).toMatchObject({ call: null, offered: false });
    expect(tab.last()?.flowRevision).toBeGreaterThan(before);
    expect((await tab.rpc({ kind: 'call:flow-get', key: 'draft:e1:s1' })).data).toBeNull();
    expect(background.calls.snapshot()).toMatchObject({ claimedBy: null, flowKeys: 0 });
    // The next call can be taken and claimed again.
    await background.ring('call-2');
    expect((await tab.rpc({ kind: 'call:claim', callId: 'call-2' })).data).toBe(true);
  });
});

describe('a stopped worker', () => {
  it('comes back with the same call, claim, wizard position, revision and values', async () => {
    const callStorage = createMemoryStorage();
    const callsBrowser = fakeCallsBrowser();
    const first = callsBackground({ callStorage, callsBrowser });
    first.front({ 5: 1 }, 1);
    const tab = await first.openTab(5, 1);
    await first.ring('call-1');
    await tab.rpc({ kind: 'call:claim', callId: 'call-1' });
    await tab.rpc({ kind: 'call:flow-set', key: 'draft:e1:s2', value: 'half an answer' });
    await tab.rpc({ kind: 'call:wizard-moved', callId: 'call-1', executionId: 'e1', stepId: 's2' });
    await first.calls.idle();
    const before = tab.last();

    const second = callsBackground({ callStorage, callsBrowser });
    const again = await second.openTab(5, 1);
    const other = await second.openTab(6, 1);
    expect(again.last()).toMatchObject({
      call: {
        callId: 'call-1',
        wizard: { executionId: 'e1', stepId: 's2' },
        serverConnected: true,
      },
      flowRevision: before?.flowRevision,
      offered: false,
    });
    expect((await other.rpc({ kind: 'call:flow-get', key: 'draft:e1:s2' })).data).toBe(
      'half an answer',
    );
    expect((await other.rpc({ kind: 'call:claim', callId: 'call-1' })).data).toBe(false);
    expect((await again.rpc({ kind: 'call:claim', callId: 'call-1' })).data).toBe(true);
  });

  it('still offers an unclaimed call to the tab it was offered to', async () => {
    const callStorage = createMemoryStorage();
    const first = callsBackground({ callStorage });
    first.front({ 5: 1 }, 1);
    await first.openTab(5, 1);
    await first.ring('call-1');
    const second = callsBackground({ callStorage });
    const other = await second.openTab(6, 1);
    const again = await second.openTab(5, 1);
    expectOffered([again, other], 0);
  });

  it("answers the notification's click it showed before it stopped", async () => {
    const callStorage = createMemoryStorage();
    const first = callsBackground({ callStorage });
    await first.openTab(5, 1, { visible: false });
    await first.ring('call-1');
    expect(first.callsBrowser.shown.size).toBe(1);

    const second = callsBackground({ callStorage });
    const tab = await second.openTab(5, 1, { visible: false });
    second.callsBrowser.click(`${CALL_NOTIFICATION_PREFIX}call-1`);
    await second.calls.idle();
    await settle();
    expect(second.callsBrowser.world.activated).toEqual([5]);
    expect(tab.last()).toMatchObject({ offered: true, call: { callId: 'call-1' } });
  });

  it('keeps nothing when it comes back for someone else', async () => {
    const callStorage = createMemoryStorage();
    const callsBrowser = fakeCallsBrowser();
    const first = callsBackground({ callStorage, callsBrowser });
    const tab = await first.openTab(5, 1, { visible: false });
    await first.ring('call-1');
    await tab.rpc({ kind: 'call:flow-set', key: 'k', value: 'secret answer' });
    await first.calls.idle();
    expect(callsBrowser.shown.size).toBe(1);

    const second = callsBackground({ callStorage, callsBrowser });
    second.setPublicState({ ...state, user: { id: 'u2', name: 'Sam Stone', role: 'operator' } });
    const next = await second.openTab(5, 1);
    await second.calls.idle();
    expect(next.last()?.call).toBeNull();
    expect((await next.rpc({ kind: 'call:flow-get', key: 'k' })).data).toBeNull();
    expect(await callStorage.get('flow:k')).toBeNull();
    expect(callsBrowser.shown.size).toBe(0);
  });
});

describe('signing out', () => {
  it('clears the call, the values and the notification, and stops listening', async () => {
    const background = callsBackground();
    const tab = await background.openTab(5, 1, { visible: false });
    await background.ring('call-1');
    await tab.rpc({ kind: 'call:flow-set', key: 'k', value: 'typed' });
    expect(background.callsBrowser.shown.size).toBe(1);

    background.setPublicState({ ...state, status: 'signed-out', user: null, workspace: null });
    background.changed();
    await background.calls.idle();
    await settle();
    expect(tab.last()).toMatchObject({ call: null, offered: false, otherViewers: 0 });
    expect(background.callsBrowser.shown.size).toBe(0);
    expect(await background.callStorage.get('flow:k')).toBeNull();
    expect(await background.callStorage.get('last-crm-url')).toBeNull();

    // The next user starts with nothing, and their own calls.
    background.setPublicState({
      ...state,
      user: { id: 'u2', name: 'Sam Stone', role: 'operator' },
    });
    background.changed();
    await background.calls.idle();
    expect((await tab.rpc({ kind: 'call:flow-get', key: 'k' })).data).toBeNull();
    background.emitSocket(INCOMING_EVENT, incoming('call-9'));
    await background.calls.idle();
    expect(background.calls.snapshot().call).toBeNull();
    background.emitSocket('incomingCalls::u2', incoming('call-9'));
    await background.calls.idle();
    expect(background.calls.snapshot().call).toMatchObject({ callId: 'call-9', userId: 'u2' });
  });
});
