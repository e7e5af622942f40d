import type { ExecutionStatus } from '@/shared/contracts/call-flow';

// How the histories read: times in the workspace's timezone, durations as m:ss
// (spec: session 9 "Call duration format is m:ss"), statuses in words.

export const EXECUTION_STATUS_LABELS: Record<ExecutionStatus, string> = {
  started: 'In progress',
  'partial-complete': 'Partial (hung up)',
  completed: 'Completed',
};

/** "Mar 2, 2026, 3:04 PM" in the workspace's timezone (the browser's when it has none). */
export function formatWhen(iso: string, timeZone?: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: timeZone ?? undefined,
    }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
      date,
    );
  }
}

/** m:ss between two times; null while the execution has no end. */
export function formatDuration(startIso: string, endIso: string | null): string | null {
  if (!endIso) return null;
  const ms = Date.parse(endIso) - Date.parse(startIso);
  if (!Number.isFinite(ms) || ms < 0) return null;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "Personal Injury intake, version 3": the version the call ran (issue #34), when known. */
export function processWithVersion(name: string, version: number | null): string {
  return version === null ? name : `${name}, version ${version}`;
}
