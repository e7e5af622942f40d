import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  executionHistoryCreatedSchema,
  executionHistoryDetailResponseSchema,
} from '@/shared/contracts/call-flow-api';
import { startCaseResponseSchema } from '@/shared/contracts/call-flow';
import { apiErrorSchema } from '@/shared/contracts/common';
import {
  MAX_CASE_VARIABLES_BYTES,
  MAX_EMAILS_PER_EXECUTION,
  MAX_EMAILS_PER_USER_PER_HOUR,
  MAX_ERROR_NOTIFICATIONS_PER_USER_PER_HOUR,
  MAX_EXECUTION_HISTORY_BYTES,
  MAX_HISTORY_RESPONSE_BYTES,
  MAX_LIST_PAGE_BYTES,
  MAX_RECIPIENTS_PER_EMAIL,
  MAX_STEP_HISTORY_BYTES,
  MAX_STEPS_PER_EXECUTION,
  measureJson,
  STEP_HISTORY_PAGE_LIMIT,
} from '@/shared/domain/intake-limits';
import {
  type ApiAnswer,
  createTestClock,
  startTestServer,
  type TestServer,
} from '../helpers/test-server';
import { callCenter } from './call-center-client';
import { weighing } from './weighing';

// Issue #29 "Everything has a bound": each bound of shared/domain/intake-limits.ts at its
// edge over HTTP against the real server: exactly at the limit is taken, one over is
// refused with a 4xx whose message a person understands, and nothing was written.

const HARBOR = 'ws_harbor';

function messageOf(answer: ApiAnswer): string {
  return apiErrorSchema.parse(answer.body).message;
}

