import type { Workspace } from '@/shared/contracts/workspace';
import { cockpitGoalsForRange } from '@/shared/domain/cockpit-goals';
import {
  communicationsMetrics,
  leadFlowRows,
  withEveryActiveLeadSource,
  salesPerformanceMetrics,
} from '@/shared/domain/cockpit-metrics';
import { isCockpitModuleEnabled } from '@/shared/domain/cockpit-status';
import {
  type CockpitWarning,
  communicationsWarnings,
  leadFlowWarnings,
  salesPerformanceWarnings,
} from '@/shared/domain/cockpit-warnings';
import { daysInRange, defaultReportRange } from '@/shared/domain/date-range';
import { MANAGERS } from '@/shared/domain/role-groups';
import { isCockpitEnabled } from '@/shared/domain/workspace-features';
import {
  dayInTimezone,
  timezoneOffsetMinutes,
  todayInTimezone,
} from '@/shared/domain/workspace-day';
import type { Db } from '../db/database';
import { communications } from '../reports/call-reports';
import { leadsByLeadSource } from '../reports/lead-source-reports';
import { dateScope, loadLookupSet } from '../reports/report-scope';
import { salesPerformance } from '../reports/sales-performance';
import { listLeadSources } from '../repositories/lookup-repository';
import { findWorkspace } from '../repositories/workspace-repository';
import type { NotificationService } from './notification-service';

/**
 * Automatic notifications for the cockpit's warnings (issue 12): the owners and admins of
 * a workspace are told when one of its cockpit metrics is below its minimum, once per
 * metric per workspace day. The warnings are the cockpit's own: the same report
 * computations its cards call (server/reports) over the range the cockpit opens with
 * (the last 7 days, all lead sources), compared by the same pure rules
 * (shared/domain/cockpit-warnings.ts) with the same goals for that range.
 *
 * Evaluated at start, at each workspace's start of day in its timezone, and when records
 * arrive (`recordsArrived`, at most once per workspace every RECORDS_SETTLE_MS). One
 * workspace at a time, in one queue, so a burst of records costs one evaluation; a
 * failure is logged and never reaches the caller.
 */

/** Where a click on a cockpit warning leads (app/router.tsx dashboards/cockpit). */
export const COCKPIT_PATH = '/app/dashboards/cockpit';
/** Records arriving in a burst are evaluated together, this long after the first. */
export const RECORDS_SETTLE_MS = 2_000;
/** The day timer wakes at least this often, so new workspaces and clock jumps are seen. */
const MAX_DAY_TIMER_MS = 60 * 60_000;
const MIN_DAY_TIMER_MS = 1_000;
const TITLE_MAX = 200;

/** What the notifier logs through (Fastify's logger fits). */
export interface NotifierLog {
  error(details: object, message: string): void;
}

export interface CockpitWarningNotifierOptions {
  db: Db;
  now: () => Date;
  notifications: NotificationService;
  log: NotifierLog;
}

export interface CockpitWarningNotifier {
  /**
   * Evaluates every workspace at start (after pruning old notifications) and arms the day
   * timer. Returns at once; the work runs in the background (`idle` waits for it).
   */
  start(): void;
  /** New records in a workspace: evaluate it soon (debounced). Never throws. */
  recordsArrived(workspaceId: string): void;
  /**
   * What the day timer runs: prunes, then evaluates each workspace whose day has changed
   * since its last evaluation. Queued like every evaluation; resolves when it has run.
   */
  checkDays(): Promise<void>;
  /** Evaluates one workspace now (queued); answers how many notifications it sent. */
  evaluate(workspaceId: string): Promise<number>;
  /** Resolves when no evaluation is queued or running. */
  idle(): Promise<void>;
  /** Stops the timers and waits for the running evaluation; later calls do nothing. */
  close(): Promise<void>;
}

/**
 * The instant the day after `instant`'s day starts in `timezone`. The offset is read at
 * the guess, not at `instant`, so a daylight-saving change during the day is honoured;
 * where midnight itself is skipped, the day starts an hour later.
 */
