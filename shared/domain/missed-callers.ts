import type { TrackedCall } from '@/shared/contracts/call-tracking';
import { stripPhone } from './phone';
import { compareCodes } from './sorting';

/**
 * issue #28: one caller who rang several times while the agent could not answer is one
 * person to call back. A call-back to their number returns every missed call from it
 * (server/call-tracking/call-store.ts missedCallsOfAgent), so the list shows each caller
 * once, with how many calls they made and the latest.
 */
export interface MissedCaller {
  /** Their latest missed call: its name, number, time and tracking number are shown. */
  latest: TrackedCall;
  /** How many missed calls came from this number (1 or more). */
  count: number;
}

/** The same number however it is written: its last ten digits (as the server matches). */
export function callerKey(phone: string): string {
  return stripPhone(phone).slice(-10);
}

/** Groups missed calls by caller number, newest caller first (calls come newest first). */
export function missedCallers(calls: readonly TrackedCall[]): MissedCaller[] {
  const byCaller = new Map<string, MissedCaller>();
  for (const call of calls) {
    // A call without a number is its own caller: nothing says two of them are one person.
    const key = callerKey(call.fromNumber) || `call:${call.id}`;
    const seen = byCaller.get(key);
    if (!seen) byCaller.set(key, { latest: call, count: 1 });
    else {
      seen.count += 1;
      if (call.startedAt > seen.latest.startedAt) seen.latest = call;
    }
  }
  return [...byCaller.values()].sort((a, b) =>
    compareCodes(b.latest.startedAt, a.latest.startedAt),
  );
}