describe('the bounds of a call flow', () => {
  const clock = createTestClock();
  let t: TestServer;
  let cc: ReturnType<typeof callCenter>;
  let owner: ReturnType<typeof callCenter>;
  let intakeUserId: string;

  beforeAll(async () => {
    t = await startTestServer({ now: clock.now });
    const tokens = await t.signIn('intake@harbor.test');
    cc = callCenter(t, tokens.accessToken);
    owner = callCenter(t, (await t.signIn('owner@harbor.test')).accessToken);
    intakeUserId = (
      await t.server.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'intake@harbor.test')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  const historyBody = (processVariables: Record<string, unknown>) => ({
    workspace: HARBOR,
    user: 'agent-1',
    process: 'pi-intake',
    subProcess: null,
    status: 'started',
    startTime: clock.now().toISOString(),
    endTime: null,
    executionHistory: { processVariables, steps: [] as string[] },
  });

  async function newExecution(): Promise<string> {
    const answer = await cc('process-execution-history', { method: 'POST', body: historyBody({}) });
    expect(answer.status).toBe(200);
    return executionHistoryCreatedSchema.parse(answer.body).id;
  }

  const stepBody = (executionId: string, pad: string) => ({
    processExecutionHistoryId: executionId,
    previousStepId: null,
    currentStepId: 'pi-caller',
    currentStepName: 'Caller information',
    currentStepType: 'TASK',
    currentStepProcessId: 'pi-intake',
    variableState: { notes: pad },
    direction: 'forward',
    executedOn: clock.now().toISOString(),
  });

  const stepCount = async (executionId: string) =>
    Number(
      (
        await t.server.db
          .selectFrom('step_histories')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('execution_id', '=', executionId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('step histories', () => {
    it(`records a step of exactly ${MAX_STEP_HISTORY_BYTES} bytes and refuses one byte more with a 413`, async () => {
      const id = await newExecution();
      const atLimit = weighing(MAX_STEP_HISTORY_BYTES, (pad) => stepBody(id, pad));
      const taken = await cc('process-execution-steps-history', { method: 'POST', body: atLimit });
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
      const over = weighing(MAX_STEP_HISTORY_BYTES + 1, (pad) => stepBody(id, pad));
      const refused = await cc('process-execution-steps-history', { method: 'POST', body: over });
      expect(refused.status).toBe(413);
      expect(messageOf(refused)).toBe(
        'A step history may hold at most 128 KB; this one holds 128 KB and was not recorded.',
      );
      expect(await stepCount(id)).toBe(1);
    });

    it('measures a step in UTF-8 bytes, as it is answered', async () => {
      const id = await newExecution();
      // 'é' is one character and two bytes: half as many characters reach the bound.
      const base = measureJson(stepBody(id, '')).bytes;
      const accents = 'é'.repeat(Math.ceil((MAX_STEP_HISTORY_BYTES - base) / 2) + 1);
      const refused = await cc('process-execution-steps-history', {
        method: 'POST',
        body: stepBody(id, accents),
      });
      expect(refused.status).toBe(413);
    });

    it(`keeps ${MAX_STEPS_PER_EXECUTION} steps of an execution and refuses the next with a 409`, async () => {
      const id = await newExecution();
      // All but the last are written directly (fast); the last one at the edge goes through HTTP.
      const now = clock.now().toISOString();
      const rows = Array.from({ length: MAX_STEPS_PER_EXECUTION - 1 }, (_, i) => ({
        id: randomUUID(),
        execution_id: id,
        previous_step_id: null,
        current_step_id: `step-${i}`,
        current_step_name: 'A step',
        current_step_type: 'TASK',
        current_step_process_id: 'pi-intake',
        variable_state: '{}',
        direction: 'forward',
        executed_on: now,
        created_by: intakeUserId,
        created_at: now,
      }));
      for (let i = 0; i < rows.length; i += 100) {
        await t.server.db
          .insertInto('step_histories')
          .values(rows.slice(i, i + 100))
          .execute();
      }
      const last = await cc('process-execution-steps-history', {
        method: 'POST',
        body: stepBody(id, 'the last one'),
      });
      expect(last.status, JSON.stringify(last.body)).toBe(200);
      const refused = await cc('process-execution-steps-history', {
        method: 'POST',
        body: stepBody(id, 'one too many'),
      });
      expect(refused.status).toBe(409);
      expect(messageOf(refused)).toBe(
        `This call flow already recorded ${MAX_STEPS_PER_EXECUTION} steps, the most one call flow keeps; this step was not recorded.`,
      );
      expect(await stepCount(id)).toBe(MAX_STEPS_PER_EXECUTION);
    });

    it(`answers the steps ${STEP_HISTORY_PAGE_LIMIT} at a time, oldest first, and refuses a larger page with a 400`, async () => {
      const id = await newExecution();
      for (let i = 0; i < STEP_HISTORY_PAGE_LIMIT + 3; i++) {
        clock.advance(1_000);
        const answer = await cc('process-execution-steps-history', {
          method: 'POST',
          body: { ...stepBody(id, `answer ${i}`), currentStepId: `step-${i}` },
        });
        expect(answer.status).toBe(200);
      }
      const first = executionHistoryDetailResponseSchema.parse(
        (await owner(`process-execution-history/${id}`)).body,
      );
      expect(first.meta).toEqual({
        total: STEP_HISTORY_PAGE_LIMIT + 3,
        limit: STEP_HISTORY_PAGE_LIMIT,
        offset: 0,
      });
      expect(first.data.stepCount).toBe(STEP_HISTORY_PAGE_LIMIT + 3);
      expect(first.data.stepHistories.map((s) => s.currentStepId)).toEqual(
        Array.from({ length: STEP_HISTORY_PAGE_LIMIT }, (_, i) => `step-${i}`),
      );
      const rest = executionHistoryDetailResponseSchema.parse(
        (
          await owner(
            `process-execution-history/${id}?page[limit]=${STEP_HISTORY_PAGE_LIMIT}&page[offset]=${STEP_HISTORY_PAGE_LIMIT - 1}`,
          )
        ).body,
      );
      expect(rest.data.stepHistories.map((s) => s.currentStepId)).toEqual(
        [0, 1, 2, 3].map((i) => `step-${STEP_HISTORY_PAGE_LIMIT - 1 + i}`),
      );
      const tooLarge = await owner(
        `process-execution-history/${id}?page[limit]=${STEP_HISTORY_PAGE_LIMIT + 1}`,
      );
      expect(tooLarge.status).toBe(400);
      expect(messageOf(tooLarge)).toBe(
        `page[limit]: at most ${STEP_HISTORY_PAGE_LIMIT} step histories per page`,
      );
    });
  });

  describe('execution histories', () => {
    const withVariables = (pad: string) => historyBody({ 'pi-intake': { notes: pad } });
    // The bound is on executionHistory, the part that every page of the detail carries.
    const weighed = (bytes: number) =>
      weighing(bytes, withVariables, (body) => body.executionHistory);

    it(`keeps an execution history of exactly ${MAX_EXECUTION_HISTORY_BYTES} bytes and refuses one byte more with a 413, created or patched`, async () => {
      const taken = await cc('process-execution-history', {
        method: 'POST',
        body: weighed(MAX_EXECUTION_HISTORY_BYTES),
      });
      expect(taken.status, JSON.stringify(taken.body).slice(0, 300)).toBe(200);
      const over = weighed(MAX_EXECUTION_HISTORY_BYTES + 1);
      const refused = await cc('process-execution-history', { method: 'POST', body: over });
      expect(refused.status).toBe(413);
      expect(messageOf(refused)).toBe(
        "An execution history's variables may hold at most 512 KB; these hold 512 KB and were not saved.",
      );

      const id = executionHistoryCreatedSchema.parse(taken.body).id;
      const patch = (executionHistory: unknown) =>
        cc(`process-execution-history/${id}`, {
          method: 'PATCH',
          body: { status: 'started', executionHistory },
        });
      expect((await patch(weighed(MAX_EXECUTION_HISTORY_BYTES).executionHistory)).status).toBe(200);
      expect((await patch(over.executionHistory)).status).toBe(413);
    });
  });

  describe('case variables', () => {
    const startBody = (variables: Record<string, unknown>) => ({
      process: 'pi-intake',
      tas_uid: 'pi-caller',
      variables,
      workspaceId: HARBOR,
    });
    const start = async (variables: Record<string, unknown>) =>
      cc('processes/pi-intake', { method: 'POST', body: startBody(variables) });
    const submit = (appUid: string, caseVars: Record<string, unknown>) =>
      cc('processes/pi-intake', {
        method: 'PUT',
        body: {
          process: 'pi-intake',
          app_uid: appUid,
          dyn_uid: 'dyn-pi-caller',
          del_index: 1,
          case_vars: caseVars,
        },
      });
    const storedVars = async (appUid: string) =>
      (
        await t.server.db
          .selectFrom('cases')
          .select('case_vars')
          .where('app_uid', '=', appUid)
          .executeTakeFirstOrThrow()
      ).case_vars;

    it(`starts a case with exactly ${MAX_CASE_VARIABLES_BYTES} bytes of variables and refuses one byte more with a 413`, async () => {
      const atLimit = weighing(MAX_CASE_VARIABLES_BYTES, (pad) => ({ notes: pad }));
      const taken = await start(atLimit);
      expect(taken.status, JSON.stringify(taken.body).slice(0, 300)).toBe(200);
      const refused = await start(
        weighing(MAX_CASE_VARIABLES_BYTES + 1, (pad) => ({ notes: pad })),
      );
      expect(refused.status).toBe(413);
      expect(messageOf(refused)).toBe(
        "A case's answers may hold at most 512 KB in all; with these they would hold 512 KB, so the case was not started.",
      );
    });

    it('bounds the total after each submit merged its answers in: at the bound it is taken, one byte over it is refused and nothing changes', async () => {
      const half = { first: 'a'.repeat(MAX_CASE_VARIABLES_BYTES / 2) };
      // Merged {first, second}: the second answer fills the case up to the bound exactly.
      const fill = (extra: number) =>
        weighing(MAX_CASE_VARIABLES_BYTES + extra, (pad) => ({ ...half, second: pad })).second;

      const atLimit = startCaseResponseSchema.parse((await start(half)).body);
      const taken = await submit(atLimit.app_uid, { second: fill(0) });
      expect(taken.status, JSON.stringify(taken.body).slice(0, 300)).toBe(200);
      expect(measureJson(JSON.parse(await storedVars(atLimit.app_uid))).bytes).toBe(
        MAX_CASE_VARIABLES_BYTES,
      );

      const over = startCaseResponseSchema.parse((await start(half)).body);
      const before = await storedVars(over.app_uid);
      const refused = await submit(over.app_uid, { second: fill(1) });
      expect(refused.status).toBe(413);
      expect(messageOf(refused)).toMatch(/^A case's answers may hold at most 512 KB in all;/);
      expect(messageOf(refused)).toMatch(/so this step was not submitted\.$/);
      expect(await storedVars(over.app_uid)).toBe(before);

      // The case status update merges too.
      const closed = await cc('processmaker/pi-intake', {
        method: 'PUT',
        body: {
          app_uid: over.app_uid,
          dyn_uid: '',
          del_index: 1,
          case_vars: { second: fill(1) },
          workspaceId: HARBOR,
          app_status: 'COMPLETED',
        },
      });
      expect(closed.status).toBe(413);
      expect(messageOf(closed)).toMatch(/so the case status was not changed\.$/);
    });
  });

  describe('call-flow e-mails', () => {
    const email = (to: string[], processExecutionHistoryId?: string) => ({
      destinations: { to },
      subject: 'Your consultation',
      body: { htmlBody: '<p>See you soon</p>', textBody: 'See you soon' },
      ...(processExecutionHistoryId ? { processExecutionHistoryId } : {}),
    });
    const send = (client: ReturnType<typeof callCenter>, body: unknown) =>
      client('service-processes/sendEmail', { method: 'POST', body });
    const recipients = (n: number) => Array.from({ length: n }, (_, i) => `person${i}@example.com`);

    it(`sends to ${MAX_RECIPIENTS_PER_EMAIL} recipients and refuses one more with a 400`, async () => {
      expect((await send(cc, email(recipients(MAX_RECIPIENTS_PER_EMAIL)))).status).toBe(200);
      const refused = await send(cc, email(recipients(MAX_RECIPIENTS_PER_EMAIL + 1)));
      expect(refused.status).toBe(400);
      expect(messageOf(refused)).toBe(
        `destinations.to: an e-mail goes to at most ${MAX_RECIPIENTS_PER_EMAIL} recipients`,
      );
    });

    it(`sends ${MAX_EMAILS_PER_EXECUTION} e-mails of one execution and refuses the next with a 409`, async () => {
      const id = await newExecution();
      for (let i = 0; i < MAX_EMAILS_PER_EXECUTION; i++) {
        const answer = await send(cc, email(['client@example.com'], id));
        expect(answer.status, `e-mail ${i + 1}`).toBe(200);
      }
      const refused = await send(cc, email(['client@example.com'], id));
      expect(refused.status).toBe(409);
      expect(messageOf(refused)).toBe(
        `This call flow already sent ${MAX_EMAILS_PER_EXECUTION} e-mails, the most one call flow may send; this one was not sent.`,
      );
      // Another execution of the same agent still sends.
      expect((await send(cc, email(['client@example.com'], await newExecution()))).status).toBe(
        200,
      );
      // An execution of another workspace is not one to send for.
      const summit = callCenter(t, (await t.signIn('owner@summit.test')).accessToken);
      expect((await send(summit, email(['client@example.com'], id))).status).toBe(404);
    });

    it(`sends ${MAX_EMAILS_PER_USER_PER_HOUR} e-mails an hour per user, then 429 with Retry-After until the oldest leaves the hour`, async () => {
      const agent = await t.signIn('agent@harbor.test');
      const agentId = (
        await t.server.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', 'agent@harbor.test')
          .executeTakeFirstOrThrow()
      ).id;
      const outbox = (createdAt: Date, kind: 'call-flow' | null) => ({
        id: randomUUID(),
        workspace_id: HARBOR,
        created_by: agentId,
        recipients: '["client@example.com"]',
        subject: 'earlier',
        html_body: '',
        text_body: '',
        created_at: createdAt.toISOString(),
        execution_id: null,
        kind,
      });
      const start = clock.now();
      const minutesAgo = (m: number) => new Date(start.getTime() - m * 60_000);
      // Sent earlier: one over an hour ago (no longer counted), the server's own mail
      // (an invitation, never counted), and all but one of the hour's e-mails 30 minutes ago.
      await t.server.db
        .insertInto('email_outbox')
        .values([
          outbox(minutesAgo(61), 'call-flow'),
          ...Array.from({ length: 50 }, () => outbox(minutesAgo(5), null)),
          ...Array.from({ length: MAX_EMAILS_PER_USER_PER_HOUR - 1 }, () =>
            outbox(minutesAgo(30), 'call-flow'),
          ),
        ])
        .execute();
      const client = callCenter(t, agent.accessToken);
      expect((await send(client, email(['client@example.com']))).status).toBe(200);
      const refused = await send(client, email(['client@example.com']));
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(30 * 60));
      expect(messageOf(refused)).toBe(
        `Too many call-flow e-mails: at most ${MAX_EMAILS_PER_USER_PER_HOUR} an hour for each user. Try again in 30 minutes.`,
      );
      // Another user's hour is their own.
      expect((await send(cc, email(['client@example.com']))).status).toBe(200);

      // Once the 119 leave the hour, there is room again.
      clock.advance(30 * 60_000 + 1_000);
      const later = callCenter(t, (await t.signIn('agent@harbor.test')).accessToken);
      expect((await send(later, email(['client@example.com']))).status).toBe(200);
      cc = callCenter(t, (await t.signIn('intake@harbor.test')).accessToken);
      owner = callCenter(t, (await t.signIn('owner@harbor.test')).accessToken);
    });
  });

  describe('error notifications', () => {
    it(`stores ${MAX_ERROR_NOTIFICATIONS_PER_USER_PER_HOUR} an hour per user, then 429 with Retry-After`, async () => {
      const consultant = callCenter(t, (await t.signIn('consultant@lakeside.test')).accessToken);
      const notify = (client: ReturnType<typeof callCenter>) =>
        client('error-notification', {
          method: 'POST',
          body: { subject: 'Call flow error (forward)', body: 'Workspace: ws_harbor' },
        });
      for (let i = 0; i < MAX_ERROR_NOTIFICATIONS_PER_USER_PER_HOUR; i++) {
        clock.advance(30_000);
        expect((await notify(consultant)).status, `notification ${i + 1}`).toBe(200);
      }
      const refused = await notify(consultant);
      expect(refused.status).toBe(429);
      // The first was sent 9 minutes 30 seconds ago: it leaves the hour in 50 min 30 s.
      expect(refused.headers.get('retry-after')).toBe(String(50 * 60 + 30));
      expect(messageOf(refused)).toBe(
        `Too many error notifications: at most ${MAX_ERROR_NOTIFICATIONS_PER_USER_PER_HOUR} an hour for each user. Try again in 51 minutes.`,
      );
      expect((await notify(cc)).status).toBe(200);
    });

    it('lets no two requests at once take the last place: of 30 sent together, 20 are stored', async () => {
      const agent = callCenter(t, (await t.signIn('agent@summit.test')).accessToken);
      const answers = await Promise.all(
        Array.from({ length: MAX_ERROR_NOTIFICATIONS_PER_USER_PER_HOUR + 10 }, () =>
          agent('error-notification', {
            method: 'POST',
            body: { subject: 'Call flow error (start)', body: 'Workspace: ws_summit' },
          }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(
        MAX_ERROR_NOTIFICATIONS_PER_USER_PER_HOUR,
      );
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    });
  });

  describe("the system user's lists of what was sent", () => {
    // The largest rows the contracts let in, written straight into the tables (the hourly
    // volumes would take hours to fill over HTTP): bodies of control characters, which
    // JSON escapes to six bytes each.
    const heavy = (chars: number) => '\u0001'.repeat(chars);

    /** Every page from offset 0, as a client pages on: offset + meta.limit. */
    async function readAll(path: string) {
      const system = callCenter(t, (await t.signIn('system@intake.test')).accessToken);
      const ids: string[] = [];
      let offset = 0;
      for (let pages = 0; pages < 50; pages++) {
        const answer = await system(`${path}&page[limit]=1000&page[offset]=${offset}`);
        expect(answer.status).toBe(200);
        expect(measureJson(answer.body).bytes).toBeLessThanOrEqual(MAX_HISTORY_RESPONSE_BYTES);
        const { data, meta } = answer.body as {
          data: { id: string }[];
          meta: { total: number; limit: number; offset: number };
        };
        ids.push(...data.map((row) => row.id));
        // A page cut short says how many rows it holds: the next starts right after them.
        if (offset + data.length < meta.total) expect(meta.limit).toBe(data.length);
        offset += meta.limit;
        if (offset >= meta.total) return { ids, total: meta.total, pages: pages + 1 };
      }
      throw new Error(`${path}: still paging after 50 pages`);
    }

    it(`answers stored e-mails in pages of at most ${MAX_LIST_PAGE_BYTES} bytes of rows, and paging on reads each once`, async () => {
      const now = new Date(clock.now()).toISOString();
      const rows = Array.from({ length: 6 }, (_, i) => ({
        id: `outbox-heavy-${i}`,
        workspace_id: 'ws_summit',
        created_by: intakeUserId,
        recipients: JSON.stringify(['client@example.org']),
        subject: `Heavy ${i}`,
        html_body: heavy(200_000),
        text_body: heavy(200_000),
        created_at: now,
        execution_id: null,
        kind: 'call-flow' as const,
      }));
      await t.server.db.insertInto('email_outbox').values(rows).execute();
      // Six rows of about 2.4 MB each: one page of all of them would be over 14 MB.
      const { ids, total, pages } = await readAll('service-processes/outbox?workspace=ws_summit');
      expect(total).toBe(6);
      expect(pages).toBe(2);
      expect(new Set(ids).size).toBe(6);
    });

    it('answers stored error notifications the same way', async () => {
      const now = new Date(clock.now()).toISOString();
      const rows = Array.from({ length: 40 }, (_, i) => ({
        id: `error-heavy-${i}`,
        workspace_id: 'ws_lakeside',
        created_by: intakeUserId,
        subject: `Heavy ${i}`,
        body: heavy(50_000),
        created_at: now,
      }));
      await t.server.db.insertInto('error_notifications').values(rows).execute();
      const { ids, total, pages } = await readAll('error-notification?workspace=ws_lakeside');
      // 40 rows of about 300 KB and the consultant's small ones: two pages.
      expect(pages).toBe(2);
      expect(ids).toHaveLength(total);
      expect(new Set(ids).size).toBe(total);
      expect(ids.filter((id) => id.startsWith('error-heavy-'))).toHaveLength(40);
    });
  });
});
