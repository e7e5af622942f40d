import type { DraftReading } from '@/app/components/field/use-checked-draft';
import { type CoachingScoreInput, coachingScoreInputSchema } from '@/shared/contracts/coaching';

// The score form of Coaching → Scores (issue #16), read with the server's own contract.

export interface ScoreDraft {
  agentId: string;
  categoryId: string;
  date: string;
  /** As typed: a number field's text. */
  score: string;
  note: string;
}
export type ScoreDraftErrors = Partial<Record<keyof ScoreDraft, string>>;

export const emptyScoreDraft = (today: string): ScoreDraft => ({
  agentId: '',
  categoryId: '',
  date: today,
  score: '',
  note: '',
});

const MESSAGES: Record<keyof ScoreDraft, string> = {
  agentId: 'Choose an agent.',
  categoryId: 'Choose a topic.',
  date: 'Enter the date of the coaching session.',
  score: 'Enter a whole number from 0 to 100.',
  note: 'Keep the note to 1000 characters.',
};

export const FUTURE_DATE_TEXT = 'The date cannot be in the future.';

/** The request to send, or an error per field; `today` is the local day (YYYY-MM-DD). */
export function readScoreDraft(
  draft: ScoreDraft,
  today: string,
): DraftReading<CoachingScoreInput, ScoreDraftErrors> {
  const typed = draft.score.trim();
  const parsed = coachingScoreInputSchema.safeParse({
    agentId: draft.agentId,
    categoryId: draft.categoryId,
    date: draft.date,
    score: typed === '' || !/^-?\d+(\.\d+)?$/.test(typed) ? Number.NaN : Number(typed),
    note: draft.note,
  });
  const errors: ScoreDraftErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof ScoreDraft;
      if (field in MESSAGES && !errors[field]) errors[field] = MESSAGES[field];
    }
  }
  if (!errors.date && draft.date > today) errors.date = FUTURE_DATE_TEXT;
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}
