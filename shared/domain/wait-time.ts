/**
 * The average wait of the Communications card (spec: dashboards 3 "averageWaitTime as
 * 'seconds.fraction' text, default '0.00'"; 2.3 "Avg. Wait Time (minutes and seconds)").
 */

/** '83.50' → 83.5; anything that is not a non-negative number of seconds → 0. */
export function parseWaitSeconds(text: string | null | undefined): number {
  if (typeof text !== 'string' || !/^\s*\d+(\.\d+)?\s*$/.test(text)) return 0;
  return Number(text);
}

/** Whole minutes and seconds (seconds rounded to the nearest): 83.5 → {1, 24}. */
export function splitMinutesSeconds(seconds: number): { minutes: number; seconds: number } {
  const total = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  return { minutes: Math.floor(total / 60), seconds: total % 60 };
}

/** '83.50' → '1m 24s'; '7.20' → '0m 07s'. */
export function formatWaitTime(text: string | null | undefined): string {
  const { minutes, seconds } = splitMinutesSeconds(parseWaitSeconds(text));
  return `${minutes}m ${String(seconds).padStart(2, '0')}s`;
}

/** The same in words for screen readers: '1 minute 24 seconds'. */
export function describeWaitTime(text: string | null | undefined): string {
  const { minutes, seconds } = splitMinutesSeconds(parseWaitSeconds(text));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${unit(minutes, 'minute')} ${unit(seconds, 'second')}`;
}
