import { formatRate, formatUsd } from '@/shared/domain/cash-flow';

/**
 * How report screens write their numbers: counts with thousands separators, rates to two
 * decimals (spec: dashboards 9), whole percents as given, money in dollars; '—' where the
 * report has no value (a rate with nothing to divide by).
 */
const count = new Intl.NumberFormat('en-US');

export const formatCount = (value: number) => count.format(value);
export const formatPercent = (value: number | null) => (value === null ? '—' : formatRate(value));
export const formatWholePercent = (value: number | null) => (value === null ? '—' : `${value}%`);
export const formatMoney = (value: number | null) => (value === null ? '—' : formatUsd(value));

/** '1 agent' / '3 agents' (plural rules for every count text, issue #15). */
export function countOf(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}
