import type { PipelineStage } from '@/shared/contracts/reports/pipeline-stages';
import type { Db } from '../db/database';
import { addDays, addMonths, daysBetween, monthOf, weekdayIndex } from '../records/workspace-days';
import { dayInTimezone, timezoneOffsetMinutes } from '@/shared/domain/workspace-day';
import type { EventRow, RecordSink } from './bulk-record-sink';
import { FIRST_NAMES, LAST_NAMES } from './demo-workspaces';
import { mulberry32, type Random } from './random';
import { DEMO_OBJECTIONS, type RecordProfile } from './record-profiles';

/**
 * Generates a law firm's intake records (issue #3 demo seed): about 13 months of contacts
 * with their pipeline transitions, calls, callbacks, appointments, relationship and
 * collection calls, payment plans and payments, bank balances and marketing spend.
 *
 * Deterministic: the same lookups, `now` and contact count give the same rows (mulberry32
 * seeded per workspace). Times are workspace-local business hours turned into UTC
 * instants; nothing happens after `now` except what is scheduled (appointments, payments
 * and calls due later).
 */

/** Days of history before today (about 13 months). */
export const HISTORY_DAYS = 395;
const BUSINESS_START = 8 * 60;
const BUSINESS_END = 19 * 60 + 30;
const WEEKDAY_VOLUME = [1.2, 1.15, 1.1, 1.05, 1, 0.45, 0.35];

export interface WorkspaceLookups {
  id: string;
  slug: string;
  timezone: string;
  crm: 'zoho' | 'ifs' | null;
  quickBooks: boolean;
  leadSources: { id: string; label: string; active: boolean }[];
  campaigns: { id: string; leadSourceId: string | null; active: boolean; key: string }[];
  offices: { id: string }[];
  caseTypes: { key: string; parentKey: string | null }[];
  agents: { id: string; active: boolean }[];
  consultants: { id: string; active: boolean }[];
}

/** Reads what the records point at: each workspace's lookups, in a stable order. */
export async function loadWorkspaceLookups(db: Db): Promise<WorkspaceLookups[]> {
  const workspaces = await db.selectFrom('workspaces').selectAll().orderBy('id').execute();
  const result: WorkspaceLookups[] = [];
  for (const ws of workspaces) {
    const settings = JSON.parse(ws.settings) as {
      zohoOrgId?: string | null;
      ifsOrgId?: string | null;
    };
    const vendors = JSON.parse(ws.vendors) as { quickBooks?: boolean };
    const byWorkspace = { id: ws.id };
    const [leadSources, campaigns, offices, caseTypes, agents, consultants] = await Promise.all([
      db
        .selectFrom('lead_sources')
        .select(['id', 'label', 'active'])
        .where('workspace_id', '=', byWorkspace.id)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('campaigns')
        .select(['id', 'lead_source_id', 'active', 'key'])
        .where('workspace_id', '=', byWorkspace.id)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('offices')
        .select(['id'])
        .where('workspace_id', '=', byWorkspace.id)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('case_types')
        .select(['key', 'parent_key'])
        .where('workspace_id', '=', byWorkspace.id)
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('agents')
        .select(['id', 'active'])
        .where('workspace_id', '=', byWorkspace.id)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('consultants')
        .select(['id', 'active'])
        .where('workspace_id', '=', byWorkspace.id)
        .orderBy('id')
        .execute(),
    ]);
    result.push({
      id: ws.id,
      slug: ws.id.replace(/^ws_/, ''),
      timezone: ws.timezone,
      crm: ws.is_zoho === 1 ? 'zoho' : settings.ifsOrgId ? 'ifs' : null,
      quickBooks: vendors.quickBooks === true,
      leadSources: leadSources.map((s) => ({ id: s.id, label: s.label, active: s.active === 1 })),
      campaigns: campaigns.map((c) => ({
        id: c.id,
        leadSourceId: c.lead_source_id,
        active: c.active === 1,
        key: c.key,
      })),
      offices,
      caseTypes: caseTypes.map((c) => ({ key: c.key, parentKey: c.parent_key })),
      agents: agents.map((a) => ({ id: a.id, active: a.active === 1 })),
      consultants: consultants.map((c) => ({ id: c.id, active: c.active === 1 })),
    });
  }
  return result;
}

/** A small stable hash, to seed each workspace's generator differently. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

class Weighted<T> {
  private readonly cumulative: number[] = [];
  private readonly total: number;
  /** Each item drawn in proportion to its weight (a negative weight counts as none). */
  constructor(
    readonly items: readonly T[],
    weightOf: (item: T, index: number) => number,
  ) {
    let sum = 0;
    for (const [index, item] of items.entries()) {
      sum += Math.max(0, weightOf(item, index));
      this.cumulative.push(sum);
    }
    this.total = sum;
  }
  get empty(): boolean {
    return this.items.length === 0 || this.total <= 0;
  }
  pick(random: Random): T {
    const x = random.next() * this.total;
    for (let i = 0; i < this.cumulative.length; i++)
      if (x < this.cumulative[i]) return this.items[i];
    return this.items[this.items.length - 1];
  }
}

