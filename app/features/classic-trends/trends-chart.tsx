import type { ChartConfiguration, PointStyle, ScriptableLineSegmentContext } from 'chart.js';
import { useMemo, useRef } from 'react';
import { ChartCanvas } from '@/app/components/chart/chart-canvas';
import { useChartTheme } from '@/app/components/chart/use-chart-theme';
import { FIGURE } from '@/app/components/figure/figure';
import {
  TABLE,
  TABLE_CAPTION,
  TABLE_NUMBER,
  TableScroll,
} from '@/app/components/table/table-scroll';
import { TREND_SERIES, type TrendsData } from '@/shared/contracts/reports/trends';
import { TREND_SERIES_COLOURS } from '@/shared/domain/colour-rule';
import {
  trendBucketNotes,
  trendPoints,
  type TrendBucketStatus,
} from '@/shared/domain/trend-buckets';
import { trendSeriesLabel } from './trends-filters';

/** spec: dashboards 9 — chart height 500px; point styles cycle over 10. */
export const TRENDS_CHART_HEIGHT = 500;
const POINT_STYLES: PointStyle[] = [
  'circle',
  'rect',
  'triangle',
  'rectRot',
  'star',
  'cross',
  'crossRot',
  'rectRounded',
  'dash',
  'line',
];
/** A partial bucket's segments and the key's sample line. */
const PARTIAL_DASH = [5, 4];
/** The mark after a partial bucket's label (axis, table). */
export const PARTIAL_MARK = '*';

export interface TrendsChartProps {
  data: TrendsData;
  /** The series to draw (the perspective control's choice), in chart order. */
  series: TrendsData['items']['series'];
  /** Each bucket's state (shared/domain/trend-buckets); null: none known, nothing marked. */
  states: readonly TrendBucketStatus[] | null;
}

const statIndex = (stat: string) =>
  Math.max(
    0,
    TREND_SERIES.findIndex((s) => s.stat === stat),
  );

/**
 * The Classic Trends line chart (issue #30): one line per series, each stat in a colour and
 * point style of its own (eight at most per perspective). A bucket that has not begun is
 * not drawn (no point, no line to it), not drawn as 0; a partial bucket (cut by the month,
 * or under way) has a hollow point, dashed segments to it and a "*" on its axis label, and
 * the footnote under the chart says why. With both perspectives shown, the Conversion
 * lines are the same colours, thinner and lighter.
 */
export function TrendsChart({ data, series, states }: TrendsChartProps) {
  // Canvas text cannot read the CSS tokens: the hook reads them, light or dark.
  const boxRef = useRef<HTMLDivElement>(null);
  const theme = useChartTheme(boxRef);
  const both = new Set(series.map((item) => item.perspective)).size > 1;
  const config = useMemo<ChartConfiguration<'line'>>(() => {
    const partial = (index: number | undefined) =>
      index !== undefined && states?.[index]?.state === 'partial';
    const dashed = (ctx: ScriptableLineSegmentContext) =>
      partial(ctx.p0DataIndex) || partial(ctx.p1DataIndex) ? PARTIAL_DASH : undefined;
    return {
      type: 'line',
      data: {
        labels: data.items.labels,
        datasets: series.map((item) => {
          const index = statIndex(item.stat);
          const solid = TREND_SERIES_COLOURS[index % TREND_SERIES_COLOURS.length]!;
          const second = both && item.perspective === 'intake';
          const colour = second ? `${solid}99` : solid;
          const values = trendPoints(data.items.data[item.name] ?? [], states);
          return {
            label: trendSeriesLabel(item, both),
            data: values,
            borderColor: colour,
            backgroundColor: colour,
            // Hollow where the bucket is partial: the surface shows through the point.
            pointBackgroundColor: values.map((_, i) => (partial(i) ? theme.surface : colour)),
            pointBorderColor: colour,
            pointBorderWidth: 2,
            pointStyle: POINT_STYLES[index % POINT_STYLES.length],
            pointRadius: second ? 3 : 4,
            borderWidth: second ? 1.5 : 2,
            segment: { borderDash: dashed },
            // A future bucket is a gap, never a line to nothing.
            spanGaps: false,
            // Straight segments: a smoothed curve would show counts between buckets that never were.
            tension: 0,
          };
        }),
      },
      options: {
        interaction: { mode: 'index', intersect: false },
        animation: { duration: 750 },
        scales: {
          x: {
            ticks: {
              color: theme.muted,
              font: { family: theme.font },
              callback: (_value, index) =>
                `${data.items.labels[index] ?? ''}${partial(index) ? PARTIAL_MARK : ''}`,
            },
            grid: { color: theme.grid },
          },
          y: {
            beginAtZero: true,
            ticks: { color: theme.muted, precision: 0, font: { family: theme.font } },
            grid: { color: theme.grid },
          },
        },
        plugins: {
          legend: {
            position: 'bottom',
            // The marker's size follows boxHeight (default: the font size, too big here).
            labels: {
              color: theme.text,
              font: { family: theme.font },
              usePointStyle: true,
              boxWidth: 8,
              boxHeight: 8,
              // Solid markers: by default a legend marker copies the first point, which is
              // hollow when the first bucket is partial.
              generateLabels: (chart) =>
                chart.data.datasets.map((dataset, datasetIndex) => {
                  const colour = String(dataset.borderColor);
                  return {
                    text: dataset.label ?? '',
                    fillStyle: colour,
                    strokeStyle: colour,
                    fontColor: theme.text,
                    lineWidth: 1,
                    pointStyle: (dataset as { pointStyle?: PointStyle }).pointStyle ?? 'circle',
                    hidden: !chart.isDatasetVisible(datasetIndex),
                    datasetIndex,
                  };
                }),
            },
          },
          tooltip: {
            titleFont: { family: theme.font },
            bodyFont: { family: theme.font },
            callbacks: {
              title: (items) => {
                const index = items[0]?.dataIndex;
                const label = index === undefined ? '' : (data.items.labels[index] ?? '');
                return partial(index) ? `${label} (partial)` : label;
              },
            },
          },
        },
      },
    };
  }, [data, series, states, theme, both]);

  const labels = data.items.labels;
  const summary = `Classic Trends from ${labels[0] ?? ''} to ${labels[labels.length - 1] ?? ''}: ${
    series.length
  } series. The numbers are in the data table below.`;
  return (
    <div ref={boxRef} className="ic-trends__chart">
      <ChartCanvas config={config} height={TRENDS_CHART_HEIGHT} label={summary} />
      <TrendsBucketNote data={data} states={states} />
    </div>
  );
}

