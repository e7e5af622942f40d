import { percentColumn } from './report-columns';
import { formatCount } from './report-format';
import type { ReportColumn } from './report-table';

/**
 * A percent column whose cells say what the rate divides on hover ("55 shows / 73 sets",
 * issue #30: the screen names both populations); sorts and exports the raw rate like
 * percentColumn. `words` name the numerator's and the denominator's people.
 */
export function rateColumn<T>(
  key: string,
  label: string,
  value: (row: T) => number,
  basis: (row: T) => { numerator: number; denominator: number },
  words: { numerator: string; denominator: string },
): ReportColumn<T> {
  const column = percentColumn(key, label, value);
  return {
    ...column,
    render: (row) => {
      const { numerator, denominator } = basis(row);
      return (
        <span
          title={`${formatCount(numerator)} ${words.numerator} / ${formatCount(denominator)} ${words.denominator}`}
        >
          {column.render?.(row)}
        </span>
      );
    },
  };
}
