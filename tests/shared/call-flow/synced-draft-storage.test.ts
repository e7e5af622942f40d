import { describe, expect, it } from 'vitest';
import { draftKey, loadDraft, saveDraft } from '@/shared/call-flow/drafts';
import {
  createSyncedDraftStorage,
  type DraftServer,
  SERVER_DRAFT_DELAY_MS,
  type ServerDraftStatus,
} from '@/shared/call-flow/synced-draft-storage';
import type { Variables } from '@/shared/contracts/call-flow';
import { FakeScheduler, MapDraftStorage } from './fakes';

// Issue #28 "Typed answers are never lost": the device's copy at once, the server's a
// second after typing stops (the last value wins), the device read first and the server
// when the device has none, a failed server save never losing the device's copy.

/** The server's drafts in memory, with every call it received and a switch to fail. */
class FakeDraftServer implements DraftServer {
  readonly drafts = new Map<string, Variables>();
  readonly saves: Variables[] = [];
  readonly removes: string[] = [];
  loads = 0;
  failing = false;

  async save(executionId: string, stepId: string, values: Variables) {
    if (this.failing) throw new Error('HTTP 503');
    this.saves.push(values);
    this.drafts.set(`${executionId}/${stepId}`, values);
  }
  async load(executionId: string, stepId: string) {
    this.loads += 1;
    if (this.failing) throw new Error('HTTP 503');
    return this.drafts.get(`${executionId}/${stepId}`) ?? null;
  }
  async remove(executionId: string, stepId: string) {
    this.removes.push(`${executionId}/${stepId}`);
    this.drafts.delete(`${executionId}/${stepId}`);
  }
}

/** Lets the storage's promise chains run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const device = new MapDraftStorage();
  const server = new FakeDraftServer();
  const scheduler = new FakeScheduler();
  const statuses: ServerDraftStatus[] = [];
  let hide: (() => void) | null = null;
  const storage = createSyncedDraftStorage({
    device,
    server,
    scheduler,
    pageHide: (onHide) => {
      hide = onHide;
      return () => {
        hide = null;
      };
    },
    onServerStatus: (status) => statuses.push(status),
  });
  return { device, server, scheduler, storage, statuses, hidePage: () => hide?.() };
}

describe('synced drafts (issue #28)', () => {
  it('writes the device at once and the server once, with the last value, after a pause', async () => {
    const { device, server, scheduler, storage } = setup();
    await saveDraft(storage, 'exec-1', 'q1', { name: 'J' });
    await saveDraft(storage, 'exec-1', 'q1', { name: 'Jo' });
    expect(await loadDraft(device, 'exec-1', 'q1')).toEqual({ name: 'Jo' });
    scheduler.advance(SERVER_DRAFT_DELAY_MS - 1);
    await settle();
    expect(server.saves).toEqual([]);
    await saveDraft(storage, 'exec-1', 'q1', { name: 'Joan' });
    scheduler.advance(SERVER_DRAFT_DELAY_MS);
    await settle();
    expect(server.saves).toEqual([{ name: 'Joan' }]);
  });

  it('sends what waits at once when the page is hidden or flushed (before a submit)', async () => {
    const { server, storage, hidePage } = setup();
    await saveDraft(storage, 'exec-1', 'q1', { name: 'Jo' });
    hidePage();
    await settle();
    expect(server.saves).toEqual([{ name: 'Jo' }]);
    await saveDraft(storage, 'exec-1', 'q2', { city: 'Reno' });
    await storage.flush?.();
    expect(server.saves).toEqual([{ name: 'Jo' }, { city: 'Reno' }]);
  });

  it("reads the device's copy first, without asking the server", async () => {
    const { device, server, storage } = setup();
    server.drafts.set('exec-1/q1', { name: 'older, on the server' });
    await saveDraft(device, 'exec-1', 'q1', { name: 'on this device' });
    expect(await loadDraft(storage, 'exec-1', 'q1')).toEqual({ name: 'on this device' });
    expect(server.loads).toBe(0);
  });

  it("reads the server's copy when the device has none (after a sign-out), and keeps it on the device", async () => {
    const { device, server, storage } = setup();
    server.drafts.set('exec-1/q1', { name: 'typed before the sign-out' });
    expect(await loadDraft(storage, 'exec-1', 'q1')).toEqual({
      name: 'typed before the sign-out',
    });
    expect(await loadDraft(device, 'exec-1', 'q1')).toEqual({
      name: 'typed before the sign-out',
    });
    expect(await loadDraft(storage, 'exec-1', 'q2')).toBeNull();
  });

  it('keeps the device copy when the server save fails, reports it quietly, and sends it later', async () => {
    const { device, server, scheduler, storage, statuses } = setup();
    server.failing = true;
    await saveDraft(storage, 'exec-1', 'q1', { name: 'Jo' });
    scheduler.advance(SERVER_DRAFT_DELAY_MS);
    await settle();
    expect(statuses).toEqual(['failed']);
    expect(await loadDraft(device, 'exec-1', 'q1')).toEqual({ name: 'Jo' });
    expect(await loadDraft(storage, 'exec-1', 'q1')).toEqual({ name: 'Jo' });
    server.failing = false;
    await storage.flush?.();
    expect(server.saves).toEqual([{ name: 'Jo' }]);
    expect(statuses).toEqual(['failed', 'saved']);
  });

  it('answers no draft when neither the device nor an unreachable server has one', async () => {
    const { server, storage } = setup();
    server.failing = true;
    expect(await loadDraft(storage, 'exec-1', 'q1')).toBeNull();
  });

  it('removes both copies, and a save still waiting never brings the draft back', async () => {
    const { device, server, scheduler, storage } = setup();
    await saveDraft(storage, 'exec-1', 'q1', { name: 'Jo' });
    await storage.flush?.();
    await saveDraft(storage, 'exec-1', 'q1', { name: 'Joan' });
    await storage.remove(draftKey('exec-1', 'q1'));
    scheduler.advance(SERVER_DRAFT_DELAY_MS * 2);
    await settle();
    expect(await loadDraft(device, 'exec-1', 'q1')).toBeNull();
    expect(server.drafts.size).toBe(0);
    expect(server.saves).toEqual([{ name: 'Jo' }]);
    expect(server.removes).toEqual(['exec-1/q1']);
  });

  it('asks the server to remove only drafts there may be (a hang-up clears every step)', async () => {
    const { server, storage } = setup();
    await saveDraft(storage, 'exec-1', 'q1', { name: 'Jo' });
    for (const step of ['q1', 'q2', 'q3']) await storage.remove(draftKey('exec-1', step));
    expect(server.removes).toEqual(['exec-1/q1']);
  });

  it('keeps keys that are not drafts on the device only', async () => {
    const { device, server, scheduler, storage } = setup();
    await storage.set('call-flow-state:u1', '{"status":"idle"}');
    scheduler.advance(SERVER_DRAFT_DELAY_MS);
    await settle();
    expect(device.get('call-flow-state:u1')).toBe('{"status":"idle"}');
    expect(await storage.get('something-else')).toBeNull();
    expect(server.saves).toEqual([]);
    expect(server.loads).toBe(0);
  });
});