export function nextStartOfDay(instant: Date, timezone: string): Date {
  const today = dayInTimezone(instant, timezone);
  const [year, month, day] = today.split('-').map(Number);
  const midnightAsUtc = Date.UTC(year, month - 1, day + 1);
  let guess = midnightAsUtc - timezoneOffsetMinutes(instant, timezone) * 60_000;
  guess = midnightAsUtc - timezoneOffsetMinutes(new Date(guess), timezone) * 60_000;
  if (dayInTimezone(guess, timezone) === today) guess += 60 * 60_000;
  return new Date(guess);
}

/**
 * The cockpit's warnings for a workspace as the cockpit shows them when it opens on
 * `now`: the last 7 days to the workspace's today, every lead source, each card that is
 * enabled for the workspace.
 */
export async function cockpitWarningsFor(
  db: Db,
  workspace: Workspace,
  now: Date,
): Promise<CockpitWarning[]> {
  const timezone = workspace.attributes.timezone;
  const range = defaultReportRange(todayInTimezone(timezone, now));
  const [lookups, leadSources] = await Promise.all([
    loadLookupSet(db, workspace.id),
    listLeadSources(db, workspace.id),
  ]);
  const scope = dateScope(lookups, range, now);
  const goals = cockpitGoalsForRange({
    goals: workspace.attributes.goals,
    leadSources,
    days: daysInRange(range),
  });
  const enabled = (module: Parameters<typeof isCockpitModuleEnabled>[0]) =>
    isCockpitModuleEnabled(module, workspace);
  // One report after the other: the evaluation is background work, not a page load.
  const warnings: CockpitWarning[] = [];
  if (enabled('leadFlow')) {
    // Every active source, a source with no leads too (its minimum is what it misses most).
    const rows = withEveryActiveLeadSource(
      leadFlowRows(await leadsByLeadSource(db, scope)),
      leadSources,
    );
    warnings.push(...leadFlowWarnings(rows, goals));
  }
  if (enabled('salesPerformance')) {
    const data = await salesPerformance(db, scope);
    warnings.push(...salesPerformanceWarnings(salesPerformanceMetrics(data), goals));
  }
  if (enabled('communications')) {
    const data = await communications(db, scope);
    warnings.push(...communicationsWarnings(communicationsMetrics(data), goals));
  }
  return warnings;
}

/** The notification's dedupe key: one per metric (module and label) and workspace day. */
export function cockpitWarningKey(day: string, warning: CockpitWarning): string {
  return `cockpit:${day}:${warning.module}|${warning.label}`;
}

/**
 * "Sales Performance: Outbound Calls" — the card and the metric; the description carries
 * the spec's message with its minimum. Not "… is below minimum": two warnings (Abandoned
 * Calls, Average Wait Time) are raised when a figure is above its limit.
 */
export function cockpitWarningTitle(warning: CockpitWarning): string {
  const title = `${warning.module}: ${warning.label}`;
  return title.length <= TITLE_MAX ? title : `${title.slice(0, TITLE_MAX - 1)}…`;
}

