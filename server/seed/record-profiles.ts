/**
 * How each demo workspace's intake operation behaves (issue #3 demo seed: "each
 * workspace's numbers differ, conversion rates fall stage by stage"). Rates are
 * probabilities of moving on from the stage before.
 */
export interface RecordProfile {
  /** New leads on an average weekday at the end of the period (demo size). */
  dailyLeads: number;
  /** Share of the demo-size volume 13 months ago (the practice has grown since). */
  startVolume: number;
  qualify: number;
  /** Of qualified leads. */
  set: number;
  /** Of sets whose appointment has come. */
  show: number;
  /** Of shows: unqualified at the appointment. */
  unqualifiedAtAppt: number;
  /** Of qualified shows. */
  hire: number;
  /** Of hires. */
  filed: number;
  /** Leads that arrive as an inbound sales call (the rest come from forms and chats). */
  inboundLeadShare: number;
  inboundAnswer: number;
  abandon: number;
  averageWaitSeconds: number;
  /** Outbound sales calls per qualified lead. */
  outboundPerLead: number;
  outboundAnswer: number;
  /** Inbound client-related and other calls per new lead. */
  clientCallsPerLead: number;
  otherCallsPerLead: number;
  callbackReturned: number;
  relationshipMade: number;
  collectionMade: number;
  /** Legal fee range in dollars, paid on a plan. */
  fee: readonly [number, number];
  /** Share of payment plans whose client struggles to pay. */
  strugglingPlans: number;
}

const LAKESIDE: RecordProfile = {
  dailyLeads: 23,
  startVolume: 0.72,
  qualify: 0.78,
  set: 0.56,
  show: 0.74,
  unqualifiedAtAppt: 0.08,
  hire: 0.64,
  filed: 0.86,
  inboundLeadShare: 0.62,
  inboundAnswer: 0.88,
  abandon: 0.04,
  averageWaitSeconds: 26,
  outboundPerLead: 2.6,
  outboundAnswer: 0.36,
  clientCallsPerLead: 0.45,
  otherCallsPerLead: 0.15,
  callbackReturned: 0.86,
  relationshipMade: 0.84,
  collectionMade: 0.72,
  fee: [1200, 2400],
  strugglingPlans: 0.2,
};

const HARBOR: RecordProfile = {
  dailyLeads: 13,
  startVolume: 0.8,
  qualify: 0.6,
  set: 0.44,
  show: 0.64,
  unqualifiedAtAppt: 0.15,
  hire: 0.46,
  filed: 0.52,
  inboundLeadShare: 0.7,
  inboundAnswer: 0.8,
  abandon: 0.08,
  averageWaitSeconds: 52,
  outboundPerLead: 2.1,
  outboundAnswer: 0.31,
  clientCallsPerLead: 0.35,
  otherCallsPerLead: 0.2,
  callbackReturned: 0.7,
  relationshipMade: 0.66,
  collectionMade: 0.6,
  fee: [2500, 6000],
  strugglingPlans: 0.28,
};

const SUMMIT: RecordProfile = {
  dailyLeads: 8,
  startVolume: 0.6,
  qualify: 0.7,
  set: 0.4,
  show: 0.6,
  unqualifiedAtAppt: 0.1,
  hire: 0.52,
  filed: 0.66,
  inboundLeadShare: 0.5,
  inboundAnswer: 0.84,
  abandon: 0.05,
  averageWaitSeconds: 38,
  outboundPerLead: 2.0,
  outboundAnswer: 0.4,
  clientCallsPerLead: 0.5,
  otherCallsPerLead: 0.1,
  callbackReturned: 0.78,
  relationshipMade: 0.75,
  collectionMade: 0.65,
  fee: [1500, 3500],
  strugglingPlans: 0.22,
};

const PROFILES: Record<string, RecordProfile> = {
  ws_lakeside: LAKESIDE,
  ws_harbor: HARBOR,
  ws_summit: SUMMIT,
};

/** A workspace that is not one of the demo's gets a small, middling operation. */
export const DEFAULT_PROFILE: RecordProfile = { ...SUMMIT, dailyLeads: 5 };

export function profileFor(workspaceId: string): RecordProfile {
  return PROFILES[workspaceId] ?? DEFAULT_PROFILE;
}

/**
 * Shares of a scale seed's contacts (`npm run seed -- --contacts N`): the benchmarks run
 * against Lakeside, so it carries most of the volume.
 */
export const SCALE_SHARES: Record<string, number> = {
  ws_lakeside: 0.8,
  ws_harbor: 0.12,
  ws_summit: 0.08,
};

/** Objections of the demo (spec: dashboards 7 objections lookup and report). */
export const DEMO_OBJECTIONS: ReadonlyArray<readonly [string, string]> = [
  ['Fee too high', 'price'],
  ['Wants to think about it', 'timing'],
  ['Needs to talk to spouse', 'decision'],
  ['Hired another firm', 'competition'],
  ['No longer needs help', 'timing'],
  ['Does not qualify', 'eligibility'],
  ['Outside service area', 'eligibility'],
];
