import { type CallFlowState, callFlowStateSchema } from '@/shared/contracts/call-flow';
import type { ParkedExecution } from '@/shared/contracts/call-flow-api';
import type { Db } from '../db/database';
import { readJson } from './json-column';

// Issue #28 "Park this walk-in and take the call" and "Unfinished intakes":
// parked_executions of migrations 0022 and 0024, one per execution, of two kinds: 'parked'
// (a walk-in parked to take a call) and 'open' (the latest state of an intake in progress,
// held by the wizard that runs it). The routes decide who may; this module only reads and
// writes, each change in one statement so two devices at once cannot both win.

export interface ParkedRow {
  executionId: string;
  workspaceId: string;
  userId: string;
  stateJson: string;
  parkedAt: string;
}

/** Parks (or parks again, replacing the state) an execution; an open one becomes parked. */
export async function parkExecution(db: Db, row: ParkedRow): Promise<void> {
  const values = {
    execution_id: row.executionId,
    workspace_id: row.workspaceId,
    user_id: row.userId,
    state: row.stateJson,
    parked_at: row.parkedAt,
    kind: 'parked' as const,
    holder: null,
  };
  await db
    .insertInto('parked_executions')
    .values(values)
    .onConflict((oc) =>
      oc.column('execution_id').doUpdateSet({
        user_id: values.user_id,
        state: values.state,
        parked_at: values.parked_at,
        kind: values.kind,
        holder: values.holder,
      }),
    )
    .execute();
}

/** What saving an open state did: saved, left a parked one alone, or refused another holder's. */
export type OpenStateOutcome = 'saved' | 'parked' | 'held-elsewhere';

/**
 * Keeps the latest state of an intake in progress: written when there is no record or the
 * open one is this holder's; a parked record is left as it is (a late save of the wizard
 * that parked it), another holder's open one too (the intake was resumed elsewhere).
 */
export async function saveOpenState(
  db: Db,
  row: ParkedRow & { holder: string },
): Promise<OpenStateOutcome> {
  const written = await db
    .insertInto('parked_executions')
    .values({
      execution_id: row.executionId,
      workspace_id: row.workspaceId,
      user_id: row.userId,
      state: row.stateJson,
      parked_at: row.parkedAt,
      kind: 'open',
      holder: row.holder,
    })
    .onConflict((oc) =>
      oc
        .column('execution_id')
        .doUpdateSet({ state: row.stateJson, parked_at: row.parkedAt })
        .where('parked_executions.kind', '=', 'open')
        .where('parked_executions.holder', '=', row.holder),
    )
    .returning('execution_id')
    .executeTakeFirst();
  if (written) return 'saved';
  const kept = await db
    .selectFrom('parked_executions')
    .select('kind')
    .where('execution_id', '=', row.executionId)
    .executeTakeFirst();
  return kept?.kind === 'parked' ? 'parked' : 'held-elsewhere';
}

/** A user's unfinished flows (both kinds) in a workspace, newest first, as a list shows them. */
export async function listParkedExecutions(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<ParkedExecution[]> {
  const rows = await db
    .selectFrom('parked_executions as k')
    .innerJoin('process_executions as e', 'e.id', 'k.execution_id')
    .leftJoin('process_definitions as d', (join) =>
      join.onRef('d.workspace_id', '=', 'e.workspace_id').onRef('d.uid', '=', 'e.process_uid'),
    )
    .select(['k.execution_id', 'k.state', 'k.parked_at', 'k.kind', 'e.process_uid', 'd.name'])
    .where('k.workspace_id', '=', workspaceId)
    .where('k.user_id', '=', userId)
    .orderBy('k.parked_at', 'desc')
    .orderBy('k.execution_id')
    .execute();
  return rows.map((row) => {
    const state = readJson(callFlowStateSchema, row.state, 'parked state');
    return {
      executionId: row.execution_id,
      processName: row.name ?? state.processDefinition?.name ?? row.process_uid,
      leadName: state.callData?.leadName ?? '',
      phone: state.callData?.phone ?? '',
      parkedAt: row.parked_at,
      kind: row.kind,
      stepTitle: state.status === 'at-form' ? (state.wizardStep?.title ?? null) : null,
    };
  });
}

/**
 * Takes the kept state out: answers it and deletes the row in one statement, so of two
 * resumes at once only one gets the state (null for the other, and when none is kept).
 */
export async function takeParkedExecution(
  db: Db,
  executionId: string,
): Promise<CallFlowState | null> {
  const row = await db
    .deleteFrom('parked_executions')
    .where('execution_id', '=', executionId)
    .returning('state')
    .executeTakeFirst();
  return row ? readJson(callFlowStateSchema, row.state, 'parked state') : null;
}

/**
 * Resumes into a wizard that will keep saving it: the record (parked or open) becomes an
 * open one held by `holder`, in one statement, answering the state (null when none is
 * kept). The last resume takes it: the wizard that held it before is refused its next
 * save (saveOpenState).
 */
export async function holdExecution(
  db: Db,
  executionId: string,
  holder: string,
  at: string,
): Promise<CallFlowState | null> {
  const row = await db
    .updateTable('parked_executions')
    .set({ kind: 'open', holder, parked_at: at })
    .where('execution_id', '=', executionId)
    .returning('state')
    .executeTakeFirst();
  return row ? readJson(callFlowStateSchema, row.state, 'parked state') : null;
}

export async function deleteParkedExecution(db: Db, executionId: string): Promise<void> {
  await db.deleteFrom('parked_executions').where('execution_id', '=', executionId).execute();
}
