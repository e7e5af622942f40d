import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallFlowEngine } from '@/shared/call-flow/engine';
import type { ProcessDefinition } from '@/shared/contracts/call-flow';
import {
  crmRecordListResponseSchema,
  executionHistoryDetailResponseSchema,
  executionHistoryListResponseSchema,
  outboxListResponseSchema,
} from '@/shared/contracts/call-flow-api';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { callCenter, engineAgainst, fetchDefinition } from './call-center-client';

// issue 11 Tests "a full run": the real engine walks the seeded Personal Injury intake
// against the real server, as intake@harbor.test; the server records the case, the
// histories, the e-mails and the CRM contact and note.

const HARBOR = 'ws_harbor';

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

async function submitOk(engine: CallFlowEngine, values: Record<string, unknown>) {
  const outcome = await engine.submit(values as never);
  if (!outcome.ok) throw new Error(`submit failed: ${JSON.stringify(outcome)}`);
  return outcome.state;
}

describe('a Personal Injury intake run against the server', () => {
  let t: TestServer;
  let agent: string;
  let owner: string;
  let system: string;
  let definition: ProcessDefinition;

  beforeAll(async () => {
    t = await startTestServer();
    agent = (await t.signIn('intake@harbor.test')).accessToken;
    owner = (await t.signIn('owner@harbor.test')).accessToken;
    system = (await t.signIn('system@intake.test')).accessToken;
    definition = await fetchDefinition(t, agent, HARBOR, 'pi-intake');
  });
  afterAll(() => t.close());

  it('branches on the accident type, goes back, takes the other branch, completes and writes the CRM contact and note', async () => {
    const { engine } = engineAgainst(t, agent, { workspaceId: HARBOR, agentId: 'intake' });
    const started = await engine.start({
      definition,
      callData: { leadName: 'Jordan Reyes', phone: '6175550142' },
    });
    expect(started.ok).toBe(true);
    expect(engine.getState().wizardStep?.title).toBe('Caller information');

    await submitOk(engine, {
      firstName: 'Jordan',
      lastName: 'Reyes',
      phone: '(617) 555-0142',
      email: 'jordan.reyes@example.com',
    });
    let state = await submitOk(engine, { accidentType: 'car', incidentDate: daysAgo(30) });
    expect(state.stepTraversed.currentStepDef).toBe('pi-vehicle');

    const back = await engine.back();
    expect(back.ok).toBe(true);
    expect(engine.getState().stepTraversed.currentStepDef).toBe('pi-accident');
    state = await submitOk(engine, { accidentType: 'slip-and-fall', incidentDate: daysAgo(30) });
    expect(state.stepTraversed.currentStepDef).toBe('pi-injuries');

    state = await submitOk(engine, {
      injuriesDescription: 'Broken wrist',
      receivedTreatment: 'no',
    });
    // Thirty days ago is well inside the statute of limitations: no review step.
    expect(state.stepTraversed.currentStepDef).toBe('pi-timeline');
    state = await submitOk(engine, { priorAttorney: 'no' });
    expect(state.stepTraversed.currentStepDef).toBe('pi-conflict');
    await submitOk(engine, { adverseParties: 'Main Street Grocery', relatedToFirm: 'no' });
    await submitOk(engine, {});
    // The consultation field's value once booked (issue #16: the booking control saves the event).
    state = await submitOk(engine, {
      consultation: { calendarId: 'cal_x', date: daysAgo(-3), slotStart: '', eventId: 'evt_x' },
    });
    expect(state.status).toBe('completed');
    expect(state.appStatus).toBe('COMPLETED');
    const executionId = state.processExecutionHistoryId!;

    const records = crmRecordListResponseSchema.parse(
      (await callCenter(t, agent)(`workspaces/${HARBOR}/crm-records`)).body,
    );
    const mine = records.data.filter((r) => r.processExecutionHistoryId === executionId);
    const contact = mine.find((r) => r.type === 'CONTACT');
    const note = mine.find((r) => r.type === 'NOTE');
    expect(contact?.payload).toMatchObject({
      given_name: 'Jordan',
      family_name: 'Reyes',
      email_addresses: [{ email: 'jordan.reyes@example.com', field: 'EMAIL1' }],
      tags: ['Personal Injury', 'slip-and-fall'],
    });
    expect(note?.contactId).toBe(contact?.id);
    expect(note?.payload).toMatchObject({
      ObjectType: 'Note',
      ActionDescription: 'Personal Injury intake',
    });
    expect(String(note?.payload.CreationNotes)).toContain('Broken wrist');

    const detail = executionHistoryDetailResponseSchema.parse(
      (await callCenter(t, owner)(`process-execution-history/${executionId}`)).body,
    ).data;
    expect(detail.status).toBe('completed');
    expect(detail.appStatus).toBe('COMPLETED');
    expect(detail.processName).toBe('Personal Injury intake');
    expect(detail.agentName).toBe('Iris Quinn');
    expect(detail.stepHistories.some((s) => s.direction === 'backward')).toBe(true);
    const accidentAnswers = detail.stepHistories.filter((s) => s.currentStepId === 'pi-vehicle');
    expect(accidentAnswers).toHaveLength(1);
    expect(detail.executionHistory.processVariables['pi-intake']).toMatchObject({
      accidentType: 'slip-and-fall',
      injuriesDescription: 'Broken wrist',
    });

    const list = executionHistoryListResponseSchema.parse(
      (await callCenter(t, owner)(`workspaces/${HARBOR}/process-execution-history`)).body,
    );
    expect(list.data[0]).toMatchObject({ id: executionId, status: 'completed' });

    const outbox = outboxListResponseSchema.parse(
      (await callCenter(t, system)(`service-processes/outbox?workspace=${HARBOR}`)).body,
    );
    expect(outbox.data.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        'Conflict check: Jordan Reyes',
        'Your consultation with Harbor Legal',
      ]),
    );
  });

  it('maps the caller into the medical-malpractice sub-process and the harm back into the intake', async () => {
    const { engine } = engineAgainst(t, agent, { workspaceId: HARBOR, agentId: 'intake' });
    await engine.start({ definition, callData: { leadName: 'Sam Lee', phone: '6175550100' } });
    await submitOk(engine, { firstName: 'Sam', lastName: 'Lee', phone: '(617) 555-0100' });
    let state = await submitOk(engine, {
      accidentType: 'medical-malpractice',
      incidentDate: daysAgo(200),
    });
    expect(state.stepTraversed.currentStepDef).toBe('pi-mm-provider');
    expect(state.wizardStep?.vars).toMatchObject({
      patientFirstName: 'Sam',
      procedureDate: daysAgo(200),
    });
    await submitOk(engine, { providerName: 'Dr. Hale', procedureDate: daysAgo(200) });
    state = await submitOk(engine, { harmDescription: 'Wrong-site surgery' });
    expect(state.stepTraversed.currentStepDef).toBe('pi-injuries');
    expect(state.wizardStep?.vars).toMatchObject({
      injuriesDescription: 'Wrong-site surgery',
      atFaultName: 'Dr. Hale',
    });
  });

  it('asks for the statute-of-limitations review when the accident is older than two years', async () => {
    const { engine } = engineAgainst(t, agent, { workspaceId: HARBOR, agentId: 'intake' });
    await engine.start({ definition, callData: { leadName: 'Old Case', phone: '6175550111' } });
    await submitOk(engine, { firstName: 'Old', lastName: 'Case', phone: '(617) 555-0111' });
    await submitOk(engine, { accidentType: 'dog-bite', incidentDate: daysAgo(1000) });
    await submitOk(engine, { injuriesDescription: 'Bite', receivedTreatment: 'no' });
    const state = await submitOk(engine, { priorAttorney: 'no' });
    expect(state.stepTraversed.currentStepDef).toBe('pi-sol-review');
  });

  it('hangs up: the history becomes partial-complete with what was typed, the case CALL_ENDED', async () => {
    const { engine } = engineAgainst(t, agent, { workspaceId: HARBOR, agentId: 'intake' });
    await engine.start({ definition, callData: { leadName: 'Ana Cruz', phone: '6175550123' } });
    await submitOk(engine, { firstName: 'Ana', lastName: 'Cruz', phone: '(617) 555-0123' });
    const executionId = engine.getState().processExecutionHistoryId!;
    await engine.hangUp();

    const detail = executionHistoryDetailResponseSchema.parse(
      (await callCenter(t, owner)(`process-execution-history/${executionId}`)).body,
    ).data;
    expect(detail.status).toBe('partial-complete');
    expect(detail.appStatus).toBe('CALL_ENDED');
    expect(detail.executionHistory.processVariables['pi-intake']).toMatchObject({
      firstName: 'Ana',
      lastName: 'Cruz',
    });
  });
});
