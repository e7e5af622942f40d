import { describe, expect, it } from 'vitest';
import { cockpitGoalsForRange } from '@/shared/domain/cockpit-goals';
import { communicationsMetrics, salesPerformanceMetrics } from '@/shared/domain/cockpit-metrics';
import {
  acknowledgeWarning,
  callTrackingWarning,
  communicationsWarnings,
  EMPTY_WARNING_LOG,
  leadFlowWarnings,
  openWarnings,
  recordWarnings,
  salesPerformanceWarnings,
  visibleWarnings,
  warningMessage,
} from '@/shared/domain/cockpit-warnings';
import { communicationsData, salesPerformanceData, WEEKLY_GOALS } from './cockpit-fixtures';

const goals = cockpitGoalsForRange({
  goals: WEEKLY_GOALS,
  leadSources: [
    { id: 'ls_google', label: 'Google Ads', Settings: { leadGen: { leadsMin: 20, leadsMax: 30 } } },
    { id: 'ls_yelp', label: 'Yelp', Settings: { leadGen: { leadsMin: 5, leadsMax: 8 } } },
  ],
  days: 7,
});

const messages = (items: { message: string }[]) => items.map((item) => item.message);

describe('warning messages (spec: dashboards 5)', () => {
  it("reads '{label} is below minimum of {value}.'", () => {
    expect(warningMessage('Outbound Calls', 300)).toBe('Outbound Calls is below minimum of 300.');
  });
});

describe('Sales Performance warnings (spec: dashboards 5)', () => {
  it('raises none when every figure meets its goal', () => {
    expect(
      salesPerformanceWarnings(salesPerformanceMetrics(salesPerformanceData()), goals),
    ).toEqual([]);
  });

  it('warns for each figure below its min, under module Sales Performance', () => {
    const data = salesPerformanceData({
      setRate: 40,
      outbound: [{ id: 'a', name: 'Ana', outboundSales: 100, answered: 20, sets: 5 }],
      hires: [{ id: 'c', name: 'Cy', consults: 3, hires: 1 }],
      scheduledTomorrow: 2,
      spotsFilled: 10,
    });
    const items = salesPerformanceWarnings(salesPerformanceMetrics(data), goals);
    expect(messages(items)).toEqual([
      'Inbound Set Rate is below minimum of 45%.',
      'Outbound Calls is below minimum of 300.',
      'Outbound Answers is below minimum of 90.',
      'Outbound Sets is below minimum of 25.',
      'Appointments Scheduled Tomorrow is below minimum of 42.',
      'Appointments Filled Historically is below minimum of 30.',
      'Shows is below minimum of 25.',
      'Hires is below minimum of 12.',
    ]);
    expect(new Set(items.map((item) => item.module))).toEqual(new Set(['Sales Performance']));
    expect(items.every((item) => !item.acknowledged)).toBe(true);
  });

  it('compares Outbound Sets with the sets figure (the intended reading), not the answers', () => {
    // Plenty of answers, too few sets: warns.
    const fewSets = salesPerformanceData({
      outbound: [{ id: 'a', name: 'Ana', outboundSales: 400, answered: 200, sets: 3 }],
    });
    expect(messages(salesPerformanceWarnings(salesPerformanceMetrics(fewSets), goals))).toEqual([
      'Outbound Sets is below minimum of 25.',
    ]);
    // Few answers but enough sets: the sets rule stays quiet.
    const enoughSets = salesPerformanceData({
      outbound: [{ id: 'a', name: 'Ana', outboundSales: 400, answered: 20, sets: 30 }],
    });
    expect(messages(salesPerformanceWarnings(salesPerformanceMetrics(enoughSets), goals))).toEqual([
      'Outbound Answers is below minimum of 90.',
    ]);
  });

  it('compares with goals scaled to the range', () => {
    const twoWeeks = cockpitGoalsForRange({ goals: WEEKLY_GOALS, leadSources: [], days: 14 });
    const items = salesPerformanceWarnings(
      salesPerformanceMetrics(salesPerformanceData()),
      twoWeeks,
    );
    expect(messages(items)).toContain('Outbound Calls is below minimum of 600.');
    expect(messages(items)).not.toContain('Inbound Set Rate is below minimum of 45%.');
  });
});

