import { describe, expect, it } from 'vitest';
import {
  checkStatusLabel,
  crmConnectionsVerdict,
  ctmVerdict,
  databaseVerdict,
  formatAge,
  MAIL_STALE_MS,
  mailDeliveryVerdict,
  OUTBOX_STALE_MS,
  outboxVerdict,
  overallMessage,
  quickBooksVerdict,
  overallStatus,
  simulatorVerdict,
} from '@/shared/domain/microservices';

// System > Microservices rules (issue #16).

describe('overall status', () => {
  it('is the worst status of the parts', () => {
    expect(overallStatus([{ status: 'ok' }, { status: 'ok' }])).toBe('ok');
    expect(overallStatus([{ status: 'ok' }, { status: 'degraded' }])).toBe('degraded');
    expect(overallStatus([{ status: 'down' }, { status: 'degraded' }])).toBe('down');
    expect(overallStatus([])).toBe('ok');
  });

  it('says how many parts are down or need a look', () => {
    expect(overallMessage([{ status: 'ok' }, { status: 'ok' }])).toBe('All systems operational.');
    expect(overallMessage([{ status: 'ok' }, { status: 'degraded' }])).toBe(
      '1 of 2 parts need a look.',
    );
    expect(overallMessage([{ status: 'down' }, { status: 'degraded' }, { status: 'down' }])).toBe(
      '2 of 3 parts are down.',
    );
  });

  it('labels a check that never answered "Down (timed out)"', () => {
    expect(checkStatusLabel({ status: 'down', timedOut: true })).toBe('Down (timed out)');
    expect(checkStatusLabel({ status: 'down', timedOut: false })).toBe('Down');
    expect(checkStatusLabel({ status: 'degraded', timedOut: false })).toBe('Degraded');
    expect(checkStatusLabel({ status: 'ok', timedOut: false })).toBe('OK');
  });
});

describe('ages', () => {
  it('reads in whole seconds, minutes, hours, then days past two days', () => {
    expect(formatAge(45_500)).toBe('45 s');
    expect(formatAge(12 * 60_000 + 59_000)).toBe('12 min');
    expect(formatAge(47 * 3_600_000)).toBe('47 h');
    expect(formatAge(49 * 3_600_000)).toBe('2 d');
    expect(formatAge(-5)).toBe('0 s');
  });
});

describe('the e-mail outbox', () => {
  it('is ok when empty', () => {
    expect(outboxVerdict(0, null)).toEqual({ status: 'ok', detail: 'No e-mails waiting.' });
  });

  it('is ok with its count while the oldest e-mail is within a day', () => {
    expect(outboxVerdict(3, OUTBOX_STALE_MS)).toEqual({
      status: 'ok',
      detail: '3 e-mails waiting, oldest 24 h old.',
    });
  });

  it('is degraded once the oldest e-mail waited longer than a day', () => {
    expect(outboxVerdict(1, OUTBOX_STALE_MS + 1)).toEqual({
      status: 'degraded',
      detail: '1 e-mail waiting, oldest 24 h old. Older than 24 h: read the outbox.',
    });
  });
});

describe('the database', () => {
  it('is ok at the latest migration', () => {
    expect(databaseVerdict(30, ['0001-a', '0002-b'], ['0001-a', '0002-b'])).toEqual({
      status: 'ok',
      detail: '30 tables, migration 0002-b (latest).',
    });
  });

  it('is degraded while a known migration has not run', () => {
    expect(databaseVerdict(1, ['0001-a'], ['0001-a', '0002-b', '0003-c'])).toEqual({
      status: 'degraded',
      detail: '1 table, migration 0001-a; 2 migrations not applied.',
    });
  });
});

describe('the call-tracking simulator', () => {
  it('is ok while no live call is overdue', () => {
    expect(simulatorVerdict(2, 0, 1)).toEqual({
      status: 'ok',
      detail: '2 live calls in 1 call-tracking workspace; calls end on time.',
    });
  });

  it('is degraded when a live call outlived its timers', () => {
    expect(simulatorVerdict(1, 1, 2).status).toBe('degraded');
    expect(simulatorVerdict(1, 1, 2).detail).toBe(
      '1 live call in 2 call-tracking workspaces; 1 call should have ended by now but has not.',
    );
    expect(simulatorVerdict(3, 2, 1).detail).toBe(
      '3 live calls in 1 call-tracking workspace; 2 calls should have ended by now but have not.',
    );
  });
});

describe('CallTrackingMetrics (issue #32)', () => {
  it('is fine with no workspace connected, and says the simulator serves them', () => {
    expect(ctmVerdict(0, [], 0)).toEqual({
      status: 'ok',
      detail: 'No workspace is connected to CallTrackingMetrics; the simulator serves them all.',
    });
    expect(ctmVerdict(2, [], 0)).toEqual({
      status: 'ok',
      detail: '2 workspaces connected; CTM answered the last request of each.',
    });
  });

  it('names the workspaces CTM failed, with its words, and webhooks left unapplied', () => {
    expect(ctmVerdict(1, [{ workspace: 'Harbor Legal', error: 'Service Unavailable' }], 2)).toEqual(
      {
        status: 'degraded',
        detail:
          '1 workspace connected; Harbor Legal: CTM not reachable (Service Unavailable); 2 webhooks could not be applied.',
      },
    );
  });
});

