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
  constructor(
    readonly items: readonly T[],
    weights: readonly number[],
  ) {
    let sum = 0;
    for (const w of weights) {
      sum += Math.max(0, w);
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
  const { profile, now } = options;
  const random = mulberry32((options.seed ^ hash(ws.id)) >>> 0);
  const { today, startDay, nowMinute, weights } = timeline(profile, now, ws.timezone);
  const clock = new LocalClock(startDay, ws.timezone);
  const todayIndex = HISTORY_DAYS;
  const nowLt = todayIndex * 1440 + nowMinute;
  const perDay = spreadOverDays(options.contacts, weights);
  /** Sources, campaigns and agents retired this many days before today are not used after. */
  const retiredBefore = todayIndex - 120;

  // ---------- lookups and their weights ----------
  const objectionIds = DEMO_OBJECTIONS.map(([name, type], i) => {
    const id = `obj_${ws.slug}_${String(i + 1).padStart(2, '0')}`;
    sink.objection({ id, workspace_id: ws.id, name, type });
    return { id, type };
  });
  const eligibility = objectionIds.filter((o) => o.type === 'eligibility').map((o) => o.id);
  const salesObjections = objectionIds.filter((o) => o.type !== 'eligibility').map((o) => o.id);

  const sourceInfo = ws.leadSources.map((source, i) => {
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
  const allSources = new Weighted(
    sourceInfo,
    sourceInfo.map((s) => s.weight),
  );
  const currentSources = new Weighted(
    sourceInfo,
    sourceInfo.map((s) => (s.active ? s.weight : 0)),
  );
  const officePick = new Weighted(
    ws.offices,
    ws.offices.map((_, i) => (i === 0 ? 3 : 1)),
  );
  const parents = ws.caseTypes.filter((c) => c.parentKey === null);
  const parentPick = new Weighted(
    parents,
    parents.map((_, i) => (i === 0 ? 4 : 1.5)),
  );
  const childrenOf = new Map(
    parents.map((p) => [p.key, ws.caseTypes.filter((c) => c.parentKey === p.key)]),
  );
  // One agent in each workspace is a low performer (under the outbound minimums).
  const agentInfo = ws.agents.map((agent, i) => ({
    ...agent,
    weight: i === 1 ? 0.35 : 0.8 + random.next() * 0.5,
  }));
  const allAgents = new Weighted(
    agentInfo,
    agentInfo.map((a) => a.weight),
  );
  const currentAgents = new Weighted(
    agentInfo,
    agentInfo.map((a) => (a.active ? a.weight : 0)),
  );
  // One consultant closes noticeably less (the Consultants outliers list).
  const consultantInfo = ws.consultants.map((c, i) => ({
    ...c,
    weight: 0.8 + random.next() * 0.4,
    closing: i === ws.consultants.length - 1 ? 0.6 : 0.9 + random.next() * 0.2,
  }));
  const consultantPick = new Weighted(
    consultantInfo,
    consultantInfo.map((c) => (c.active ? c.weight : 0)),
  );

  // ---------- counters ----------
  let contactNo = 0;
  let callNo = 0;
  let planNo = 0;
  let paymentNo = 0;
  const leadsBySourceMonth = new Map<string, number>();

  const businessMinute = () => BUSINESS_START + random.int(0, BUSINESS_END - BUSINESS_START - 1);
  const waitSeconds = () => Math.round(-Math.log(1 - random.next()) * profile.averageWaitSeconds);
  const trackingNumber = (campaignKey: string | null) =>
    campaignKey ? `+1555${String(hash(campaignKey) % 10_000_000).padStart(7, '0')}` : null;

  const call = (
    lt: number,
    direction: 'inbound' | 'outbound',
    category: 'sales' | 'client' | 'other',
    agentId: string | null,
    contact: { id: string; lead_source_id: string | null; campaign_id: string | null } | null,
    campaignKey: string | null,
    outcome: { answered: boolean; connected: boolean; missed: boolean; abandoned: boolean },
  ) => {
    callNo += 1;
    const wait = direction === 'inbound' ? waitSeconds() : 0;
    sink.call({
      workspace_id: ws.id,
      call_sid: `CA${ws.slug}${callNo.toString(16).padStart(10, '0')}`,
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
  };

  const inboundOutcome = (answerRate: number) => {
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
  };

  /** The next business-hours moment at or after lt (skips nights). */
  const businessTime = (lt: number) => {
    const minute = lt % 1440;
    if (minute < BUSINESS_START) return lt - minute + BUSINESS_START + random.int(0, 60);
    if (minute >= BUSINESS_END) return lt - minute + 1440 + BUSINESS_START + random.int(0, 60);
    return lt;
  };

  for (let d = 0; d <= todayIndex; d++) {
    const day = clock.dayOfIndex(d);
    sink.advanceTo(ws.id, day);
    const sources = d < retiredBefore ? allSources : currentSources;
    const agents = d < retiredBefore ? allAgents : currentAgents;
    const latestMinute = d === todayIndex ? Math.min(nowMinute, BUSINESS_END) : BUSINESS_END;
    if (latestMinute <= BUSINESS_START) continue;

    for (let k = 0; k < perDay[d]; k++) {
      contactNo += 1;
      const t0 = d * 1440 + BUSINESS_START + random.int(0, latestMinute - BUSINESS_START - 1);
      const source = sources.pick(random);
      const eligibleCampaigns = source.campaigns.filter((c) => c.active || d < todayIndex - 60);
      const campaign =
        eligibleCampaigns.length > 0
          ? random.pick(eligibleCampaigns)
          : (source.campaigns[0] ?? null);
      const office = officePick.empty ? null : officePick.pick(random);
      let caseType: string | null = null;
      let subCaseType: string | null = null;
      if (!parentPick.empty && !random.chance(0.06)) {
        caseType = parentPick.pick(random).key;
        const children = childrenOf.get(caseType) ?? [];
        if (children.length > 0 && random.chance(0.75)) subCaseType = random.pick(children).key;
      }
      const agentId = agents.empty ? null : agents.pick(random).id;
      const id = `con_${ws.slug}_${String(contactNo).padStart(7, '0')}`;
      const contact = {
        id,
        lead_source_id: source.id,
        campaign_id: campaign?.id ?? null,
      };
      const attribution = {
        lead_source_id: source.id,
        campaign_id: campaign?.id ?? null,
        office_id: office?.id ?? null,
        case_type_key: caseType,
        sub_case_type_key: subCaseType,
      };
      // What appointments and payments copy of the contact (migration 0015).
      const attributionCopy = {
        lead_source_id: source.id,
        campaign_id: attribution.campaign_id,
        contact_office_id: attribution.office_id,
        case_type_key: caseType,
        sub_case_type_key: subCaseType,
        contact_agent_id: agentId,
      };
      const monthKey = `${source.id}\u0001${monthOf(day)}`;
      leadsBySourceMonth.set(monthKey, (leadsBySourceMonth.get(monthKey) ?? 0) + 1);

      // The contact's name is copied onto its transitions once it is drawn (below).
      const events: Omit<EventRow, 'first_name' | 'last_name'>[] = [];
      // `parentLt`: when the transition this one's rate is measured from happened
      // (shared/domain/funnel-rates.ts COHORT_PARENT_STAGE; none for the lead stages).
      const transition = (
        stage: PipelineStage,
        lt: number,
        who: {
          agent?: string | null;
          consultant?: string | null;
          channel?: string;
          objection?: string;
        },
        parentLt: number | null = null,
      ) => {
        events.push({
          workspace_id: ws.id,
          contact_id: id,
          stage,
          occurred_at: clock.iso(lt),
          day: clock.day(lt),
          entered_day: day,
          parent_day: parentLt === null ? null : clock.day(parentLt),
          ...attribution,
          agent_id: who.agent ?? null,
          consultant_id: who.consultant ?? null,
          channel: who.channel ?? null,
          objection_id: who.objection ?? null,
        });
      };

      transition('new_lead', t0, { agent: agentId });
      let status: PipelineStage = 'new_lead';
      let qualification = 'pending';
      let consultantId: string | null = null;

      // The lead's first contact: an inbound sales call, or a form the agent calls back.
      const phoned = random.chance(profile.inboundLeadShare);
      let talkedInbound = false;
      if (phoned) {
        const outcome = inboundOutcome(profile.inboundAnswer);
        call(
          t0,
          'inbound',
          'sales',
          outcome.abandoned ? null : agentId,
          contact,
          campaign?.key ?? null,
          outcome,
        );
        talkedInbound = outcome.connected;
        if ((outcome.missed || outcome.abandoned) && random.chance(0.5)) {
          const requested = t0 + random.int(1, 5);
          const returned = random.chance(profile.callbackReturned)
            ? businessTime(requested + random.int(10, 1500))
            : null;
          sink.callback({
            workspace_id: ws.id,
            contact_id: id,
            agent_id: agentId,
            requested_at: clock.iso(requested),
            requested_day: clock.day(requested),
            returned_at: returned !== null && returned <= nowLt ? clock.iso(returned) : null,
            returned_day: returned !== null && returned <= nowLt ? clock.day(returned) : null,
          });
        }
      }

      const tq = t0 + random.int(3, 120);
      let qualified = false;
      if (tq <= nowLt) {
        qualified = random.chance(Math.min(0.97, profile.qualify * Math.sqrt(source.quality)));
        if (qualified) {
          transition('qualified', tq, { agent: agentId });
          status = 'qualified';
          qualification = 'qualified';
        } else {
          transition('unqualified_at_lead', tq, {
            agent: agentId,
            objection: random.pick(eligibility),
          });
          status = 'unqualified_at_lead';
          qualification = 'unqualified';
        }
      }

      // Outbound follow-up calls by the agent over the next days.
      const outboundCalls = qualified
        ? Math.max(0, Math.round(profile.outboundPerLead + (random.next() - 0.5) * 2))
        : random.chance(0.3)
          ? 1
          : 0;
      let answeredOutboundAt: number | null = null;
      for (let c = 0; c < outboundCalls; c++) {
        const at = businessTime(tq + 20 + random.int(0, 4 * 1440));
        if (at > nowLt) continue;
        const answered = random.chance(profile.outboundAnswer);
        call(at, 'outbound', 'sales', agentId, contact, null, {
          answered,
          connected: answered && random.chance(0.88),
          missed: false,
          abandoned: false,
        });
        if (answered && (answeredOutboundAt === null || at < answeredOutboundAt))
          answeredOutboundAt = at;
      }

      const hired = (at: number, agent: string | null) => {
        // A payment plan: monthly installments from a week after the hire.
        planNo += 1;
        const planId = `plan_${ws.slug}_${String(planNo).padStart(7, '0')}`;
        const installments = random.int(3, 8);
        const fee = Math.round(random.int(profile.fee[0], profile.fee[1]) / 50) * 50;
        const installment = Math.round((fee * 100) / installments);
        const struggling = random.chance(profile.strugglingPlans);
        const hireDay = clock.day(at);
        const dues: string[] = [];
        for (let n = 0; n < installments; n++) dues.push(addDays(hireDay, 7 + n * 30));
        sink.paymentPlan({
          id: planId,
          workspace_id: ws.id,
          contact_id: id,
          first_due_day: dues[0],
          last_due_day: dues[dues.length - 1],
          total_cents: installment * installments,
          installment_cents: installment,
          created_at: clock.iso(at),
        });
        for (const due of dues) {
          paymentNo += 1;
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
            if (paymentStatus === 'missed') {
              const collectionDue = addDays(due, 2);
              const made = collectionDue <= today && random.chance(profile.collectionMade);
              sink.outboundTask({
                workspace_id: ws.id,
                kind: 'collection',
                contact_id: id,
                agent_id: agent,
                due_day: collectionDue,
                made_at: made
                  ? clock.iso(daysBetween(startDay, collectionDue) * 1440 + businessMinute())
                  : null,
                made_day: made ? collectionDue : null,
              });
            }
          }
          sink.payment({
            id: `pay_${ws.slug}_${String(paymentNo).padStart(8, '0')}`,
            workspace_id: ws.id,
            plan_id: planId,
            contact_id: id,
            ...attributionCopy,
            due_day: due,
            amount_due_cents: installment,
            amount_paid_cents: paid,
            paid_day: paidDay,
            status: paymentStatus,
          });
        }
        // Relationship calls every 30 days for six months after the hire.
        for (let n = 1; n <= 6; n++) {
          const due = addDays(hireDay, n * 30);
          if (due > addDays(today, 30)) break;
          const madeLag = random.int(0, 2);
          const madeDay = addDays(due, madeLag);
          const made = madeDay <= today && random.chance(profile.relationshipMade);
          sink.outboundTask({
            workspace_id: ws.id,
            kind: 'relationship',
            contact_id: id,
            agent_id: agent,
            due_day: due,
            made_at: made
              ? clock.iso(daysBetween(startDay, madeDay) * 1440 + businessMinute())
              : null,
            made_day: made ? madeDay : null,
          });
        }
      };

      if (qualified && random.chance(Math.min(0.95, profile.set * source.quality))) {
        let setAt: number;
        let channel: 'inbound' | 'outbound';
        if (talkedInbound && random.chance(0.65)) {
          channel = 'inbound';
          setAt = tq + random.int(2, 25);
        } else {
          channel = 'outbound';
          if (answeredOutboundAt === null) {
            // A set needs a conversation: the call it came from.
            answeredOutboundAt = businessTime(tq + 30 + random.int(0, 2 * 1440));
            if (answeredOutboundAt <= nowLt) {
              call(answeredOutboundAt, 'outbound', 'sales', agentId, contact, null, {
                answered: true,
                connected: true,
                missed: false,
                abandoned: false,
              });
            }
          }
          setAt = answeredOutboundAt + random.int(3, 20);
        }
        if (setAt <= nowLt) {
          transition('set', setAt, { agent: agentId, channel }, tq);
          status = 'set';
          const consultant = consultantPick.empty ? null : consultantPick.pick(random);
          consultantId = consultant?.id ?? null;
          let apptDay = Math.floor(setAt / 1440) + random.int(1, 9);
          const wd = weekdayIndex(clock.dayOfIndex(apptDay));
          if (wd >= 5) apptDay += 7 - wd;
          const apptAt = apptDay * 1440 + 9 * 60 + random.int(0, 16) * 30;
          let appointmentStatus: string;
          if (random.chance(0.05)) appointmentStatus = 'cancelled';
          else if (apptAt > nowLt) appointmentStatus = 'scheduled';
          else appointmentStatus = random.chance(profile.show) ? 'showed' : 'no_show';
          sink.appointment({
            workspace_id: ws.id,
            contact_id: id,
            ...attributionCopy,
            office_id: office?.id ?? null,
            consultant_id: consultantId,
            set_by_agent_id: agentId,
            booked_at: clock.iso(setAt),
            scheduled_at: clock.iso(apptAt),
            scheduled_day: clock.day(apptAt),
            status: appointmentStatus,
          });

          if (appointmentStatus === 'showed') {
            const who = { agent: agentId, consultant: consultantId };
            transition('show', apptAt, who, setAt);
            status = 'show';
            if (random.chance(profile.unqualifiedAtAppt)) {
              // Decided at the appointment itself: same instant as the show.
              transition(
                'unqualified_at_appt',
                apptAt,
                { ...who, objection: random.pick(eligibility) },
                apptAt,
              );
              status = 'unqualified_at_appt';
            } else {
              const decidedAt = random.chance(0.7)
                ? apptAt + random.int(30, 90)
                : businessTime(apptAt + random.int(1, 5) * 1440);
              if (decidedAt <= nowLt) {
                const closing = consultant?.closing ?? 1;
                if (random.chance(Math.min(0.95, profile.hire * closing))) {
                  transition('hire', decidedAt, who, apptAt);
                  status = 'hire';
                  hired(decidedAt, agentId);
                  if (random.chance(profile.filed)) {
                    const filedAt = businessTime(decidedAt + random.int(10, 45) * 1440);
                    if (filedAt <= nowLt) {
                      transition('filed', filedAt, who, decidedAt);
                      status = 'filed';
                    }
                  }
                } else {
                  transition(
                    'no_hire',
                    decidedAt,
                    { ...who, objection: random.pick(salesObjections) },
                    apptAt,
                  );
                  status = 'no_hire';
                }
              }
            }
          }
        }
      }

      const name = { first_name: random.pick(FIRST_NAMES), last_name: random.pick(LAST_NAMES) };
      sink.contact({
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
        ...attribution,
        agent_id: agentId,
        consultant_id: consultantId,
        created_at: clock.iso(t0),
        entered_pipeline_at: clock.iso(t0),
        entered_day: day,
        qualification,
        status,
      });
      for (const event of events) sink.event({ ...event, ...name });
    }

    // Inbound calls from existing clients and others, spread over the business day.
    const volume = perDay[d];
    const clientCalls = Math.round(
      volume * profile.clientCallsPerLead * (0.8 + random.next() * 0.4),
    );
    const otherCalls = Math.round(volume * profile.otherCallsPerLead * (0.8 + random.next() * 0.4));
    for (let c = 0; c < clientCalls + otherCalls; c++) {
      const lt = d * 1440 + BUSINESS_START + random.int(0, latestMinute - BUSINESS_START - 1);
      const outcome = inboundOutcome(Math.min(0.97, profile.inboundAnswer + 0.05));
      const agentId = agents.empty || outcome.abandoned ? null : agents.pick(random).id;
      call(lt, 'inbound', c < clientCalls ? 'client' : 'other', agentId, null, null, outcome);
    }
  }

  // Bank balances (the accounting service), one per account and day.
  if (ws.quickBooks) {
    let operating = 60_000_00 + random.int(0, 40_000_00);
    let profit = 20_000_00 + random.int(0, 15_000_00);
    for (let d = 0; d <= todayIndex; d++) {
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

  // Marketing spend per source and month, in proportion to the leads it bought.
  const firstMonth = monthOf(startDay);
  const lastMonth = monthOf(today);
  for (const source of sourceInfo) {
    if (source.costPerLead === 0) continue;
    for (let month = firstMonth; month <= lastMonth; month = addMonths(month, 1)) {
      const leads = leadsBySourceMonth.get(`${source.id}\u0001${month}`) ?? 0;
      if (leads === 0) continue;
      const amount = Math.round(leads * source.costPerLead * (0.85 + random.next() * 0.3) * 100);
      sink.marketingSpend({
        workspace_id: ws.id,
        lead_source_id: source.id,
        month,
        amount_cents: amount,
      });
    }
  }
  sink.finishWorkspace(ws.id);
}