/** Exact per-day counts summing to `total`, shaped by the weights (cumulative rounding). */
export function spreadOverDays(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts: number[] = [];
  let cumulative = 0;
  let given = 0;
  for (const w of weights) {
    cumulative += w;
    const upTo = sum > 0 ? Math.round((total * cumulative) / sum) : 0;
    counts.push(upTo - given);
    given = upTo;
  }
  return counts;
}

/** The relative volume of each day of the history (growth, weekdays, today's share so far). */
export function dayWeights(
  profile: RecordProfile,
  startDay: string,
  todayIndex: number,
  todayElapsed: number,
): number[] {
  const weights: number[] = [];
  for (let d = 0; d <= todayIndex; d++) {
    const growth = profile.startVolume + ((1 - profile.startVolume) * d) / Math.max(1, todayIndex);
    const weekday = WEEKDAY_VOLUME[weekdayIndex(addDays(startDay, d))];
    weights.push(growth * weekday * (d === todayIndex ? todayElapsed : 1));
  }
  return weights;
}

/** How many contacts the demo gives a workspace (its profile's daily volume). */
export function demoContactCount(profile: RecordProfile, now: Date, timezone: string): number {
  const { weights } = timeline(profile, now, timezone);
  return Math.round(profile.dailyLeads * weights.reduce((a, b) => a + b, 0));
}

function timeline(profile: RecordProfile, now: Date, timezone: string) {
  const today = dayInTimezone(now, timezone);
  const startDay = addDays(today, -HISTORY_DAYS);
  const nowOffset = timezoneOffsetMinutes(now, timezone);
  const localNow = now.getTime() + nowOffset * 60_000;
  const nowMinute = Math.floor((localNow % 86_400_000) / 60_000);
  const todayElapsed = Math.min(
    1,
    Math.max(0, (nowMinute - BUSINESS_START) / (BUSINESS_END - BUSINESS_START)),
  );
  const weights = dayWeights(profile, startDay, HISTORY_DAYS, todayElapsed);
  return { today, startDay, nowMinute, weights };
}

/**
 * Local time as minutes since midnight of the first history day; turned into ISO
 * instants and days with one cached UTC offset per day.
 */
class LocalClock {
  private readonly offsets: number[] = [];
  private readonly days: string[] = [];
  private readonly dayZeroUtc: number;
  constructor(
    readonly startDay: string,
    private readonly timezone: string,
  ) {
    this.dayZeroUtc = Date.parse(`${startDay}T00:00:00.000Z`);
  }
  day(lt: number): string {
    const index = Math.floor(lt / 1440);
    return (this.days[index] ??= addDays(this.startDay, index));
  }
  dayOfIndex(index: number): string {
    return (this.days[index] ??= addDays(this.startDay, index));
  }
  iso(lt: number): string {
    const index = Math.floor(lt / 1440);
    let offset = this.offsets[index];
    if (offset === undefined) {
      offset = timezoneOffsetMinutes(
        new Date(this.dayZeroUtc + index * 86_400_000 + 43_200_000),
        this.timezone,
      );
      this.offsets[index] = offset;
    }
    return new Date(this.dayZeroUtc + (lt - offset) * 60_000).toISOString();
  }
}

export interface GenerateOptions {
  /** Exactly this many contacts (the Test source included). */
  contacts: number;
  now: Date;
  profile: RecordProfile;
  seed: number;
}

/** Generates one workspace's records into the sink. */
export function generateWorkspaceRecords(
  ws: WorkspaceLookups,
  sink: RecordSink,
  options: GenerateOptions,
): void {
  const g = startGeneration(ws, sink, options);
  const picks = weighLookups(g);
  for (let d = 0; d <= HISTORY_DAYS; d++) generateDay(g, picks, d);
  generateBankBalances(g);
  generateMarketingSpend(g, picks.sourceInfo);
  sink.finishWorkspace(ws.id);
}

type Campaign = WorkspaceLookups['campaigns'][number];
type CaseType = WorkspaceLookups['caseTypes'][number];
type SourceInfo = WorkspaceLookups['leadSources'][number] & {
  weight: number;
  quality: number;
  costPerLead: number;
  campaigns: Campaign[];
};
type AgentInfo = WorkspaceLookups['agents'][number] & { weight: number };
type ConsultantInfo = WorkspaceLookups['consultants'][number] & {
  weight: number;
  closing: number;
};

