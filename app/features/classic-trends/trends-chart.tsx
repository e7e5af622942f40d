import type { ChartConfiguration, PointStyle } from 'chart.js';
import { useMemo, useRef } from 'react';
import { ChartCanvas } from '@/app/components/chart/chart-canvas';
import { useChartTheme } from '@/app/components/chart/use-chart-theme';
import type { TrendsData } from '@/shared/contracts/reports/trends';
import { CHART_PALETTE } from '@/shared/domain/colour-rule';

/** spec: dashboards 9 — chart height 500px; 5 named colours; point styles cycle over 10. */
export const TRENDS_CHART_HEIGHT = 500;
const COLOURS = Object.values(CHART_PALETTE);
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

export interface TrendsChartProps {
  data: TrendsData;
  /** The series to draw (the perspective control's choice), in chart order. */
  series: TrendsData['items']['series'];
}

/**
 * The Classic Trends line chart: one line per series, each in its own colour and point
 * style; the '(intake)' variants dashed, so the two perspectives read apart in any
 * colour vision. Every series keeps its colour whichever perspective is shown.
 */
export function TrendsChart({ data, series }: TrendsChartProps) {
  // Canvas text cannot read the CSS tokens: the hook reads them, light or dark.
  const boxRef = useRef<HTMLDivElement>(null);
  const theme = useChartTheme(boxRef);
  const config = useMemo<ChartConfiguration<'line'>>(() => {
    const order = data.items.series.map((item) => item.name);
    return {
      type: 'line',
      data: {
        labels: data.items.labels,
        datasets: series.map((item) => {
          const index = Math.max(0, order.indexOf(item.name));
          const colour = COLOURS[index % COLOURS.length]!;
          return {
            label: item.name,
            data: data.items.data[item.name] ?? [],
            borderColor: colour,
            backgroundColor: colour,
            pointStyle: POINT_STYLES[index % POINT_STYLES.length],
            pointRadius: 4,
            borderWidth: 2,
            borderDash: item.perspective === 'intake' ? [6, 4] : undefined,
            // Straight segments: a smoothed curve would show counts between buckets that never were.
            tension: 0,
          };
        }),
      },
      options: {
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        animation: { duration: 750 },
        scales: {
          x: {
            ticks: { color: theme.muted, font: { family: theme.font } },
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
            // The marker's size follows boxHeight (default: the font size, too big for 16 series).
            labels: {
              color: theme.text,
              font: { family: theme.font },
              usePointStyle: true,
              boxWidth: 8,
              boxHeight: 8,
            },
          },
          tooltip: { titleFont: { family: theme.font }, bodyFont: { family: theme.font } },
        },
      },
    };
  }, [data, series, theme]);

  const summary = `Classic Trends from ${data.items.labels[0] ?? ''} to ${
    data.items.labels[data.items.labels.length - 1] ?? ''
  }: ${series.length} series. The numbers are in the data table below.`;
  return (
    <div ref={boxRef}>
      <ChartCanvas config={config} height={TRENDS_CHART_HEIGHT} label={summary} />
    </div>
  );
}

/** The chart's numbers as a table, for keyboards, screen readers and copying. */
export function TrendsTable({ data, series }: TrendsChartProps) {
  return (
    <div className="ic-trends__table-wrap" tabIndex={0} role="region" aria-label="Trends data">
      <table className="ic-trends__table">
        <thead>
          <tr>
            <th scope="col">Series</th>
            {data.items.labels.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {series.map((item) => (
            <tr key={item.name}>
              <th scope="row">{item.name}</th>
              {(data.items.data[item.name] ?? []).map((value, index) => (
                <td key={data.items.labels[index] ?? index}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
