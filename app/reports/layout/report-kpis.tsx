import type { ReactNode } from 'react';
import { FIGURE_BOX, FIT_FIGURE } from '@/app/components/figure/figure';
import './report-layout.css';

export interface ReportKpi {
  label: string;
  value: string;
  /** A line under the value: what it counts, a share, a warning. */
  detail?: ReactNode;
  /** Marks a figure that needs attention (colour plus the detail's words, never colour alone). */
  alert?: boolean;
}

/** The key figures above a report: a description list, so each value is read with its label. */
export function ReportKpis({ items, label }: { items: readonly ReportKpi[]; label: string }) {
  return (
    <dl className="ic-report-kpis" aria-label={label}>
      {items.map((item) => (
        <div
          key={item.label}
          className={`ic-report-kpis__item ${FIGURE_BOX}`}
          data-alert={item.alert ? 'true' : undefined}
        >
          <dt className="ic-report-kpis__label">{item.label}</dt>
          <dd className={`ic-report-kpis__value ${FIT_FIGURE}`}>{item.value}</dd>
          {item.detail ? <dd className="ic-report-kpis__detail">{item.detail}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