/** What the steps of one workspace's generation share: its inputs, clock and counters. */
interface Generation {
  ws: WorkspaceLookups;
  sink: RecordSink;
  profile: RecordProfile;
  random: Random;
  clock: LocalClock;
  today: string;
  startDay: string;
  nowMinute: number;
  /** Now, as local minutes since the first history day. */
  nowLt: number;
  perDay: number[];
  count: { contacts: number; calls: number; plans: number; payments: number };
  leadsBySourceMonth: Map<string, number>;
}

function startGeneration(
  ws: WorkspaceLookups,
  sink: RecordSink,
  options: GenerateOptions,
): Generation {
  const { profile, now } = options;
  const random = mulberry32((options.seed ^ hash(ws.id)) >>> 0);
  const { today, startDay, nowMinute, weights } = timeline(profile, now, ws.timezone);
  return {
    ws,
    sink,
    profile,
    random,
    clock: new LocalClock(startDay, ws.timezone),
    today,
    startDay,
    nowMinute,
    nowLt: HISTORY_DAYS * 1440 + nowMinute,
    perDay: spreadOverDays(options.contacts, weights),
    count: { contacts: 0, calls: 0, plans: 0, payments: 0 },
    leadsBySourceMonth: new Map(),
  };
}

/** The workspace's lookups with the weights the records are drawn by. */
interface Picks {
  eligibility: string[];
  salesObjections: string[];
  sourceInfo: SourceInfo[];
  allSources: Weighted<SourceInfo>;
  currentSources: Weighted<SourceInfo>;
  officePick: Weighted<{ id: string }>;
  parentPick: Weighted<CaseType>;
  childrenOf: Map<string, CaseType[]>;
  allAgents: Weighted<AgentInfo>;
  currentAgents: Weighted<AgentInfo>;
  consultantPick: Weighted<ConsultantInfo>;
}

function weighLookups(g: Generation): Picks {
  return { ...seedObjections(g), ...weighSources(g), ...weighPlaces(g.ws), ...weighPeople(g) };
}

function seedObjections({ ws, sink }: Generation) {
  const objectionIds = DEMO_OBJECTIONS.map(([name, type], i) => {
    const id = `obj_${ws.slug}_${String(i + 1).padStart(2, '0')}`;
    sink.objection({ id, workspace_id: ws.id, name, type });
    return { id, type };
  });
  return {
    eligibility: objectionIds.filter((o) => o.type === 'eligibility').map((o) => o.id),
    salesObjections: objectionIds.filter((o) => o.type !== 'eligibility').map((o) => o.id),
  };
}

function weighSources({ ws, random }: Generation) {
  const sourceInfo: SourceInfo[] = ws.leadSources.map((source, i) => {
    const isTest = source.label.includes('Test');
    const referral = /referral/i.test(source.label);
    return {
      ...source,
      weight: isTest ? 0.15 : (1 / (1 + 0.32 * i)) * (0.7 + random.next() * 0.6),
      quality: referral ? 1.35 : 0.75 + random.next() * 0.5,
      costPerLead: referral || isTest ? 0 : 40 + random.int(0, 160),
      campaigns: ws.campaigns.filter((c) => c.leadSourceId === source.id),
    };
  });
  return {
    sourceInfo,
    allSources: new Weighted(sourceInfo, (s) => s.weight),
    currentSources: new Weighted(sourceInfo, (s) => (s.active ? s.weight : 0)),
  };
}

function weighPlaces(ws: WorkspaceLookups) {
  const parents = ws.caseTypes.filter((c) => c.parentKey === null);
  return {
    officePick: new Weighted(ws.offices, (_, i) => (i === 0 ? 3 : 1)),
    parentPick: new Weighted(parents, (_, i) => (i === 0 ? 4 : 1.5)),
    childrenOf: new Map(
      parents.map((p) => [p.key, ws.caseTypes.filter((c) => c.parentKey === p.key)]),
    ),
  };
}

function weighPeople({ ws, random }: Generation) {
  // One agent in each workspace is a low performer (under the outbound minimums).
  const agentInfo = ws.agents.map((agent, i) => ({
    ...agent,
    weight: i === 1 ? 0.35 : 0.8 + random.next() * 0.5,
  }));
  // One consultant closes noticeably less (the Consultants outliers list).
  const consultantInfo = ws.consultants.map((c, i) => ({
    ...c,
    weight: 0.8 + random.next() * 0.4,
    closing: i === ws.consultants.length - 1 ? 0.6 : 0.9 + random.next() * 0.2,
  }));
  return {
    allAgents: new Weighted(agentInfo, (a) => a.weight),
    currentAgents: new Weighted(agentInfo, (a) => (a.active ? a.weight : 0)),
    consultantPick: new Weighted(consultantInfo, (c) => (c.active ? c.weight : 0)),
  };
}

const businessMinute = ({ random }: Generation) =>
  BUSINESS_START + random.int(0, BUSINESS_END - BUSINESS_START - 1);

