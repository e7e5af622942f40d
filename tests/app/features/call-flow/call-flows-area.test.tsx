import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CrmRecordsPage } from '@/app/features/call-flow/crm-records-page';
import { ExecutionHistoriesPage } from '@/app/features/call-flow/execution-histories-page';
import { ExecutionHistoryDetail } from '@/app/features/call-flow/execution-history-detail';
import { decodeIncomingCall, INCOMING_CALL_PARAM } from '@/app/calls/incoming-call';
import { ProcessList } from '@/app/features/call-flow/process-list';
import { processDefinitionSchema } from '@/shared/contracts/call-flow';
import type {
  CrmRecord,
  ExecutionHistoryDetail as Detail,
  ExecutionHistorySummary,
} from '@/shared/contracts/call-flow-api';
import { renderApp, renderWithHost, setSession } from '../../helpers';
import { makeUser } from '../../../shared/domain/fixtures';
import { agentWorkspace, callFlowHost, fakeCallCentre, INTAKE } from './call-flow-test-kit';

// issue 11 The screen: the Call Flows area lists the processes and starts one by hand, and
// shows owners and admins the execution histories with their step histories and what the
// simulated CRM holds; spec: session 4 Call-flow guard and 6 roles.

const WS = 'ws_lakeside';

function summary(
  n: number,
  overrides: Partial<ExecutionHistorySummary> = {},
): ExecutionHistorySummary {
  return {
    id: `peh_${n}`,
    workspace: WS,
    process: 'pi-intake',
    processName: 'Personal Injury intake',
    subProcess: null,
    status: 'partial-complete',
    userId: 'u_agent',
    agentName: 'Ivy Intake',
    startTime: '2026-03-02T15:00:00.000Z',
    endTime: '2026-03-02T15:02:05.000Z',
    appStatus: 'CALL_ENDED',
    stepCount: 3,
    processVersion: 1,
    ...overrides,
  };
}

/** A definition whose forms know a grid and an address, for labels in the detail. */
const WITH_GRID = processDefinitionSchema.parse({
  ...INTAKE,
  steps: [
    ...INTAKE.steps.slice(0, -1),
    {
      id: 'injuries',
      name: 'Injuries',
      type: 'TASK',
      prj_id: 'pi',
      dynaform: {
        dyn_uid: 'dyn-injuries',
        title: 'Injuries',
        fields: [
          {
            type: 'grid',
            name: 'injuriesGrid',
            label: 'Injuries',
            columns: [
              { type: 'text', name: 'bodyPart', label: 'Body part' },
              {
                type: 'select',
                name: 'severity',
                label: 'Severity',
                options: [
                  { value: 'minor', label: 'Minor' },
                  { value: 'severe', label: 'Severe' },
                ],
              },
            ],
          },
          { type: 'address', name: 'homeAddress', label: 'Home address' },
          { type: 'date', name: 'incidentDate', label: 'Date of the accident' },
          { type: 'phone', name: 'mobile', label: 'Mobile' },
        ],
      },
      routes: [],
    },
    INTAKE.steps.at(-1)!,
  ],
});

const DETAIL: Detail = {
  ...summary(1),
  executionHistory: {
    processVariables: {
      pi: {
        firstName: 'Dana',
        accidentType: 'car',
        incidentDate: '2026-02-27',
        mobile: '5125550147',
        injuriesGrid: [{ bodyPart: 'Neck', severity: 'severe' }],
        homeAddress: {
          street1: '12 Harbor St',
          street2: '',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
          country: 'US',
        },
      },
    },
    steps: ['caller', 'accident', 'injuries'],
  },
  stepHistories: [
    {
      id: 'sh_1',
      previousStepId: null,
      currentStepId: 'caller',
      currentStepName: 'Caller',
      currentStepType: 'TASK',
      currentStepProcessId: 'pi',
      direction: 'forward',
      executedOn: '2026-03-02T15:00:01.000Z',
      variableState: { caller_name: 'Dana Reyes' },
      userId: 'u_agent',
      agentName: 'Ivy Intake',
    },
    {
      id: 'sh_2',
      previousStepId: 'caller',
      currentStepId: 'accident',
      currentStepName: 'Accident',
      currentStepType: 'TASK',
      currentStepProcessId: 'pi',
      direction: 'forward',
      executedOn: '2026-03-02T15:00:30.000Z',
      variableState: { caller_name: 'Dana Reyes', firstName: 'Dana' },
      userId: 'u_agent',
      agentName: 'Ivy Intake',
    },
    {
      id: 'sh_3',
      previousStepId: 'accident',
      currentStepId: 'injuries',
      currentStepName: 'Injuries',
      currentStepType: 'TASK',
      currentStepProcessId: 'pi',
      direction: 'backward',
      executedOn: '2026-03-02T15:01:00.000Z',
      variableState: { caller_name: 'Dana Reyes', firstName: 'Dana', accidentType: 'car' },
      userId: 'u_agent',
      agentName: 'Ivy Intake',
    },
  ],
};

