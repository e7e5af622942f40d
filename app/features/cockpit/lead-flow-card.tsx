import type { ActiveElement, ChartConfiguration, ChartEvent, Chart } from 'chart.js';
import { useId, useMemo, useRef, useState } from 'react';
import { ChartCanvas } from '@/app/components/chart/chart-canvas';
import {
  type CockpitGoals,
  type GoalPair,
  leadSourceGoalPair,
} from '@/shared/domain/cockpit-goals';
import type { LeadFlowRow } from '@/shared/domain/cockpit-metrics';
import { leadCampaignScope } from '@/shared/domain/total-leads';
import {
  isBelowLeadMinimum,
  LEAD_FLOW_BAR_THICKNESS,
  LEAD_FLOW_COLOURS,
  leadFlowBarColour,
} from '@/shared/domain/lead-flow-colours';
import { CockpitCard, type CockpitCardFrameProps } from './cockpit-card';
import { formatCount, goalText } from './metric-list';
import { useChartTheme } from '@/app/components/chart/use-chart-theme';
import { FIGURE } from '@/app/components/figure/figure';
import './lead-flow-card.css';

export const LEAD_FLOW_LOADING_TEXT = 'Loading Lead Flow...';

/** The spec's goal grey (#E5E5E5) would outshine the bars on a dark card: the same grey, dimmed. */
const DARK_GOAL_COLOUR = 'rgba(229, 229, 229, 0.22)';

const totalLeads = (rows: readonly LeadFlowRow[]) => rows.reduce((sum, row) => sum + row.leads, 0);

export function LeadFlowCard({
  goals,
  filtered,
  ...frame
}: CockpitCardFrameProps<LeadFlowRow[]> & {
  goals: CockpitGoals | null;
  /** Lead sources are selected in the filter: the workspace-wide goal does not apply. */
  filtered: boolean;
}) {
  return (
    <CockpitCard
      {...frame}
      title="Lead Flow"
      loadingText={LEAD_FLOW_LOADING_TEXT}
      lockedText=""
      summary={(rows) => (
        <>
          <strong className={FIGURE}>{formatCount(totalLeads(rows))}</strong> new leads
        </>
      )}
    >
      {(rows) => <LeadFlowBody rows={rows} goals={goals} filtered={filtered} />}
    </CockpitCard>
  );
}

/**
 * Lead Flow (spec: dashboards 2.3, 4, 9): new leads per source as horizontal bars over
 * their goal bar, red below the source's minimum; clicking a bar, its label or a legend
 * item selects the source, whose name, count, Min and Goal show beside the chart. The
 * first bar is selected after every load.
 */