const trackingNumber = (campaignKey: string | null) =>
  campaignKey ? `+1555${String(hash(campaignKey) % 10_000_000).padStart(7, '0')}` : null;

interface CallOutcome {
  answered: boolean;
  connected: boolean;
  missed: boolean;
  abandoned: boolean;
}

type CallContact = { id: string; lead_source_id: string | null; campaign_id: string | null };

function emitCall(
  g: Generation,
  lt: number,
  direction: 'inbound' | 'outbound',
  category: 'sales' | 'client' | 'other',
  agentId: string | null,
  contact: CallContact | null,
  campaignKey: string | null,
  outcome: CallOutcome,
): void {
  const { ws, random, clock } = g;
  g.count.calls += 1;
  const wait =
    direction === 'inbound'
      ? Math.round(-Math.log(1 - random.next()) * g.profile.averageWaitSeconds)
      : 0;
  g.sink.call({
    workspace_id: ws.id,
    call_sid: `CA${ws.slug}${g.count.calls.toString(16).padStart(10, '0')}`,
    direction,
    category,
    agent_id: agentId,
    contact_id: contact?.id ?? null,
    lead_source_id: contact?.lead_source_id ?? null,
    campaign_id: contact?.campaign_id ?? null,
    tracking_number: direction === 'inbound' ? trackingNumber(campaignKey) : null,
    started_at: clock.iso(lt),
    day: clock.day(lt),
    answered: outcome.answered ? 1 : 0,
    connected: outcome.connected ? 1 : 0,
    missed: outcome.missed ? 1 : 0,
    abandoned: outcome.abandoned ? 1 : 0,
    wait_seconds: wait,
    duration_seconds: outcome.connected
      ? random.int(90, 1200)
      : outcome.answered
        ? random.int(5, 40)
        : 0,
  });
}

function inboundOutcome({ random, profile }: Generation, answerRate: number): CallOutcome {
  if (random.chance(profile.abandon)) {
    return { answered: false, connected: false, missed: false, abandoned: true };
  }
  const answered = random.chance(answerRate);
  return {
    answered,
    connected: answered && random.chance(0.93),
    missed: !answered,
    abandoned: false,
  };
}

/** The next business-hours moment at or after lt (skips nights). */
function businessTime({ random }: Generation, lt: number): number {
  const minute = lt % 1440;
  if (minute < BUSINESS_START) return lt - minute + BUSINESS_START + random.int(0, 60);
  if (minute >= BUSINESS_END) return lt - minute + 1440 + BUSINESS_START + random.int(0, 60);
  return lt;
}

/** One history day: its new contacts, then the other inbound calls. */
function generateDay(g: Generation, picks: Picks, d: number): void {
  const todayIndex = HISTORY_DAYS;
  /** Sources, campaigns and agents retired this many days before today are not used after. */
  const retiredBefore = todayIndex - 120;
  g.sink.advanceTo(g.ws.id, g.clock.dayOfIndex(d));
  const sources = d < retiredBefore ? picks.allSources : picks.currentSources;
  const agents = d < retiredBefore ? picks.allAgents : picks.currentAgents;
  const latestMinute = d === todayIndex ? Math.min(g.nowMinute, BUSINESS_END) : BUSINESS_END;
  if (latestMinute <= BUSINESS_START) return;
  const day: DayDraw = { d, sources, agents, latestMinute };
  for (let k = 0; k < g.perDay[d]; k++) generateContact(g, picks, day);
  generateOtherCalls(g, day);
}

/** What a day's draws pick from. */
interface DayDraw {
  d: number;
  sources: Weighted<SourceInfo>;
  agents: Weighted<AgentInfo>;
  latestMinute: number;
}

/** A contact being generated: what its calls, transitions and appointments copy. */
interface Lead {
  id: string;
  contactNo: number;
  day: string;
  t0: number;
  source: SourceInfo;
  campaign: Campaign | null;
  office: { id: string } | null;
  agentId: string | null;
  contact: CallContact;
  attribution: {
    lead_source_id: string;
    campaign_id: string | null;
    office_id: string | null;
    case_type_key: string | null;
    sub_case_type_key: string | null;
  };
  attributionCopy: {
    lead_source_id: string;
    campaign_id: string | null;
    contact_office_id: string | null;
    case_type_key: string | null;
    sub_case_type_key: string | null;
    contact_agent_id: string | null;
  };
  // The contact's name is copied onto its transitions once it is drawn (emitContact).
  events: Omit<EventRow, 'first_name' | 'last_name'>[];
  status: PipelineStage;
  qualification: string;
  consultantId: string | null;
}

