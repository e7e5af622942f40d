import type { WorkspaceGoals } from '@/shared/contracts/goals';
import type { CashFlowData } from '@/shared/contracts/reports/cash-flow';
import type {
  CommunicationsData,
  SalesPerformanceData,
} from '@/shared/contracts/reports/cockpit-cards';

/** Weekly goals as Lakeside's demo seed has them. */
export const WEEKLY_GOALS: WorkspaceGoals = {
  leadGen: { leadsMin: 120, leadsMax: 160 },
  salesPerformance: {
    targetInboundSetRate: 45,
    outboundCallsMin: 300,
    outboundCallsMax: 400,
    outboundAnswersMin: 90,
    outboundAnswersMax: 130,
    outboundSetsMin: 25,
    outboundSetsMax: 35,
    appointmentsScheduledMin: 42,
    appointmentsScheduledMax: 56,
    spotsFilledMin: 30,
    spotsFilledMax: 45,
    showsMin: 25,
    showsMax: 35,
    hiresMin: 12,
    hiresMax: 18,
  },
  communications: { allowableMissedCalls: 10, allowableAbandonedCalls: 5, averageWaitTime: 30 },
};

/** Figures that meet every weekly goal above. */
export function salesPerformanceData(
  overrides: {
    setRate?: number;
    outbound?: SalesPerformanceData['CID_SALESPERFORMANCE']['CID_OUTBOUNDSALES'];
    hires?: SalesPerformanceData['CID_SALESPERFORMANCE']['CID_HIRES'];
    scheduledTomorrow?: number;
    spotsFilled?: number;
  } = {},
): SalesPerformanceData {
  return {
    CID_SALESPERFORMANCE: {
      CID_OUTBOUNDSALES: overrides.outbound ?? [
        { id: 'ag_1', name: 'Ana Diaz', outboundSales: 180, answered: 60, sets: 16 },
        { id: 'ag_2', name: 'Ben Cole', outboundSales: 150, answered: 50, sets: 14 },
      ],
      CID_HIRES: overrides.hires ?? [
        { id: 'co_1', name: 'Carla Moss', consults: 16, hires: 8 },
        { id: 'co_2', name: 'Dev Patel', consults: 14, hires: 7 },
      ],
      CID_APPOINTMENTINVENTORYTARGETS: {
        scheduledTomorrow: overrides.scheduledTomorrow ?? 45,
        spotsFilled: overrides.spotsFilled ?? 36,
        appointmentsInRange: 40,
      },
    },
    SETRATE: overrides.setRate ?? 52.5,
  };
}

export function communicationsData(
  overrides: Partial<{
    missedCalls: number;
    abandonedCalls: number;
    averageWaitTime: string;
    relationship: [made: number, due: number];
    collection: [made: number, due: number];
    promises: [returned: number, requested: number];
  }> = {},
): CommunicationsData {
  const [relMade, relDue] = overrides.relationship ?? [12, 12];
  const [colMade, colDue] = overrides.collection ?? [8, 8];
  const [returned, requested] = overrides.promises ?? [9, 9];
  return {
    CID_COMMUNICATIONS: {
      CID_INBOUNDVOLUME: { client: 40, other: 10, sales: 70, totalCalls: 120 },
      CID_INBOUNDCOVERAGE: {
        missedCalls: overrides.missedCalls ?? 4,
        abandonedCalls: overrides.abandonedCalls ?? 2,
        averageWaitTime: overrides.averageWaitTime ?? '21.40',
      },
      CID_RELATIONSHIPCALLS: { callsMade: relMade, callsDue: relDue, callsDueToday: 3 },
      CID_COLLECTIONCALLS: { callsMade: colMade, callsDue: colDue, callsDueToday: 2 },
      CID_KEEPINGPROMISES: { callBackRequested: requested, callsReturned: returned },
    },
  };
}

export function cashFlowData(overrides: Partial<CashFlowData> = {}): CashFlowData {
  return {
    collected: 48250.5,
    missedPayments: [
      { id: 'pm_1', contactId: 'ct_1', name: 'Jordan Lee', amount: 450, dueDate: '2026-03-02' },
      { id: 'pm_2', contactId: 'ct_2', name: 'Sam Ortiz', amount: 300, dueDate: '2026-03-03' },
    ],
    missedPaymentsTotal: 750,
    partialPaymentTotal: 125.25,
    operatingAccount: 88000,
    profitAccount: 23000.75,
    activePaymentPlans: 60,
    onPlan: 45,
    offPlan: 15,
    onPlanRate: 75,
    offPlanRate: 25,
    futureCashFlow: 120000,
    startDate: '2026-03-01',
    endDate: '2026-03-07',
    ...overrides,
  };
}
