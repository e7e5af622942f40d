import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  StaffComplianceScreen,
  TeamActivityScreen,
  TeamComplianceScreen,
  TeamSalesScreen,
} from '@/app/features/team-reports/team-screens';
import type { PeopleData } from '@/shared/contracts/reports/people';
import type { ComplianceRow, StaffComplianceRow } from '@/shared/contracts/reports/team-compliance';
import { makeHost, renderWithHost } from '../../helpers';
import { deferred, fakeApi, type FakeApi, type Handler } from '../../fake-api';
import { LOOKUPS, reportWorkspace, serverError } from '../../reports/filters/fixtures';

const perf = (leads: number, sets: number, calls: [number, number, number, number]) => ({
  leads,
  sets,
  setRate: leads ? Math.round((sets / leads) * 10000) / 100 : 0,
  setRateBasis: { numerator: sets, denominator: leads },
  inboundCalls: calls[0],
  inboundConnected: calls[1],
  outboundCalls: calls[2],
  outboundAnswered: calls[3],
});

const TEAM_ROWS = [
  { id: 'ag_1', name: 'Dana Diaz', active: true, ...perf(10, 4, [20, 18, 30, 12]) },
  { id: 'ag_2', name: 'Ari Amos', active: true, ...perf(6, 3, [8, 8, 2, 1]) },
];
const INACTIVE_ROW = { id: 'ag_3', name: 'Old Olson', active: false, ...perf(1, 0, [0, 0, 0, 0]) };

function teamAnswer(req: { body?: unknown }): { data: PeopleData } {
  const body = req.body as { inactiveUsers?: boolean };
  return {
    data: { tab: 'team', rows: body.inactiveUsers ? [...TEAM_ROWS, INACTIVE_ROW] : TEAM_ROWS },
  };
}

function agentAnswer(req: { body?: unknown }): { data: PeopleData } {
  const body = req.body as { agent: string; startDate: string };
  const row = TEAM_ROWS.find((r) => r.id === body.agent)!;
  const { id, name, active, ...totals } = row;
  return {
    data: {
      tab: 'agent',
      agent: { id, name, active },
      totals,
      days: [
        { day: body.startDate, leads: 4, sets: 1, calls: 10 },
        { day: '2026-11-20', leads: 6, sets: 3, calls: 12 },
      ],
    },
  };
}

const COMPLIANCE: ComplianceRow[] = [
  {
    AGENT_ID: 'ag_1',
    AGENT_NAME: 'Dana Diaz',
    CALLBACKS_REQUESTED: 4,
    CALLBACKS_RETURNED: 4,
    RELATIONSHIP_DUE: 2,
    RELATIONSHIP_MADE: 1,
    COLLECTION_DUE: 0,
    COLLECTION_MADE: 0,
    COMPLIANCE_PERCENT: 83,
  },
  {
    AGENT_ID: 'ag_3',
    AGENT_NAME: 'Old Olson',
    CALLBACKS_REQUESTED: 4,
    CALLBACKS_RETURNED: 0,
    RELATIONSHIP_DUE: 0,
    RELATIONSHIP_MADE: 0,
    COLLECTION_DUE: 0,
    COLLECTION_MADE: 0,
    COMPLIANCE_PERCENT: 0,
  },
];

const STAFF: StaffComplianceRow[] = [
  {
    agentId: 'ag_1',
    agentName: 'Dana Diaz',
    inboundRate: 90,
    outboundRate: 40,
    callbackRate: 100,
    relationshipRate: 50,
    collectionRate: null,
    overallRate: 71,
  },
  {
    agentId: 'ag_2',
    agentName: 'Ari Amos',
    inboundRate: 100,
    outboundRate: 50,
    callbackRate: null,
    relationshipRate: null,
    collectionRate: null,
    overallRate: 95,
  },
];

const AGENTS = [
  { id: 'ag_1', name: 'Dana Diaz', active: true, personId: null, ctmUserId: null },
  { id: 'ag_2', name: 'Ari Amos', active: true, personId: null, ctmUserId: null },
  { id: 'ag_3', name: 'Old Olson', active: false, personId: null, ctmUserId: null },
];

