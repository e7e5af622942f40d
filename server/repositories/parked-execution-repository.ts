import { type CallFlowState, callFlowStateSchema } from '@/shared/contracts/call-flow';
import type { ParkedExecution } from '@/shared/contracts/call-flow-api';
import type { Db } from '../db/database';
import { readJson } from './json-column';

// Issue #28 "Park this walk-in and take the call": parked_executions of migration 0022,
// one per execution. The routes decide who may; this module only reads and writes.

export interface ParkedRow {
  executionId: string;
  workspaceId: string;
  userId: string;
  stateJson: string;
  parkedAt: string;
}

/** Parks (or parks again, replacing the state) an execution. */
export async function parkExecution(db: Db, row: ParkedRow): Promise<void> {
  const values = {
    execution_id: row.executionId,
    workspace_id: row.workspaceId,
    user_id: row.userId,
    state: row.stateJson,
    parked_at: row.parkedAt,
  };
  await db
    .insertInto('parked_executions')
    .values(values)
    .onConflict((oc) =>
      oc.column('execution_id').doUpdateSet({
        user_id: values.user_id,
        state: values.state,
        parked_at: values.parked_at,
      }),
    )
    .execute();
}

/** A user's parked flows in a workspace, newest first, with what a list shows of each. */
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
    .select(['k.execution_id', 'k.state', 'k.parked_at', 'e.process_uid', 'd.name'])
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
    };
  });
}

/**
 * Takes the parked state out: answers it and deletes the row in one statement, so of two
 * resumes at once only one gets the state (null for the other, and when none is parked).
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

export async function deleteParkedExecution(db: Db, executionId: string): Promise<void> {
  await db.deleteFrom('parked_executions').where('execution_id', '=', executionId).execute();
}