function generateContact(g: Generation, picks: Picks, day: DayDraw): void {
  const lead = drawLead(g, picks, day);
  advance(g, lead, 'new_lead', lead.t0, { agent: lead.agentId });
  const talkedInbound = firstContact(g, lead);
  const { tq, qualified } = qualify(g, picks, lead);
  const answeredOutboundAt = outboundFollowUps(g, lead, tq, qualified);
  if (qualified && g.random.chance(Math.min(0.95, g.profile.set * lead.source.quality))) {
    const set = drawSet(g, lead, tq, talkedInbound, answeredOutboundAt);
    if (set.at <= g.nowLt) {
      advance(g, lead, 'set', set.at, { agent: lead.agentId, channel: set.channel }, tq);
      appointment(g, picks, lead, set.at);
    }
  }
  emitContact(g, lead);
}

/** Who the contact is: its time, source, campaign, office, case type and agent. */
function drawLead(g: Generation, picks: Picks, { d, sources, agents, latestMinute }: DayDraw) {
  const { ws, random } = g;
  const contactNo = (g.count.contacts += 1);
  const day = g.clock.dayOfIndex(d);
  const t0 = d * 1440 + BUSINESS_START + random.int(0, latestMinute - BUSINESS_START - 1);
  const source = sources.pick(random);
  const eligibleCampaigns = source.campaigns.filter((c) => c.active || d < HISTORY_DAYS - 60);
  const campaign =
    eligibleCampaigns.length > 0 ? random.pick(eligibleCampaigns) : (source.campaigns[0] ?? null);
  const office = picks.officePick.empty ? null : picks.officePick.pick(random);
  let caseType: string | null = null;
  let subCaseType: string | null = null;
  if (!picks.parentPick.empty && !random.chance(0.06)) {
    caseType = picks.parentPick.pick(random).key;
    const children = picks.childrenOf.get(caseType) ?? [];
    if (children.length > 0 && random.chance(0.75)) subCaseType = random.pick(children).key;
  }
  const agentId = agents.empty ? null : agents.pick(random).id;
  const id = `con_${ws.slug}_${String(contactNo).padStart(7, '0')}`;
  const campaignId = campaign?.id ?? null;
  const officeId = office?.id ?? null;
  const monthKey = `${source.id}\u0001${monthOf(day)}`;
  g.leadsBySourceMonth.set(monthKey, (g.leadsBySourceMonth.get(monthKey) ?? 0) + 1);
  const lead: Lead = {
    id,
    contactNo,
    day,
    t0,
    source,
    campaign,
    office,
    agentId,
    contact: { id, lead_source_id: source.id, campaign_id: campaignId },
    attribution: {
      lead_source_id: source.id,
      campaign_id: campaignId,
      office_id: officeId,
      case_type_key: caseType,
      sub_case_type_key: subCaseType,
    },
    // What appointments and payments copy of the contact (migration 0015).
    attributionCopy: {
      lead_source_id: source.id,
      campaign_id: campaignId,
      contact_office_id: officeId,
      case_type_key: caseType,
      sub_case_type_key: subCaseType,
      contact_agent_id: agentId,
    },
    events: [],
    status: 'new_lead',
    qualification: 'pending',
    consultantId: null,
  };
  return lead;
}

interface Who {
  agent?: string | null;
  consultant?: string | null;
  channel?: string;
  objection?: string;
}

/**
 * The contact moves to `stage` at `lt`. `parentLt`: when the transition this one's rate
 * is measured from happened (shared/domain/funnel-rates.ts COHORT_PARENT_STAGE; none for
 * the lead stages).
 */
function advance(
  { ws, clock }: Generation,
  lead: Lead,
  stage: PipelineStage,
  lt: number,
  who: Who,
  parentLt: number | null = null,
): void {
  lead.events.push({
    workspace_id: ws.id,
    contact_id: lead.id,
    stage,
    occurred_at: clock.iso(lt),
    day: clock.day(lt),
    entered_day: lead.day,
    parent_day: parentLt === null ? null : clock.day(parentLt),
    ...lead.attribution,
    agent_id: who.agent ?? null,
    consultant_id: who.consultant ?? null,
    channel: who.channel ?? null,
    objection_id: who.objection ?? null,
  });
  lead.status = stage;
}

/** The lead's first contact: an inbound sales call, or a form the agent calls back. */
function firstContact(g: Generation, lead: Lead): boolean {
  const { random, profile, clock } = g;
  const { t0 } = lead;
  if (!random.chance(profile.inboundLeadShare)) return false;
  const outcome = inboundOutcome(g, profile.inboundAnswer);
  emitCall(
    g,
    t0,
    'inbound',
    'sales',
    outcome.abandoned ? null : lead.agentId,
    lead.contact,
    lead.campaign?.key ?? null,
    outcome,
  );
  if ((outcome.missed || outcome.abandoned) && random.chance(0.5)) {
    const requested = t0 + random.int(1, 5);
    const returned = random.chance(profile.callbackReturned)
      ? businessTime(g, requested + random.int(10, 1500))
      : null;
    const back = returned !== null && returned <= g.nowLt;
    g.sink.callback({
      workspace_id: g.ws.id,
      contact_id: lead.id,
      agent_id: lead.agentId,
      requested_at: clock.iso(requested),
      requested_day: clock.day(requested),
      returned_at: back ? clock.iso(returned) : null,
      returned_day: back ? clock.day(returned) : null,
    });
  }
  return outcome.connected;
}

