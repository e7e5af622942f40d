import { describe, expect, it, vi } from 'vitest';
import { clientMessageSchema, type BackgroundMessage } from '@/shared/transport/port-protocol';
import {
  handleOneWay,
  MAX_SUBSCRIPTIONS_PER_PORT,
  ONE_WAY_HANDLERS,
  PANEL_CALL_HOLD_MS,
  type Connection,
} from '@/extension/entrypoints/background/router/one-way-handlers';
import type {
  RouterContext,
  RouterPort,
} from '@/extension/entrypoints/background/router/router-context';
import { handleRpc, RPC_HANDLERS } from '@/extension/entrypoints/background/router/rpc-handlers';
import { PANEL_FRAME_PATH } from '@/extension/lib/panel-frame-protocol';

// The router's handlers one at a time (issue #31 item 5), each given a context of fakes:
// the router's own tests (hostile-senders, restored-session, calls-continuity) drive them
// through real ports.

const SELF = { id: 'ext', origin: 'chrome-extension://ext' };

function fakePort(sender: RouterPort['sender']): RouterPort & { posted: BackgroundMessage[] } {
  const posted: BackgroundMessage[] = [];
  return {
    name: 'intake-cockpit',
    sender,
    posted,
    postMessage: (message) => posted.push(message),
    disconnect: () => undefined,
    onMessage: { addListener: () => undefined },
    onDisconnect: { addListener: () => undefined },
  };
}

function fakeContext(overrides: Partial<RouterContext> = {}) {
  const drops = { count: 0 };
  const context = {
    self: SELF,
    ports: new Set<RouterPort>(),
    heldCalls: new Map(),
    now: () => 1_000,
    post: (port: RouterPort, message: BackgroundMessage) => port.postMessage(message),
    drop: (count = 1) => {
      drops.count += count;
    },
    followOwner: () => undefined,
    ...overrides,
  } as RouterContext;
  return { context, drops };
}

const crmPage = (tabId: number) => fakePort({ url: 'https://crm.zoho.com/x', tab: { id: tabId } });
const panelFrame = (tabId: number) =>
  fakePort({ url: `${SELF.origin}${PANEL_FRAME_PATH}`, origin: SELF.origin, tab: { id: tabId } });
const connectionOf = (port: RouterPort): Connection => ({
  port,
  senderClass: 'content-script',
  subscriptions: new Map(),
});

describe('the router handler tables', () => {
  it('have a handler for every message kind of the protocol, and only those', () => {
    const kinds = clientMessageSchema.options.map((option) => option.shape.kind.value).sort();
    const handled = [...Object.keys(RPC_HANDLERS), ...Object.keys(ONE_WAY_HANDLERS)].sort();
    expect(handled).toEqual(kinds);
  });
});

describe('panel:call (issue #29)', () => {
  const request = { name: 'Dana Reyes', phone: '+15550100' };

  it('goes to the panel frame of the same tab only', () => {
    const { context } = fakeContext();
    const page = crmPage(7);
    const sameTab = panelFrame(7);
    const otherTab = panelFrame(8);
    context.ports.add(sameTab).add(otherTab);
    handleOneWay(context, connectionOf(page), { kind: 'panel:call', request });
    expect(sameTab.posted).toEqual([{ kind: 'panel-call', request }]);
    expect(otherTab.posted).toEqual([]);
    expect(context.heldCalls.size).toBe(0);
  });

  it('waits for a frame not there yet, until the hold runs out', () => {
    const { context } = fakeContext();
    handleOneWay(context, connectionOf(crmPage(7)), { kind: 'panel:call', request });
    expect(context.heldCalls.get(7)).toEqual({ request, until: 1_000 + PANEL_CALL_HOLD_MS });
  });

  it('is dropped when a panel frame presses', () => {
    const { context, drops } = fakeContext();
    const other = panelFrame(7);
    context.ports.add(other);
    handleOneWay(context, connectionOf(panelFrame(7)), { kind: 'panel:call', request });
    expect(drops.count).toBe(1);
    expect(other.posted).toEqual([]);
    expect(context.heldCalls.size).toBe(0);
  });
});

describe('subscribe and unsubscribe', () => {
  it('follow a socket event once per port, up to the bound, and let it go', () => {
    const removers = new Map<string, () => void>();
    const hub = {
      add: vi.fn((event: string, _handler: (payload: unknown) => void) => {
        const remove = vi.fn();
        removers.set(event, remove);
        return remove;
      }),
    };
    const { context, drops } = fakeContext({ hub: hub as unknown as RouterContext['hub'] });
    const connection = connectionOf(crmPage(1));
    handleOneWay(context, connection, { kind: 'subscribe', event: 'incomingCalls' });
    handleOneWay(context, connection, { kind: 'subscribe', event: 'incomingCalls' });
    expect(hub.add).toHaveBeenCalledTimes(1);

    handleOneWay(context, connection, { kind: 'unsubscribe', event: 'incomingCalls' });
    expect(removers.get('incomingCalls')).toHaveBeenCalledTimes(1);
    expect(connection.subscriptions.size).toBe(0);

    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_PORT + 1; i++) {
      handleOneWay(context, connection, { kind: 'subscribe', event: `event${i}` });
    }
    expect(connection.subscriptions.size).toBe(MAX_SUBSCRIPTIONS_PER_PORT);
    expect(drops.count).toBe(1);
  });
});

describe('request', () => {
  it('refuses a CRM page a call outside its allowlist with a 403, counted as dropped', async () => {
    const transport = { request: vi.fn() };
    const session = {
      ready: async () => undefined,
      publicState: () => ({ workspace: { id: 'w1' } }),
      transport: () => transport,
    };
    const { context, drops } = fakeContext({
      session: session as unknown as RouterContext['session'],
    });
    const call = handleRpc({
      context,
      port: crmPage(1),
      senderClass: 'content-script',
      message: {
        kind: 'request',
        id: 'r1',
        request: { method: 'DELETE', path: 'workspaces/w1/users/u1' },
      },
    });
    await expect(call).rejects.toMatchObject({ status: 403 });
    expect(transport.request).not.toHaveBeenCalled();
    expect(drops.count).toBe(1);
  });

  it('hands storage calls to the widget storage once the session is restored', async () => {
    let restored!: () => void;
    const ready = new Promise<void>((resolve) => (restored = resolve));
    const widgetStorage = { set: vi.fn(async () => undefined) };
    const { context } = fakeContext({
      session: { ready: () => ready } as unknown as RouterContext['session'],
      widgetStorage: widgetStorage as unknown as RouterContext['widgetStorage'],
    });
    const call = handleRpc({
      context,
      port: crmPage(1),
      senderClass: 'content-script',
      message: { kind: 'storage:set', id: 's1', key: 'theme', value: 'dark' },
    });
    await Promise.resolve();
    expect(widgetStorage.set).not.toHaveBeenCalled();
    restored();
    await call;
    expect(widgetStorage.set).toHaveBeenCalledWith('theme', 'dark');
  });
});
