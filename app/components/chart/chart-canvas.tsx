import type { Chart, ChartConfiguration, ChartType } from 'chart.js';
import { useEffect, useRef } from 'react';
import './chart-canvas.css';

export interface ChartCanvasProps<T extends ChartType> {
  config: ChartConfiguration<T>;
  /** Read by screen readers: what the chart shows, in words. */
  label: string;
  /** CSS height of the chart box; the chart fills it. */
  height?: number | string;
  /** The chart, once created (for clicks on bars and legends). */
  onReady?: (chart: Chart<T>) => void;
}

/**
 * The box decides the chart's size, never the chart: responsive (redrawn whenever the box
 * changes size, a window resized included) and free of its aspect ratio (the box's height
 * is `height`). Issue #30: charts kept the width they were first drawn at.
 */
function sizedByBox<T extends ChartType>(
  options: ChartConfiguration<T>['options'],
): NonNullable<ChartConfiguration<T>['options']> {
  // Core options of every chart type; TypeScript cannot see that through the generic T.
  return { ...options, responsive: true, maintainAspectRatio: false } as NonNullable<
    ChartConfiguration<T>['options']
  >;
}

/**
 * Chart.js in React: loads Chart.js lazily (it is not on every first screen), creates
 * the chart once, updates it in place when the config changes, destroys it on unmount.
 * Pass a memoised config: a new object on every render redraws every time.
 */
export function ChartCanvas<T extends ChartType>({
  config,
  label,
  height = 240,
  onReady,
}: ChartCanvasProps<T>) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const chartRef = useRef<Chart<T> | null>(null);
  const latest = useRef({ config, onReady });
  latest.current = { config, onReady };

  useEffect(() => {
    let cancelled = false;
    void import('./chart-registry').then(({ Chart: ChartClass }) => {
      const canvas = canvasRef.current;
      if (cancelled || !canvas || !canvas.getContext('2d')) return;
      const { config: initial } = latest.current;
      const chart = new ChartClass(canvas, {
        ...initial,
        options: sizedByBox(initial.options),
      }) as unknown as Chart<T>;
      chartRef.current = chart;
      latest.current.onReady?.(chart);
    });
    // Chart.js follows its box one animation frame late, so a window resized in steps
    // leaves the drawing a step behind its box, and a page captured right after (a full-page
    // screenshot resizes the window) shows the chart squashed into a corner. Redrawing in
    // the observer's callback, before the frame is painted, keeps the two in step.
    const box = boxRef.current;
    const observer =
      box && typeof ResizeObserver !== 'undefined'
        ? new ResizeObserver(([entry]) => {
            const chart = chartRef.current;
            if (!chart || !entry) return;
            const { width, height } = entry.contentRect;
            if (Math.round(width) === chart.width && Math.round(height) === chart.height) return;
            // Chart.js puts off a resize until a running animation ends: end it here.
            chart.stop();
            chart.resize();
          })
        : null;
    if (box) observer?.observe(box);
    return () => {
      cancelled = true;
      observer?.disconnect();
      chartRef.current?.destroy();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    chart.data = config.data;
    chart.options = sizedByBox(config.options);
    chart.update();
  }, [config]);

  return (
    <div ref={boxRef} className="ic-chart" style={{ height }}>
      <canvas ref={canvasRef} role="img" aria-label={label} />
    </div>
  );
}
