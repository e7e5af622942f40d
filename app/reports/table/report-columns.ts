import { formatCount, formatMoney, formatPercent } from './report-format';
import type { ReportColumn } from './report-table';

/** A numeric column shown as a count (1,234); sorts and exports the raw number. */
export function countColumn<T>(
  key: string,
  label: string,
  value: (row: T) => number,
): ReportColumn<T> {
  return { key, label, value, numeric: true, render: (row) => formatCount(value(row)) };
}

/** A numeric column shown as a percent (— when there is none); sorts and exports the raw rate. */
export function percentColumn<T>(
  key: string,
  label: string,
  value: (row: T) => number | null,
): ReportColumn<T> {
  return { key, label, value, numeric: true, render: (row) => formatPercent(value(row)) };
}

/** A numeric column shown as money; sorts and exports the raw amount. */
export function moneyColumn<T>(
  key: string,
  label: string,
  value: (row: T) => number | null,
): ReportColumn<T> {
  return { key, label, value, numeric: true, render: (row) => formatMoney(value(row)) };
}
