import { measureJson } from '@/shared/domain/intake-limits';

/**
 * `build(pad)` with the pad text grown so that the JSON of `measured(value)` (the value
 * itself by default) weighs exactly `bytes` in UTF-8, as the server measures the bounds of
 * issue #29. Half the pad's bytes are two-byte characters, so a bound counted in
 * characters instead of bytes would be caught.
 */
export function weighing<T>(
  bytes: number,
  build: (pad: string) => T,
  measured: (value: T) => unknown = (value) => value,
): T {
  const room = bytes - measureJson(measured(build(''))).bytes;
  if (room < 0) throw new Error(`the value alone weighs ${bytes - room} bytes`);
  const accents = Math.floor(room / 4);
  const exact = build(`${'é'.repeat(accents)}${'x'.repeat(room - 2 * accents)}`);
  const weighs = measureJson(measured(exact)).bytes;
  if (weighs !== bytes) throw new Error(`weighs ${weighs} bytes, not ${bytes}`);
  return exact;
}
