import type { MicroserviceCheck, MicroserviceStatus } from '@/shared/contracts/microservices';

/**
 * The rules of System > Microservices (issue #16): how long a check may take, when a part
 * counts as degraded, how the page words a status. Pure, shared by the server's checks
 * and the page.
 */

/** A check that has not answered by then is "down (timed out)": the page never hangs on one part. */
export const CHECK_TIMEOUT_MS = 3_000;
/** The page checks again this often while the tab is visible. */
export const MICROSERVICES_REFRESH_MS = 30_000;
/**
 * The reference server delivers no mail: e-mails wait in the outbox until a system user
 * reads them. One waiting longer than this (an invite nobody passed on) is worth a look.
 */
export const OUTBOX_STALE_MS = 24 * 60 * 60_000;
/** A live simulated call is overdue once it outlives its longest ring and talk by this much. */
export const CALL_OVERDUE_GRACE_MS = 60_000;

const RANK: Record<MicroserviceStatus, number> = { ok: 0, degraded: 1, down: 2 };

/** The worst status of the checks; ok when there are none. */
export function overallStatus(
  checks: readonly Pick<MicroserviceCheck, 'status'>[],
): MicroserviceStatus {
  return checks.reduce<MicroserviceStatus>(
    (worst, check) => (RANK[check.status] > RANK[worst] ? check.status : worst),
    'ok',
  );
}

export const STATUS_LABELS: Record<MicroserviceStatus, string> = {
  ok: 'OK',
  degraded: 'Degraded',
  down: 'Down',
};

/** What a check's badge reads: 'Down (timed out)' for a check that never answered. */
export function checkStatusLabel(check: Pick<MicroserviceCheck, 'status' | 'timedOut'>): string {
  return check.timedOut ? `${STATUS_LABELS.down} (timed out)` : STATUS_LABELS[check.status];
}

/** The overall banner's sentence. */
export function overallMessage(checks: readonly Pick<MicroserviceCheck, 'status'>[]): string {
  const down = checks.filter((check) => check.status === 'down').length;
  const degraded = checks.filter((check) => check.status === 'degraded').length;
  if (down > 0)
    return `${down} of ${checks.length} ${checks.length === 1 ? 'part is' : 'parts are'} down.`;
  if (degraded > 0) {
    return `${degraded} of ${checks.length} ${checks.length === 1 ? 'part needs' : 'parts need'} a look.`;
  }
  return 'All systems operational.';
}

/** '45 s', '12 min', '3 h', '2 d' (whole units, rounded down). */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export interface PartVerdict {
  status: MicroserviceStatus;
  detail: string;
}

/** The outbox: degraded when its oldest waiting e-mail is older than OUTBOX_STALE_MS. */
export function outboxVerdict(pending: number, oldestAgeMs: number | null): PartVerdict {
  if (pending === 0 || oldestAgeMs === null) return { status: 'ok', detail: 'No e-mails waiting.' };
  const detail = `${plural(pending, 'e-mail')} waiting, oldest ${formatAge(oldestAgeMs)} old.`;
  return oldestAgeMs > OUTBOX_STALE_MS
    ? {
        status: 'degraded',
        detail: `${detail} Older than ${formatAge(OUTBOX_STALE_MS)}: read the outbox.`,
      }
    : { status: 'ok', detail };
}

/**
 * The workspaces' connections to their real CRM (issue #33): ok while every grant works;
 * degraded while one needs the owner to connect again (its intakes' writes wait).
 */
export function crmConnectionsVerdict(
  connected: { zoho: number; keap: number },
  reconnect: readonly { workspace: string; error: string | null }[],
): PartVerdict {
  const total = connected.zoho + connected.keap;
  if (total === 0) {
    return {
      status: 'ok',
      detail: 'No workspace is connected to a CRM; the simulated CRM serves them all.',
    };
  }
  const base =
    connected.keap === 0
      ? `${plural(total, 'workspace')} connected to Zoho CRM`
      : connected.zoho === 0
        ? `${plural(total, 'workspace')} connected to Keap`
        : `${plural(total, 'workspace')} connected to their CRM (${connected.zoho} Zoho CRM, ${connected.keap} Keap)`;
  if (reconnect.length === 0) return { status: 'ok', detail: `${base}; every grant works.` };
  const named = reconnect.map((r) => `${r.workspace}${r.error ? ` (${r.error})` : ''}`);
  return {
    status: 'degraded',
    detail: `${base}; to connect again: ${named.join('; ')}.`.slice(0, 300),
  };
}

/** A company's books read longer ago than this need a look (they are read every 30 minutes). */
export const QUICKBOOKS_STALE_MS = 2 * 60 * 60_000;

/** One workspace's QuickBooks connection, as the health part reads it. */
export interface QuickBooksConnectionFacts {
  workspace: string;
  status: string;
  syncedAt: string | null;
  syncError: string | null;
  connectedAt: string;
}

/**
 * The QuickBooks part of System > Microservices (issue #33): how many workspaces read their
 * company's books, and those that need a look: a grant the firm ended (reconnect), a last
 * reading that failed, or books not read for QUICKBOOKS_STALE_MS (a connection made less
 * than that ago counts from when it was made).
 */
