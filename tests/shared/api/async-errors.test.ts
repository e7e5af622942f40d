import { describe, expect, it } from 'vitest';
import {
  dismissAsyncFailure,
  listAsyncFailures,
  retryAllAsyncFailures,
  retryAsyncFailure,
  setSimulatedCrmOutage,
} from '@/shared/api/async-errors';
import { ShapeMismatchError } from '@/shared/api/client';
import type { AsyncRecordFailure } from '@/shared/contracts/async-errors';
import { recordingApi } from './recording-api';

// Settings > Async error resolution (issue #16): each client call's path, method, query and
// body, and its answer checked by the contract.

const failure: AsyncRecordFailure = {
  id: 'arf_1',
  workspace: 'ws_lakeside',
  type: 'NOTE',
  contactName: null,
  error: { code: 'CRM_UNAVAILABLE', message: 'CRM unavailable.' },
  attempts: 1,
  status: 'open',
  createdAt: '2026-11-25T15:00:00.000Z',
  lastAttemptAt: '2026-11-25T15:00:00.000Z',
  processExecutionHistoryId: null,
  payload: { type: 'NOTE', crmFieldMappings: { ObjectType: 'Note' } },
  crmRecordId: null,
  resolvedAt: null,
  resolvedBy: null,
  dismissedAt: null,
  dismissedBy: null,
};

const recording = (answer: unknown) => recordingApi(() => answer);

describe('async error resolution client calls', () => {
  it('lists one status and page of a workspace', async () => {
    const { api, requests } = recording({
      data: [failure],
      meta: { total: 1, limit: 25, offset: 0, counts: { open: 1, resolved: 0, dismissed: 0 } },
    });
    const list = await listAsyncFailures(api, 'ws 1', {
      status: 'dismissed',
      limit: 25,
      offset: 50,
    });
    expect(list.data[0].id).toBe('arf_1');
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: 'workspaces/ws%201/async-errors',
      query: { status: 'dismissed', 'page[limit]': 25, 'page[offset]': 50 },
    });
  });

  it('retries, dismisses and retries all with POST to their paths', async () => {
    const one = recording({ data: failure });
    await retryAsyncFailure(one.api, 'ws_1', 'arf/1');
    await dismissAsyncFailure(one.api, 'ws_1', 'arf_1');
    expect(one.requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', 'workspaces/ws_1/async-errors/arf%2F1/retry'],
      ['POST', 'workspaces/ws_1/async-errors/arf_1/dismiss'],
    ]);
    const all = recording({ data: { attempted: 2, succeeded: 1, failed: 1, remaining: 1 } });
    expect(await retryAllAsyncFailures(all.api, 'ws_1')).toEqual({
      attempted: 2,
      succeeded: 1,
      failed: 1,
      remaining: 1,
    });
    expect(all.requests[0]).toMatchObject({
      method: 'POST',
      path: 'workspaces/ws_1/async-errors/retry-all',
    });
    const crm = recording({ data: { outage: true, since: '2026-11-25T15:00:00.000Z' } });
    await setSimulatedCrmOutage(crm.api, 'ws_1', true);
    expect(crm.requests[0]).toMatchObject({
      method: 'PUT',
      path: 'workspaces/ws_1/simulated-crm',
      body: { outage: true },
    });
  });

  it('refuses an answer that does not match the contract', async () => {
    const { api } = recording({ data: { ...failure, status: 'lost' } });
    await expect(retryAsyncFailure(api, 'ws_1', 'arf_1')).rejects.toBeInstanceOf(
      ShapeMismatchError,
    );
  });
});
