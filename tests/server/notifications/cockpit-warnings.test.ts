import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  fetchCommunications,
  fetchSalesPerformance,
  leadFlowQuery,
  type CockpitFilter,
} from '@/shared/api/cockpit';
import type { ApiClient } from '@/shared/api/client';
import {
  fetchCockpitGoalSettings,
  fetchGoalSources,
  saveCockpitGoalSettings,
} from '@/shared/api/goals';
import { fetchLeadsByLeadSource } from '@/shared/api/reports/leads';
import type { Notification } from '@/shared/contracts/notification';
import { cockpitGoalsForRange } from '@/shared/domain/cockpit-goals';
import {
  communicationsMetrics,
  leadFlowRows,
  withEveryActiveLeadSource,
  salesPerformanceMetrics,
} from '@/shared/domain/cockpit-metrics';
import {
  communicationsWarnings,
  leadFlowWarnings,
  salesPerformanceWarnings,
} from '@/shared/domain/cockpit-warnings';
import { daysInRange, defaultReportRange } from '@/shared/domain/date-range';
import { dayInTimezone, todayInTimezone } from '@/shared/domain/workspace-day';
import {
  COCKPIT_PATH,
  createCockpitWarningNotifier,
  nextStartOfDay,
} from '@/server/notifications/cockpit-warning-notifier';
import { createNotificationService } from '@/server/notifications/notification-service';
import { createTestClock, startTestServer, type TestServer } from '../helpers/test-server';
import { apiClientFor, type LiveClient, listNotifications, openLiveClient } from './live-client';

const LAKESIDE = 'ws_lakeside';
const CHICAGO = 'America/Chicago';
const DAY_MS = 24 * 60 * 60_000;

/**
 * What the cockpit screen shows as warnings when it opens (the last 7 days, every lead
 * source), read through the same calls and rules the app uses.
 */
async function cockpitScreenWarnings(api: ApiClient, now: Date): Promise<string[]> {
  const range = defaultReportRange(todayInTimezone(CHICAGO, now));
  const filter: CockpitFilter = { ...range, leadSources: [] };
  const sources = await fetchGoalSources(api, LAKESIDE);
  const goals = cockpitGoalsForRange({
    goals: sources.goals,
    leadSources: sources.leadSources,
    days: daysInRange(range),
  });
  const rows = withEveryActiveLeadSource(
    leadFlowRows(await fetchLeadsByLeadSource(api, LAKESIDE, leadFlowQuery(filter))),
    sources.leadSources,
  );
  const sales = salesPerformanceMetrics(await fetchSalesPerformance(api, LAKESIDE, filter));
  const calls = communicationsMetrics(await fetchCommunications(api, LAKESIDE, filter));
  return [
    ...leadFlowWarnings(rows, goals),
    ...salesPerformanceWarnings(sales, goals),
    ...communicationsWarnings(calls, goals),
  ].map((warning) => warning.message);
}

const cockpitOnes = (list: Notification[]) => list.filter((item) => item.path === COCKPIT_PATH);
const onDay = (list: Notification[], day: string) =>
  list.filter((item) => dayInTimezone(item.time, CHICAGO) === day);

/**
 * Automatic notifications for the cockpit's warnings (issue 12): owners and admins, once
 * per metric per workspace day, at start, at each workspace's start of day, and when
 * records arrive.
 */