export function quickBooksVerdict(
  connections: readonly QuickBooksConnectionFacts[],
  now: Date,
): PartVerdict {
  if (connections.length === 0) {
    return {
      status: 'ok',
      detail: 'No workspace is connected to QuickBooks; the cash flow screens show the demo books.',
    };
  }
  const base = `${plural(connections.length, 'workspace')} connected to QuickBooks`;
  const problems = connections.flatMap((c) => {
    if (c.status === 'reconnect') return [`${c.workspace} (to connect again)`];
    if (c.syncError) return [`${c.workspace} (${c.syncError})`];
    const since = Date.parse(c.syncedAt ?? c.connectedAt);
    if (now.getTime() - since > QUICKBOOKS_STALE_MS)
      return [`${c.workspace} (books not read lately)`];
    return [];
  });
  if (problems.length === 0)
    return { status: 'ok', detail: `${base}; every copy of the books is fresh.` };
  return {
    status: 'degraded',
    detail: `${base}; needs a look: ${problems.join('; ')}.`.slice(0, 300),
  };
}

/** With SMTP: how long an e-mail may wait to be sent before the part needs a look. */
export const MAIL_STALE_MS = 15 * 60_000;
/** With SMTP: how far back an undelivered e-mail keeps the part degraded. */
export const MAIL_FAILURE_WINDOW_MS = 7 * 24 * 60 * 60_000;

export interface MailDeliveryFacts {
  /** The SMTP server, without its password (smtp://mailer@smtp.example.com:587). */
  server: string;
  /** null: it answered and took the credentials; else its words. */
  unreachable: string | null;
  waiting: number;
  oldestWaitingMs: number | null;
  sentLastDay: number;
  /** Failed in the last MAIL_FAILURE_WINDOW_MS, and the latest one's words. */
  failed: number;
  latestFailure: string | null;
}

/**
 * The outbox once SMTP is configured (issue #33 "Mail"): down while the SMTP server cannot
 * be reached or refuses the credentials; degraded while e-mails wait longer than
 * MAIL_STALE_MS or some could not be delivered in the last week; else ok.
 */
export function mailDeliveryVerdict(facts: MailDeliveryFacts): PartVerdict {
  const waiting =
    facts.waiting > 0 && facts.oldestWaitingMs !== null
      ? `${plural(facts.waiting, 'e-mail')} waiting, oldest ${formatAge(facts.oldestWaitingMs)} old`
      : 'none waiting';
  if (facts.unreachable !== null) {
    return {
      status: 'down',
      detail: `SMTP server ${facts.server} not reachable (${facts.unreachable}); ${waiting}.`,
    };
  }
  const base = `Sending through ${facts.server}: ${facts.sentLastDay} sent in the last 24 h, ${waiting}`;
  if (facts.failed > 0) {
    const latest = facts.latestFailure ? ` (latest: ${facts.latestFailure})` : '';
    return {
      status: 'degraded',
      detail: `${base}; ${plural(facts.failed, 'e-mail')} not delivered this week${latest}.`.slice(
        0,
        300,
      ),
    };
  }
  if (
    facts.oldestWaitingMs !== null &&
    facts.waiting > 0 &&
    facts.oldestWaitingMs > MAIL_STALE_MS
  ) {
    return { status: 'degraded', detail: `${base}.` };
  }
  return { status: 'ok', detail: `${base}.` };
}

/** The database: degraded while a known migration has not run. */
export function databaseVerdict(
  tables: number,
  applied: readonly string[],
  known: readonly string[],
): PartVerdict {
  const level = applied.length > 0 ? applied[applied.length - 1] : 'none';
  const pending = known.filter((name) => !applied.includes(name)).length;
  const base = `${plural(tables, 'table')}, migration ${level}`;
  return pending > 0
    ? { status: 'degraded', detail: `${base}; ${plural(pending, 'migration')} not applied.` }
    : { status: 'ok', detail: `${base} (latest).` };
}

/** The call-tracking simulator: degraded when a live call has outlived every timer it had. */
export function simulatorVerdict(live: number, overdue: number, workspaces: number): PartVerdict {
  const base = `${plural(live, 'live call')} in ${plural(workspaces, 'call-tracking workspace')}`;
  return overdue > 0
    ? {
        status: 'degraded',
        // Said for an administrator, not a developer (issue #30).
        detail: `${base}; ${plural(overdue, 'call')} should have ended by now but ${overdue === 1 ? 'has' : 'have'} not.`,
      }
    : { status: 'ok', detail: `${base}; calls end on time.` };
}

/**
 * The workspaces connected to CallTrackingMetrics (issue #32): degraded while CTM's API
 * failed the last time one of them asked, or a webhook could not be applied after every
 * try (it waits in the inbox). `failing` names the workspaces with CTM's words.
 */
export function ctmVerdict(
  connected: number,
  failing: readonly { workspace: string; error: string | null }[],
  stuckWebhooks: number,
): PartVerdict {
  if (connected === 0) {
    return {
      status: 'ok',
      detail: 'No workspace is connected to CallTrackingMetrics; the simulator serves them all.',
    };
  }
  const problems = [
    ...failing.map((f) => `${f.workspace}: CTM not reachable${f.error ? ` (${f.error})` : ''}`),
    ...(stuckWebhooks > 0 ? [`${plural(stuckWebhooks, 'webhook')} could not be applied`] : []),
  ];
  const base = `${plural(connected, 'workspace')} connected`;
  return problems.length > 0
    ? { status: 'degraded', detail: `${base}; ${problems.join('; ')}.` }
    : { status: 'ok', detail: `${base}; CTM answered the last request of each.` };
}