describe('Communications warnings (spec: dashboards 5)', () => {
  it('raises none when the calls are within their allowances and promises are kept', () => {
    expect(communicationsWarnings(communicationsMetrics(communicationsData()), goals)).toEqual([]);
  });

  it('warns when abandoned calls go above the allowance (the intended reading), not below it', () => {
    const above = communicationsMetrics(communicationsData({ abandonedCalls: 6 }));
    expect(messages(communicationsWarnings(above, goals))).toEqual([
      'Abandoned Calls is below minimum of 5.',
    ]);
    const below = communicationsMetrics(communicationsData({ abandonedCalls: 1 }));
    expect(communicationsWarnings(below, goals)).toEqual([]);
    const at = communicationsMetrics(communicationsData({ abandonedCalls: 5 }));
    expect(communicationsWarnings(at, goals)).toEqual([]);
  });

  it('warns when the average wait is above the setting in seconds', () => {
    const slow = communicationsMetrics(communicationsData({ averageWaitTime: '30.01' }));
    expect(messages(communicationsWarnings(slow, goals))).toEqual([
      'Average Wait Time is below minimum of 30s.',
    ]);
    const onTime = communicationsMetrics(communicationsData({ averageWaitTime: '30.00' }));
    expect(communicationsWarnings(onTime, goals)).toEqual([]);
  });

  it('warns for calls made below due and calls returned below callbacks requested', () => {
    const metrics = communicationsMetrics(
      communicationsData({ relationship: [3, 10], collection: [1, 4], promises: [2, 7] }),
    );
    const items = communicationsWarnings(metrics, goals);
    expect(messages(items)).toEqual([
      'Relationship Calls is below minimum of 10.',
      'Collection Calls is below minimum of 4.',
      'Calls Returned is below minimum of 7.',
    ]);
    expect(new Set(items.map((item) => item.module))).toEqual(new Set(['Communications']));
  });
});

describe('Lead Flow warnings (spec: dashboards 5)', () => {
  it("warns 'Lead Source {label} is below minimum of {min}' for sources below their min", () => {
    const items = leadFlowWarnings(
      [
        { leadSourceId: 'ls_google', label: 'Google Ads', leads: 19 },
        { leadSourceId: 'ls_yelp', label: 'Yelp', leads: 5 },
        { leadSourceId: 'ls_tv', label: 'TV', leads: 0 },
        { leadSourceId: null, label: 'Unknown', leads: 0 },
      ],
      goals,
    );
    expect(items).toEqual([
      expect.objectContaining({
        module: 'Lead Flow',
        message: 'Lead Source Google Ads is below minimum of 20',
        acknowledged: false,
      }),
    ]);
  });
});

describe('the call-tracking outage (issue #32)', () => {
  const ctm = (status: 'ok' | 'failing', lastError: string | null) => ({
    accountId: '4242',
    accountName: null,
    accessKey: 'AK1',
    connectedAt: '2026-03-01T10:00:00.000Z',
    status,
    checkedAt: '2026-03-07T11:00:00.000Z',
    lastError,
    lastWebhookAt: null,
    webhookPaths: { start: '/s', end: '/e' },
  });

  it('is a Communications item while the CTM connection fails, none otherwise', () => {
    expect(callTrackingWarning(null)).toBeNull();
    expect(callTrackingWarning({ ctm: null })).toBeNull();
    expect(callTrackingWarning({ ctm: ctm('ok', null) })).toBeNull();
    expect(callTrackingWarning({ ctm: ctm('failing', 'Service Unavailable') })).toMatchObject({
      card: 'communications',
      module: 'Communications',
      message: expect.stringMatching(/^CallTrackingMetrics cannot be reached\./),
    });
  });

  it("keeps one key for the whole outage, whatever CTM's words, so a dismissal lasts", () => {
    const first = callTrackingWarning({ ctm: ctm('failing', 'Service Unavailable') });
    const later = callTrackingWarning({ ctm: ctm('failing', 'Too Many Requests') });
    expect(later?.key).toBe(first?.key);
  });
});

describe('the warning log (spec: dashboards 2.4, 4)', () => {
  const raise = (card: 'salesPerformance' | 'communications', labels: string[]) =>
    labels.map((label) => ({
      key: `${card}|${label}`,
      card,
      module: 'Sales Performance' as const,
      label,
      message: warningMessage(label, 1),
      acknowledged: false,
    }));

  it('shows the newest two, newest first', () => {
    let log = recordWarnings(
      EMPTY_WARNING_LOG,
      'salesPerformance',
      raise('salesPerformance', ['A', 'B']),
    );
    log = recordWarnings(log, 'communications', raise('communications', ['C']));
    expect(visibleWarnings(log).map((item) => item.label)).toEqual(['C', 'B']);
    expect(openWarnings(log)).toHaveLength(3);
  });

  it('removes a dismissed warning and keeps it acknowledged when raised again', () => {
    let log = recordWarnings(
      EMPTY_WARNING_LOG,
      'salesPerformance',
      raise('salesPerformance', ['A', 'B']),
    );
    log = acknowledgeWarning(log, 'salesPerformance|B');
    expect(visibleWarnings(log).map((item) => item.label)).toEqual(['A']);
    log = recordWarnings(log, 'salesPerformance', raise('salesPerformance', ['A', 'B']));
    expect(openWarnings(log).map((item) => item.label)).toEqual(['A']);
  });

  it("replaces a card's warnings when it reloads, leaving the other cards' alone", () => {
    let log = recordWarnings(
      EMPTY_WARNING_LOG,
      'salesPerformance',
      raise('salesPerformance', ['A']),
    );
    log = recordWarnings(log, 'communications', raise('communications', ['C']));
    log = recordWarnings(log, 'salesPerformance', []);
    expect(openWarnings(log).map((item) => item.label)).toEqual(['C']);
  });
});
