import { describe, expect, it, vi } from 'vitest';
import {
  type AppCallSession,
  CALL_TAB_HELD_KEY,
  createAppCallSession,
  type CallScope,
} from '@/app/calls/app-call-session';
import { listenForOwnIncomingCalls } from '@/app/calls/incoming-calls';
import {
  type CallLocksLike,
  callLockName,
  type CallTabElection,
  createCallTabElection,
} from '@/app/calls/tab-election';
import { callFlowStateKey } from '@/app/calls/call-flow-state-storage';
import { ACTIVE_CALL_STORAGE_KEY, type ActiveCall } from '@/shared/contracts/active-call';
import type { ChannelLike } from '@/shared/session/refresh-coordinator';
import { fakeApi, fakeSocket } from '../fake-api';
import { WORKSPACE_ID } from './click-to-call/click-to-call-kit';

// issue #28 "One wizard per call, whatever the number of tabs": two tabs of the standalone
// app (no extension), each with its own socket and sessionStorage, over one browser's Web
// Locks and BroadcastChannel.

const AGENT: CallScope = { userId: 'u_agent', workspaceId: WORKSPACE_ID };
const EVENT = `incomingCalls::${AGENT.userId}`;

/**
 * A browser's Web Locks: exclusive, ifAvailable, queued waiters, abort, steal (the holder's
 * request rejects, the queue waits on), and a closed tab's locks freed.
 */
function fakeLockManager() {
  interface Waiter {
    tab: string;
    grant: () => void;
  }
  const holders = new Map<string, { tab: string; free: () => void; stolen: () => void }>();
  const queues = new Map<string, Waiter[]>();

  function next(name: string): void {
    holders.delete(name);
    const waiter = queues.get(name)?.shift();
    waiter?.grant();
  }

  function forTab(tab: string): CallLocksLike {
    return {
      request(name, options, callback) {
        return new Promise((resolve, reject) => {
          const run = () => {
            let done = false;
            const free = () => {
              if (done) return;
              done = true;
              next(name);
            };
            const stolen = () => {
              done = true; // its callback may still end: the lock is another's now
              reject(new DOMException('stolen', 'AbortError'));
            };
            holders.set(name, { tab, free, stolen });
            void callback({ name }).then(
              (value) => {
                free();
                resolve(value);
              },
              (error: unknown) => {
                free();
                reject(error instanceof Error ? error : new Error(String(error)));
              },
            );
          };
          if (options.steal) {
            holders.get(name)?.stolen();
            return run();
          }
          if (!holders.has(name)) return run();
          if (options.ifAvailable) {
            void callback(null).then(resolve, reject);
            return;
          }
          const waiter: Waiter = { tab, grant: run };
          queues.set(name, [...(queues.get(name) ?? []), waiter]);
          options.signal?.addEventListener('abort', () => {
            const queue = queues.get(name) ?? [];
            if (!queue.includes(waiter)) return;
            queues.set(
              name,
              queue.filter((entry) => entry !== waiter),
            );
            reject(new DOMException('aborted', 'AbortError'));
          });
        });
      },
    };
  }

  return {
    forTab,
    holder: (name: string) => holders.get(name)?.tab ?? null,
    /** The browser frees every lock of a closed tab, whatever its callbacks do. */
    closeTab(tab: string) {
      for (const holder of [...holders.values()]) if (holder.tab === tab) holder.free();
    },
  };
}

/** BroadcastChannel: a message reaches every other open channel, later, never the sender. */
function fakeChannelHub() {
  const open = new Set<{ listeners: Set<(event: { data: unknown }) => void> }>();
  return {
    channel(): ChannelLike & { closed: () => boolean } {
      const self = { listeners: new Set<(event: { data: unknown }) => void>() };
      open.add(self);
      return {
        postMessage(message) {
          const data = structuredClone(message);
          for (const other of [...open]) {
            if (other === self) continue;
            setTimeout(() => {
              if (!open.has(other)) return;
              for (const listener of [...other.listeners]) listener({ data });
            }, 0);
          }
        },
        addEventListener: (_type, listener) => void self.listeners.add(listener),
        close: () => void open.delete(self),
        closed: () => !open.has(self),
      };
    },
  };
}

