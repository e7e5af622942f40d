import { describe, expect, it } from 'vitest';
import {
  cacheKey,
  createReportCache,
  FRESH_MS,
  isCacheable,
  MAX_TOTAL_CHARS,
} from '@/extension/entrypoints/background/report-cache';
import type { PublicSessionState } from '@/shared/transport/port-protocol';
import type { TransportRequest } from '@/shared/transport/transport';
import {
  connect,
  contentSender,
  fakeBackground,
  popupSender,
  settle,
  state,
} from './fake-background';

/**
 * issue #14 stale-while-revalidate: the background keeps the last answer of each report
 * a CRM tab asked for, per sign-in and workspace, answers the next tab from it at once
 * (saying since when) and fetches it again behind; another user never sees it.
 */

const PCLC = `workspaces/${state.workspace?.id}/reports/pclc`;
const pclc = (id: string, startDate = '2026-11-01', extra: object = {}) => ({
  kind: 'request',
  id,
  request: {
    method: 'POST',
    path: PCLC,
    body: { startDate, endDate: '2026-11-07', type: 'rjPclc' },
  },
  ...extra,
});

/** A server whose answers say which call they were, and that answers when told to. */
function countingServer() {
  let calls = 0;
  const waiting: (() => void)[] = [];
  let hold = false;
  return {
    request: (req: TransportRequest) => {
      calls++;
      const answer = { data: { call: calls, path: req.path } };
      if (!hold) return Promise.resolve(answer);
      return new Promise<unknown>((resolve) => waiting.push(() => resolve(answer)));
    },
    hold: (value: boolean) => {
      hold = value;
    },
    release: () => waiting.splice(0).forEach((resolve) => resolve()),
    calls: () => calls,
  };
}

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

const signedOut: PublicSessionState = {
  ...state,
  status: 'signed-out',
  user: null,
  workspace: null,
};

