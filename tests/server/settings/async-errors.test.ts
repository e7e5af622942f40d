import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asyncFailureListResponseSchema,
  asyncFailureResponseSchema,
  retryAllResponseSchema,
  simulatedCrmResponseSchema,
} from '@/shared/contracts/async-errors';
import {
  asyncRecordResponseSchema,
  crmRecordListResponseSchema,
} from '@/shared/contracts/call-flow-api';
import { apiErrorSchema } from '@/shared/contracts/common';
import { RETRY_ALL_LIMIT } from '@/shared/domain/async-errors';
import { callCenter } from '../call-center/call-center-client';
import { startTestServer, type TestServer } from '../helpers/test-server';

// Settings > Async error resolution (issue #16), on the real server over a fresh demo
// database: the async-records pipeline keeps every refused CRM write, and managers list,
// retry and dismiss them. Lakeside is the demo's async workspace (seeded records); Harbor
// is switched to asynchronous lead generation here so the pipeline can run for real
// (Lakeside uses Zoho, where call flows are blocked).

const HARBOR = 'ws_harbor';
const message = (body: unknown) => apiErrorSchema.parse(body).message;

describe('async error resolution', () => {
  let t: TestServer;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestServer();
    for (const [key, user] of [
      ['lakesideOwner', 'owner@lakeside.test'],
      ['lakesideAdmin', 'admin@lakeside.test'],
      ['lakesideAgent', 'agent@lakeside.test'],
      ['harborOwner', 'owner@harbor.test'],
      ['intake', 'intake@harbor.test'],
      ['summitOwner', 'owner@summit.test'],
      ['system', 'system@intake.test'],
    ] as const) {
      token[key] = (await t.signIn(user)).accessToken;
    }
  });
  afterAll(() => t.close());

  const api = (who: string, path: string, method = 'GET', body?: unknown) =>
    t.api(`/api/workspaces/${path}`, { method, token: token[who], body });

  async function list(who: string, workspace: string, query = '') {
    const answer = await api(who, `${workspace}/async-errors${query}`);
    expect(answer.status).toBe(200);
    return asyncFailureListResponseSchema.parse(answer.body);
  }

  async function setHarborAsync(value: boolean) {
    const row = await t.server.db
      .selectFrom('workspaces')
      .select('processes')
      .where('id', '=', HARBOR)
      .executeTakeFirstOrThrow();
    const processes = JSON.parse(row.processes) as { leadGeneration: { async: boolean } };
    processes.leadGeneration.async = value;
    await t.server.db
      .updateTable('workspaces')
      .set({ processes: JSON.stringify(processes) })
      .where('id', '=', HARBOR)
      .execute();
  }

  async function newHistory() {
    const answer = await callCenter(t, token.intake)('process-execution-history', {
      method: 'POST',
      body: {
        workspace: HARBOR,
        user: 'agent-1',
        process: 'pi-intake',
        subProcess: null,
        status: 'started',
        startTime: new Date().toISOString(),
        endTime: null,
        executionHistory: { processVariables: {}, steps: [] },
      },
    });
    expect(answer.status).toBe(200);
    return (answer.body as { id: string }).id;
  }

  const sync = (executionId: string, body: unknown) =>
    callCenter(t, token.intake)(`workspaces/${HARBOR}/async-records/${executionId}`, {
      method: 'POST',
      body,
    });

  const outage = (workspace: string, on: boolean, who = 'system') =>
    api(who, `${workspace}/simulated-crm`, 'PUT', { outage: on });

  it('lists the seeded failures of an async workspace newest first, with counts and the Dismissed filter', async () => {
    const open = await list('lakesideOwner', 'ws_lakeside');
    expect(open.meta.counts).toEqual({ open: 5, resolved: 0, dismissed: 1 });
    expect(open.meta.total).toBe(5);
    const times = open.data.map((f) => f.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(open.data.map((f) => f.error.code).sort()).toEqual([
      'CONTACT_NOT_FOUND',
      'CRM_UNAVAILABLE',
      'CRM_UNAVAILABLE',
      'DUPLICATE_EMAIL',
      'REQUIRED_FIELD_MISSING',
    ]);
    expect(open.data.every((f) => f.status === 'open' && f.processExecutionHistoryId)).toBe(true);
    expect(open.data.find((f) => f.error.code === 'DUPLICATE_EMAIL')).toMatchObject({
      contactName: 'Maria Gonzalez',
      attempts: 3,
      type: 'CONTACT',
    });

    const paged = await list('lakesideOwner', 'ws_lakeside', '?page[limit]=2&page[offset]=2');
    expect(paged.data.map((f) => f.id)).toEqual(open.data.slice(2, 4).map((f) => f.id));
    expect(paged.meta).toMatchObject({ total: 5, limit: 2, offset: 2 });

    const dismissed = await list('system', 'ws_lakeside', '?status=dismissed');
    expect(dismissed.data).toHaveLength(1);
    // The demo's dismissed failure was dismissed by Lakeside's owner (server/seed/demo-async-errors.ts).
    expect(dismissed.data[0].dismissedBy?.name).toBe('Olivia Owens');
    expect(dismissed.data[0].dismissedAt).not.toBeNull();
  });

  it('refuses operators, other workspaces, workspaces without async lead generation and bad input', async () => {
    expect((await api('lakesideAgent', 'ws_lakeside/async-errors')).status).toBe(403);
    expect(
      (await api('lakesideAgent', 'ws_lakeside/async-errors/retry-all', 'POST', {})).status,
    ).toBe(403);
    const someId = (await list('lakesideOwner', 'ws_lakeside')).data[0].id;
    expect(
      (await api('lakesideAgent', `ws_lakeside/async-errors/${someId}/dismiss`, 'POST', {})).status,
    ).toBe(403);
    expect(
      (await api('lakesideAgent', `ws_lakeside/async-errors/${someId}/retry`, 'POST', {})).status,
    ).toBe(403);
    // An owner of another workspace: 403 on the path, and a record id of another workspace is not found.
    expect((await api('harborOwner', 'ws_lakeside/async-errors')).status).toBe(403);
    expect(
      (await api('harborOwner', `ws_lakeside/async-errors/${someId}/dismiss`, 'POST', {})).status,
    ).toBe(403);
    const summit = await api('summitOwner', 'ws_summit/async-errors');
    expect(summit.status).toBe(403);
    expect(message(summit.body)).toMatch(/asynchronous lead generation/);
    expect((await api('system', 'ws_nowhere/async-errors')).status).toBe(404);
    expect((await api('lakesideOwner', 'ws_lakeside/async-errors?status=lost')).status).toBe(400);
    expect((await api('lakesideOwner', 'ws_lakeside/async-errors?page[limit]=0')).status).toBe(400);
    expect(
      (await api('lakesideOwner', 'ws_lakeside/async-errors/nope/retry', 'POST', {})).status,
    ).toBe(404);
    // The outage switch is the system user's alone.
    expect((await outage('ws_lakeside', true, 'lakesideOwner')).status).toBe(403);
    expect((await outage('ws_lakeside', 'yes' as never)).status).toBe(400);
    expect((await api('lakesideOwner', 'ws_lakeside/async-errors')).status).toBe(200);
  });

  it('dismisses with who and when; a dismissed record stays readable and cannot be retried', async () => {
    const open = await list('lakesideAdmin', 'ws_lakeside');
    const target = open.data.find((f) => f.error.code === 'CONTACT_NOT_FOUND');
    if (!target) throw new Error('the demo has a note for a lost contact');
    const answer = await api(
      'lakesideAdmin',
      `ws_lakeside/async-errors/${target.id}/dismiss`,
      'POST',
      {},
    );
    expect(answer.status).toBe(200);
    const dismissed = asyncFailureResponseSchema.parse(answer.body).data;
    expect(dismissed).toMatchObject({
      status: 'dismissed',
      dismissedBy: { id: 'usr_admin_lakeside' },
    });
    expect(dismissed.dismissedAt).not.toBeNull();
    const after = await list('lakesideAdmin', 'ws_lakeside', '?status=dismissed');
    expect(after.data.map((f) => f.id)).toContain(target.id);
    expect(after.meta.counts.dismissed).toBe(open.meta.counts.dismissed + 1);
    expect(after.meta.counts.open).toBe(open.meta.counts.open - 1);
    const again = await api(
      'lakesideAdmin',
      `ws_lakeside/async-errors/${target.id}/retry`,
      'POST',
      {},
    );
    expect(again.status).toBe(409);
    expect(message(again.body)).toMatch(/dismissed/);
  });

  it('retry one: a lasting refusal counts the attempt; after an outage the write reaches the CRM', async () => {
    const open = await list('lakesideOwner', 'ws_lakeside');
    const duplicate = open.data.find((f) => f.error.code === 'DUPLICATE_EMAIL');
    const outaged = open.data.find(
      (f) => f.error.code === 'CRM_UNAVAILABLE' && f.type === 'CONTACT',
    );
    if (!duplicate || !outaged) throw new Error('the demo has these records');

    const failed = asyncFailureResponseSchema.parse(
      (await api('lakesideOwner', `ws_lakeside/async-errors/${duplicate.id}/retry`, 'POST', {}))
        .body,
    ).data;
    expect(failed).toMatchObject({ status: 'open', attempts: duplicate.attempts + 1 });
    expect(failed.error.message).toMatch(/maria\.gonzalez@example\.com/);

    const synced = asyncFailureResponseSchema.parse(
      (await api('lakesideOwner', `ws_lakeside/async-errors/${outaged.id}/retry`, 'POST', {})).body,
    ).data;
    expect(synced).toMatchObject({
      status: 'resolved',
      attempts: outaged.attempts + 1,
      resolvedBy: { id: 'usr_owner_lakeside' },
    });
    expect(synced.crmRecordId).not.toBeNull();
    const row = await t.server.db
      .selectFrom('crm_records')
      .selectAll()
      .where('id', '=', synced.crmRecordId ?? '')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.payload)).toMatchObject({
      given_name: 'Priya',
      family_name: 'Natarajan',
    });
    expect((await list('lakesideOwner', 'ws_lakeside')).data.map((f) => f.id)).not.toContain(
      outaged.id,
    );
    const resolved = await list('lakesideOwner', 'ws_lakeside', '?status=resolved');
    expect(resolved.data.map((f) => f.id)).toContain(outaged.id);
  });

  it('keeps every refused write of an async pipeline (202) and answers a synchronous caller at once', async () => {
    // Synchronous Harbor: the caller gets the CRM's answer, nothing is kept (the agent sees it).
    const history = await newHistory();
    const nameless = await sync(history, { type: 'CONTACT', fields: { email: 'x@example.com' } });
    expect(nameless.status).toBe(422);
    expect(message(nameless.body)).toMatch(/Required field missing/);
    expect((await outage(HARBOR, true)).status).toBe(200);
    const down = await sync(history, { type: 'NOTE', fields: { title: 'n' } });
    expect(down.status).toBe(503);
    expect(message(down.body)).toMatch(/CRM unavailable/);
    expect((await api('harborOwner', `${HARBOR}/async-errors`)).status).toBe(403);
    expect(simulatedCrmResponseSchema.parse((await outage(HARBOR, false)).body).data).toEqual({
      outage: false,
      since: null,
    });

    await setHarborAsync(true);
    try {
      const first = await sync(history, {
        type: 'CONTACT',
        fields: { first_name: 'Ada', last_name: 'Byron', email: 'ada.async@example.com' },
      });
      expect(first.status).toBe(200);
      const duplicate = await sync(history, {
        type: 'CONTACT',
        fields: { first_name: 'Ada', last_name: 'King', email: 'ADA.async@example.com' },
      });
      expect(duplicate.status).toBe(202);
      const kept = asyncRecordResponseSchema.parse(duplicate.body);
      expect(kept.failure).toMatchObject({ code: 'DUPLICATE_EMAIL', id: kept.id });

      expect((await outage(HARBOR, true)).status).toBe(200);
      const note = await sync(history, {
        type: 'NOTE',
        fields: { title: 'Intake', body: 'Talked' },
      });
      expect(note.status).toBe(202);
      const event = await sync(history, { type: 'EVENT', fields: { title: 'Consult' } });
      expect(event.status).toBe(202);

      const open = await list('harborOwner', HARBOR);
      expect(open.meta.counts.open).toBe(3);
      const byCode = Object.fromEntries(open.data.map((f) => [f.error.code, f]));
      expect(byCode.DUPLICATE_EMAIL).toMatchObject({
        contactName: 'Ada King',
        processExecutionHistoryId: history,
        attempts: 1,
        payload: { type: 'CONTACT' },
      });
      // The note names no contact: it is about the execution's last contact.
      expect(byCode.CRM_UNAVAILABLE).toMatchObject({ contactName: 'Ada Byron', type: 'NOTE' });

      // Retry all during the outage: nothing gets through, every attempt is counted.
      const during = retryAllResponseSchema.parse(
        (await api('harborOwner', `${HARBOR}/async-errors/retry-all`, 'POST', {})).body,
      ).data;
      expect(during).toEqual({ attempted: 3, succeeded: 0, failed: 3, remaining: 3 });

      // The outage ends: the note syncs (linked to Ada Byron); the event still lacks its
      // start and the duplicate is still a duplicate.
      await outage(HARBOR, false);
      const after = retryAllResponseSchema.parse(
        (await api('system', `${HARBOR}/async-errors/retry-all`, 'POST', {})).body,
      ).data;
      expect(after).toEqual({ attempted: 3, succeeded: 1, failed: 2, remaining: 2 });
      const still = await list('harborOwner', HARBOR);
      expect(still.data.map((f) => f.error.code).sort()).toEqual([
        'DUPLICATE_EMAIL',
        'REQUIRED_FIELD_MISSING',
      ]);
      expect(still.data.every((f) => f.attempts === 3)).toBe(true);
      const notes = crmRecordListResponseSchema.parse(
        (await callCenter(t, token.intake)(`workspaces/${HARBOR}/crm-records?type=NOTE`)).body,
      );
      const synced = notes.data.find((r) => r.processExecutionHistoryId === history);
      expect(synced?.payload).toMatchObject({ ActionDescription: 'Intake' });
      expect(synced?.contactId).toBe(asyncRecordResponseSchema.parse(first.body).id);
    } finally {
      await outage(HARBOR, false);
      await setHarborAsync(false);
    }
  });

  it(`retry all is bounded to ${RETRY_ALL_LIMIT} records a run, oldest first`, async () => {
    await setHarborAsync(true);
    try {
      const history = await newHistory();
      await outage(HARBOR, true);
      const extra = RETRY_ALL_LIMIT + 2;
      for (let i = 0; i < extra; i++) {
        expect((await sync(history, { type: 'DEAL', fields: { name: `Deal ${i}` } })).status).toBe(
          202,
        );
      }
      await outage(HARBOR, false);
      const before = (await list('harborOwner', HARBOR)).meta.counts.open;
      const run = retryAllResponseSchema.parse(
        (await api('harborOwner', `${HARBOR}/async-errors/retry-all`, 'POST', {})).body,
      ).data;
      expect(run.attempted).toBe(RETRY_ALL_LIMIT);
      expect(run.remaining).toBe(before - run.succeeded);
      expect(run.remaining).toBeGreaterThan(0);
    } finally {
      await outage(HARBOR, false);
      await setHarborAsync(false);
    }
  });
});
