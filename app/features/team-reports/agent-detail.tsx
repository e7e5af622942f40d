import type { ChartConfiguration } from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import { Button } from '@/app/components/button/button';
import { ChartCanvas } from '@/app/components/chart/chart-canvas';
import { FIGURE } from '@/app/components/figure/figure';
import { ReportState } from '@/app/reports/report-state';
import { useReportQuery } from '@/app/reports/use-report-query';
import { fetchPeopleTab, type PeopleTabData } from '@/shared/api/reports/people';
import { CHART_PALETTE } from '@/shared/domain/colour-rule';
import type { DateRange } from '@/shared/domain/date-range';
import { formatCount, formatPercent } from '@/app/reports/table/report-format';

/*
 * Canvas text cannot read the CSS tokens; a mid grey reads on the light and the dark
 * surface alike (the numbers are also in the list beside the chart).
 */
const AXIS_GREY = '#7d8796';
const GRID_GREY = 'rgba(125, 135, 150, 0.25)';
/* Leads blue, sets green, calls purple (dashed): red would read as a warning. */
const COLOURS = [CHART_PALETTE.skyblue, CHART_PALETTE.green, CHART_PALETTE.purple];

export interface AgentDetailProps {
  id: string;
  agentId: string;
  agentName: string;
  range: DateRange;
  onClose: () => void;
}

type AgentData = PeopleTabData<'agent'>;

/**
 * One agent's numbers over the range (POST reports/people/agent): their totals and, when
 * the range has more than one day, a small day-by-day trend of leads, sets and calls.
 */
export function AgentDetail({ id, agentId, agentName, range, onClose }: AgentDetailProps) {
  const input = useMemo(() => ({ ...range, agent: agentId }), [range, agentId]);
  const state = useReportQuery('people-agent', input, (api, workspaceId, body) =>
    fetchPeopleTab(api, workspaceId, 'agent', body),
  );
  const ref = useRef<HTMLElement>(null);
  // Under a long table the opened numbers would be out of sight.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [agentId]);
  return (
    <section ref={ref} className="ic-team__detail" id={id} aria-label={`${agentName}'s numbers`}>
      <header className="ic-team__detail-header">
        <h2 className="ic-team__detail-title">{agentName}</h2>
        <Button variant="ghost" onClick={onClose} aria-label={`Close ${agentName}'s numbers`}>
          Close
        </Button>
      </header>
      <ReportState state={state} loadingLabel={`Loading ${agentName}...`}>
        {(data) => <AgentNumbers data={data} />}
      </ReportState>
    </section>
  );
}

function AgentNumbers({ data }: { data: AgentData }) {
  const { totals, days } = data;
  const items: [string, string][] = [
    ['Leads', formatCount(totals.leads)],
    ['Sets', formatCount(totals.sets)],
    // What the rate divides (issue #30): the agent's leads qualified in the range.
    [
      'Set rate',
      `${formatPercent(totals.setRate)} (${formatCount(totals.setRateBasis.numerator)} of ${formatCount(totals.setRateBasis.denominator)} qualified leads)`,
    ],
    ['Inbound calls', formatCount(totals.inboundCalls)],
    ['Inbound connected', formatCount(totals.inboundConnected)],
    ['Outbound calls', formatCount(totals.outboundCalls)],
    ['Outbound answered', formatCount(totals.outboundAnswered)],
  ];
  return (
    <div className="ic-team__detail-body">
      <dl className="ic-team__numbers">
        {items.map(([label, value]) => (
          <div key={label} className="ic-team__number">
            <dt>{label}</dt>
            <dd className={FIGURE}>{value}</dd>
          </div>
        ))}
      </dl>
      {days.length > 1 ? <AgentTrend days={days} name={data.agent.name} /> : null}
    </div>
  );
}

function AgentTrend({ days, name }: { days: AgentData['days']; name: string }) {
  const config = useMemo<ChartConfiguration<'line'>>(() => {
    const series = [
      { label: 'Leads', value: (d: AgentData['days'][number]) => d.leads },
      { label: 'Sets', value: (d: AgentData['days'][number]) => d.sets },
      { label: 'Calls', value: (d: AgentData['days'][number]) => d.calls },
    ];
    return {
      type: 'line',
      data: {
        labels: days.map((d) => d.day.slice(5).replace('-', '/')),
        datasets: series.map((s, index) => ({
          label: s.label,
          data: days.map(s.value),
          borderColor: COLOURS[index],
          backgroundColor: COLOURS[index],
          borderDash: index === 2 ? [6, 4] : undefined,
          pointRadius: 3,
          // Straight lines: a curve would suggest values between the days.
          tension: 0,
        })),
      },
      options: {
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: {
            ticks: { color: AXIS_GREY, maxRotation: 0, autoSkip: true },
            grid: { display: false },
          },
          y: {
            beginAtZero: true,
            ticks: { color: AXIS_GREY, precision: 0 },
            grid: { color: GRID_GREY },
          },
        },
        plugins: { legend: { position: 'bottom', labels: { color: AXIS_GREY, boxWidth: 10 } } },
      },
    };
  }, [days]);
  const label = `${name}'s leads, sets and calls per day from ${days[0]?.day ?? ''} to ${
    days[days.length - 1]?.day ?? ''
  }.`;
  return (
    <div className="ic-team__trend">
      <ChartCanvas config={config} label={label} height={200} />
    </div>
  );
}