describe('the background report cache (stale-while-revalidate)', () => {
  it("answers a CRM tab's report from the cache at once, says since when, and fetches it again behind", async () => {
    const server = countingServer();
    const time = clock();
    const { router, transport } = fakeBackground({
      request: server.request,
      reportCache: createReportCache({ now: time.now }),
    });
    const first = connect(router, contentSender);
    first.send(pclc('1'));
    expect(await first.answer('1')).toMatchObject({ ok: true, data: { data: { call: 1 } } });
    expect((await first.answer('1')).staleSince).toBeUndefined();
    const fetchedAt = time.now();

    time.advance(60_000);
    server.hold(true);
    const second = connect(router, { ...contentSender, tab: { id: 6 } });
    second.send(pclc('2'));
    // The server has not answered: this is the last answer, marked with its time.
    const stale = await second.answer('2');
    expect(stale).toMatchObject({ ok: true, data: { data: { call: 1 } }, staleSince: fetchedAt });
    expect(transport.request).toHaveBeenCalledTimes(2);

    // The tab asks for the fresh one: it waits for the revalidation in flight (no third call).
    second.send(pclc('3', undefined, { revalidate: true }));
    await settle();
    expect(second.answers().find((answer) => answer.id === '3')).toBeUndefined();
    server.release();
    const fresh = await second.answer('3');
    expect(fresh).toMatchObject({ ok: true, data: { data: { call: 2 } } });
    expect(fresh.staleSince).toBeUndefined();
    expect(transport.request).toHaveBeenCalledTimes(2);

    // Right after, the fresh answer is given as it is, without another call.
    second.send(pclc('4'));
    const again = await second.answer('4');
    expect(again).toMatchObject({ data: { data: { call: 2 } } });
    expect(again.staleSince).toBeUndefined();
    expect(transport.request).toHaveBeenCalledTimes(2);
  });

  it('keeps each set of filters apart', async () => {
    const server = countingServer();
    const { router, transport } = fakeBackground({ request: server.request });
    const tab = connect(router, contentSender);
    tab.send(pclc('1', '2026-11-01'));
    await tab.answer('1');
    tab.send(pclc('2', '2026-11-02'));
    expect(await tab.answer('2')).toMatchObject({ data: { data: { call: 2 } } });
    expect(transport.request).toHaveBeenCalledTimes(2);
  });

  it("forgets every answer when the user signs out: the next user never sees the last one's figures", async () => {
    const server = countingServer();
    const time = clock();
    const background = fakeBackground({
      request: server.request,
      reportCache: createReportCache({ now: time.now }),
    });
    const tab = connect(background.router, contentSender);
    tab.send(pclc('1'));
    await tab.answer('1');

    background.setPublicState(signedOut);
    background.changed();
    background.setPublicState({ ...state, user: { id: 'u2', name: 'Other Owner', role: 'owner' } });
    background.changed();
    time.advance(60_000);
    tab.send(pclc('2'));
    const answer = await tab.answer('2');
    expect(answer).toMatchObject({ data: { data: { call: 2 } } });
    expect(answer.staleSince).toBeUndefined();
    expect(background.transport.request).toHaveBeenCalledTimes(2);
  });

  it('forgets every answer when the workspace changes', async () => {
    const server = countingServer();
    const time = clock();
    const background = fakeBackground({
      request: server.request,
      reportCache: createReportCache({ now: time.now }),
    });
    const tab = connect(background.router, contentSender);
    tab.send(pclc('1'));
    await tab.answer('1');
    background.setPublicState({ ...state, workspace: { id: 'ws_other', name: 'Other' } });
    background.changed();
    time.advance(60_000);
    // The old workspace's path is refused by the policy now; the cache is empty anyway.
    background.setPublicState(state);
    background.changed();
    tab.send(pclc('2'));
    expect((await tab.answer('2')).staleSince).toBeUndefined();
    expect(background.transport.request).toHaveBeenCalledTimes(2);
  });

  it('never keeps an answer that arrives after the user who asked has signed out', async () => {
    const server = countingServer();
    const time = clock();
    const background = fakeBackground({
      request: server.request,
      reportCache: createReportCache({ now: time.now }),
    });
    const tab = connect(background.router, contentSender);
    server.hold(true);
    tab.send(pclc('1'));
    await settle();
    background.setPublicState(signedOut);
    background.changed();
    background.setPublicState({ ...state, user: { id: 'u2', name: 'Other Owner', role: 'owner' } });
    background.changed();
    server.release();
    await tab.answer('1');

    server.hold(false);
    time.advance(60_000);
    tab.send(pclc('2'));
    const answer = await tab.answer('2');
    expect(answer.staleSince).toBeUndefined();
    expect(answer).toMatchObject({ data: { data: { call: 2 } } });
  });

  it('answers our own pages and every write from the server, never from the cache', async () => {
    const server = countingServer();
    const time = clock();
    const { router, transport } = fakeBackground({
      request: server.request,
      reportCache: createReportCache({ now: time.now }),
    });
    const popup = connect(router, popupSender);
    popup.send(pclc('1'));
    await popup.answer('1');
    time.advance(60_000);
    popup.send(pclc('2'));
    const answer = await popup.answer('2');
    expect(answer).toMatchObject({ data: { data: { call: 2 } } });
    expect(answer.staleSince).toBeUndefined();
    expect(transport.request).toHaveBeenCalledTimes(2);
  });

  it('forgets every answer once a write goes to the server, from a tab or from the app', async () => {
    const server = countingServer();
    const time = clock();
    const { router, transport } = fakeBackground({
      request: server.request,
      reportCache: createReportCache({ now: time.now }),
    });
    const tab = connect(router, contentSender);
    tab.send(pclc('1'));
    await tab.answer('1');
    // Within the fresh window a read would come from the cache; a write changes that.
    tab.send({
      kind: 'request',
      id: '2',
      request: { method: 'PUT', path: `workspaces/${state.workspace?.id}/cockpit-goals`, body: {} },
    });
    await tab.answer('2');
    tab.send(pclc('3'));
    const after = await tab.answer('3');
    expect(after).toMatchObject({ data: { data: { call: 3 } } });
    expect(after.staleSince).toBeUndefined();
    expect(transport.request).toHaveBeenCalledTimes(3);
  });

  it('caches reads only: GETs of the main API and report queries', () => {
    const report = `workspaces/ws_lakeside/reports/pclc`;
    expect(isCacheable({ method: 'GET', path: 'workspaces/ws_lakeside/leadSources' })).toBe(true);
    expect(isCacheable({ method: 'POST', path: report })).toBe(true);
    expect(isCacheable({ method: 'POST', path: 'workspaces/ws_lakeside/contacts' })).toBe(false);
    expect(isCacheable({ method: 'PUT', path: report })).toBe(false);
    expect(isCacheable({ method: 'GET', path: 'calls', base: 'callCenter' })).toBe(false);
  });

  it('gives the same key whatever order the filters came in', () => {
    expect(cacheKey({ method: 'POST', path: 'p', body: { endDate: 'b', startDate: 'a' } })).toBe(
      cacheKey({ method: 'POST', path: 'p', body: { startDate: 'a', endDate: 'b' } }),
    );
    expect(cacheKey({ method: 'GET', path: 'p', query: { a: 1 } })).not.toBe(
      cacheKey({ method: 'GET', path: 'p', query: { a: 2 } }),
    );
  });

  it('keeps its memory bounded: the oldest used answers go first', async () => {
    const cache = createReportCache();
    cache.setOwner('u1|ws|server');
    const big = 'x'.repeat(MAX_TOTAL_CHARS / 4 - 100);
    const ask = (path: string) => cache.answer({ method: 'GET', path }, async () => big);
    for (const path of ['a', 'b', 'c', 'd']) await ask(path);
    expect(cache.size()).toBe(4);
    await ask('a'); // used again: now the most recent
    await ask('e');
    expect(cache.size()).toBe(4);
    let fetched = false;
    await cache.answer({ method: 'GET', path: 'b' }, async () => {
      fetched = true;
      return big;
    });
    expect(fetched).toBe(true); // b, the oldest used, was dropped for e
    // Too large for the cache at all: answered, not kept.
    await cache.answer({ method: 'GET', path: 'huge' }, async () => 'x'.repeat(MAX_TOTAL_CHARS));
    expect(cache.size()).toBe(4);
  });

  it('answers at once without a new call within the fresh window', async () => {
    const time = clock();
    const cache = createReportCache({ now: time.now });
    cache.setOwner('u1|ws|server');
    let calls = 0;
    const fetch = async () => ++calls;
    const request = { method: 'GET' as const, path: 'users/me' };
    expect(await cache.answer(request, fetch)).toEqual({ data: 1, staleSince: null });
    time.advance(FRESH_MS - 1);
    expect(await cache.answer(request, fetch)).toEqual({ data: 1, staleSince: null });
    expect(calls).toBe(1);
    time.advance(2);
    expect(await cache.answer(request, fetch)).toEqual({ data: 1, staleSince: 1_000_000 });
    expect(calls).toBe(2);
    // Signed out: nothing is kept or given.
    cache.setOwner('');
    expect(cache.size()).toBe(0);
    expect(await cache.answer(request, fetch)).toEqual({ data: 3, staleSince: null });
    expect(cache.size()).toBe(0);
  });
});
