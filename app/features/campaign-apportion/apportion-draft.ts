import {
  apportionShareSchema,
  type CampaignApportion,
  campaignApportionUpdateSchema,
  type CampaignApportionUpdate,
} from '@/shared/contracts/workspace-settings';
import { apportionProblem, formatDollars, toCents } from '@/shared/domain/campaign-apportion';

// The campaign-apportion editor's model (issue #16, Settings > Campaign Apportion): what is
// typed (strings), the live totals, and the reading the server's contract checks before
// anything is sent. Amounts are dollars as typed and integer cents inside, so sums are exact.

/** One share as typed. `key` identifies the row while rows come and go. */
export interface ShareRow {
  key: string;
  leadSourceId: string;
  /** 'YYYY-MM' */
  month: string;
  /** Dollars as typed: "1500", "1,500.50", "$1500". */
  amount: string;
}

export interface ApportionDraft {
  spend: string;
  rows: ShareRow[];
}

/** Field errors: `spend`, or `rowKey.leadSourceId` / `rowKey.month` / `rowKey.amount`. */
export type ApportionErrors = Record<string, string>;

export const rowField = (key: string, field: 'leadSourceId' | 'month' | 'amount') =>
  `${key}.${field}`;

/** The largest amount the contract takes, in cents. */
const MAX_CENTS = 999_999_999 * 100;

export const DOLLARS_HINT = 'Enter dollars, such as 1250 or 1,250.50.';

/**
 * Dollars as typed to integer cents, or null when it is not an amount: digits with
 * optional thousands commas, at most two decimals, an optional leading "$"; no sign.
 * Parsed from the text, never through a float, so "0.29" is 29 cents exactly.
 */
export function parseDollars(text: string): number | null {
  const trimmed = text.trim().replace(/^\$\s*/, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{0,2}))?$/.exec(trimmed);
  if (!match) return null;
  const whole = Number(match[1]!.replace(/,/g, ''));
  const cents = whole * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents <= MAX_CENTS ? cents : null;
}

