import { type StepDraft, stepDraftSchema } from '@/shared/contracts/call-flow-api';
import type { Variables } from '@/shared/contracts/call-flow';
import { variablesSchema } from '@/shared/contracts/call-flow';
import type { Db } from '../db/database';
import { readJson } from './json-column';

// Issue #28 "Typed answers are never lost": step_drafts of migration 0022, one row per
// execution and step. The routes decide who may; this module only reads and writes.

export interface StepDraftKey {
  executionId: string;
  stepId: string;
}

/** Writes the step's draft; the last save wins. */
export async function saveStepDraft(
  db: Db,
  key: StepDraftKey,
  userId: string,
  valuesJson: string,
  now: string,
): Promise<void> {
  const row = {
    execution_id: key.executionId,
    step_id: key.stepId,
    user_id: userId,
    draft_values: valuesJson,
    updated_at: now,
  };
  await db
    .insertInto('step_drafts')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['execution_id', 'step_id']).doUpdateSet({
        user_id: row.user_id,
        draft_values: row.draft_values,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function findStepDraft(db: Db, key: StepDraftKey): Promise<StepDraft | null> {
  const row = await db
    .selectFrom('step_drafts')
    .select(['draft_values', 'updated_at'])
    .where('execution_id', '=', key.executionId)
    .where('step_id', '=', key.stepId)
    .executeTakeFirst();
  if (!row) return null;
  const values: Variables = readJson(variablesSchema, row.draft_values, 'step draft');
  return stepDraftSchema.parse({ values, updatedAt: row.updated_at });
}

export async function deleteStepDraft(db: Db, key: StepDraftKey): Promise<void> {
  await db
    .deleteFrom('step_drafts')
    .where('execution_id', '=', key.executionId)
    .where('step_id', '=', key.stepId)
    .execute();
}

/** Every draft of an execution (it ended: what was typed is in its history now). */
export async function deleteExecutionDrafts(db: Db, executionId: string): Promise<void> {
  await db.deleteFrom('step_drafts').where('execution_id', '=', executionId).execute();
}
