import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRemoteCallSession } from '@/shared/calls/remote-call-session';
import { connectExtensionLiveFeed, isExtensionLiveFeed } from '@/app/live/extension-live-feed';
import type { ActiveCall } from '@/shared/contracts/active-call';
import { NO_CALL_SNAPSHOT } from '@/shared/contracts/call-session';
import { IDLE_LIVE_SNAPSHOT } from '@/shared/live/live-feed';

// issue #13: the app's live port to the extension also carries the background's active
// call — `call-state` pushes read into the feed's calls, call:* RPCs answered with data.

const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
const me = { extensionId: EXTENSION_ID, userId: 'u_agent', workspaceId: 'ws_lakeside' };

const CALL: ActiveCall = {
  userId: 'u_agent',
  workspaceId: 'ws_lakeside',
  callId: 'call_bg_1',
  direction: 'inbound',
  connected: false,
  serverConnected: false,
  trackingNumber: null,
  campaign: null,
  leadSource: null,
  callData: { leadName: 'Sam Ortiz', phone: '+13125550188' },
  process: null,
  callStart: '2026-11-23T15:00:00.000Z',
  endedAt: null,
  endedBy: null,
  sid: null,
  duration: null,
  wizard: null,
};

type Listener = (message: unknown) => void;

/** A background that answers hello with its live state and call:claim with `granted`. */
function installBackground(granted: unknown) {
  const received: Array<Record<string, unknown>> = [];
  let toApp: Listener = () => {};
  const port = {
    postMessage(raw: unknown) {
      const message = raw as Record<string, unknown>;
      received.push(message);
      queueMicrotask(() => {
        if (message.kind === 'live:hello') {
          toApp({ kind: 'live-state', snapshot: { ...IDLE_LIVE_SNAPSHOT, status: 'ready' } });
        } else if (message.kind === 'call:claim') {
          toApp({ kind: 'answer', id: message.id, ok: true, data: granted });
        } else if (message.kind === 'call:hang-up') {
          toApp({
            kind: 'answer',
            id: message.id,
            ok: false,
            error: {
              message: 'The call has ended.',
              status: 409,
              serverMessage: 'The call has ended.',
              authFailed: false,
            },
          });
        }
      });
    },
    disconnect: () => {},
    onMessage: { addListener: (listener: Listener) => void (toApp = listener) },
    onDisconnect: { addListener: () => {} },
  };
  (globalThis as { chrome?: unknown }).chrome = { runtime: { connect: () => port } };
  return { received, push: (message: unknown) => toApp(message) };
}

afterEach(() => {
  delete (globalThis as { chrome?: unknown }).chrome;
});

describe('the extension feed’s calls (issue #13)', () => {
  it('reads call-state pushes and answers call:claim with the background’s data', async () => {
    const background = installBackground(true);
    const feed = await connectExtensionLiveFeed({ ...me, canShowCallFlow: true });
    // The app says it can show the call's wizard (the background counts it as a viewer).
    expect(background.received).toContainEqual({ kind: 'call:facts', canShowCallFlow: true });
    expect(isExtensionLiveFeed(feed)).toBe(true);
    if (!isExtensionLiveFeed(feed)) return;
    const calls = createRemoteCallSession(feed.calls);
    expect(calls.get()).toEqual(NO_CALL_SNAPSHOT);

    const changed = vi.fn();
    calls.subscribe(changed);
    background.push({
      kind: 'call-state',
      snapshot: { ...NO_CALL_SNAPSHOT, call: CALL, offered: true },
    });
    expect(changed).toHaveBeenCalledTimes(1);
    expect(calls.get()).toMatchObject({ offered: true, call: { callId: 'call_bg_1' } });

    await expect(calls.claim('call_bg_1')).resolves.toBe(true);
    expect(background.received.find((m) => m.kind === 'call:claim')).toMatchObject({
      callId: 'call_bg_1',
    });
    // A refused RPC is a failure the caller sees, not a silent success.
    await expect(calls.hangUp()).rejects.toMatchObject({ status: 409 });
  });

  it('ignores a call-state that is not one (never a crash, never a wrong call)', async () => {
    const background = installBackground(false);
    const feed = await connectExtensionLiveFeed(me);
    if (!isExtensionLiveFeed(feed)) throw new Error('no feed');
    background.push({ kind: 'call-state', snapshot: { call: 'nope' } });
    expect(feed.calls.callState()).toBeNull();
    await expect(createRemoteCallSession(feed.calls).claim('call_bg_1')).resolves.toBe(false);
  });
});