describe('the Call Flows list', () => {
  it('starts a process by hand: the caller dialog checks its fields, then opens the intake with the call', async () => {
    const api = fakeCallCentre({
      [`GET workspaces/${WS}/processes`]: () => ({
        data: [
          {
            id: 'pi-intake',
            name: 'Personal Injury intake',
            description: 'New personal-injury callers.',
            stepCount: 12,
            formStepCount: 9,
            version: 1,
            updatedAt: '2026-03-01T00:00:00.000Z',
          },
        ],
        meta: { total: 1, limit: 1000, offset: 0 },
      }),
    });
    const { host } = renderWithHost(<ProcessList />, { host: callFlowHost(api) });
    fireEvent.click(await screen.findByRole('button', { name: 'Start Personal Injury intake' }));
    const dialog = screen.getByRole('dialog', { name: 'Start Personal Injury intake' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Caller name')),
    );

    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '512-555' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start call flow' }));
    expect(within(dialog).getByText("Enter the caller's name.").isConnected).toBe(true);
    expect(within(dialog).getByText(/at least 10 digits/).isConnected).toBe(true);
    expect(host.navigate).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('Caller name'), {
      target: { value: ' Dana Reyes ' },
    });
    fireEvent.change(within(dialog).getByLabelText('Phone'), {
      target: { value: '(512) 555-0147' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start call flow' }));
    const path = (host.navigate as unknown as { mock: { calls: string[][] } }).mock.calls[0][0];
    const url = new URL(path, 'https://app.test');
    expect(url.pathname).toBe('/app/automated-intake');
    expect(decodeIncomingCall(url.searchParams.get(INCOMING_CALL_PARAM)!)).toEqual({
      ok: true,
      payload: { leadName: 'Dana Reyes', phone: '(512) 555-0147', process: 'pi-intake' },
    });
  });

  it('says so when the workspace has no call flow', async () => {
    const api = fakeCallCentre({
      [`GET workspaces/${WS}/processes`]: () => ({
        data: [],
        meta: { total: 0, limit: 1000, offset: 0 },
      }),
    });
    renderWithHost(<ProcessList />, { host: callFlowHost(api) });
    expect((await screen.findByText(/no call flows yet/)).isConnected).toBe(true);
  });
});

// issue #16: the agent's practice areas (Settings > Users parameters) list their flows first.
describe("the Call Flows list and the agent's practice areas", () => {
  const flow = (id: string, name: string, practiceAreaId: string | null) => ({
    id,
    name,
    description: null,
    practiceAreaId,
    stepCount: 3,
    formStepCount: 2,
    version: 1,
    updatedAt: '2026-03-01T00:00:00.000Z',
  });
  const FLOWS = [
    flow('bk-intake', 'Bankruptcy intake', 'pa_bk'),
    flow('general', 'General intake', null),
    flow('pi-intake', 'Personal Injury intake', 'pa_pi'),
  ];
  const own = (practiceAreaIds: string[]) => ({
    data: {
      agentId: 'ag_me',
      agentName: 'Ivy Intake',
      active: true,
      officeId: null,
      practiceAreaIds,
      consultantId: null,
      minimums: {
        outboundCallsPerWeek: null,
        outboundAnswersPerWeek: null,
        outboundSetsPerWeek: null,
        compliancePercent: null,
      },
      updatedAt: null,
    },
  });
  const processes = () => ({ data: FLOWS, meta: { total: 3, limit: 1000, offset: 0 } });
  const startButtons = (list: HTMLElement) =>
    within(list)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));

  it("lists the flows of the agent's practice areas first, the others after", async () => {
    const api = fakeCallCentre({
      [`GET workspaces/${WS}/processes`]: processes,
      [`GET workspaces/${WS}/users-parameters/me`]: () => own(['pa_pi']),
    });
    renderWithHost(<ProcessList />, { host: callFlowHost(api) });
    const yours = await screen.findByRole('list', { name: 'Your practice areas' });
    expect(startButtons(yours)).toEqual(['Start Personal Injury intake']);
    const others = screen.getByRole('list', { name: 'Other call flows' });
    expect(startButtons(others)).toEqual(['Start Bankruptcy intake', 'Start General intake']);
  });

  it('keeps one list in the usual order without an agent record or a matching flow', async () => {
    for (const answer of [
      () => ({ fail: 404, message: 'No agent is linked to this user.' }),
      () => own(['pa_other']),
    ]) {
      const api = fakeCallCentre({
        [`GET workspaces/${WS}/processes`]: processes,
        [`GET workspaces/${WS}/users-parameters/me`]: answer,
      });
      const { unmount } = renderWithHost(<ProcessList />, { host: callFlowHost(api) });
      expect(
        await screen.findByRole('button', { name: 'Start Bankruptcy intake' }),
      ).toBeInTheDocument();
      expect(screen.queryByText('Your practice areas')).toBeNull();
      expect(startButtons(screen.getByRole('list'))).toEqual([
        'Start Bankruptcy intake',
        'Start General intake',
        'Start Personal Injury intake',
      ]);
      unmount();
    }
  });
});

describe('execution histories (owners and admins)', () => {
  it('lists when, agent, process, status and duration, and pages to older ones', async () => {
    const api = fakeCallCentre({
      [`GET workspaces/${WS}/process-execution-history`]: (req) => ({
        data:
          req.query?.['page[offset]'] === 20
            ? [summary(21, { status: 'completed', agentName: 'Omar Older' })]
            : [summary(1), summary(2, { status: 'started', endTime: null })],
        meta: { total: 21, limit: 20, offset: Number(req.query?.['page[offset]'] ?? 0) },
      }),
    });
    renderWithHost(<ExecutionHistoriesPage />, { host: callFlowHost(api, { role: 'owner' }) });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0])
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // 15:00 UTC is 9:00 AM in the workspace's Chicago.
    expect(first.slice(0, 5)).toEqual([
      'Mar 2, 2026, 9:00 AM',
      'Ivy Intake',
      'Personal Injury intake, version 1',
      'Partial (hung up)',
      '2:05',
    ]);
    expect(within(rows[1]).getAllByRole('cell')[3].textContent).toBe('In progress');
    expect(within(rows[1]).getAllByRole('cell')[4].textContent).toBe('—');

    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect((await screen.findByText('Omar Older')).isConnected).toBe(true);
    expect(screen.getByText('Page 2 of 2').isConnected).toBe(true);
  });

  it('shows one history with its step histories and the values given, readably', async () => {
    const api = fakeCallCentre({
      'GET process-execution-history/peh_1': () => ({ data: DETAIL }),
      'GET processes/pi-intake': () => ({ data: WITH_GRID }),
    });
    renderWithHost(<ExecutionHistoryDetail historyId="peh_1" />, {
      host: callFlowHost(api, { role: 'admin' }),
    });
    const steps = await screen.findByRole('heading', { name: 'Step histories' });
    const stepList = steps.parentElement!.querySelector('ol')!;
    const items = within(stepList).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('h3')?.textContent)).toEqual([
      'Forward Caller',
      'Forward Accident',
      'Back Injuries',
    ]);
    // Each step shows what was answered since the step before, with the form's labels.
    expect(within(items[1]).getByText('First name').nextElementSibling?.textContent).toBe('Dana');
    expect(within(items[2]).getByText('Accident type').nextElementSibling?.textContent).toBe(
      'Car accident',
    );

    const values = screen.getByRole('heading', { name: 'Values given' }).parentElement!;
    const grid = within(values).getByRole('table');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Body part', 'Severity']);
    expect(
      within(grid)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Neck', 'Severe']);
    const address = values.querySelector('address')!;
    expect([...address.children].map((line) => line.textContent)).toEqual([
      '12 Harbor St',
      'Austin, TX 78701',
    ]);
    // Days and phones read as people write them.
    expect(within(values).getByText('Date of the accident').nextElementSibling?.textContent).toBe(
      'Feb 27, 2026',
    );
    expect(within(values).getByText('Mobile').nextElementSibling?.textContent).toBe(
      '(512) 555-0147',
    );
    expect(screen.getByText('Partial (hung up)').isConnected).toBe(true);
  });
});