function qualify(g: Generation, picks: Picks, lead: Lead) {
  const { random, profile } = g;
  const tq = lead.t0 + random.int(3, 120);
  let qualified = false;
  if (tq <= g.nowLt) {
    qualified = random.chance(Math.min(0.97, profile.qualify * Math.sqrt(lead.source.quality)));
    if (qualified) {
      advance(g, lead, 'qualified', tq, { agent: lead.agentId });
      lead.qualification = 'qualified';
    } else {
      advance(g, lead, 'unqualified_at_lead', tq, {
        agent: lead.agentId,
        objection: random.pick(picks.eligibility),
      });
      lead.qualification = 'unqualified';
    }
  }
  return { tq, qualified };
}

/** Outbound follow-up calls by the agent over the next days; the first answered one. */
function outboundFollowUps(g: Generation, lead: Lead, tq: number, qualified: boolean) {
  const { random, profile } = g;
  const outboundCalls = qualified
    ? Math.max(0, Math.round(profile.outboundPerLead + (random.next() - 0.5) * 2))
    : random.chance(0.3)
      ? 1
      : 0;
  let answeredOutboundAt: number | null = null;
  for (let c = 0; c < outboundCalls; c++) {
    const at = businessTime(g, tq + 20 + random.int(0, 4 * 1440));
    if (at > g.nowLt) continue;
    const answered = random.chance(profile.outboundAnswer);
    emitCall(g, at, 'outbound', 'sales', lead.agentId, lead.contact, null, {
      answered,
      connected: answered && random.chance(0.88),
      missed: false,
      abandoned: false,
    });
    if (answered && (answeredOutboundAt === null || at < answeredOutboundAt))
      answeredOutboundAt = at;
  }
  return answeredOutboundAt;
}

/** When and through which channel the appointment is set (not yet checked against now). */
function drawSet(
  g: Generation,
  lead: Lead,
  tq: number,
  talkedInbound: boolean,
  answeredOutboundAt: number | null,
): { at: number; channel: 'inbound' | 'outbound' } {
  const { random } = g;
  if (talkedInbound && random.chance(0.65)) {
    return { at: tq + random.int(2, 25), channel: 'inbound' };
  }
  let talkedAt = answeredOutboundAt;
  if (talkedAt === null) {
    // A set needs a conversation: the call it came from.
    talkedAt = businessTime(g, tq + 30 + random.int(0, 2 * 1440));
    if (talkedAt <= g.nowLt) {
      emitCall(g, talkedAt, 'outbound', 'sales', lead.agentId, lead.contact, null, {
        answered: true,
        connected: true,
        missed: false,
        abandoned: false,
      });
    }
  }
  return { at: talkedAt + random.int(3, 20), channel: 'outbound' };
}

/** The appointment a set books, and what happens at it. */
function appointment(g: Generation, picks: Picks, lead: Lead, setAt: number): void {
  const { random, profile, clock } = g;
  const consultant = picks.consultantPick.empty ? null : picks.consultantPick.pick(random);
  lead.consultantId = consultant?.id ?? null;
  let apptDay = Math.floor(setAt / 1440) + random.int(1, 9);
  const wd = weekdayIndex(clock.dayOfIndex(apptDay));
  if (wd >= 5) apptDay += 7 - wd;
  const apptAt = apptDay * 1440 + 9 * 60 + random.int(0, 16) * 30;
  let appointmentStatus: string;
  if (random.chance(0.05)) appointmentStatus = 'cancelled';
  else if (apptAt > g.nowLt) appointmentStatus = 'scheduled';
  else appointmentStatus = random.chance(profile.show) ? 'showed' : 'no_show';
  g.sink.appointment({
    workspace_id: g.ws.id,
    contact_id: lead.id,
    ...lead.attributionCopy,
    office_id: lead.office?.id ?? null,
    consultant_id: lead.consultantId,
    set_by_agent_id: lead.agentId,
    booked_at: clock.iso(setAt),
    scheduled_at: clock.iso(apptAt),
    scheduled_day: clock.day(apptAt),
    status: appointmentStatus,
  });
  if (appointmentStatus === 'showed') showed(g, picks, lead, setAt, apptAt, consultant);
}