/** Cents as the editor shows them in a field: "1500.00" (no thousands separators). */
export function centsToInput(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "2026-10" → "Oct 2026" (the month as written when it is not one). */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return date.toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** The month after 'YYYY-MM' (a new row's default after the last one), else the same text. */
export function monthAfter(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month.trim());
  if (!match) return month;
  const index = Number(match[1]) * 12 + Number(match[2]); // the next month, 1-based
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The editor's start: the stored split, or one empty row on the campaign's own source. */
export function apportionDraft(
  item: CampaignApportion,
  nextKey: () => string,
  thisMonth: string,
): ApportionDraft {
  if (item.spend === null) {
    return {
      spend: '',
      rows: [
        { key: nextKey(), leadSourceId: item.leadSourceId ?? '', month: thisMonth, amount: '' },
      ],
    };
  }
  return {
    spend: centsToInput(toCents(item.spend)),
    rows: item.shares.map((share) => ({
      key: nextKey(),
      leadSourceId: share.leadSourceId,
      month: share.month,
      amount: centsToInput(toCents(share.amount)),
    })),
  };
}

const isBlank = (row: ShareRow) => !row.leadSourceId && !row.month.trim() && !row.amount.trim();

export interface ApportionTotals {
  /** null while the spend is empty or not an amount. */
  spendCents: number | null;
  /** Sum of the amounts that read as dollars. */
  assignedCents: number;
  /** Rows whose amount is typed but is not an amount. */
  unreadableAmounts: number;
  /** spend − assigned; null while the spend is unknown. Positive: left; negative: over. */
  differenceCents: number | null;
  /** The running line: "$120.00 left to assign", "$30.00 over", "Fully assigned". */
  status: string;
  /** Why saving is not possible yet, or null when the totals add up. */
  blocker: string | null;
}

/** The live totals under the rows (what the save button waits for). */
export function apportionTotals(draft: ApportionDraft): ApportionTotals {
  const spendCents = draft.spend.trim() ? parseDollars(draft.spend) : null;
  let assignedCents = 0;
  let unreadableAmounts = 0;
  for (const row of draft.rows) {
    if (!row.amount.trim()) continue;
    const cents = parseDollars(row.amount);
    if (cents === null) unreadableAmounts += 1;
    else assignedCents += cents;
  }
  const differenceCents = spendCents === null ? null : spendCents - assignedCents;
  const status =
    differenceCents === null
      ? 'Enter the total spend to see what is left to assign.'
      : differenceCents > 0
        ? `${formatDollars(differenceCents)} left to assign`
        : differenceCents < 0
          ? `${formatDollars(-differenceCents)} over`
          : 'Fully assigned';
  let blocker: string | null = null;
  if (spendCents === null) {
    blocker = draft.spend.trim()
      ? `The total spend is not a dollar amount. ${DOLLARS_HINT}`
      : "Enter the campaign's total spend in dollars.";
  } else if (unreadableAmounts > 0) {
    blocker =
      unreadableAmounts === 1
        ? 'One amount is not a dollar amount.'
        : `${unreadableAmounts} amounts are not dollar amounts.`;
  } else if (differenceCents !== 0) {
    blocker = `The shares must add up to the total spend before saving: ${status}.`;
  }
  return { spendCents, assignedCents, unreadableAmounts, differenceCents, status, blocker };
}

/** A typed amount that is not one: its error, shown as soon as it is typed. */
export function amountError(text: string): string | undefined {
  return text.trim() && parseDollars(text) === null ? DOLLARS_HINT : undefined;
}

/**
 * Checks the draft with the contract the server checks (campaignApportionUpdateSchema) and
 * its whole-list rules (one share per lead source and month; the totals adding up): the
 * request to send, or the errors by field. Rows left entirely empty are ignored.
 */
export function readApportionDraft(
  draft: ApportionDraft,
  sourceLabel: (id: string) => string,
): { ok: true; request: CampaignApportionUpdate } | { ok: false; errors: ApportionErrors } {
  const errors: ApportionErrors = {};
  const spendCents = draft.spend.trim() ? parseDollars(draft.spend) : null;
  if (spendCents === null) {
    errors.spend = draft.spend.trim() ? DOLLARS_HINT : "Enter the campaign's total spend.";
  }
  const shares: CampaignApportionUpdate['shares'] = [];
  const seen = new Map<string, number>();
  draft.rows.forEach((row, index) => {
    if (isBlank(row)) return;
    const cents = row.amount.trim() ? parseDollars(row.amount) : null;
    const share = {
      leadSourceId: row.leadSourceId,
      month: row.month.trim(),
      amount: cents === null ? Number.NaN : cents / 100,
    };
    const parsed = apportionShareSchema.safeParse(share);
    if (!row.leadSourceId) errors[rowField(row.key, 'leadSourceId')] = 'Choose a lead source.';
    if (!parsed.success && parsed.error.issues.some((issue) => issue.path[0] === 'month')) {
      errors[rowField(row.key, 'month')] = 'Enter a month as YYYY-MM, such as 2026-10.';
    }
    if (cents === null) {
      errors[rowField(row.key, 'amount')] = row.amount.trim()
        ? DOLLARS_HINT
        : 'Enter an amount in dollars.';
    }
    const pair = `${row.leadSourceId} ${share.month}`;
    const earlier = seen.get(pair);
    if (row.leadSourceId && earlier !== undefined && !errors[rowField(row.key, 'month')]) {
      errors[rowField(row.key, 'month')] =
        `${sourceLabel(row.leadSourceId)} already has a share for ${share.month} (row ${earlier + 1}): give one share per lead source and month.`;
    } else if (row.leadSourceId) {
      seen.set(pair, index);
    }
    if (parsed.success) shares.push(parsed.data);
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const request = campaignApportionUpdateSchema.safeParse({ spend: spendCents! / 100, shares });
  if (!request.success) return { ok: false, errors: { form: request.error.issues[0]!.message } };
  const problem = apportionProblem(request.data.spend, request.data.shares);
  if (problem) return { ok: false, errors: { form: problem } };
  return { ok: true, request: request.data };
}
