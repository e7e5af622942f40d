import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LeadSourcePipelineScreen } from '@/app/features/sales-pipeline/lead-source-pipeline-screen';
import { OptimizationChartScreen } from '@/app/features/sales-pipeline/optimization-chart-screen';
import { TotalPipelineScreen } from '@/app/features/sales-pipeline/total-pipeline-screen';
import type { PclcByLeadSourceRow } from '@/shared/contracts/reports/pclc';
import { PIPELINE_STAGES, PIPELINE_STAGE_LABELS } from '@/shared/contracts/reports/pipeline-stages';
import { makeHost, renderWithHost } from '../../helpers';
import { deferred, type Handler } from '../../fake-api';
import { reportApi, reportWorkspace, serverError } from '../../reports/filters/fixtures';
import { funnelData } from '@/shared/domain/funnel-rates';

function renderScreen(ui: React.ReactElement, overrides: [string, Handler][] = []) {
  const api = reportApi([...BASE, ...overrides]);
  const host = makeHost({
    api,
    session: { user: null, workspace: reportWorkspace(), agent: null },
  });
  renderWithHost(ui, { host });
  return { api, host };
}

const STAGE_COUNTS = [5, 0, 2, 3, 1, 0, 4, 1, 2];
const TOTAL_PIPELINE = {
  data: {
    total: 18,
    stages: PIPELINE_STAGES.map((stage, index) => ({
      stage,
      label: PIPELINE_STAGE_LABELS[stage],
      count: STAGE_COUNTS[index]!,
    })),
  },
};

const source = (
  id: string | null,
  name: string,
  leads: number,
  hires: number,
): PclcByLeadSourceRow => ({
  ...funnelData({
    LEADS: leads,
    QUALIFIED: leads - 2,
    UNQUALIFIEDATLEAD: 2,
    SETS: 6,
    SHOWS: 4,
    UNQUALIFIEDATAPPT: 0,
    HIRES: hires,
    NOHIRES: 0,
    FILED: 1,
  }),
  LEADSOURCEID: id,
  LEADSOURCE: name,
});
const BY_SOURCE = [source('ls_2', 'Avvo', 12, 1), source('ls_1', 'Google', 30, 3)];

const money = (spend: number, leads: number, hires: number, revenue: number) => ({
  spend,
  leads,
  hires,
  revenue,
  costPerLead: leads ? spend / leads : null,
  costPerHire: hires ? spend / hires : null,
  roi: spend ? ((revenue - spend) / spend) * 100 : null,
});

const ROI = {
  data: {
    totals: money(1500, 42, 4, 6000),
    rows: [
      { leadSourceId: 'ls_1', leadSource: 'Google', ...money(1000, 30, 3, 6000) },
      { leadSourceId: 'ls_2', leadSource: 'Avvo', ...money(500, 12, 1, 0) },
    ],
  },
};

const BASE: [string, Handler][] = [
  ['/reports/total-pipeline', () => TOTAL_PIPELINE],
  ['/reports/pclc-by-leadsource', () => ({ data: BY_SOURCE })],
  ['/reports/roi', () => ROI],
  [
    '/reports/objections',
    (req) => {
      const by = (req.query as { by: string }).by;
      const rows =
        by === 'agent'
          ? [{ id: 'ag_1', name: 'Dana Diaz', count: 3, percent: 100 }]
          : [
              { id: 'ob_1', name: 'Too expensive', count: 2, percent: 66.67 },
              { id: 'ob_2', name: 'Went elsewhere', count: 1, percent: 33.33 },
            ];
      return { data: { total: 3, rows } };
    },
  ],
  [
    '/reports/noShows',
    () => ({
      data: {
        appointments: 8,
        noShows: 2,
        noShowRate: 25,
        contacts: [
          {
            id: 'c1',
            module: 'Leads',
            name: 'Bea Brown',
            leadSource: 'Google',
            campaign: null,
            caseType: 'Chapter 7',
            appointmentAt: '2026-11-18T15:00:00.000Z',
            consultant: 'Carl Cole',
          },
        ],
        truncated: false,
      },
    }),
  ],
  [
    '/reports/inbound',
    () => ({
      data: {
        totals: { calls: 10, connected: 8, sets: 4, setRate: 50 },
        agents: [{ id: 'ag_1', name: 'Dana Diaz', calls: 10, connected: 8, sets: 4, setRate: 50 }],
      },
    }),
  ],
  [
    '/reports/outbound',
    () => ({
      data: {
        totals: { calls: 0, answered: 0, sets: 0, answerRate: 0, setRate: 0 },
        agents: [],
      },
    }),
  ],
];

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => row.closest('tbody'))
    .map((row) => within(row).getByRole('rowheader').textContent);

