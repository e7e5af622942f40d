import type { CallTrackingConnection } from '@/shared/contracts/call-tracking-connection';
import type { CockpitGoals } from './cockpit-goals';
import type {
  CommunicationsMetrics,
  LeadFlowRow,
  SalesPerformanceMetrics,
} from './cockpit-metrics';
import type { CockpitModule } from './cockpit-status';

/** The module names a warning item carries (spec: dashboards 5). */
export type WarningModuleName = 'Lead Flow' | 'Sales Performance' | 'Communications';

/** spec: dashboards 3 "Warning item: module, message, acknowledged". */
export interface CockpitWarning {
  /** module + message: the same warning raised again is the same item. */
  key: string;
  /** The card it belongs to. */
  card: CockpitModule;
  module: WarningModuleName;
  label: string;
  message: string;
  acknowledged: boolean;
}

/** spec: dashboards 5 — '{label} is below minimum of {value}.' */
export function warningMessage(label: string, value: string | number): string {
  return `${label} is below minimum of ${value}.`;
}

const numberText = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const formatValue = (value: number) => numberText.format(value);

/**
 * spec: dashboards 2.4 — the Lead Flow item reads 'Lead Source {label} is below minimum
 * of {min}', without the full stop the other cards' message has: the spec gives the two
 * forms separately and each is kept word for word.
 */
export function leadFlowWarningMessage(label: string, min: string | number): string {
  return `Lead Source ${label} is below minimum of ${min}`;
}

function warning(
  card: CockpitModule,
  module: WarningModuleName,
  label: string,
  value: string,
  message = warningMessage(label, value),
): CockpitWarning {
  return { key: `${module}|${message}`, card, module, label, message, acknowledged: false };
}

/**
 * The Sales Performance warnings (spec: dashboards 5), in the card's reading order:
 * Inbound Set Rate below its target; Outbound Calls, Answers and Sets below their min
 * (Sets compares the sets figure: the intended reading, where the original compared the
 * answers); Appointments Scheduled Tomorrow and Filled Historically below min; Shows and
 * Hires below min.
 */
export function salesPerformanceWarnings(
  metrics: SalesPerformanceMetrics,
  goals: CockpitGoals,
): CockpitWarning[] {
  const g = goals.salesPerformance;
  const rules: [label: string, value: number, min: number | null, unit?: string][] = [
    ['Inbound Set Rate', metrics.setRate, g.targetInboundSetRate, '%'],
    ['Outbound Calls', metrics.outboundCalls, g.outboundCallsMin],
    ['Outbound Answers', metrics.outboundAnswers, g.outboundAnswersMin],
    ['Outbound Sets', metrics.outboundSets, g.outboundSetsMin],
    ['Appointments Scheduled Tomorrow', metrics.scheduledTomorrow, g.appointmentsScheduledMin],
    ['Appointments Filled Historically', metrics.filledHistorically, g.spotsFilledMin],
    ['Shows', metrics.shows, g.showsMin],
    ['Hires', metrics.hires, g.hiresMin],
  ];
  return rules
    .filter(([, value, min]) => min !== null && value < min)
    .map(([label, , min, unit = '']) =>
      warning('salesPerformance', 'Sales Performance', label, `${formatValue(min ?? 0)}${unit}`),
    );
}

/**
 * The Communications warnings (spec: dashboards 5): Abandoned Calls above the allowance
 * (the intended reading, which the row highlight uses; the original compared "below");
 * Average Wait Time above the average-wait setting in seconds; Relationship and
 * Collection Calls made below due; Calls Returned below Callbacks Requested. Every item
 * keeps the spec's one message form.
 */
export function communicationsWarnings(
  metrics: CommunicationsMetrics,
  goals: CockpitGoals,
): CockpitWarning[] {
  const g = goals.communications;
  const items: CockpitWarning[] = [];
  const add = (label: string, value: string) =>
    items.push(warning('communications', 'Communications', label, value));
  if (metrics.abandonedCalls > g.allowableAbandonedCalls) {
    add('Abandoned Calls', formatValue(g.allowableAbandonedCalls));
  }
  if (metrics.averageWaitSeconds > g.averageWaitTime) {
    add('Average Wait Time', `${formatValue(g.averageWaitTime)}s`);
  }
  if (metrics.relationshipMade < metrics.relationshipDue) {
    add('Relationship Calls', formatValue(metrics.relationshipDue));
  }
  if (metrics.collectionMade < metrics.collectionDue) {
    add('Collection Calls', formatValue(metrics.collectionDue));
  }
  if (metrics.callsReturned < metrics.callbacksRequested) {
    add('Calls Returned', formatValue(metrics.callbacksRequested));
  }
  return items;
}

