// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initialSessionState, useSessionStore } from '@/shared/stores/session-store';
import { createEmbedEnvironment } from '@/widgets/embed/embed-environment';
import type { WidgetHostState } from '@/widgets/widget-environment';
import { startTestServer, type TestServer } from '../../server/helpers/test-server';

// The script-tag embed against the real reference server: a page's token becomes the
// page's one session through the session service's adopt (issue #10 item 4), a token
// that does not work leaves the widget offering a sign-in, and the form signs in.

let server: TestServer;
// A server on a copy of the run's seeded demo database: the server project's hook limit.
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});
beforeEach(() => useSessionStore.setState(initialSessionState));

/** A widget element as the environment uses it (a target for `token` change events). */
const element = () => new EventTarget() as unknown as HTMLElement;

function embedded(token?: string) {
  const embed = createEmbedEnvironment({ defaultApiBase: server.url, appVersion: '2.69.183' });
  if (token) embed.configure({ token });
  const store = embed.environment.attach(element(), { notify: () => {} });
  return { embed, store };
}

function signedOut(state: WidgetHostState) {
  if (state.status !== 'signed-out') throw new Error(`expected signed-out, got ${state.status}`);
  return state;
}

describe('the script-tag embed environment', () => {
  it('asks for a server address when it has none', () => {
    const embed = createEmbedEnvironment({ defaultApiBase: null, appVersion: '2.69.183' });
    const store = embed.environment.attach(element(), { notify: () => {} });
    expect(store.get()).toEqual({
      status: 'signed-out',
      message: 'This widget has no server address: set its api-base attribute.',
    });
  });

  it("turns the page's access token into the page's session, which the widget's host never holds", async () => {
    const { accessToken } = await server.signIn('owner@lakeside.test');
    const { embed, store } = embedded(accessToken);
    await embed.settled();
    const state = store.get();
    expect(state.status === 'ready' && state.host.session.user?.username).toBe(
      'owner@lakeside.test',
    );
    expect(JSON.stringify(state.status === 'ready' && state.host.session)).not.toContain(
      accessToken,
    );
  }, 60_000);

  it('offers the sign-in form for a token that does not work, and signs in with it', async () => {
    const { embed, store } = embedded('not-a-token');
    await embed.settled();
    const state = signedOut(store.get());
    expect(state.onSignIn).toBeTypeOf('function');
    await state.onSignIn?.({ username: 'agent@lakeside.test', password: 'demo-password' });
    const ready = store.get();
    expect(ready.status === 'ready' && ready.host.session.user?.role).toBe('operator');
  }, 60_000);
});