describe('Total Pipeline', () => {
  it('shows its loading text, then every stage in funnel order with its share and a chart', async () => {
    const pending = deferred<unknown>();
    const { api } = renderScreen(<TotalPipelineScreen />, [
      ['/reports/total-pipeline', () => pending.promise],
    ]);
    expect(await screen.findByText('Loading Total Pipeline...')).toBeInTheDocument();
    await act(async () => pending.resolve(TOTAL_PIPELINE));
    const table = await screen.findByRole('table', { name: 'Contacts by current stage' });
    expect(rowsOf(table)).toEqual(PIPELINE_STAGES.map((stage) => PIPELINE_STAGE_LABELS[stage]));
    const hired = within(table).getByRole('rowheader', { name: 'Hired' }).closest('tr')!;
    expect(
      within(hired)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '22.22%']);
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/18 contacts by the stage/);
    // The perspective does not change where a contact is now: it is not offered.
    expect(screen.queryByLabelText('Perspective')).toBeNull();
    const query = api.calls('/reports/total-pipeline')[0]!.query as Record<string, string>;
    expect(query.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("treats an empty pipeline as 'No Data' and loads again with Try Again?", async () => {
    let empty = true;
    renderScreen(<TotalPipelineScreen />, [
      [
        '/reports/total-pipeline',
        () => (empty ? { data: { total: 0, stages: [] } } : TOTAL_PIPELINE),
      ],
    ]);
    expect(await screen.findByText('No Data')).toBeInTheDocument();
    empty = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    expect(
      await screen.findByRole('table', { name: 'Contacts by current stage' }),
    ).toBeInTheDocument();
  });
});

describe('Lead Source Pipeline', () => {
  it('lists each source by leads with a totals row computed by the funnel rules', async () => {
    renderScreen(<LeadSourcePipelineScreen />);
    const table = await screen.findByRole('table', { name: 'Funnel by lead source' });
    expect(rowsOf(table)).toEqual(['Google', 'Avvo']);
    const total = table.querySelector('tfoot tr') as HTMLElement;
    const cells = within(total)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // Leads 42, qualified 38, sets 12, set rate 12/38, shows 8, show rate 8/12, hires 4, hire rate 4/8.
    expect(cells.slice(0, 8)).toEqual(['42', '38', '12', '31.58%', '8', '66.67%', '4', '50.00%']);
    // A Bankruptcy workspace sees Filed (as on the funnel).
    expect(within(table).getByRole('columnheader', { name: /^Filed rate/ })).toBeInTheDocument();
    expect(screen.getByText('Snapshot: 2 lead sources, 42 leads, 4 hires')).toBeInTheDocument();
    // What each rate divides, and why a snapshot rate can pass 100% (issue #30).
    expect(screen.getByText(/hire rate = hires \/ qualified shows/)).toBeInTheDocument();
  });

  it('says why a snapshot rate can pass 100%, and shows one that does', async () => {
    renderScreen(<LeadSourcePipelineScreen />, [
      [
        '/reports/pclc-by-leadsource',
        () => ({ data: [{ ...BY_SOURCE[0]!, SHOWRATE: 150 }, BY_SOURCE[1]!] }),
      ],
    ]);
    await screen.findByRole('table', { name: 'Funnel by lead source' });
    expect(screen.getByText(/so a rate can pass 100%/)).toBeInTheDocument();
    expect(screen.getByText('150.00%')).toBeInTheDocument();
  });

  it('shows no rate where there is nothing to divide by: filed with no hires reads —', async () => {
    renderScreen(<LeadSourcePipelineScreen />, [
      ['/reports/pclc-by-leadsource', () => ({ data: [source('ls_3', 'Radio', 6, 0)] })],
    ]);
    const table = await screen.findByRole('table', { name: 'Funnel by lead source' });
    const radio = within(table).getByRole('row', { name: /^Radio/ });
    const cells = within(radio)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // Hires 0 of 4 shows is a rate (0.00%); 1 filed of 0 hires is none.
    expect(cells.slice(-4)).toEqual(['0', '0.00%', '1', '—']);
  });

  it('shows the error view when the report fails', async () => {
    renderScreen(<LeadSourcePipelineScreen />, [['/reports/pclc-by-leadsource', serverError]]);
    expect(await screen.findByRole('button', { name: 'Try Again?' })).toBeInTheDocument();
  });
});

describe('Optimization Chart', () => {
  it('loads each report for the range on its own: one empty report hides nothing else', async () => {
    const { api } = renderScreen(<OptimizationChartScreen />);
    const roi = await screen.findByRole('table', { name: 'ROI by lead source' });
    expect(rowsOf(roi)).toEqual(['Google', 'Avvo']);
    const avvo = within(roi).getByRole('rowheader', { name: 'Avvo' }).closest('tr')!;
    expect(within(avvo).getAllByRole('cell').at(-1)!.textContent).toBe('-100.00%');
    expect(screen.getByText(/Spent/).textContent).toBe(
      'Spent $1,500.00, collected $6,000.00 (ROI 300.00%)',
    );

    expect(
      await screen.findByRole('table', { name: 'Objections by objection' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/of 8 appointments missed/).textContent).toBe(
      '2 of 8 appointments missed (25.00%)',
    );
    expect(
      await screen.findByRole('table', { name: 'Contacts who did not show' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('table', { name: 'Inbound sales by agent' }),
    ).toBeInTheDocument();
    // No outbound calls: that section alone says 'No Data'.
    const outbound = screen.getByRole('region', { name: 'Outbound sales' });
    expect(await within(outbound).findByText('No Data')).toBeInTheDocument();

    const range = api.calls('/reports/noShows')[0]!.query as Record<string, string>;
    expect((api.calls('/reports/roi')[0]!.body as Record<string, string>).startDate).toBe(
      range.startDate,
    );
    // Each rate names its numerator and denominator (issue #30): 2 / 8 is the 25% above.
    expect(screen.getByTestId('optimization-rate-note').textContent).toBe(
      "ROI = (revenue − spend) / spend; Objection share = the reason's lost leads / all lost " +
        'leads; No-show rate = no-shows / (shows + no-shows); Inbound set rate = sets / ' +
        'connected calls; Answer rate = answered calls / outbound calls; Outbound set rate = ' +
        'sets / answered calls, each counted in the date range chosen.',
    );
  });

  it('groups objections by agent on request', async () => {
    const { api } = renderScreen(<OptimizationChartScreen />);
    await screen.findByRole('table', { name: 'Objections by objection' });
    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'agent' } });
    const table = await screen.findByRole('table', { name: 'Objections by agent' });
    expect(rowsOf(table)).toEqual(['Dana Diaz']);
    expect((api.calls('/reports/objections').at(-1)!.query as { by: string }).by).toBe('agent');
  });

  it('shows a failed report as its own error view with Try Again?', async () => {
    let fail = true;
    renderScreen(<OptimizationChartScreen />, [
      ['/reports/roi', () => (fail ? serverError() : ROI)],
    ]);
    const roi = await screen.findByRole('region', { name: 'Return on marketing' });
    const retry = await within(roi).findByRole('button', { name: 'Try Again?' });
    expect(
      await screen.findByRole('table', { name: 'Inbound sales by agent' }),
    ).toBeInTheDocument();
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(within(roi).getByRole('table')).toBeInTheDocument());
  });
});