function renderScreen(ui: React.ReactElement, overrides: [string, Handler][] = []) {
  const api: FakeApi = fakeApi(
    [
      ['/reports/people/team', teamAnswer],
      ['/reports/people/agent', agentAnswer],
      [
        '/reports/people/consultants',
        () => ({
          data: {
            tab: 'consultants',
            rows: [
              {
                id: 'co_1',
                name: 'Carl Cole',
                active: true,
                consults: 9,
                qualifiedConsults: 8,
                hires: 3,
                noHires: 5,
                hireRate: 37.5,
              },
            ],
          },
        }),
      ],
      [
        '/reports/relationships/agents',
        () => ({
          data: [
            {
              id: 'ag_1',
              name: 'Dana Diaz',
              active: true,
              openRelationshipCalls: 3,
              relationshipCallsMade30Days: 7,
              person: {
                id: 'p1',
                firstName: 'Dana',
                lastName: 'Diaz',
                email: 'dana@lakeside.test',
              },
            },
            {
              id: 'ag_3',
              name: 'Old Olson',
              active: false,
              openRelationshipCalls: 9,
              relationshipCallsMade30Days: 0,
              person: null,
            },
          ],
        }),
      ],
      ['/reports/compliance', () => ({ data: COMPLIANCE })],
      ['/reports/staff-compliance', () => ({ data: STAFF })],
      ['/reports/people/agents', () => ({ data: AGENTS })],
    ],
    overrides,
  );
  const host = makeHost({
    api,
    session: { user: null, workspace: reportWorkspace(), agent: null },
  });
  renderWithHost(ui, { host });
  return { api, host };
}

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => row.closest('tbody'))
    .map((row) => within(row).getByRole('rowheader').textContent);

afterEach(() => vi.restoreAllMocks());