/**
 * spec: dashboards 5 "Lead Flow warning": for each source whose count is below its
 * minimum, 'Lead Source {label} is below minimum of {min}', module Lead Flow. Sources
 * without their own minimum raise nothing.
 */
export function leadFlowWarnings(
  rows: readonly LeadFlowRow[],
  goals: CockpitGoals,
): CockpitWarning[] {
  return rows.flatMap((row) => {
    const own = row.leadSourceId ? goals.leadSources[row.leadSourceId] : undefined;
    if (!own || row.leads >= own.leadsMin) return [];
    const min = formatValue(own.leadsMin);
    return [
      warning(
        'leadFlow',
        'Lead Flow',
        `Lead Source ${row.label}`,
        min,
        leadFlowWarningMessage(row.label, min),
      ),
    ];
  });
}

/**
 * A log of warning items in the order they were first raised (the banner shows the
 * newest two). Raising the same key again keeps its place and its acknowledgement;
 * acknowledging removes it from the visible list.
 */
export interface WarningLog {
  /** Every raised key, oldest first, with its item. */
  items: CockpitWarning[];
  /** Keys acknowledged by the user. */
  acknowledged: ReadonlySet<string>;
}

export const EMPTY_WARNING_LOG: WarningLog = { items: [], acknowledged: new Set() };

/** Replaces a card's current warnings with `raised`, keeping the others' order. */
export function recordWarnings(
  log: WarningLog,
  card: CockpitModule,
  raised: readonly CockpitWarning[],
): WarningLog {
  const raisedKeys = new Set(raised.map((item) => item.key));
  const kept = log.items.filter((item) => item.card !== card || raisedKeys.has(item.key));
  const known = new Set(kept.map((item) => item.key));
  const added = raised.filter((item) => !known.has(item.key));
  if (added.length === 0 && kept.length === log.items.length) return log;
  return { ...log, items: [...kept, ...added] };
}

/** spec: dashboards 4 — "dismissing marks acknowledged and removes it". */
export function acknowledgeWarning(log: WarningLog, key: string): WarningLog {
  if (log.acknowledged.has(key)) return log;
  return { ...log, acknowledged: new Set([...log.acknowledged, key]) };
}

/** The unacknowledged warnings, oldest first. */
export function openWarnings(log: WarningLog): CockpitWarning[] {
  return log.items
    .filter((item) => !log.acknowledged.has(item.key))
    .map((item) => ({ ...item, acknowledged: false }));
}

/**
 * The call-tracking outage in the system status (issue #32 "a CTM outage shows … in the
 * app's system status"): an item of the Communications card, whose calls it feeds, while
 * the workspace's CallTrackingMetrics connection is failing; none while it is healthy or
 * the workspace runs on the simulator. The message stays the same for the whole outage
 * (CTM's own words are on the connection's health), so a dismissed item stays dismissed.
 */
export function callTrackingWarning(
  connection: Pick<CallTrackingConnection, 'ctm'> | null,
): CockpitWarning | null {
  if (connection?.ctm?.status !== 'failing') return null;
  return warning(
    'communications',
    'Communications',
    'CallTrackingMetrics',
    '',
    'CallTrackingMetrics cannot be reached. Calls still ring from its webhooks; click-to-call and the catch-up of missed calls wait until it is back (Settings › Tracking Numbers shows why).',
  );
}

/** spec: dashboards 2.4 — only the newest two are visible. */
export const VISIBLE_WARNINGS = 2;

/** The newest `VISIBLE_WARNINGS` open warnings, newest first. */
export function visibleWarnings(log: WarningLog): CockpitWarning[] {
  return openWarnings(log).slice(-VISIBLE_WARNINGS).reverse();
}
