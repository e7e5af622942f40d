import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asyncRecordResponseSchema,
  crmRecordListResponseSchema,
  errorNotificationListResponseSchema,
  executionHistoryCreatedSchema,
  executionHistoryDetailResponseSchema,
  executionHistoryListResponseSchema,
  ifsQueryResponseSchema,
  outboxListResponseSchema,
} from '@/shared/contracts/call-flow-api';
import { startCaseResponseSchema } from '@/shared/contracts/call-flow';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { callCenter } from './call-center-client';

// Every call-centre endpoint of spec 7 over HTTP (issue 11 Tests "server integration"):
// the happy path, bad payloads (never 500) and another workspace's ids (404/403, never data).

const HARBOR = 'ws_harbor';
const NOW = new Date().toISOString();

function historyBody(workspace = HARBOR, process = 'pi-intake') {
  return {
    workspace,
    user: 'agent-1',
    process,
    subProcess: null,
    status: 'started',
    startTime: NOW,
    endTime: null,
    executionHistory: { processVariables: {}, steps: [] },
  };
}

describe('call-centre endpoints', () => {
  let t: TestServer;
  const cc: Record<string, ReturnType<typeof callCenter>> = {};

  beforeAll(async () => {
    t = await startTestServer();
    for (const [key, user] of [
      ['intake', 'intake@harbor.test'],
      ['harborAgent', 'agent@harbor.test'],
      ['harborOwner', 'owner@harbor.test'],
      ['summitOwner', 'owner@summit.test'],
      ['summitAgent', 'agent@summit.test'],
      ['lakesideAgent', 'agent@lakeside.test'],
      ['system', 'system@intake.test'],
    ] as const) {
      cc[key] = callCenter(t, (await t.signIn(user)).accessToken);
    }
  });
  afterAll(() => t.close());

  async function newHistory(key = 'intake') {
    const answer = await cc[key]('process-execution-history', {
      method: 'POST',
      body: historyBody(),
    });
    expect(answer.status).toBe(200);
    return executionHistoryCreatedSchema.parse(answer.body).id;
  }

  async function newCase(key = 'intake') {
    const answer = await cc[key]('processes/pi-intake', {
      method: 'POST',
      body: { process: 'pi-intake', tas_uid: 'pi-caller', variables: {}, workspaceId: HARBOR },
    });
    expect(answer.status).toBe(200);
    return startCaseResponseSchema.parse(answer.body);
  }

  describe('cases: POST / PUT processes/{process}, PUT processmaker/{id}', () => {
    it('starts a case, submits a form (del index moves on) and closes it', async () => {
      const started = await newCase();
      expect(started.del_index).toBe(1);
      const submit = (body: object) =>
        cc.intake('processes/pi-intake', {
          method: 'PUT',
          body: { process: 'pi-intake', app_uid: started.app_uid, ...body },
        });
      const submitted = await submit({
        dyn_uid: 'dyn-pi-caller',
        del_index: 1,
        case_vars: { firstName: 'Jo' },
      });
      expect(submitted.status).toBe(200);
      expect(submitted.body).toEqual({ del_index: 2 });
      expect((await submit({ dyn_uid: 'dyn-nope', del_index: 2, case_vars: {} })).status).toBe(400);
      expect((await submit({ dyn_uid: 'dyn-pi-caller', del_index: 9, case_vars: {} })).status).toBe(
        400,
      );
      const closed = await cc.intake('processmaker/pi-intake', {
        method: 'PUT',
        body: {
          app_uid: started.app_uid,
          dyn_uid: '',
          del_index: 2,
          case_vars: {},
          workspaceId: HARBOR,
          app_status: 'COMPLETED',
        },
      });
      expect(closed.status).toBe(200);
      const late = await submit({ dyn_uid: 'dyn-pi-caller', del_index: 2, case_vars: {} });
      expect(late.status).toBe(409);
    });

    it('refuses a start for another workspace, a Zoho workspace, an unknown step or process', async () => {
      const start = (key: string, body: object) =>
        cc[key]('processes/pi-intake', {
          method: 'POST',
          body: {
            process: 'pi-intake',
            tas_uid: 'pi-caller',
            variables: {},
            workspaceId: HARBOR,
            ...body,
          },
        });
      expect((await start('summitAgent', {})).status).toBe(403);
      expect((await start('lakesideAgent', { workspaceId: 'ws_lakeside' })).status).toBe(403);
      expect((await start('intake', { tas_uid: 'nope' })).status).toBe(400);
      expect((await start('intake', { process: 'other' })).status).toBe(400);
      expect((await start('summitOwner', { workspaceId: 'ws_summit' })).status).toBe(404);
    });

    it("never touches another workspace's case", async () => {
      const { app_uid } = await newCase();
      const submit = await cc.summitAgent('processes/pi-intake', {
        method: 'PUT',
        body: {
          process: 'pi-intake',
          app_uid,
          dyn_uid: 'dyn-pi-caller',
          del_index: 1,
          case_vars: {},
        },
      });
      expect(submit.status).toBe(404);
      const status = await cc.summitOwner('processmaker/pi-intake', {
        method: 'PUT',
        body: {
          app_uid,
          dyn_uid: '',
          del_index: 1,
          case_vars: {},
          workspaceId: 'ws_summit',
          app_status: 'CALL_ENDED',
        },
      });
      expect(status.status).toBe(404);
    });

    it('answers bad payloads with 400, never 500', async () => {
      const put = (body: unknown) => cc.intake('processes/pi-intake', { method: 'PUT', body });
      expect((await put('not json')).status).toBe(400);
      expect(
        (await put({ process: 'pi-intake', app_uid: 5, dyn_uid: [], del_index: 'one' })).status,
      ).toBe(400);
      expect(
        (
          await put(
            '{"process":"pi-intake","app_uid":"a","dyn_uid":"d","del_index":1,"case_vars":{"__proto__":{"x":1}}}',
          )
        ).status,
      ).toBe(400);
      const huge = await put({
        process: 'pi-intake',
        app_uid: 'a',
        dyn_uid: 'd',
        del_index: 1,
        case_vars: { note: 'x'.repeat(1_200_000) },
      });
      expect(huge.status).toBe(413);
      expect(
        (
          await put({
            process: 'pi-intake',
            app_uid: 'nope',
            dyn_uid: 'd',
            del_index: 1,
            case_vars: {},
          })
        ).status,
      ).toBe(404);
    });
  });

  describe('execution histories and step histories', () => {
    it('records a history and its steps; owners read them newest first, operators may not', async () => {
      const id = await newHistory();
      const step = await cc.intake('process-execution-steps-history', {
        method: 'POST',
        body: {
          processExecutionHistoryId: id,
          previousStepId: null,
          currentStepId: 'pi-caller',
          currentStepName: 'Caller information',
          currentStepType: 'TASK',
          currentStepProcessId: 'pi-intake',
          variableState: { firstName: 'Lee' },
          direction: 'forward',
          executedOn: NOW,
        },
      });
      expect(step.status).toBe(200);
      const patched = await cc.intake(`process-execution-history/${id}`, {
        method: 'PATCH',
        body: { status: 'partial-complete', endTime: NOW },
      });
      expect(patched.status).toBe(200);

      const detail = executionHistoryDetailResponseSchema.parse(
        (await cc.harborOwner(`process-execution-history/${id}`)).body,
      ).data;
      expect(detail).toMatchObject({
        status: 'partial-complete',
        endTime: NOW,
        agentName: 'Iris Quinn',
        processName: 'Personal Injury intake',
        stepCount: 1,
      });
      expect(detail.stepHistories[0]).toMatchObject({
        currentStepId: 'pi-caller',
        direction: 'forward',
        variableState: { firstName: 'Lee' },
        agentName: 'Iris Quinn',
      });

      const second = await newHistory();
      const page = executionHistoryListResponseSchema.parse(
        (await cc.harborOwner(`workspaces/${HARBOR}/process-execution-history?page[limit]=1`)).body,
      );
      expect(page.meta.total).toBeGreaterThanOrEqual(2);
      expect(page.data).toHaveLength(1);
      const filtered = executionHistoryListResponseSchema.parse(
        (await cc.system(`workspaces/${HARBOR}/process-execution-history?status=partial-complete`))
          .body,
      );
      expect(filtered.data.map((h) => h.id)).toContain(id);
      expect(filtered.data.map((h) => h.id)).not.toContain(second);

      expect((await cc.intake(`workspaces/${HARBOR}/process-execution-history`)).status).toBe(403);
      expect((await cc.intake(`process-execution-history/${id}`)).status).toBe(403);
    });

    it("hides another workspace's histories: 404 by id, 403 by workspace", async () => {
      const id = await newHistory();
      expect((await cc.summitOwner(`process-execution-history/${id}`)).status).toBe(404);
      expect(
        (
          await cc.summitAgent(`process-execution-history/${id}`, {
            method: 'PATCH',
            body: { status: 'completed' },
          })
        ).status,
      ).toBe(404);
      const step = await cc.summitAgent('process-execution-steps-history', {
        method: 'POST',
        body: {
          processExecutionHistoryId: id,
          previousStepId: null,
          currentStepId: 'x',
          currentStepName: 'x',
          currentStepType: 'TASK',
          currentStepProcessId: 'x',
          variableState: {},
          direction: 'forward',
          executedOn: NOW,
        },
      });
      expect(step.status).toBe(404);
      expect((await cc.summitOwner(`workspaces/${HARBOR}/process-execution-history`)).status).toBe(
        403,
      );
      const foreign = await cc.summitAgent('process-execution-history', {
        method: 'POST',
        body: historyBody(),
      });
      expect(foreign.status).toBe(403);
    });

    it('refuses an unknown process and bad payloads', async () => {
      const post = (body: unknown) =>
        cc.intake('process-execution-history', { method: 'POST', body });
      expect((await post(historyBody(HARBOR, 'nope'))).status).toBe(404);
      expect((await post({ ...historyBody(), status: 'exploded' })).status).toBe(400);
      expect((await post({ ...historyBody(), startTime: 'yesterday' })).status).toBe(400);
      expect((await post('{')).status).toBe(400);
    });
  });

  describe('e-mails and error notifications', () => {
    it('keeps sent e-mails in the outbox, which only system users read', async () => {
      const sent = await cc.intake('service-processes/sendEmail', {
        method: 'POST',
        body: {
          destinations: { to: ['caller@example.com'] },
          subject: 'Outbox check',
          body: { htmlBody: '<p>Hi</p>', textBody: 'Hi' },
        },
      });
      expect(sent.status).toBe(200);
      const outbox = outboxListResponseSchema.parse(
        (await cc.system('service-processes/outbox')).body,
      );
      expect(outbox.data.find((m) => m.subject === 'Outbox check')).toMatchObject({
        workspace: HARBOR,
        to: ['caller@example.com'],
        textBody: 'Hi',
      });
      expect((await cc.harborOwner('service-processes/outbox')).status).toBe(403);
      const bad = await cc.intake('service-processes/sendEmail', {
        method: 'POST',
        body: { destinations: { to: [] }, subject: '', body: {} },
      });
      expect(bad.status).toBe(400);
      const fromSystem = await cc.system('service-processes/sendEmail', {
        method: 'POST',
        body: {
          destinations: { to: ['a@b.c'] },
          subject: 's',
          body: { htmlBody: '', textBody: '' },
        },
      });
      expect(fromSystem.status).toBe(403);
      const fromZoho = await cc.lakesideAgent('service-processes/sendEmail', {
        method: 'POST',
        body: {
          destinations: { to: ['a@b.c'] },
          subject: 's',
          body: { htmlBody: '', textBody: '' },
        },
      });
      expect(fromZoho.status).toBe(403);
    });

    it('stores error notifications from any signed-in user for system users to read', async () => {
      const sent = await cc.harborAgent('error-notification', {
        method: 'POST',
        body: { subject: 'Call flow error (forward)', body: 'Workspace: ws_harbor' },
      });
      expect(sent.status).toBe(200);
      const list = errorNotificationListResponseSchema.parse(
        (await cc.system(`error-notification?workspace=${HARBOR}`)).body,
      );
      expect(list.data[0]).toMatchObject({
        subject: 'Call flow error (forward)',
        workspace: HARBOR,
      });
      expect((await cc.harborOwner('error-notification')).status).toBe(403);
      expect(
        (await cc.harborAgent('error-notification', { method: 'POST', body: { body: 1 } })).status,
      ).toBe(400);
      expect(
        (
          await t.api('/call-center/error-notification', {
            method: 'POST',
            body: { subject: 's', body: '' },
          })
        ).status,
      ).toBe(401);
    });
  });

  describe('CRM sync', () => {
    it('re-maps and stores every record type, links notes to the contact and removes tags', async () => {
      const id = await newHistory();
      const sync = (body: unknown) =>
        cc.intake(`workspaces/${HARBOR}/async-records/${id}`, { method: 'POST', body });
      const contact = asyncRecordResponseSchema.parse(
        (
          await sync({
            type: 'CONTACT',
            fields: {
              first_name: 'Ada',
              last_name: 'Byron',
              email: 'ada@example.com',
              mobile_phone: '+16175550100',
              phone_home: '+16175550199',
              street1: '1 Main St',
              city: 'Boston',
              state_code: 'MA',
              zip: '02110',
              country_code: 'US',
              LeadSourceId: '42',
              tags: 'VIP, Intake',
            },
          })
        ).body,
      );
      expect(contact.contactId).toBe(contact.id);
      const note = asyncRecordResponseSchema.parse(
        (
          await sync({
            type: 'NOTE',
            crmFieldMappings: { ObjectType: 'Note', ActionDescription: 'Intake' },
          })
        ).body,
      );
      expect(note.contactId).toBe(contact.id);
      expect((await sync({ type: 'CALL', fields: { title: 'Call', body: 'Talked' } })).status).toBe(
        200,
      );
      expect(
        (
          await sync({
            type: 'EVENT',
            fields: { title: 'Consult', start_time: '2026-12-01T10:00', location: 'Office' },
          })
        ).status,
      ).toBe(200);
      expect((await sync({ type: 'DEAL', fields: { name: 'PI case', stage: 'new' } })).status).toBe(
        200,
      );
      const untagged = await sync({ type: 'CONTACT-TAGS', fields: { tags: 'VIP' } });
      expect(untagged.body).toMatchObject({ id: contact.id, type: 'CONTACT-TAGS' });

      const records = crmRecordListResponseSchema
        .parse((await cc.intake(`workspaces/${HARBOR}/crm-records?page[limit]=1000`)).body)
        .data.filter((r) => r.processExecutionHistoryId === id);
      const byType = Object.fromEntries(records.map((r) => [r.type, r]));
      expect(byType.CONTACT.payload).toEqual({
        given_name: 'Ada',
        family_name: 'Byron',
        email_addresses: [{ email: 'ada@example.com', field: 'EMAIL1' }],
        phone_numbers: [
          { number: '+16175550100', field: 'PHONE1' },
          { number: '+16175550199', field: 'PHONE2' },
        ],
        addresses: [
          {
            field: 'BILLING',
            line1: '1 Main St',
            locality: 'Boston',
            region: 'MA',
            country_code: 'US',
            postal_code: '02110',
          },
        ],
        lead_source_id: '42',
        tags: ['Intake'],
      });
      expect(byType.CALL.payload).toMatchObject({
        ObjectType: 'Note',
        ActionType: 'Call',
        CreationNotes: 'Talked',
      });
      expect(byType.EVENT.payload).toMatchObject({
        ObjectType: 'Appointment',
        ActionDate: '2026-12-01T10:00',
        Location: 'Office',
      });
      expect(byType.DEAL.payload).toEqual({ name: 'PI case', stage: 'new' });
      expect(records.every((r) => r.contactId === contact.id)).toBe(true);

      const contacts = crmRecordListResponseSchema.parse(
        (await cc.harborOwner(`workspaces/${HARBOR}/crm-records?type=CONTACT`)).body,
      );
      expect(contacts.data.every((r) => r.type === 'CONTACT')).toBe(true);
    });

    it('answers getRecords and countRecords with the ascending flag', async () => {
      const id = await newHistory();
      for (const title of ['first', 'second']) {
        await cc.intake(`workspaces/${HARBOR}/async-records/${id}`, {
          method: 'POST',
          body: { type: 'NOTE', fields: { title } },
        });
      }
      const query = (method: string, body: unknown) =>
        cc.intake(`workspaces/${HARBOR}/ifs/${method}`, { method: 'POST', body });
      const asc = ifsQueryResponseSchema.parse(
        (await query('getRecords', { query: { processExecutionHistoryId: id }, ascending: '1' }))
          .body,
      );
      expect(asc.records.map((r) => r.payload.ActionDescription)).toEqual(['first', 'second']);
      const desc = ifsQueryResponseSchema.parse(
        (await query('getRecords', { query: { processExecutionHistoryId: id }, ascending: '0' }))
          .body,
      );
      expect(desc.records.map((r) => r.payload.ActionDescription)).toEqual(['second', 'first']);
      const count = ifsQueryResponseSchema.parse(
        (await query('countRecords', { query: { processExecutionHistoryId: id, type: 'NOTE' } }))
          .body,
      );
      expect(count).toMatchObject({ count: 2, records: [] });
      expect((await query('dropTables', {})).status).toBe(404);
      expect((await query('getRecords', { ascending: 'yes' })).status).toBe(400);
      expect((await query('getRecords', { query: { sql: 'select 1' } })).status).toBe(400);
    });

    it("refuses another workspace's execution, an unknown contact and bad records", async () => {
      const id = await newHistory();
      const foreign = await cc.summitAgent(`workspaces/ws_summit/async-records/${id}`, {
        method: 'POST',
        body: { type: 'NOTE', fields: { title: 'x' } },
      });
      expect(foreign.status).toBe(404);
      const crossPath = await cc.summitAgent(`workspaces/${HARBOR}/async-records/${id}`, {
        method: 'POST',
        body: { type: 'NOTE', fields: { title: 'x' } },
      });
      expect(crossPath.status).toBe(403);
      expect((await cc.summitOwner(`workspaces/${HARBOR}/crm-records`)).status).toBe(403);
      expect(
        (await cc.summitOwner(`workspaces/${HARBOR}/ifs/getRecords`, { method: 'POST', body: {} }))
          .status,
      ).toBe(403);
      const sync = (body: unknown) =>
        cc.intake(`workspaces/${HARBOR}/async-records/${id}`, { method: 'POST', body });
      expect((await sync({ type: 'NOTE', fields: { contact_id: 'nobody' } })).status).toBe(400);
      expect((await sync({ type: 'CONTACT-TAGS', fields: {} })).status).toBe(404);
      expect((await sync({ type: 'SCRIPT', fields: {} })).status).toBe(400);
      expect((await sync({ type: 'NOTE', fields: { title: 7 } })).status).toBe(400);
      expect((await sync('{"type":"NOTE","fields":{"__proto__":{"x":"y"}}}')).status).toBe(400);
    });
  });
});
