import type { CashFlowData } from '../contracts/reports/cash-flow';
import type { CommunicationsData, SalesPerformanceData } from '../contracts/reports/cockpit-cards';
import type { LeadsByLeadSourceRow } from '../contracts/reports/leads-by-lead-source';
import { isTestLeadSource } from './lead-sources';
import { paymentPlanRates, type PaymentPlanRates } from './cash-flow';
import { parseWaitSeconds } from './wait-time';
import { compareLabels } from './sorting';

/** spec: dashboards 9 "Outlier lists show the 5 lowest". */
export const OUTLIER_LIMIT = 5;

/**
 * The lowest rows by a number, lowest first, ties by name (so the list is stable), at
 * most `limit` of them.
 */
export function lowestOutliers<T extends { name: string }>(
  rows: readonly T[],
  value: (row: T) => number,
  limit = OUTLIER_LIMIT,
): T[] {
  return [...rows]
    .sort((a, b) => value(a) - value(b) || compareLabels(a.name, b.name))
    .slice(0, limit);
}

/** One bar of Lead Flow. */
export interface LeadFlowRow {
  leadSourceId: string | null;
  /** The source's label; 'Unknown' for leads without a source. */
  label: string;
  leads: number;
}

export const UNKNOWN_LEAD_SOURCE = 'Unknown';

/** The leads-by-lead-source rows as numbers (spec: dashboards 3 "LEADS (numeric text)"). */
export function leadFlowRows(rows: readonly LeadsByLeadSourceRow[]): LeadFlowRow[] {
  return rows.map((row) => ({
    leadSourceId: row.LEADSOURCEID,
    label: row.LEADSOURCE.trim() || UNKNOWN_LEAD_SOURCE,
    leads: Number(row.LEADS) || 0,
  }));
}

/** A lead source as Lead Flow needs it to show a source without leads (contracts/lookups). */
export interface LeadFlowSource {
  id: string;
  label: string;
  active: boolean;
}

/**
 * Lead Flow with every active lead source (spec: dashboards 2.3, 5): the report only has
 * rows for sources that had leads, so a source with none — the worst case, below any
 * minimum — would show neither its red bar nor its warning. Each active, visible source
 * missing from the rows is added with 0 after the reported ones; with a lead-source
 * filter only the chosen sources are added. Test sources stay hidden (spec: dashboards 3).
 */
export function withEveryActiveLeadSource(
  rows: readonly LeadFlowRow[],
  leadSources: readonly LeadFlowSource[],
  selectedLeadSources: readonly string[] = [],
): LeadFlowRow[] {
  const reported = new Set(rows.map((row) => row.leadSourceId));
  const selected = new Set(selectedLeadSources);
  const missing = leadSources
    .filter(
      (source) =>
        source.active &&
        !isTestLeadSource(source) &&
        !reported.has(source.id) &&
        (selected.size === 0 || selected.has(source.id)),
    )
    .sort((a, b) => compareLabels(a.label, b.label))
    .map((source) => ({ leadSourceId: source.id, label: source.label, leads: 0 }));
  return [...rows, ...missing];
}

/** The figures of the Sales Performance card (spec: dashboards 2.3, 3). */
export interface SalesPerformanceMetrics {
  /** Inbound set rate, percent. */
  setRate: number;
  outboundCalls: number;
  outboundAnswers: number;
  outboundSets: number;
  scheduledTomorrow: number;
  /** Appointments of the range that were not cancelled. */
  filledHistorically: number;
  appointmentsInRange: number;
  shows: number;
  hires: number;
}

const sum = <T>(rows: readonly T[], value: (row: T) => number) =>
  rows.reduce((total, row) => total + value(row), 0);

export function salesPerformanceMetrics(data: SalesPerformanceData): SalesPerformanceMetrics {
  const { CID_OUTBOUNDSALES, CID_HIRES, CID_APPOINTMENTINVENTORYTARGETS } =
    data.CID_SALESPERFORMANCE;
  return {
    setRate: data.SETRATE,
    outboundCalls: sum(CID_OUTBOUNDSALES, (row) => row.outboundSales),
    outboundAnswers: sum(CID_OUTBOUNDSALES, (row) => row.answered),
    outboundSets: sum(CID_OUTBOUNDSALES, (row) => row.sets),
    scheduledTomorrow: CID_APPOINTMENTINVENTORYTARGETS.scheduledTomorrow,
    filledHistorically: CID_APPOINTMENTINVENTORYTARGETS.spotsFilled,
    appointmentsInRange: CID_APPOINTMENTINVENTORYTARGETS.appointmentsInRange,
    shows: sum(CID_HIRES, (row) => row.consults),
    hires: sum(CID_HIRES, (row) => row.hires),
  };
}

/** spec: dashboards 2.3 — Agents outliers: the 5 lowest agents by calls. */
export function agentOutliers(data: SalesPerformanceData) {
  return lowestOutliers(data.CID_SALESPERFORMANCE.CID_OUTBOUNDSALES, (row) => row.outboundSales);
}

/** spec: dashboards 2.3 — Consultants outliers: the 5 lowest by hires. */
export function consultantOutliers(data: SalesPerformanceData) {
  return lowestOutliers(data.CID_SALESPERFORMANCE.CID_HIRES, (row) => row.hires);
}

/** The figures of the Communications card. */
export interface CommunicationsMetrics {
  totalCalls: number;
  salesCalls: number;
  clientCalls: number;
  otherCalls: number;
  missedCalls: number;
  abandonedCalls: number;
  /** The server's 'seconds.fraction' text, kept for display. */
  averageWaitText: string;
  averageWaitSeconds: number;
  relationshipMade: number;
  relationshipDue: number;
  relationshipDueToday: number;
  collectionMade: number;
  collectionDue: number;
  collectionDueToday: number;
  callsReturned: number;
  callbacksRequested: number;
}

export function communicationsMetrics(data: CommunicationsData): CommunicationsMetrics {
  const c = data.CID_COMMUNICATIONS;
  return {
    totalCalls: c.CID_INBOUNDVOLUME.totalCalls,
    salesCalls: c.CID_INBOUNDVOLUME.sales,
    clientCalls: c.CID_INBOUNDVOLUME.client,
    otherCalls: c.CID_INBOUNDVOLUME.other,
    missedCalls: c.CID_INBOUNDCOVERAGE.missedCalls,
    abandonedCalls: c.CID_INBOUNDCOVERAGE.abandonedCalls,
    averageWaitText: c.CID_INBOUNDCOVERAGE.averageWaitTime,
    averageWaitSeconds: parseWaitSeconds(c.CID_INBOUNDCOVERAGE.averageWaitTime),
    relationshipMade: c.CID_RELATIONSHIPCALLS.callsMade,
    relationshipDue: c.CID_RELATIONSHIPCALLS.callsDue,
    relationshipDueToday: c.CID_RELATIONSHIPCALLS.callsDueToday,
    collectionMade: c.CID_COLLECTIONCALLS.callsMade,
    collectionDue: c.CID_COLLECTIONCALLS.callsDue,
    collectionDueToday: c.CID_COLLECTIONCALLS.callsDueToday,
    callsReturned: c.CID_KEEPINGPROMISES.callsReturned,
    callbacksRequested: c.CID_KEEPINGPROMISES.callBackRequested,
  };
}

/** The Cash Flow card's plan figures, recomputed from the counts (spec: dashboards 2.3). */
export function cashFlowPlans(data: CashFlowData): PaymentPlanRates {
  return paymentPlanRates(data.onPlan, data.offPlan);
}