/** A tab's sessionStorage: its own, as each browser tab has. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

/** One server socket: every tab's connection hears the same events. */
function fakeServer() {
  const api = fakeApi({
    '/ctm/live-calls': () => ({
      data: [liveCall('call_1')],
      meta: { total: 1, limit: 100, offset: 0 },
    }),
    'ctm/calls/call_1/hangup': () => ({
      data: { ...liveCall('call_1'), endedAt: '2026-11-23T15:05:00.000Z', endedBy: 'agent' },
    }),
  });
  const { client, emit } = fakeSocket(api);
  return { api, client, emit };
}

function liveCall(id: string) {
  return {
    id,
    workspaceId: WORKSPACE_ID,
    sid: null,
    direction: 'inbound',
    status: 'in-progress',
    fromNumber: '+15125550147',
    toNumber: '+13125550100',
    agentCtmUserId: 'ctm-1',
    agentId: null,
    trackingNumber: null,
    campaign: null,
    leadSource: null,
    leadName: 'Dana Reyes',
    startedAt: '2026-11-23T15:00:00.000Z',
    connected: true,
    connectedAt: null,
    endedAt: null,
    duration: null,
    endedBy: null,
    takenAt: null,
  };
}

function incoming(callId = 'call_1') {
  return {
    statusCode: 200,
    data: { leadName: 'Dana Reyes', phone: '+15125550147', callId, direction: 'inbound' },
  };
}

interface Tab {
  id: string;
  store: Storage;
  calls: AppCallSession;
  election: CallTabElection;
  navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
  moved: ReturnType<typeof vi.fn<(call: ActiveCall, fresh: boolean) => void>>;
  finishFlow: ReturnType<typeof vi.fn<(call: ActiveCall) => Promise<void>>>;
  /** The tab's window: `pagehide` as it closes, reloads or navigates away. */
  page: EventTarget;
  channel: ReturnType<ReturnType<typeof fakeChannelHub>['channel']>;
  stop: () => void;
}