/** The contact came to the appointment: unqualified there, or hired or not later. */
function showed(
  g: Generation,
  picks: Picks,
  lead: Lead,
  setAt: number,
  apptAt: number,
  consultant: ConsultantInfo | null,
): void {
  const { random, profile } = g;
  const who = { agent: lead.agentId, consultant: lead.consultantId };
  advance(g, lead, 'show', apptAt, who, setAt);
  if (random.chance(profile.unqualifiedAtAppt)) {
    // Decided at the appointment itself: same instant as the show.
    const objection = random.pick(picks.eligibility);
    advance(g, lead, 'unqualified_at_appt', apptAt, { ...who, objection }, apptAt);
    return;
  }
  const decidedAt = random.chance(0.7)
    ? apptAt + random.int(30, 90)
    : businessTime(g, apptAt + random.int(1, 5) * 1440);
  if (decidedAt > g.nowLt) return;
  const closing = consultant?.closing ?? 1;
  if (!random.chance(Math.min(0.95, profile.hire * closing))) {
    const objection = random.pick(picks.salesObjections);
    advance(g, lead, 'no_hire', decidedAt, { ...who, objection }, apptAt);
    return;
  }
  advance(g, lead, 'hire', decidedAt, who, apptAt);
  hired(g, lead, decidedAt, lead.agentId);
  if (random.chance(profile.filed)) {
    const filedAt = businessTime(g, decidedAt + random.int(10, 45) * 1440);
    if (filedAt <= g.nowLt) advance(g, lead, 'filed', filedAt, who, decidedAt);
  }
}

/** A hire's payment plan with its payments, and the relationship calls after it. */
function hired(g: Generation, lead: Lead, at: number, agent: string | null): void {
  const { random, profile } = g;
  // A payment plan: monthly installments from a week after the hire.
  g.count.plans += 1;
  const planId = `plan_${g.ws.slug}_${String(g.count.plans).padStart(7, '0')}`;
  const installments = random.int(3, 8);
  const fee = Math.round(random.int(profile.fee[0], profile.fee[1]) / 50) * 50;
  const installment = Math.round((fee * 100) / installments);
  const struggling = random.chance(profile.strugglingPlans);
  const hireDay = g.clock.day(at);
  const dues: string[] = [];
  for (let n = 0; n < installments; n++) dues.push(addDays(hireDay, 7 + n * 30));
  g.sink.paymentPlan({
    id: planId,
    workspace_id: g.ws.id,
    contact_id: lead.id,
    first_due_day: dues[0],
    last_due_day: dues[dues.length - 1],
    total_cents: installment * installments,
    installment_cents: installment,
    created_at: g.clock.iso(at),
  });
  const plan = { planId, installment, struggling, agent };
  for (const due of dues) payment(g, lead, plan, due);
  relationshipCalls(g, lead, hireDay, agent);
}

interface Plan {
  planId: string;
  installment: number;
  struggling: boolean;
  agent: string | null;
}

/** One installment: collected, partial or missed (with its collection call) once due. */
function payment(g: Generation, lead: Lead, plan: Plan, due: string): void {
  const { random, today } = g;
  const { installment, struggling } = plan;
  g.count.payments += 1;
  let paymentStatus = 'scheduled';
  let paid = 0;
  let paidDay: string | null = null;
  if (due <= today) {
    const roll = random.next();
    const missRate = struggling ? 0.35 : 0.03;
    const partialRate = struggling ? 0.12 : 0.03;
    if (roll < missRate) paymentStatus = 'missed';
    else if (roll < missRate + partialRate) {
      paymentStatus = 'partial';
      paid = Math.round(installment * (0.4 + random.next() * 0.3));
    } else {
      paymentStatus = 'collected';
      paid = installment;
    }
    if (paid > 0) {
      const late = addDays(due, random.int(0, 3));
      paidDay = late <= today ? late : due;
    }
    if (paymentStatus === 'missed') collectionCall(g, lead, plan.agent, due);
  }
  g.sink.payment({
    id: `pay_${g.ws.slug}_${String(g.count.payments).padStart(8, '0')}`,
    workspace_id: g.ws.id,
    plan_id: plan.planId,
    contact_id: lead.id,
    ...lead.attributionCopy,
    due_day: due,
    amount_due_cents: installment,
    amount_paid_cents: paid,
    paid_day: paidDay,
    status: paymentStatus,
  });
}

function collectionCall(g: Generation, lead: Lead, agent: string | null, due: string): void {
  const collectionDue = addDays(due, 2);
  const made = collectionDue <= g.today && g.random.chance(g.profile.collectionMade);
  g.sink.outboundTask({
    workspace_id: g.ws.id,
    kind: 'collection',
    contact_id: lead.id,
    agent_id: agent,
    due_day: collectionDue,
    made_at: made
      ? g.clock.iso(daysBetween(g.startDay, collectionDue) * 1440 + businessMinute(g))
      : null,
    made_day: made ? collectionDue : null,
  });
}