describe('Team Reports (people/team)', () => {
  it('shows its loading text, then each agent with the team summary, sortable', async () => {
    const pending = deferred<unknown>();
    const { api } = renderScreen(<TeamActivityScreen />, [
      ['/reports/people/team', () => pending.promise],
    ]);
    expect(await screen.findByText('Loading Team Reports...')).toBeInTheDocument();
    await act(async () => pending.resolve(teamAnswer({ body: {} })));
    const table = await screen.findByRole('table', { name: 'Agents' });
    expect(bodyRows(table)).toEqual(['Ari Amos', 'Dana Diaz']);
    expect(screen.getByText('2 agents: 16 leads, 7 sets, 60 calls.')).toBeInTheDocument();
    // The request carries the range and the switch (off by default).
    const body = api.calls('/reports/people/team')[0]!.body as Record<string, unknown>;
    expect(body.inactiveUsers).toBe(false);
    expect(body.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    fireEvent.click(within(table).getByRole('button', { name: /^Sets/ }));
    fireEvent.click(within(table).getByRole('button', { name: /^Sets/ }));
    expect(bodyRows(table)).toEqual(['Dana Diaz', 'Ari Amos']);
    expect(
      within(table).getByRole('columnheader', { name: /^Sets/ }).getAttribute('aria-sort'),
    ).toBe('descending');
  });

  it('asks for inactive users when the switch is on and marks them', async () => {
    const { api } = renderScreen(<TeamActivityScreen />);
    await screen.findByRole('table', { name: 'Agents' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show inactive users' }));
    expect(await screen.findByText('Old Olson (inactive)')).toBeInTheDocument();
    const last = api.calls('/reports/people/team').at(-1)!.body as Record<string, unknown>;
    expect(last.inactiveUsers).toBe(true);
  });

  it("opens an agent's numbers and day-by-day trend from their row, and closes them", async () => {
    const { api } = renderScreen(<TeamActivityScreen />);
    const table = await screen.findByRole('table', { name: 'Agents' });
    const open = within(table).getByRole('button', { name: 'Dana Diaz' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    const detail = await screen.findByRole('region', { name: "Dana Diaz's numbers" });
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(open.getAttribute('aria-controls')).toBe(detail.id);
    await within(detail).findByText('Outbound answered');
    const number = (label: string) =>
      within(detail).getByText(label).parentElement!.querySelector('dd')!.textContent;
    expect(number('Leads')).toBe('10');
    expect(number('Set rate')).toBe('40.00% (4 of 10 qualified leads)');
    expect(within(detail).getByRole('img').getAttribute('aria-label')).toMatch(
      /^Dana Diaz's leads, sets and calls per day/,
    );
    expect((api.calls('/reports/people/agent')[0]!.body as { agent: string }).agent).toBe('ag_1');
    fireEvent.click(within(detail).getByRole('button', { name: "Close Dana Diaz's numbers" }));
    expect(screen.queryByRole('region', { name: "Dana Diaz's numbers" })).toBeNull();
  });

  it('shows the error view and loads again with Try Again?', async () => {
    let fail = true;
    renderScreen(<TeamActivityScreen />, [
      ['/reports/people/team', (req) => (fail ? serverError() : teamAnswer(req))],
    ]);
    const retry = await screen.findByRole('button', { name: 'Try Again?' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('table', { name: 'Agents' })).toBeInTheDocument();
  });

  it("treats no agents as 'No Data' (spec: dashboards 5)", async () => {
    renderScreen(<TeamActivityScreen />, [
      ['/reports/people/team', () => ({ data: { tab: 'team', rows: [] } })],
    ]);
    expect(await screen.findByText('No Data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again?' })).toBeInTheDocument();
  });

  it('exports the rows as listed to CSV', async () => {
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:test';
      }),
      revokeObjectURL: vi.fn(),
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderScreen(<TeamActivityScreen />);
    await screen.findByRole('table', { name: 'Agents' });
    fireEvent.click(screen.getByRole('button', { name: 'Export Agents to CSV (.csv)' }));
    await waitFor(() => expect(names).toEqual(['team_reports_data.csv']));
    const lines = (await created[0]!.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Agent,Leads,Sets,Set rate');
    expect(lines[1]).toMatch(/^"?Ari Amos"?,6,3,50,/);
  });
});

describe('Team Reports (consultants and relationship calls)', () => {
  it('lists consultants, and relationship calls of active agents until the switch is on', async () => {
    renderScreen(<TeamSalesScreen />);
    const consultants = await screen.findByRole('table', { name: 'Consultants' });
    // The rate says what it divides, and the table what its columns count (issue #30).
    expect(within(consultants).getByText('37.50%').getAttribute('title')).toBe(
      '3 hires / 8 qualified consults',
    );
    expect(
      screen.getByText(/Hires and No hires: the decisions on these consults/),
    ).toBeInTheDocument();
    expect(screen.getByText('1 consultant: 9 consults, 3 hires.')).toBeInTheDocument();
    const calls = await screen.findByRole('table', { name: 'Relationship calls' });
    expect(bodyRows(calls)).toEqual(['Dana Diaz']);
    expect(within(calls).getByText('dana@lakeside.test')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show inactive users' }));
    await waitFor(() => expect(bodyRows(calls)).toEqual(['Old Olson (inactive)', 'Dana Diaz']));
  });
});

describe('Compliance (reports/compliance)', () => {
  it("hides inactive agents until asked, with the team's rate over what is listed", async () => {
    renderScreen(<TeamComplianceScreen />);
    const table = await screen.findByRole('table', { name: 'Compliance' });
    await waitFor(() => expect(bodyRows(table)).toEqual(['Dana Diaz']));
    expect(
      screen.getByText('Team compliance 83%: 5 of 6 promises kept by 1 agent.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show inactive users' }));
    // Lowest compliance first: who needs a word today.
    expect(bodyRows(table)).toEqual(['Old Olson (inactive)', 'Dana Diaz']);
    expect(
      screen.getByText('Team compliance 50%: 5 of 10 promises kept by 2 agents.'),
    ).toBeInTheDocument();
  });

  it('shows the error view when the report fails', async () => {
    renderScreen(<TeamComplianceScreen />, [['/reports/compliance', serverError]]);
    expect(await screen.findByRole('button', { name: 'Try Again?' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('Agent AI Compliance (reports/staff-compliance)', () => {
  it("lists each agent's rates, lowest overall first, — where nothing was due", async () => {
    const pending = deferred<unknown>();
    const { api } = renderScreen(<StaffComplianceScreen />, [
      ['/reports/staff-compliance', () => pending.promise],
    ]);
    expect(await screen.findByText('Loading Agent AI Compliance...')).toBeInTheDocument();
    await act(async () => pending.resolve({ data: STAFF }));
    const table = await screen.findByRole('table', { name: 'Agent compliance' });
    expect(bodyRows(table)).toEqual(['Dana Diaz', 'Ari Amos']);
    const dana = within(table).getAllByRole('row')[1]!;
    expect(
      within(dana)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['90%', '40%', '100%', '50%', '—', '71%', '—']);
    const query = api.calls('/reports/staff-compliance')[0]!.query as Record<string, string>;
    expect(Object.keys(query).sort()).toEqual(['endDate', 'startDate']);
  });

  it('marks an agent under their own minimum (Users parameters) and shows it', async () => {
    renderScreen(<StaffComplianceScreen />, [
      [
        '/reports/staff-compliance',
        () => ({
          data: [
            { ...STAFF[0]!, minimumPercent: 80, belowMinimum: true },
            { ...STAFF[1]!, minimumPercent: 10, belowMinimum: false },
          ],
        }),
      ],
    ]);
    const table = await screen.findByRole('table', { name: 'Agent compliance' });
    const [dana, ari] = within(table).getAllByRole('row').slice(1);
    expect(
      within(dana!)
        .getAllByRole('cell')
        .slice(-2)
        .map((c) => c.textContent),
    ).toEqual(['71%Below minimum', '80%']);
    expect(within(ari!).queryByText('Below minimum')).toBeNull();
  });

  it('asks for inactive agents with the switch and marks them', async () => {
    const { api } = renderScreen(<StaffComplianceScreen />, [
      [
        '/reports/staff-compliance',
        (req) => ({
          data:
            (req.query as Record<string, string>).inactiveUsers === 'true'
              ? [
                  ...STAFF,
                  { ...STAFF[0]!, agentId: 'ag_3', agentName: 'Old Olson', overallRate: 10 },
                ]
              : STAFF,
        }),
      ],
    ]);
    await screen.findByRole('table', { name: 'Agent compliance' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show inactive users' }));
    // A new answer replaces the table.
    await waitFor(() =>
      expect(bodyRows(screen.getByRole('table', { name: 'Agent compliance' }))).toEqual([
        'Old Olson (inactive)',
        'Dana Diaz',
        'Ari Amos',
      ]),
    );
    const last = api.calls('/reports/staff-compliance').at(-1)!.query as Record<string, string>;
    expect(last.inactiveUsers).toBe('true');
  });

  it("filters by the agents' offices (Users parameters), applied at once", async () => {
    const { api } = renderScreen(<StaffComplianceScreen />, [
      ['/offices', () => LOOKUPS.offices],
      [
        '/reports/staff-compliance',
        (req) => {
          const offices = (req.query as Record<string, unknown>).offices;
          return { data: offices ? [STAFF[1]!] : STAFF };
        },
      ],
    ]);
    await screen.findByRole('table', { name: 'Agent compliance' });
    const trigger = await screen.findByRole('button', { name: /^Offices/ });
    expect(trigger.textContent).toContain('All offices');
    fireEvent.click(trigger);
    const list = screen.getByRole('listbox', { name: 'Offices' });
    fireEvent.click(within(list).getByRole('option', { name: /Downtown/ }));
    await waitFor(() =>
      expect(bodyRows(screen.getByRole('table', { name: 'Agent compliance' }))).toEqual([
        'Ari Amos',
      ]),
    );
    const last = api.calls('/reports/staff-compliance').at(-1)!.query as Record<string, unknown>;
    expect(last.offices).toEqual(['of_1']);
    // The first load asked for everyone: no offices key at all.
    const first = api.calls('/reports/staff-compliance')[0]!.query as Record<string, unknown>;
    expect(first.offices).toBeUndefined();
  });

  it('has no Offices field when the workspace has no offices', async () => {
    renderScreen(<StaffComplianceScreen />, [
      ['/offices', () => ({ data: [], meta: { total: 0, limit: 100, offset: 0 } })],
    ]);
    await screen.findByRole('table', { name: 'Agent compliance' });
    expect(screen.queryByRole('button', { name: /^Offices/ })).toBeNull();
  });

  it("treats no agents as 'No Data'", async () => {
    renderScreen(<StaffComplianceScreen />, [['/reports/staff-compliance', () => ({ data: [] })]]);
    expect(await screen.findByText('No Data')).toBeInTheDocument();
  });
});