async function managersOf(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('authorizations')
    .select('user_id')
    .distinct()
    .where('workspace_id', '=', workspaceId)
    .where('role', 'in', [...MANAGERS])
    .where('status', '=', 'active')
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

export function createCockpitWarningNotifier(
  options: CockpitWarningNotifierOptions,
): CockpitWarningNotifier {
  const { db, now, notifications, log } = options;
  /** The workspace day each workspace was last evaluated for. */
  const evaluatedDay = new Map<string, string>();
  /** Workspaces whose new records are settling: the timer, and a promise `idle` waits on. */
  const settling = new Map<
    string,
    { timer: NodeJS.Timeout; done: () => void; ended: Promise<void> }
  >();
  const queuedWorkspaces = new Set<string>();
  let dayTimer: NodeJS.Timeout | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  /** Runs `job` after everything queued; its failure is logged, not thrown to the queue. */
  function enqueue<T>(job: () => Promise<T>, fallback: T, what: object): Promise<T> {
    const run = queue.then(async () => {
      if (closed) return fallback;
      try {
        return await job();
      } catch (error) {
        log.error({ err: error, ...what }, 'cockpit warning notifications failed');
        return fallback;
      }
    });
    queue = run;
    return run;
  }

  async function evaluateNow(workspaceId: string): Promise<number> {
    const workspace = await findWorkspace(db, workspaceId);
    if (!workspace) return 0;
    const instant = now();
    const day = dayInTimezone(instant, workspace.attributes.timezone);
    const sent = isCockpitEnabled(workspace) ? await notifyWarnings(workspace, instant, day) : 0;
    // Only once it worked: a failed evaluation is tried again at the next wake of the timer.
    evaluatedDay.set(workspaceId, day);
    return sent;
  }

  async function notifyWarnings(workspace: Workspace, instant: Date, day: string) {
    const recipients = await managersOf(db, workspace.id);
    if (recipients.length === 0) return 0;
    const warnings = await cockpitWarningsFor(db, workspace, instant);
    let sent = 0;
    for (const warning of warnings) {
      for (const userId of recipients) {
        const notification = await notifications.send({
          workspaceId: workspace.id,
          userId,
          title: cockpitWarningTitle(warning),
          description: warning.message,
          actionRequired: true,
          path: COCKPIT_PATH,
          dedupeKey: cockpitWarningKey(day, warning),
        });
        if (notification) sent += 1;
      }
    }
    return sent;
  }

  function evaluate(workspaceId: string): Promise<number> {
    return enqueue(() => evaluateNow(workspaceId), 0, { workspaceId });
  }

  /** Queues one evaluation of a workspace unless one is already waiting. */
  function evaluateSoon(workspaceId: string): void {
    if (queuedWorkspaces.has(workspaceId)) return;
    queuedWorkspaces.add(workspaceId);
    void enqueue(
      () => {
        // Records arriving from here on need another look: let them queue one.
        queuedWorkspaces.delete(workspaceId);
        return evaluateNow(workspaceId);
      },
      0,
      { workspaceId },
    );
  }

  function armDayTimer(delayMs: number): void {
    if (closed) return;
    if (dayTimer) clearTimeout(dayTimer);
    const delay = Math.min(Math.max(delayMs, MIN_DAY_TIMER_MS), MAX_DAY_TIMER_MS);
    dayTimer = setTimeout(() => {
      dayTimer = null;
      void checkDays();
    }, delay);
    dayTimer.unref();
  }

  async function checkDaysNow(): Promise<void> {
    let nextWake = MAX_DAY_TIMER_MS;
    try {
      await notifications.prune();
      const workspaces = await db.selectFrom('workspaces').select(['id', 'timezone']).execute();
      const instant = now();
      for (const workspace of workspaces) {
        let today: string;
        try {
          today = dayInTimezone(instant, workspace.timezone);
          const untilNextDay = nextStartOfDay(instant, workspace.timezone).getTime();
          nextWake = Math.min(nextWake, untilNextDay - instant.getTime());
        } catch (error) {
          log.error({ err: error, workspaceId: workspace.id }, 'unknown workspace timezone');
          continue;
        }
        if (evaluatedDay.get(workspace.id) !== today) evaluateSoon(workspace.id);
      }
    } finally {
      armDayTimer(nextWake);
    }
  }

  function checkDays(): Promise<void> {
    return enqueue(checkDaysNow, undefined, {});
  }

  return {
    start() {
      void checkDays();
    },
    recordsArrived(workspaceId) {
      if (closed || typeof workspaceId !== 'string' || settling.has(workspaceId)) return;
      let done = () => {};
      const ended = new Promise<void>((resolve) => (done = resolve));
      const timer = setTimeout(() => {
        settling.delete(workspaceId);
        evaluateSoon(workspaceId);
        done();
      }, RECORDS_SETTLE_MS);
      timer.unref();
      settling.set(workspaceId, { timer, done, ended });
    },
    checkDays,
    evaluate,
    async idle() {
      for (;;) {
        const current = queue;
        await Promise.all([current, ...[...settling.values()].map((entry) => entry.ended)]);
        if (current === queue && settling.size === 0) return;
      }
    },
    async close() {
      closed = true;
      if (dayTimer) clearTimeout(dayTimer);
      dayTimer = null;
      for (const { timer, done } of settling.values()) {
        clearTimeout(timer);
        done();
      }
      settling.clear();
      await queue;
    },
  };
}
