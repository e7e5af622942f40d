import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { ChartCanvas } from '@/app/components/chart/chart-canvas';

/*
 * Canvas text cannot read the CSS tokens; a mid grey reads on the light and the dark
 * surface alike (every chart's numbers are also in the table beside it).
 */
const AXIS_GREY = '#7d8796';
const GRID_GREY = 'rgba(125, 135, 150, 0.25)';

export interface BarSeries {
  label: string;
  data: readonly number[];
  /** One colour for the series, or one per bar. */
  colour: string | readonly string[];
}

export interface BarChartProps {
  labels: readonly string[];
  series: readonly BarSeries[];
  /** What the chart shows, in words (screen readers; the numbers are in the table). */
  label: string;
  /** Bars run sideways: long category names (stages, objections) stay readable. */
  horizontal?: boolean;
  /** Format of the value axis and tooltips (default: whole numbers). */
  format?: (value: number) => string;
  height?: number;
}

/** A bar chart of a report's categories (Chart.js, loaded lazily by ChartCanvas). */
export function BarChart({
  labels,
  series,
  label,
  horizontal = false,
  format,
  height = 280,
}: BarChartProps) {
  const config = useMemo<ChartConfiguration<'bar'>>(() => {
    const valueAxis = {
      beginAtZero: true,
      ticks: {
        color: AXIS_GREY,
        precision: 0,
        ...(format ? { callback: (value: string | number) => format(Number(value)) } : {}),
      },
      grid: { color: GRID_GREY },
    };
    const categoryAxis = { ticks: { color: AXIS_GREY, autoSkip: false }, grid: { display: false } };
    return {
      type: 'bar',
      data: {
        labels: [...labels],
        datasets: series.map((s) => ({
          label: s.label,
          data: [...s.data],
          backgroundColor: typeof s.colour === 'string' ? s.colour : [...s.colour],
          borderRadius: 3,
          maxBarThickness: 36,
        })),
      },
      options: {
        maintainAspectRatio: false,
        indexAxis: horizontal ? 'y' : 'x',
        animation: { duration: 500 },
        scales: horizontal
          ? { x: valueAxis, y: categoryAxis }
          : {
              x: { ...categoryAxis, ticks: { ...categoryAxis.ticks, autoSkip: true } },
              y: valueAxis,
            },
        plugins: {
          legend: {
            display: series.length > 1,
            position: 'bottom',
            labels: { color: AXIS_GREY, boxWidth: 10 },
          },
          ...(format
            ? {
                tooltip: {
                  callbacks: {
                    label: (item) => `${item.dataset.label ?? ''}: ${format(Number(item.raw))}`,
                  },
                },
              }
            : {}),
        },
      },
    };
  }, [labels, series, horizontal, format]);
  return <ChartCanvas config={config} label={label} height={height} />;
}
