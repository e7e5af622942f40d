import {
  FOLLOW_UP_KINDS,
  OPEN_FOLLOW_UP_LIMIT,
  type AgentSummary,
  type FollowUpKind,
  type OpenCounts,
  type OpenFollowUp,
} from '@/shared/contracts/reports/agent-summary';
import { compareCodes } from './sorting';

/**
 * The agent dashboard's follow-ups (docs/agent-dashboard.md; issue #30): "Callbacks: none
 * due" sat beside an overdue callback, "Relationship calls 2 of 2 made" beside fifteen
 * overdue, because the figures counted the period's promises and the list everything still
 * open. Both now come from here: the server summarises the open follow-ups once
 * (`summariseOpenFollowUps`: the list and its counts from the same rows), and each figure
 * reads the period's promises together with those counts (`followUpFigures`).
 */

/** An open follow-up as the server reads it, before it is listed. */
export interface OpenFollowUpRow {
  kind: FollowUpKind;
  contactName: string | null;
  /** The day it was due ('YYYY-MM-DD'). */
  dueDay: string;
  /** Orders follow-ups of the same day and kind (a callback's request time). */
  order: string;
}

export interface OpenFollowUps {
  total: number;
  byKind: Record<FollowUpKind, OpenCounts>;
  items: OpenFollowUp[];
}

/**
 * The open follow-ups of an agent on `today`: oldest first (on the same day a caller's
 * callback before the planned calls), at most `limit` listed, and the counts by kind of all
 * of them — so the counts never disagree with the list, whether or not it is cut.
 */
export function summariseOpenFollowUps(
  rows: readonly OpenFollowUpRow[],
  today: string,
  limit: number = OPEN_FOLLOW_UP_LIMIT,
): OpenFollowUps {
  const sorted = [...rows].sort(
    (a, b) =>
      compareCodes(a.dueDay, b.dueDay) ||
      FOLLOW_UP_KINDS.indexOf(a.kind) - FOLLOW_UP_KINDS.indexOf(b.kind) ||
      compareCodes(a.order, b.order),
  );
  const byKind = Object.fromEntries(
    FOLLOW_UP_KINDS.map((kind) => [kind, { open: 0, overdue: 0 }]),
  ) as Record<FollowUpKind, OpenCounts>;
  for (const row of sorted) {
    byKind[row.kind].open += 1;
    if (row.dueDay < today) byKind[row.kind].overdue += 1;
  }
  return {
    total: sorted.length,
    byKind,
    items: sorted.slice(0, limit).map(({ kind, contactName, dueDay }) => ({
      kind,
      contactName,
      dueDay,
      overdue: dueDay < today,
    })),
  };
}

export interface FollowUpFigure {
  kind: FollowUpKind;
  label: string;
  /** The period's promises: due in it, and kept. */
  due: number;
  done: number;
  /** Still open now (listed under "Open now"), and of those, overdue. */
  open: number;
  overdue: number;
  /** "2 of 4 made today", "none due today". */
  periodText: string;
  /** "15 overdue", or null when none is. */
  overdueText: string | null;
}

const LABELS: Record<FollowUpKind, string> = {
  callback: 'Callbacks',
  relationship: 'Relationship calls',
  collection: 'Collection calls',
};
const VERBS: Record<FollowUpKind, string> = {
  callback: 'returned',
  relationship: 'made',
  collection: 'made',
};

/**
 * One line per kind: the period's promises ("2 of 4 made today") and what of that kind is
 * overdue now, from the same open follow-ups the list shows.
 */
export function followUpFigures(summary: AgentSummary): FollowUpFigure[] {
  const when = summary.period === 'day' ? 'today' : 'this week';
  const promises: Record<FollowUpKind, { due: number; done: number }> = {
    callback: summary.followUps.callbacks,
    relationship: summary.followUps.relationship,
    collection: summary.followUps.collection,
  };
  return FOLLOW_UP_KINDS.map((kind) => {
    const { due, done } = promises[kind];
    const { open, overdue } = summary.open.byKind[kind];
    return {
      kind,
      label: LABELS[kind],
      due,
      done,
      open,
      overdue,
      periodText: due === 0 ? `none due ${when}` : `${done} of ${due} ${VERBS[kind]} ${when}`,
      overdueText: overdue > 0 ? `${overdue} overdue` : null,
    };
  });
}
