import type { ChartConfiguration } from 'chart.js';
import { useMemo, useRef } from 'react';
import { ChartCanvas } from '@/app/components/chart/chart-canvas';
import { BRAND_COLOURS } from '@/shared/domain/brand-colours';
import { doughnutVerdict } from '@/shared/domain/progress-colours';
import { goalText } from './metric-list';
import { useChartTheme } from '@/app/components/chart/use-chart-theme';
import { FIGURE } from '@/app/components/figure/figure';
import './set-rate-doughnut.css';

/** spec: dashboards 9 — Sales doughnut cutout 85%. */
export const SALES_DOUGHNUT_CUTOUT = '85%';

const COLOURS = { blue: BRAND_COLOURS.blue, red: BRAND_COLOURS.red } as const;

/**
 * INBOUND SALES: the Set Rate doughnut with its goal caption (spec: dashboards 2.3; 4
 * "Doughnut: blue when value is at least half of total, else red; warning when value
 * below min"). The total is 100 percent; the min is the target inbound set rate.
 */
export function SetRateDoughnut({ setRate, target }: { setRate: number; target: number | null }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const theme = useChartTheme(boxRef);
  const shown = Math.max(0, Math.min(100, setRate));
  const verdict = doughnutVerdict(setRate, 100, target);
  const config = useMemo<ChartConfiguration<'doughnut'>>(
    () => ({
      type: 'doughnut',
      data: {
        labels: ['Set Rate', 'Remaining'],
        datasets: [
          {
            data: [shown, 100 - shown],
            backgroundColor: [COLOURS[verdict.colour], theme.grid],
            borderWidth: 0,
          },
        ],
      },
      options: {
        cutout: SALES_DOUGHNUT_CUTOUT,
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 750 },
        plugins: { legend: { display: false }, tooltip: { enabled: false } },
      },
    }),
    [shown, verdict.colour, theme.grid],
  );
  const rate = `${setRate.toFixed(2)}%`;
  const label = `Inbound set rate ${rate}; goal ${goalText(target, '%')}${
    verdict.warning ? '; below the goal' : ''
  }.`;
  return (
    <figure className="ic-set-rate" data-colour={verdict.colour} ref={boxRef}>
      <div className="ic-set-rate__chart">
        <ChartCanvas config={config} label={label} height={150} />
        <div className="ic-set-rate__centre" aria-hidden="true">
          <span className={`ic-set-rate__value ${FIGURE}`}>{rate}</span>
          <span className="ic-set-rate__name">Set Rate</span>
        </div>
      </div>
      <figcaption className="ic-set-rate__caption" data-alert={verdict.warning || undefined}>
        Goal {goalText(target, '%')}
      </figcaption>
    </figure>
  );
}
