// What every benchmark prints (README "benchmarks": medians, p95s and ratios against a
// floor measured in the same run, never asserted).

/** Nearest-rank percentile (p in 0..100) of a non-empty list. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

export const summary = (values: readonly number[]) =>
  `median ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}`;

/** The median of `value` over the median of `floor`, as "3.2x". */
export const ratio = (value: readonly number[], floor: readonly number[]) =>
  `${(percentile(value, 50) / Math.max(percentile(floor, 50), 0.001)).toFixed(1)}x`;

/**
 * performance.timeOrigin is off the wall clock by a few milliseconds, differently in each
 * process (1-8 ms measured on Node 20 here), while pages and workers stamp Date.now(): the
 * fine clock is anchored on the moments Date.now() ticks over instead. A reading delayed by
 * a busy core only lowers the anchor, so the highest of a few is kept.
 */
const wallClockAnchor = Math.max(
  ...Array.from({ length: 8 }, () => {
    const start = Date.now();
    let tick = start;
    while (tick === start) tick = Date.now();
    return tick - performance.now();
  }),
);

/** Epoch milliseconds with a fraction, on the wall clock: comparable across processes. */
export const clock = () => wallClockAnchor + performance.now();
