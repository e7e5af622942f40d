import { describe, expect, it } from 'vitest';
import {
  MAX_DRAFT_BYTES,
  clearExecutionDrafts,
  draftKey,
  loadDraft,
  saveDraft,
} from '@/shared/call-flow/drafts';
import { MapDraftStorage } from './fakes';

describe('drafts (issue 11 Forms)', () => {
  it('keeps a draft per execution and step', async () => {
    const storage = new MapDraftStorage();
    await saveDraft(storage, 'exec-1', 'q1', { a: 'typed' });
    await saveDraft(storage, 'exec-2', 'q1', { a: 'other call' });
    expect(await loadDraft(storage, 'exec-1', 'q1')).toEqual({ a: 'typed' });
    expect(await loadDraft(storage, 'exec-1', 'q2')).toBeNull();
    expect(draftKey('a:b', 'c')).not.toBe(draftKey('a', 'b:c'));
  });

  it('ignores what is stored under a draft key when it is not a draft', async () => {
    const storage = new MapDraftStorage();
    for (const junk of ['not json', '[1,2]', 'null', '"text"']) {
      storage.set(draftKey('e', 's'), junk);
      expect(await loadDraft(storage, 'e', 's')).toBeNull();
    }
    storage.set(draftKey('e', 's'), '{"__proto__": {"polluted": true}}');
    const loaded = await loadDraft(storage, 'e', 's');
    expect(Object.hasOwn(loaded!, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not keep a draft larger than the bound', async () => {
    const storage = new MapDraftStorage();
    expect(await saveDraft(storage, 'e', 's', { a: 'x'.repeat(MAX_DRAFT_BYTES) })).toBe(false);
    expect(storage.map.size).toBe(0);
  });

  it('clears every step of an execution and leaves other executions alone', async () => {
    const storage = new MapDraftStorage();
    await saveDraft(storage, 'e1', 'q1', { a: '1' });
    await saveDraft(storage, 'e1', 'q2', { b: '2' });
    await saveDraft(storage, 'e2', 'q1', { a: '3' });
    await clearExecutionDrafts(storage, 'e1', ['q1', 'q2', 'q3']);
    expect([...storage.map.keys()]).toEqual([draftKey('e2', 'q1')]);
  });
});