/** The footnote: which buckets are partial and why, which are not drawn yet. */
function TrendsBucketNote({
  data,
  states,
}: {
  data: TrendsData;
  states: readonly TrendBucketStatus[] | null;
}) {
  const notes = trendBucketNotes(data.timeFrame, states);
  if (notes.partial.length === 0 && !notes.future) return null;
  return (
    <div className="ic-trends__note" data-testid="trends-bucket-note">
      {notes.partial.length > 0 ? (
        <p>
          <PartialKey />
          <span>
            {PARTIAL_MARK} Partial, not comparable with a whole {KIND[data.timeFrame]}:{' '}
            {notes.partial.join('; ')}.
          </span>
        </p>
      ) : null}
      {notes.future ? <p>{notes.future}</p> : null}
    </div>
  );
}

const KIND: Record<TrendsData['timeFrame'], string> = { week: 'day', month: 'week', year: 'month' };

/** The key of a partial bucket: a dashed segment to a hollow point, as the chart draws it. */
function PartialKey() {
  return (
    <svg className="ic-trends__key" width="36" height="12" viewBox="0 0 36 12" aria-hidden="true">
      <line
        x1="1"
        y1="6"
        x2="26"
        y2="6"
        stroke="currentColor"
        strokeWidth="2"
        strokeDasharray={PARTIAL_DASH.join(' ')}
      />
      <circle cx="30" cy="6" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * The chart's numbers as a table, for keyboards, screen readers and copying: a partial
 * bucket's header carries the "*", a bucket not begun reads "—" (no count yet).
 */
export function TrendsTable({ data, series, states }: TrendsChartProps) {
  const both = new Set(series.map((item) => item.perspective)).size > 1;
  return (
    <TableScroll label="Trends data">
      <table className={`${TABLE} ic-trends__table`}>
        <caption className={TABLE_CAPTION}>Classic Trends numbers</caption>
        <thead>
          <tr>
            <th scope="col">Series</th>
            {data.items.labels.map((label, index) => (
              <th key={label} scope="col" className={TABLE_NUMBER}>
                {label}
                {states?.[index]?.state === 'partial' ? PARTIAL_MARK : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {series.map((item) => (
            <tr key={item.name}>
              <th scope="row">{trendSeriesLabel(item, both)}</th>
              {trendPoints(data.items.data[item.name] ?? [], states).map((value, index) => (
                <td key={data.items.labels[index] ?? index} className={`${FIGURE} ${TABLE_NUMBER}`}>
                  {value ?? '—'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