// Each evaluation computes the cockpit's reports over the demo records: seconds when the
// whole suite shares two cores. Behaviour is asserted here, never speed.
describe('cockpit warning notifications', { timeout: 60_000 }, () => {
  const clock = createTestClock();
  let t: TestServer;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    t = await startTestServer({ now: clock.now });
    await t.server.cockpitWarnings.idle();
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t.close());

  const token = async (username: string) => (await t.signIn(username)).accessToken;

  it("gives Lakeside's owner and admin the cockpit's warnings, unread, on a fresh demo seed", async () => {
    const ownerToken = await token('owner@lakeside.test');
    const owner = cockpitOnes(await listNotifications(t, ownerToken, LAKESIDE));
    const shown = await cockpitScreenWarnings(apiClientFor(t, ownerToken), clock.now());
    // The demo's Lakeside metrics are below several minimums (README: demo data).
    expect(shown.length).toBeGreaterThanOrEqual(3);
    expect(owner.map((item) => item.description).sort()).toEqual([...shown].sort());
    for (const item of owner) {
      expect(item).toMatchObject({ read: false, actionRequired: true, path: COCKPIT_PATH });
      // "Sales Performance: Outbound Calls" and the spec's "Outbound Calls is below minimum of 40.";
      // Lead Flow's own form (spec 2.4) has no full stop: "Lead Source Yelp is below minimum of 10".
      const [module, label] = item.title.split(': ');
      expect(['Lead Flow', 'Sales Performance', 'Communications']).toContain(module);
      const end = module === 'Lead Flow' ? '[^.]$' : '\\.$';
      expect(item.description).toMatch(new RegExp(`^${label} is below minimum of .+${end}`));
    }

    const admin = cockpitOnes(
      await listNotifications(t, await token('admin@lakeside.test'), LAKESIDE),
    );
    expect(admin.map((item) => item.description).sort()).toEqual([...shown].sort());
    // Each user reads their own: the admin's are other notifications than the owner's.
    expect(admin.map((item) => item.id)).not.toContain(owner[0].id);

    // Not for operators or consultants, and nothing where the cockpit is off (Harbor).
    for (const username of ['agent@lakeside.test', 'consultant@lakeside.test']) {
      expect(cockpitOnes(await listNotifications(t, await token(username), LAKESIDE))).toEqual([]);
    }
    const harbor = await listNotifications(t, await token('owner@harbor.test'), 'ws_harbor');
    expect(cockpitOnes(harbor)).toEqual([]);
  });

  it('notifies once per metric per day however often it is evaluated', async () => {
    const ownerToken = await token('owner@lakeside.test');
    const before = cockpitOnes(await listNotifications(t, ownerToken, LAKESIDE));
    const owner = await openLiveClient(t, 'owner@lakeside.test');
    clients.push(owner);

    expect(await t.server.cockpitWarnings.evaluate(LAKESIDE)).toBe(0);
    await t.server.cockpitWarnings.checkDays();
    t.server.recordsArrived(LAKESIDE);
    t.server.recordsArrived(LAKESIDE);
    await t.server.cockpitWarnings.idle();

    await owner.settle();
    expect(owner.notifications).toEqual([]);
    const after = cockpitOnes(await listNotifications(t, ownerToken, LAKESIDE));
    expect(after).toEqual(before);
  });

  it('evaluates again when records arrive: a metric newly below its minimum is notified once', async () => {
    // Listening before the goal changes: whatever evaluation follows it is seen.
    const owner = await openLiveClient(t, 'owner@lakeside.test');
    const admin = await openLiveClient(t, 'admin@lakeside.test');
    const agent = await openLiveClient(t, 'agent@lakeside.test');
    clients.push(owner, admin, agent);
    const arrived = new Promise<Notification>((resolve) =>
      owner.socket.once('notification_center_message', resolve),
    );

    const api = apiClientFor(t, owner.token);
    const settings = await fetchCockpitGoalSettings(api, LAKESIDE);
    // A Sales Performance minimum not already warned about today (the demo records depend
    // on the day): no demo week comes near a million, so it is below its minimum now.
    const warnedToday = new Set(
      cockpitOnes(await listNotifications(t, owner.token, LAKESIDE)).map((item) => item.title),
    );
    const candidates = [
      ['outboundCallsMin', 'Outbound Calls'],
      ['outboundAnswersMin', 'Outbound Answers'],
      ['outboundSetsMin', 'Outbound Sets'],
      ['spotsFilledMin', 'Appointments Filled Historically'],
    ] as const;
    const [goal, label] = candidates.find(
      ([, name]) => !warnedToday.has(`Sales Performance: ${name}`),
    )!;
    const title = `Sales Performance: ${label}`;
    await saveCockpitGoalSettings(api, LAKESIDE, {
      leadGen: settings.leadGen,
      salesPerformance: { ...settings.salesPerformance, [goal]: 1_000_000 },
      communications: settings.communications,
      leadSources: [],
    });
    t.server.recordsArrived(LAKESIDE);
    t.server.recordsArrived(LAKESIDE);
    expect(await arrived).toMatchObject({
      title,
      description: expect.stringMatching(new RegExp(`^${label} is below minimum of [\\d,]+\\.$`)),
      actionRequired: true,
      path: COCKPIT_PATH,
      read: false,
    });
    await t.server.cockpitWarnings.idle();
    await Promise.all(clients.map((client) => client.settle()));
    expect(owner.notifications.map((item) => item.title)).toEqual([title]);
    expect(admin.notifications.map((item) => item.title)).toEqual([title]);
    expect(agent.notifications).toEqual([]);

    const list = cockpitOnes(await listNotifications(t, owner.token, LAKESIDE));
    expect(list.filter((item) => item.title === title)).toHaveLength(1);
  });

  it('notifies again on the next workspace day, once per metric', async () => {
    const firstDay = dayInTimezone(clock.now(), CHICAGO);
    clock.advance(DAY_MS);
    const nextDay = dayInTimezone(clock.now(), CHICAGO);
    // What the day timer runs at the workspace's start of day; twice is still once.
    await t.server.cockpitWarnings.checkDays();
    await t.server.cockpitWarnings.checkDays();
    await t.server.cockpitWarnings.idle();

    const ownerToken = await token('owner@lakeside.test');
    const list = cockpitOnes(await listNotifications(t, ownerToken, LAKESIDE));
    const shown = await cockpitScreenWarnings(apiClientFor(t, ownerToken), clock.now());
    expect(shown.length).toBeGreaterThan(0);
    const today = onDay(list, nextDay);
    expect(today.map((item) => item.description).sort()).toEqual([...shown].sort());
    // Yesterday's stay as they were.
    expect(onDay(list, firstDay).length).toBeGreaterThan(0);
  });

  it('logs a failed evaluation and goes on with the next', async () => {
    const local = createTestClock(new Date('2026-03-20T18:00:00.000Z'));
    const real = createNotificationService(t.server.db, local.now);
    let failing = true;
    const errors: string[] = [];
    const notifier = createCockpitWarningNotifier({
      db: t.server.db,
      now: local.now,
      notifications: {
        ...real,
        send: (input) => (failing ? Promise.reject(new Error('disk full')) : real.send(input)),
      },
      log: { error: (_details, message) => errors.push(message) },
    });
    try {
      await expect(notifier.evaluate(LAKESIDE)).resolves.toBe(0);
      expect(errors).toEqual(['cockpit warning notifications failed']);
      failing = false;
      expect(await notifier.evaluate(LAKESIDE)).toBeGreaterThan(0);
    } finally {
      await notifier.close();
    }
  });

  it('runs at the start of each workspace day on its own timer', async () => {
    // 23:59:58 in Chicago on 2026-03-07; a notifier of its own, on this server's database.
    const local = createTestClock(new Date('2026-03-08T05:59:58.000Z'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const notifier = createCockpitWarningNotifier({
      db: t.server.db,
      now: local.now,
      notifications: createNotificationService(t.server.db, local.now),
      log: { error: () => {} },
    });
    const keysOn = async (day: string) =>
      (
        await t.server.db
          .selectFrom('notifications')
          .select('dedupe_key')
          .where('workspace_id', '=', LAKESIDE)
          .where('user_id', '=', 'usr_owner_lakeside')
          .where('dedupe_key', 'like', `cockpit:${day}:%`)
          .execute()
      ).length;
    try {
      notifier.start();
      await notifier.idle();
      expect(await keysOn('2026-03-07')).toBeGreaterThan(0);
      expect(await keysOn('2026-03-08')).toBe(0);

      local.advance(3_000);
      // The timer was armed for Chicago's midnight, 2 s after the start.
      await vi.advanceTimersByTimeAsync(2_000);
      await notifier.idle();
      expect(await keysOn('2026-03-08')).toBeGreaterThan(0);
    } finally {
      await notifier.close();
      vi.useRealTimers();
    }
  });
});

describe('nextStartOfDay', () => {
  it("answers the instant the next day starts in the workspace's timezone", () => {
    // Chicago is UTC-6 in winter.
    expect(nextStartOfDay(new Date('2026-03-07T12:00:00Z'), CHICAGO).toISOString()).toBe(
      '2026-03-08T06:00:00.000Z',
    );
    // A minute before midnight is still today; midnight itself starts the next one.
    expect(nextStartOfDay(new Date('2026-03-08T05:59:00Z'), CHICAGO).toISOString()).toBe(
      '2026-03-08T06:00:00.000Z',
    );
    // Daylight saving starts on 2026-03-08: the next midnight is at UTC-5.
    expect(nextStartOfDay(new Date('2026-03-08T12:00:00Z'), CHICAGO).toISOString()).toBe(
      '2026-03-09T05:00:00.000Z',
    );
    // Half-hour offsets.
    expect(nextStartOfDay(new Date('2026-01-01T00:00:00Z'), 'Asia/Kolkata').toISOString()).toBe(
      '2026-01-01T18:30:00.000Z',
    );
  });
});
