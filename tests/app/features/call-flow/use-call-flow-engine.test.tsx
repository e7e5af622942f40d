import { describe, expect, it } from 'vitest';
import { callFlowStateKey, readStoredCallFlowState } from '@/app/calls/call-flow-state-storage';
import { initialCallFlowState } from '@/shared/call-flow/engine';
import { createMemoryStorage, type KeyValueStorage } from '@/shared/storage/storage';
import { INTAKE } from './call-flow-test-kit';

// spec: session 3 Session state — the flow kept in session storage resumes after a reload;
// whatever else is stored there never crashes the screen.

const KEY = callFlowStateKey('u_agent');

describe('the stored call flow', () => {
  it('is read back when it is a flow in progress', async () => {
    const state = {
      ...initialCallFlowState(),
      status: 'at-form' as const,
      processDefinition: INTAKE,
      processExecutionHistoryId: 'peh_1',
    };
    const storage = createMemoryStorage({ [KEY]: JSON.stringify(state) });
    const stored = await readStoredCallFlowState(storage, KEY);
    expect(stored?.status).toBe('at-form');
    expect(stored?.processDefinition?.name).toBe('Personal Injury intake');
  });

  it('is ignored when it is idle, not JSON, not a state, or the storage fails', async () => {
    const failing: KeyValueStorage = {
      ...createMemoryStorage(),
      get: async () => {
        throw new Error('blocked');
      },
    };
    const cases: KeyValueStorage[] = [
      createMemoryStorage({ [KEY]: JSON.stringify(initialCallFlowState()) }),
      createMemoryStorage({ [KEY]: '{not json' }),
      createMemoryStorage({ [KEY]: JSON.stringify({ status: 'at-form', __proto__: { busy: 1 } }) }),
      failing,
    ];
    for (const storage of cases) expect(await readStoredCallFlowState(storage, KEY)).toBeNull();
  });

  it('is kept per user', () => {
    expect(callFlowStateKey('a')).not.toBe(callFlowStateKey('b'));
  });
});
