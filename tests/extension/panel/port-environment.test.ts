import { describe, expect, it, vi } from 'vitest';
import { createPortEnvironment, SIGN_IN_HINT } from '@/extension/panel/port-environment';
import type { PublicSessionState } from '@/shared/transport/port-protocol';
import type { PortTransport, RpcCall } from '@/shared/transport/port-transport';

const signedIn: PublicSessionState = {
  status: 'signed-in',
  user: { id: 'u1', name: 'Olivia Owens', role: 'owner' },
  workspace: { id: 'ws_lakeside', name: 'Lakeside Law' },
  socket: 'connected',
  liveCalls: null,
  message: null,
  appOrigin: 'http://localhost:8080',
};

const hostSession = {
  user: {
    id: 'u1',
    picture: null,
    role: 'owner',
    username: 'owner@lakeside.test',
    workspace: 'ws_lakeside',
    language: 'en',
    timezone: 'America/Chicago',
    email: 'owner@lakeside.test',
    name: 'Olivia Owens',
    personId: null,
    customerSuccessAccountId: null,
    calendarType: null,
    edition: 'enterprise',
  },
  workspace: null,
  agent: null,
};

function fakeTransport() {
  let listener: (state: PublicSessionState) => void = () => {};
  let state: PublicSessionState | null = null;
  const calls: RpcCall[] = [];
  const transport = {
    request: vi.fn(async () => ({})),
    subscribe: vi.fn(() => () => {}),
    call: vi.fn(async (message: RpcCall) => {
      calls.push(message);
      if (message.kind === 'host-session:get') return hostSession;
      if (message.kind === 'storage:get') return 'stored';
      return null;
    }),
    sessionState: () => state,
    onSessionState: (next: (state: PublicSessionState) => void) => {
      listener = next;
      return () => {};
    },
    onNotice: () => () => {},
    // The tab's call session (issue #13) is built on the same transport.
    callState: () => null,
    onCallState: () => () => {},
    setCallFacts: () => {},
    close: () => {},
  } as unknown as PortTransport;
  return {
    transport,
    calls,
    push(next: PublicSessionState) {
      state = next;
      listener(next);
    },
  };
}

describe('the widget environment in a CRM tab', () => {
  it('is loading, then ready with the host session the background gave, then signed out', async () => {
    const fake = fakeTransport();
    const { environment } = createPortEnvironment(fake.transport);
    const store = environment.attach(document.createElement('div'), { notify: () => {} });
    expect(store.get().status).toBe('loading');
    fake.push(signedIn);
    await vi.waitFor(() => expect(store.get().status).toBe('ready'));
    const ready = store.get();
    expect(ready.status === 'ready' && ready.host.session.user?.name).toBe('Olivia Owens');
    fake.push({ ...signedIn, status: 'signed-out', user: null, workspace: null });
    expect(store.get()).toMatchObject({ status: 'signed-out', hint: SIGN_IN_HINT });
    expect(store.get()).not.toHaveProperty('session');
  });

  it('asks for the host session once per sign-in, not on every socket status change', async () => {
    const fake = fakeTransport();
    const { environment } = createPortEnvironment(fake.transport);
    const store = environment.attach(document.createElement('div'), { notify: () => {} });
    fake.push(signedIn);
    await vi.waitFor(() => expect(store.get().status).toBe('ready'));
    const first = store.get();
    fake.push({ ...signedIn, socket: 'connecting' });
    fake.push({ ...signedIn, liveCalls: 3 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.calls.filter((call) => call.kind === 'host-session:get')).toHaveLength(1);
    expect(store.get()).toBe(first);
  });

  it("keeps widget preferences in the background's storage, never the page's", async () => {
    const fake = fakeTransport();
    const { storage } = createPortEnvironment(fake.transport);
    localStorage.clear();
    await storage.set('filters', '{}');
    expect(await storage.get('filters')).toBe('stored');
    expect(fake.calls).toContainEqual({ kind: 'storage:set', key: 'filters', value: '{}' });
    expect(localStorage.length).toBe(0);
  });
});