describe('a long execution history (issue #29: its steps come a page at a time)', () => {
  const TOTAL = 45;
  /** Step n (0-based) answers `answer{n}` on top of everything before it. */
  const step = (n: number) => {
    const variableState: Record<string, string> = {};
    for (let i = 0; i <= n; i++) variableState[`answer${i}`] = `value ${i}`;
    return {
      ...DETAIL.stepHistories[1],
      id: `sh_${n}`,
      currentStepId: `step${n}`,
      currentStepName: `Step ${n + 1}`,
      variableState,
    };
  };

  it('shows 20 steps a page; a later page asks for the step before it too, to say what its first step changed', async () => {
    const api = fakeCallCentre({
      'GET process-execution-history/peh_1': (req) => {
        const query = req.query as Record<string, number>;
        const limit = query['page[limit]'];
        const offset = query['page[offset]'];
        const stepHistories = Array.from(
          { length: Math.max(0, Math.min(limit, TOTAL - offset)) },
          (_, i) => step(offset + i),
        );
        return {
          data: { ...DETAIL, stepCount: TOTAL, stepHistories },
          meta: { total: TOTAL, limit, offset },
        };
      },
    });
    renderWithHost(<ExecutionHistoryDetail historyId="peh_1" />, {
      host: callFlowHost(api, { role: 'admin' }),
    });
    const titles = async () => {
      const heading = await screen.findByRole('heading', { name: 'Step histories' });
      return within(heading.parentElement!.querySelector('ol')!)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('h3')?.textContent);
    };
    expect(await titles()).toHaveLength(20);
    expect((await titles())[0]).toBe('Forward Step 1');
    expect(screen.getByText('Page 1 of 3').isConnected).toBe(true);
    expect(api.sent('GET', 'process-execution-history/peh_1')[0].query).toEqual({
      'page[limit]': 20,
      'page[offset]': 0,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Later steps' }));
    expect((await screen.findByText('Page 2 of 3')).isConnected).toBe(true);
    const second = await titles();
    expect(second).toHaveLength(20);
    expect(second[0]).toBe('Forward Step 21');
    expect(api.sent('GET', 'process-execution-history/peh_1').at(-1)?.query).toEqual({
      'page[limit]': 21,
      'page[offset]': 19,
    });
    // Step 21 shows only what it added to step 20, which is not shown on this page.
    const heading = screen.getByRole('heading', { name: 'Step histories' });
    const firstShown = within(heading.parentElement!.querySelector('ol')!).getAllByRole(
      'listitem',
    )[0];
    expect(within(firstShown).getByText('value 20').isConnected).toBe(true);
    expect(within(firstShown).queryByText('value 19')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Later steps' }));
    expect((await screen.findByText('Page 3 of 3')).isConnected).toBe(true);
    expect(await titles()).toEqual(Array.from({ length: 5 }, (_, i) => `Forward Step ${41 + i}`));
  });
});

describe('the simulated CRM store', () => {
  it('lists what a finished intake wrote: the contact and its note', async () => {
    const record = (overrides: Partial<CrmRecord>): CrmRecord => ({
      id: 'crm_1',
      workspace: WS,
      type: 'CONTACT',
      contactId: 'crm_1',
      processExecutionHistoryId: 'peh_1',
      payload: {},
      createdAt: '2026-03-02T15:03:00.000Z',
      ...overrides,
    });
    const api = fakeCallCentre({
      [`GET workspaces/${WS}/crm-records`]: () => ({
        data: [
          record({
            id: 'crm_2',
            type: 'NOTE',
            payload: {
              ObjectType: 'Note',
              ActionDescription: 'Intake: car accident',
              CreationNotes: 'Neck injury',
            },
          }),
          record({
            payload: {
              given_name: 'Dana',
              family_name: 'Reyes',
              email_addresses: [{ email: 'dana@example.com', field: 'EMAIL1' }],
              phone_numbers: [{ number: '(512) 555-0147', field: 'PHONE1' }],
            },
          }),
        ],
        meta: { total: 2, limit: 25, offset: 0 },
      }),
    });
    renderWithHost(<CrmRecordsPage />, { host: callFlowHost(api, { role: 'owner' }) });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getAllByRole('cell')[1].textContent).toBe('Note');
    expect(within(rows[0]).getAllByRole('cell')[2].textContent).toBe(
      'Intake: car accidentNeck injury',
    );
    expect(within(rows[1]).getAllByRole('cell')[1].textContent).toBe('Contact');
    expect([...within(rows[1]).getAllByRole('cell')[2].children].map((l) => l.textContent)).toEqual(
      ['Dana Reyes', 'dana@example.com', '(512) 555-0147'],
    );
  });
});

describe('guards (spec: session 4 Call-flow guard, 6 roles)', () => {
  it('sends an agent of a Zoho-vendor workspace away from the automated intake', async () => {
    setSession(makeUser({ role: 'operator' }), agentWorkspace({ zohoVendor: true, isZoho: true }));
    const { router } = renderApp('/app/automated-intake');
    // The first lazy route of the file loads slowly on a busy machine.
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboards/agent'), {
      timeout: 5_000,
    });
  });

  it('keeps the execution histories from agents', async () => {
    setSession(makeUser({ role: 'operator' }), agentWorkspace());
    const { router } = renderApp('/app/automated-intake/histories');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboards/agent'), {
      timeout: 5_000,
    });
  });

  it('opens the automated intake for an agent, explaining how to start a call', async () => {
    setSession(makeUser({ role: 'operator' }), agentWorkspace());
    const { router } = renderApp('/app/automated-intake');
    expect((await screen.findByRole('heading', { name: 'No call in progress' })).isConnected).toBe(
      true,
    );
    expect(router.state.location.pathname).toBe('/app/automated-intake');
  });
});