/** Relationship calls every 30 days for six months after the hire. */
function relationshipCalls(g: Generation, lead: Lead, hireDay: string, agent: string | null) {
  const { random, today } = g;
  for (let n = 1; n <= 6; n++) {
    const due = addDays(hireDay, n * 30);
    if (due > addDays(today, 30)) break;
    const madeLag = random.int(0, 2);
    const madeDay = addDays(due, madeLag);
    const made = madeDay <= today && random.chance(g.profile.relationshipMade);
    g.sink.outboundTask({
      workspace_id: g.ws.id,
      kind: 'relationship',
      contact_id: lead.id,
      agent_id: agent,
      due_day: due,
      made_at: made
        ? g.clock.iso(daysBetween(g.startDay, madeDay) * 1440 + businessMinute(g))
        : null,
      made_day: made ? madeDay : null,
    });
  }
}

/** The contact row (its name drawn last), then its transitions with the name copied on. */
function emitContact(g: Generation, lead: Lead): void {
  const { ws, random, clock } = g;
  const { id, contactNo, status } = lead;
  const name = { first_name: random.pick(FIRST_NAMES), last_name: random.pick(LAST_NAMES) };
  g.sink.contact({
    id,
    workspace_id: ws.id,
    crm_id:
      ws.crm === 'zoho'
        ? `4150868${String(100_000_000 + contactNo * 7919).padStart(12, '0')}`
        : ws.crm === 'ifs'
          ? String(100_000 + contactNo)
          : id,
    module:
      ws.crm === 'zoho'
        ? status === 'hire' || status === 'filed'
          ? 'Deals'
          : ['new_lead', 'qualified', 'unqualified_at_lead'].includes(status)
            ? 'Leads'
            : 'Contacts'
        : 'Contact',
    ...name,
    ...lead.attribution,
    agent_id: lead.agentId,
    consultant_id: lead.consultantId,
    created_at: clock.iso(lead.t0),
    entered_pipeline_at: clock.iso(lead.t0),
    entered_day: lead.day,
    qualification: lead.qualification,
    status,
  });
  for (const event of lead.events) g.sink.event({ ...event, ...name });
}

/** Inbound calls from existing clients and others, spread over the business day. */
function generateOtherCalls(g: Generation, { d, agents, latestMinute }: DayDraw): void {
  const { random, profile } = g;
  const volume = g.perDay[d];
  const clientCalls = Math.round(volume * profile.clientCallsPerLead * (0.8 + random.next() * 0.4));
  const otherCalls = Math.round(volume * profile.otherCallsPerLead * (0.8 + random.next() * 0.4));
  for (let c = 0; c < clientCalls + otherCalls; c++) {
    const lt = d * 1440 + BUSINESS_START + random.int(0, latestMinute - BUSINESS_START - 1);
    const outcome = inboundOutcome(g, Math.min(0.97, profile.inboundAnswer + 0.05));
    const agentId = agents.empty || outcome.abandoned ? null : agents.pick(random).id;
    emitCall(g, lt, 'inbound', c < clientCalls ? 'client' : 'other', agentId, null, null, outcome);
  }
}

/** Bank balances (the accounting service), one per account and day. */
function generateBankBalances({ ws, sink, random, clock }: Generation): void {
  if (!ws.quickBooks) return;
  let operating = 60_000_00 + random.int(0, 40_000_00);
  let profit = 20_000_00 + random.int(0, 15_000_00);
  for (let d = 0; d <= HISTORY_DAYS; d++) {
    operating = Math.max(5_000_00, operating + random.int(-4_000_00, 4_400_00));
    profit = Math.max(1_000_00, profit + random.int(-600_00, 800_00));
    const day = clock.dayOfIndex(d);
    sink.bankBalance({
      workspace_id: ws.id,
      account: 'operating',
      day,
      balance_cents: operating,
    });
    sink.bankBalance({ workspace_id: ws.id, account: 'profit', day, balance_cents: profit });
  }
}

/** Marketing spend per source and month, in proportion to the leads it bought. */
function generateMarketingSpend(g: Generation, sourceInfo: SourceInfo[]): void {
  const { ws, random } = g;
  const firstMonth = monthOf(g.startDay);
  const lastMonth = monthOf(g.today);
  for (const source of sourceInfo) {
    if (source.costPerLead === 0) continue;
    for (let month = firstMonth; month <= lastMonth; month = addMonths(month, 1)) {
      const leads = g.leadsBySourceMonth.get(`${source.id}\u0001${month}`) ?? 0;
      if (leads === 0) continue;
      const amount = Math.round(leads * source.costPerLead * (0.85 + random.next() * 0.3) * 100);
      g.sink.marketingSpend({
        workspace_id: ws.id,
        lead_source_id: source.id,
        month,
        amount_cents: amount,
      });
    }
  }
}