function browser(options: { webLocks?: boolean } = {}) {
  const locks = fakeLockManager();
  const hub = fakeChannelHub();
  const server = fakeServer();
  function openTab(id: string, store: Storage = memoryStorage()): Tab {
    const channel = hub.channel();
    const page = new EventTarget();
    const election = createCallTabElection({
      locks: options.webLocks === false ? null : locks.forTab(id),
      channel,
      tabId: id,
      page,
    });
    const moved = vi.fn<(call: ActiveCall, fresh: boolean) => void>();
    const finishFlow = vi.fn<(call: ActiveCall) => Promise<void>>(() => Promise.resolve());
    const calls = createAppCallSession({
      api: server.client,
      store,
      scope: () => AGENT,
      election,
      openMovedCall: moved,
      finishFlow,
    });
    const navigate = vi.fn<(path: string) => void>();
    const stop = listenForOwnIncomingCalls({ api: server.client, calls, scope: AGENT, navigate });
    return { id, store, calls, election, navigate, moved, finishFlow, page, channel, stop };
  }
  return {
    locks,
    server,
    openTab,
    /**
     * The tab closes: its socket, its channel, and (the browser) its locks go; `pagehide`
     * first unless it crashed.
     */
    closeTab(tab: Tab, how: 'closed' | 'crashed' = 'closed') {
      if (how === 'closed') tab.page.dispatchEvent(new Event('pagehide'));
      tab.stop();
      tab.channel.close();
      locks.closeTab(tab.id);
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** The wizard the owner tab runs for the call: its stored state in the tab's sessionStorage. */
function storeWizard(tab: Tab, executionId: string) {
  tab.store.setItem(
    callFlowStateKey(AGENT.userId),
    JSON.stringify({ status: 'at-form', processExecutionHistoryId: executionId, marker: 'step-3' }),
  );
}

describe('one wizard per call across the app’s tabs (issue #28)', () => {
  it('opens the call in exactly one of two tabs; the other keeps it as open elsewhere', async () => {
    const { server, openTab, locks } = browser();
    const first = openTab('tab-a');
    const second = openTab('tab-b');

    server.emit(EVENT, incoming());
    await vi.waitFor(() =>
      expect(first.navigate.mock.calls.length + second.navigate.mock.calls.length).toBe(1),
    );
    await settle();
    expect(first.navigate.mock.calls.length + second.navigate.mock.calls.length).toBe(1);
    const [owner, other] =
      first.navigate.mock.calls.length === 1 ? [first, second] : [second, first];
    expect(owner.navigate.mock.calls[0][0]).toMatch(/^\/app\/automated-intake\?incomingCall=/);
    expect(locks.holder(callLockName('call_1'))).toBe(owner.id);
    // Both tabs keep the call (the top bar's pill, the card)...
    expect(owner.calls.get().call?.callId).toBe('call_1');
    expect(other.calls.get().call?.callId).toBe('call_1');
    // ...and say where its wizard runs.
    expect(owner.calls.tabs?.place()).toBe('here');
    expect(other.calls.tabs?.place()).toBe('elsewhere');
    // The call is connected on the server once, by the owner.
    const connects = () =>
      server.api.requests.filter(
        (req) => req.method === 'PUT' && req.path.endsWith('ctm/calls/call_1'),
      );
    await vi.waitFor(() => expect(connects()).toHaveLength(1));
    await settle();
    expect(connects()).toHaveLength(1);
    first.stop();
    second.stop();
  });

  it('moves the wizard with its state to the tab asking; the first tab stops showing it', async () => {
    const { server, openTab, locks } = browser();
    const owner = openTab('tab-a');
    server.emit(EVENT, incoming());
    await vi.waitFor(() => expect(owner.navigate).toHaveBeenCalledTimes(1));
    const other = openTab('tab-b');
    server.emit(EVENT, incoming());
    await vi.waitFor(() => expect(other.calls.get().call?.callId).toBe('call_1'));
    await settle();
    expect(other.navigate).not.toHaveBeenCalled();
    expect(other.calls.tabs?.place()).toBe('elsewhere');
    storeWizard(owner, 'exec-1');
    owner.calls.wizardMoved('call_1', 'exec-1', 'contact');

    const ownerPlaces: string[] = [];
    owner.calls.tabs?.subscribe(() => ownerPlaces.push(owner.calls.tabs!.place()));

    await expect(other.calls.tabs!.moveHere()).resolves.toBeNull();

    // The wizard's state and the call's position now live in the new tab...
    expect(JSON.parse(other.store.getItem(callFlowStateKey(AGENT.userId))!)).toMatchObject({
      processExecutionHistoryId: 'exec-1',
      marker: 'step-3',
    });
    expect(other.calls.get().call?.wizard).toMatchObject({
      executionId: 'exec-1',
      stepId: 'contact',
    });
    expect(other.calls.tabs?.place()).toBe('here');
    expect(other.moved).toHaveBeenCalledTimes(1);
    expect(other.moved.mock.calls[0][1]).toBe(false); // resumed, not started anew
    expect(locks.holder(callLockName('call_1'))).toBe('tab-b');
    // ...and the first tab gave its wizard up, keeping the call as open elsewhere.
    expect(owner.store.getItem(callFlowStateKey(AGENT.userId))).toBeNull();
    expect(owner.calls.tabs?.place()).toBe('elsewhere');
    expect(ownerPlaces).toContain('elsewhere');
    expect(owner.calls.get().call?.callId).toBe('call_1');
    owner.stop();
    other.stop();
  });

  it('hands the wizard, at its step, to a tab standing by once the tab running it closes', async () => {
    const { server, openTab, closeTab, locks } = browser();
    const owner = openTab('tab-a');
    server.emit(EVENT, incoming());
    await vi.waitFor(() => expect(owner.navigate).toHaveBeenCalledTimes(1));
    const other = openTab('tab-b');
    server.emit(EVENT, incoming());
    await vi.waitFor(() => expect(other.calls.tabs?.place()).toBe('elsewhere'));
    storeWizard(owner, 'exec-1');
    owner.calls.wizardMoved('call_1', 'exec-1', 'contact');

    closeTab(owner);
    // Nobody asked: the tab standing by holds the call, with the wizard's state...
    await vi.waitFor(() => expect(other.calls.tabs?.place()).toBe('here'));
    expect(locks.holder(callLockName('call_1'))).toBe('tab-b');
    expect(JSON.parse(other.store.getItem(callFlowStateKey(AGENT.userId))!)).toMatchObject({
      processExecutionHistoryId: 'exec-1',
      marker: 'step-3',
    });
    expect(other.calls.get().call?.wizard).toMatchObject({ executionId: 'exec-1' });
    // ...and opens the call's screen, resumed, once it is sure the tab is not reloading.
    await vi.waitFor(() => expect(other.moved).toHaveBeenCalledTimes(1), { timeout: 3_000 });
    expect(other.moved.mock.calls[0][1]).toBe(false);
    other.stop();
  });

  it('takes a crashed tab’s call over too, starting its intake anew', async () => {
    const { server, openTab, closeTab } = browser();
    const owner = openTab('tab-a');
    server.emit(EVENT, incoming());
    await vi.waitFor(() => expect(owner.navigate).toHaveBeenCalledTimes(1));
    const other = openTab('tab-b');
    server.emit(EVENT, incoming());
    await vi.waitFor(() => expect(other.calls.tabs?.place()).toBe('elsewhere'));

    closeTab(owner, 'crashed');
    await vi.waitFor(() => expect(other.calls.tabs?.place()).toBe('here'));
    await vi.waitFor(() => expect(other.moved).toHaveBeenCalledTimes(1), { timeout: 3_000 });
    expect(other.moved.mock.calls[0][0].callId).toBe('call_1');
    expect(other.moved.mock.calls[0][1]).toBe(true); // nothing was carried
    other.stop();
  });

  it('never takes over a call that ended', async () => {
    const { server, openTab, closeTab, locks } = browser();
    const owner = openTab('tab-a');
    server.emit(EVENT, incoming());
    await vi.waitFor(() => expect(owner.navigate).toHaveBeenCalledTimes(1));
    const other = openTab('tab-b');
    server.emit(EVENT, incoming());
    await vi.waitFor(() => expect(other.calls.tabs?.place()).toBe('elsewhere'));
    other.calls.apply({
      type: 'ended',
      callId: 'call_1',
      at: '2026-11-23T15:05:00.000Z',
      by: 'caller',
    });

    closeTab(owner);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(other.calls.tabs?.place()).toBe('elsewhere');
    expect(locks.holder(callLockName('call_1'))).toBeNull();
    expect(other.moved).not.toHaveBeenCalled();
    other.stop();
  });

  it('forwards the Hang up of a tab without the wizard to the tab running it: one flow end, one hang-up', async () => {
    const { server, openTab } = browser();
    const owner = openTab('tab-a');
    server.emit(EVENT, incoming());
    await vi.waitFor(() => expect(owner.navigate).toHaveBeenCalledTimes(1));
    const other = openTab('tab-b');
    server.emit(EVENT, incoming());
    await vi.waitFor(() => expect(other.calls.tabs?.place()).toBe('elsewhere'));
    storeWizard(owner, 'exec-1');
    owner.calls.wizardMoved('call_1', 'exec-1', 'contact');

    await other.calls.hangUp();

    // The owner ended its flow (partial-complete) and then the call, once, and put it away.
    expect(owner.finishFlow).toHaveBeenCalledTimes(1);
    expect(owner.finishFlow.mock.calls[0][0].wizard).toMatchObject({ executionId: 'exec-1' });
    expect(other.finishFlow).not.toHaveBeenCalled();
    const hangUps = server.api.requests.filter((req) => req.path.endsWith('call_1/hangup'));
    expect(hangUps).toHaveLength(1);
    expect(owner.calls.get().call).toBeNull();
    // The asking tab keeps the call as ended by the agent (no "caller hung up"), to put away.
    expect(other.calls.get().call).toMatchObject({ callId: 'call_1', endedBy: 'agent' });
    expect(other.calls.get().call?.endedAt).not.toBeNull();
    owner.stop();
    other.stop();
  });

  it('hangs up from the asking tab when no tab answers the forwarded Hang up', async () => {
    const { server, openTab } = browser();
    const owner = openTab('tab-a');
    server.emit(EVENT, incoming());
    await vi.waitFor(() => expect(owner.navigate).toHaveBeenCalledTimes(1));
    const other = openTab('tab-b');
    server.emit(EVENT, incoming());
    await vi.waitFor(() => expect(other.calls.tabs?.place()).toBe('elsewhere'));
    owner.channel.close(); // frozen: it holds the lock, it hears nothing

    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const done = other.calls.hangUp();
      await vi.advanceTimersByTimeAsync(10_100);
      await done;
    } finally {
      vi.useRealTimers();
    }
    expect(server.api.requests.filter((req) => req.path.endsWith('call_1/hangup'))).toHaveLength(1);
    expect(other.calls.get().call).toMatchObject({ endedBy: 'agent' });
    owner.stop();
    other.stop();
  });

  it('says so when the tab holding the call never answers', async () => {
    const { server, openTab } = browser();
    const owner = openTab('tab-a');
    server.emit(EVENT, incoming());
    await vi.waitFor(() => expect(owner.navigate).toHaveBeenCalledTimes(1));
    const other = openTab('tab-b');
    server.emit(EVENT, incoming());
    await vi.waitFor(() => expect(other.calls.tabs?.place()).toBe('elsewhere'));
    owner.channel.close(); // a frozen tab: it keeps its lock, it hears nothing

    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const answer = other.calls.tabs!.moveHere();
      await vi.advanceTimersByTimeAsync(3_100);
      await expect(answer).resolves.toBe(
        'The tab with this call did not answer. Try again, or close that tab first.',
      );
    } finally {
      vi.useRealTimers();
    }
    expect(other.calls.tabs?.place()).toBe('elsewhere');
    expect(owner.calls.tabs?.place()).toBe('here');
    expect(other.moved).not.toHaveBeenCalled();
    owner.stop();
    other.stop();
  });

  it('a reload of the tab running the wizard takes the call back; a duplicated tab does not', async () => {
    const { server, openTab, closeTab, locks } = browser();
    const owner = openTab('tab-a');
    server.emit(EVENT, incoming());
    await vi.waitFor(() => expect(owner.navigate).toHaveBeenCalledTimes(1));
    expect(owner.store.getItem(CALL_TAB_HELD_KEY)).toBe('call_1');

    // A duplicated tab copies sessionStorage (the note included) while the owner lives.
    const copy = memoryStorage();
    for (const key of [CALL_TAB_HELD_KEY, ACTIVE_CALL_STORAGE_KEY]) {
      const value = owner.store.getItem(key);
      if (value !== null) copy.setItem(key, value);
    }
    const duplicate = openTab('tab-dup', copy);
    await vi.waitFor(() => expect(duplicate.calls.tabs?.place()).toBe('elsewhere'));
    expect(locks.holder(callLockName('call_1'))).toBe('tab-a');

    // The owner reloads: the browser frees its lock (the duplicate, standing by, gets it),
    // and the new page claims it back, wizard and all.
    storeWizard(owner, 'exec-1');
    closeTab(owner);
    const reloaded = openTab('tab-a2', owner.store);
    await vi.waitFor(() => expect(reloaded.calls.tabs?.place()).toBe('here'));
    expect(locks.holder(callLockName('call_1'))).toBe('tab-a2');
    expect(reloaded.store.getItem(callFlowStateKey(AGENT.userId))).toContain('exec-1');
    await vi.waitFor(() => expect(duplicate.calls.tabs?.place()).toBe('elsewhere'));
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(duplicate.moved).not.toHaveBeenCalled(); // it never opened the call's screen
    expect(duplicate.store.getItem(callFlowStateKey(AGENT.userId))).toBeNull();
    duplicate.stop();
    reloaded.stop();
  });
});

describe('the election without Web Locks (BroadcastChannel claims)', () => {
  it('still opens one wizard for two tabs, and moves it', async () => {
    const { server, openTab } = browser({ webLocks: false });
    const first = openTab('tab-a');
    const second = openTab('tab-b');
    server.emit(EVENT, incoming());
    await vi.waitFor(() =>
      expect(first.navigate.mock.calls.length + second.navigate.mock.calls.length).toBe(1),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(first.navigate.mock.calls.length + second.navigate.mock.calls.length).toBe(1);
    const [owner, other] =
      first.navigate.mock.calls.length === 1 ? [first, second] : [second, first];
    expect(owner.election.holds('call_1')).toBe(true);
    expect(other.election.holds('call_1')).toBe(false);

    storeWizard(owner, 'exec-7');
    await expect(other.calls.tabs!.moveHere()).resolves.toBeNull();
    expect(other.election.holds('call_1')).toBe(true);
    expect(owner.election.holds('call_1')).toBe(false);
    expect(other.store.getItem(callFlowStateKey(AGENT.userId))).toContain('exec-7');
    owner.stop();
    other.stop();
  });
});