describe('e-mail over SMTP (issue #33)', () => {
  const facts = {
    server: 'smtp://mailer@smtp.example.test:587',
    unreachable: null,
    waiting: 0,
    oldestWaitingMs: null,
    sentLastDay: 12,
    failed: 0,
    latestFailure: null,
  };

  it('is ok while it sends, with what it sent', () => {
    expect(mailDeliveryVerdict(facts)).toEqual({
      status: 'ok',
      detail:
        'Sending through smtp://mailer@smtp.example.test:587: 12 sent in the last 24 h, none waiting.',
    });
    expect(mailDeliveryVerdict({ ...facts, waiting: 2, oldestWaitingMs: 60_000 }).status).toBe(
      'ok',
    );
  });

  it('is down while the SMTP server cannot be reached, with its words', () => {
    expect(
      mailDeliveryVerdict({
        ...facts,
        unreachable: 'connect ECONNREFUSED',
        waiting: 3,
        oldestWaitingMs: 5_000,
      }),
    ).toEqual({
      status: 'down',
      detail:
        'SMTP server smtp://mailer@smtp.example.test:587 not reachable (connect ECONNREFUSED); 3 e-mails waiting, oldest 5 s old.',
    });
  });

  it('needs a look when e-mails wait too long or some were not delivered this week', () => {
    expect(
      mailDeliveryVerdict({ ...facts, waiting: 1, oldestWaitingMs: MAIL_STALE_MS + 1 }).status,
    ).toBe('degraded');
    expect(
      mailDeliveryVerdict({ ...facts, failed: 2, latestFailure: '550 Mailbox unavailable' }),
    ).toEqual({
      status: 'degraded',
      detail:
        'Sending through smtp://mailer@smtp.example.test:587: 12 sent in the last 24 h, none waiting; 2 e-mails not delivered this week (latest: 550 Mailbox unavailable).',
    });
  });
});

describe('CRM connections (issue #33)', () => {
  it('is ok with none connected, or every grant working', () => {
    expect(crmConnectionsVerdict({ zoho: 0, keap: 0 }, [])).toEqual({
      status: 'ok',
      detail: 'No workspace is connected to a CRM; the simulated CRM serves them all.',
    });
    expect(crmConnectionsVerdict({ zoho: 2, keap: 0 }, [])).toEqual({
      status: 'ok',
      detail: '2 workspaces connected to Zoho CRM; every grant works.',
    });
    expect(crmConnectionsVerdict({ zoho: 1, keap: 2 }, []).detail).toBe(
      '3 workspaces connected to their CRM (1 Zoho CRM, 2 Keap); every grant works.',
    );
  });

  it('needs a look while a workspace must connect again, naming it', () => {
    expect(
      crmConnectionsVerdict({ zoho: 0, keap: 2 }, [{ workspace: 'Harbor Legal', error: null }]),
    ).toEqual({
      status: 'degraded',
      detail: '2 workspaces connected to Keap; to connect again: Harbor Legal.',
    });
  });
});

describe('quickBooksVerdict (issue #33)', () => {
  const now = new Date('2026-11-30T12:00:00.000Z');
  const fresh = {
    workspace: 'Lakeside Law',
    status: 'ok',
    syncedAt: '2026-11-30T11:40:00.000Z',
    syncError: null,
    connectedAt: '2026-11-01T00:00:00.000Z',
  };

  it('is ok with no connection, and with fresh copies', () => {
    expect(quickBooksVerdict([], now)).toMatchObject({ status: 'ok' });
    expect(quickBooksVerdict([fresh], now)).toEqual({
      status: 'ok',
      detail: '1 workspace connected to QuickBooks; every copy of the books is fresh.',
    });
  });

  it('needs a look for a grant ended, a failed reading, or books not read lately', () => {
    const verdict = quickBooksVerdict(
      [
        { ...fresh, workspace: 'A', status: 'reconnect' },
        { ...fresh, workspace: 'B', syncError: 'QuickBooks: Throttled' },
        { ...fresh, workspace: 'C', syncedAt: '2026-11-30T09:59:00.000Z' },
        { ...fresh, workspace: 'D', syncedAt: null, connectedAt: '2026-11-30T11:59:00.000Z' },
      ],
      now,
    );
    expect(verdict.status).toBe('degraded');
    expect(verdict.detail).toBe(
      '4 workspaces connected to QuickBooks; needs a look: A (to connect again); B (QuickBooks: Throttled); C (books not read lately).',
    );
  });
});