export function LeadFlowBody({
  rows,
  goals,
  filtered,
}: {
  rows: readonly LeadFlowRow[];
  goals: CockpitGoals | null;
  filtered: boolean;
}) {
  const [selected, setSelected] = useState(0);
  const boxRef = useRef<HTMLDivElement>(null);
  const theme = useChartTheme(boxRef);
  const current = rows[Math.min(selected, rows.length - 1)];
  const pairs = useMemo(
    () => rows.map((row) => leadSourceGoalPair(goals, row.leadSourceId)),
    [rows, goals],
  );
  const selectRef = useRef(setSelected);
  selectRef.current = setSelected;

  const goalColour = theme.dark ? DARK_GOAL_COLOUR : LEAD_FLOW_COLOURS.goal;
  const config = useMemo<ChartConfiguration<'bar'>>(() => {
    return {
      type: 'bar',
      data: {
        labels: rows.map((row) => row.label),
        datasets: [
          {
            label: 'New leads',
            data: rows.map((row) => row.leads),
            backgroundColor: rows.map((row, index) =>
              leadFlowBarColour(row.leads, pairs[index].min, index === selected),
            ),
            barThickness: LEAD_FLOW_BAR_THICKNESS,
            borderRadius: 3,
            grouped: false,
            order: 0,
          },
          {
            label: 'Goal',
            data: pairs.map((pair) => pair.goal ?? 0),
            backgroundColor: goalColour,
            barThickness: LEAD_FLOW_BAR_THICKNESS,
            borderRadius: 3,
            grouped: false,
            order: 1,
          },
        ],
      },
      options: {
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 750 },
        plugins: {
          legend: { display: false },
          tooltip: {
            titleFont: { family: theme.font },
            bodyFont: { family: theme.font },
            callbacks: {
              label: (item) =>
                item.datasetIndex === 0
                  ? `New leads: ${formatCount(Number(item.raw))}`
                  : `Goal: ${goalText(pairs[item.dataIndex]?.goal)}`,
            },
          },
        },
        scales: {
          x: {
            beginAtZero: true,
            ticks: { color: theme.muted, precision: 0, font: { family: theme.font } },
            grid: { color: theme.grid },
            border: { display: false },
          },
          y: {
            ticks: { color: theme.text, font: { family: theme.font, size: 12 } },
            grid: { display: false },
            border: { color: theme.grid },
          },
        },
        onHover: (event: ChartEvent, elements: ActiveElement[], chart: Chart) => {
          const overLabel = event.x !== null && event.x < chart.chartArea.left;
          chart.canvas.style.cursor = elements.length > 0 || overLabel ? 'pointer' : 'default';
        },
        onClick: (event: ChartEvent, elements: ActiveElement[], chart: Chart) => {
          if (elements.length > 0) {
            selectRef.current(elements[0].index);
            return;
          }
          // A click on a source's name left of the bars selects it too.
          if (event.x !== null && event.y !== null && event.x < chart.chartArea.left) {
            const index = Math.round(Number(chart.scales.y.getValueForPixel(event.y)));
            if (index >= 0 && index < rows.length) selectRef.current(index);
          }
        },
      },
    };
  }, [rows, pairs, selected, theme, goalColour]);

  const chartLabel = `New leads per lead source: ${rows
    .map((row, index) => {
      const pair = pairs[index];
      const goalsText = pair.min === null ? '' : ` (min ${pair.min}, goal ${goalText(pair.goal)})`;
      return `${row.label} ${row.leads}${goalsText}`;
    })
    .join('; ')}.`;
  const pair = pairs[Math.min(selected, rows.length - 1)];
  const below = isBelowLeadMinimum(current.leads, pair.min);
  const total = totalLeads(rows);

  return (
    <div className="ic-lead-flow" ref={boxRef}>
      <div className="ic-lead-flow__chart">
        <ChartCanvas config={config} label={chartLabel} height={rows.length * 28 + 36} />
        <LeadSourceLegend rows={rows} pairs={pairs} selected={selected} onSelect={setSelected} />
      </div>
      <div className="ic-lead-flow__side">
        <div className="ic-lead-flow__detail" aria-live="polite" data-alert={below || undefined}>
          <p className="ic-lead-flow__eyebrow">Selected lead source</p>
          <p className="ic-lead-flow__name">{current.label}</p>
          <p className="ic-lead-flow__count">
            <strong className={FIGURE}>{formatCount(current.leads)}</strong> new leads
            {below ? <span className="ic-lead-flow__tag">Below minimum</span> : null}
          </p>
          <dl className="ic-lead-flow__goals">
            <div>
              <dt>Min</dt>
              <dd className={FIGURE}>{goalText(pair.min)}</dd>
            </div>
            <div>
              <dt>Goal</dt>
              <dd className={FIGURE}>{goalText(pair.goal)}</dd>
            </div>
          </dl>
        </div>
        <p className="ic-lead-flow__total">
          Total <strong className={FIGURE}>{formatCount(total)}</strong> new leads
          {!filtered && goals ? (
            <>
              {' '}
              · Min {formatCount(goals.leadGen.leadsMin)} · Goal{' '}
              {formatCount(goals.leadGen.leadsMax)}
            </>
          ) : null}
        </p>
        {/* The cockpit has no campaign filter: Classic's Total Leads may count fewer. */}
        <p className="ic-lead-flow__total">{leadCampaignScope(null)}</p>
        <ColourKey goalColour={goalColour} />
      </div>
    </div>
  );
}

/** The sources as buttons under the chart: a press selects that source (as a bar does). */
function LeadSourceLegend({
  rows,
  pairs,
  selected,
  onSelect,
}: {
  rows: readonly LeadFlowRow[];
  pairs: readonly GoalPair[];
  selected: number;
  onSelect: (index: number) => void;
}) {
  const legendId = useId();
  return (
    <div className="ic-lead-flow__legend">
      <p className="ic-lead-flow__legend-title" id={legendId}>
        Lead sources
      </p>
      <ul aria-labelledby={legendId}>
        {rows.map((row, index) => (
          <li key={`${row.leadSourceId ?? 'unknown'}-${index}`}>
            <button
              type="button"
              className="ic-lead-flow__legend-item"
              aria-pressed={index === selected}
              onClick={() => onSelect(index)}
            >
              <span
                className="ic-lead-flow__swatch"
                style={{ background: leadFlowBarColour(row.leads, pairs[index].min, false) }}
              />
              <span className="ic-lead-flow__legend-label">{row.label}</span>
              <span className={`ic-lead-flow__legend-count ${FIGURE}`}>
                {formatCount(row.leads)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the bars' colours say. */
function ColourKey({ goalColour }: { goalColour: string }) {
  return (
    <ul className="ic-lead-flow__key" aria-label="Colours">
      <li>
        <span className="ic-lead-flow__swatch" style={{ background: LEAD_FLOW_COLOURS.blue }} /> At
        or above minimum
      </li>
      <li>
        <span className="ic-lead-flow__swatch" style={{ background: LEAD_FLOW_COLOURS.red }} />{' '}
        Below minimum
      </li>
      <li>
        <span
          className="ic-lead-flow__swatch ic-lead-flow__swatch--goal"
          style={{ background: goalColour }}
        />{' '}
        Goal
      </li>
    </ul>
  );
}
