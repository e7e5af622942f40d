import type {
  AgentParameters,
  AgentParametersUpdate,
  ComplianceMinimums,
  UsersParameters,
} from '@/shared/contracts/users-parameters';
import { NO_MINIMUMS } from '@/shared/contracts/users-parameters';
import { DEFAULT_COMPLIANCE_MINIMUM } from '@/shared/domain/users-parameters';
import type { Db } from '../db/database';
import { listAgents, listConsultants, listOffices, listPracticeAreas } from './lookup-repository';
import { isWorkspaceRow } from './workspace-rows';

// Settings > Users parameters (issue #16): agent_parameters and agent_practice_areas of
// migration 0008. An agent without a row has no parameters set.

/** One agent's stored parameters (what the reports read). */
export interface StoredAgentParameters {
  officeId: string | null;
  consultantId: string | null;
  practiceAreaIds: string[];
  minimums: ComplianceMinimums;
  updatedAt: string | null;
}

export const EMPTY_AGENT_PARAMETERS: StoredAgentParameters = Object.freeze({
  officeId: null,
  consultantId: null,
  practiceAreaIds: [],
  minimums: NO_MINIMUMS,
  updatedAt: null,
});

/** Every agent's parameters in the workspace, by agent id (agents without any are absent). */
export async function loadAgentParameters(
  db: Db,
  workspaceId: string,
): Promise<Map<string, StoredAgentParameters>> {
  const [rows, areas] = await Promise.all([
    db.selectFrom('agent_parameters').selectAll().where('workspace_id', '=', workspaceId).execute(),
    db
      .selectFrom('agent_practice_areas as a')
      .innerJoin('practice_areas as p', 'p.id', 'a.practice_area_id')
      .select(['a.agent_id', 'a.practice_area_id'])
      .where('a.workspace_id', '=', workspaceId)
      .orderBy('p.sort_order')
      .orderBy('p.id')
      .execute(),
  ]);
  const result = new Map<string, StoredAgentParameters>();
  for (const row of rows) {
    result.set(row.agent_id, {
      officeId: row.office_id,
      consultantId: row.consultant_id,
      practiceAreaIds: [],
      minimums: {
        outboundCallsPerWeek: row.min_outbound_calls,
        outboundAnswersPerWeek: row.min_outbound_answers,
        outboundSetsPerWeek: row.min_outbound_sets,
        compliancePercent: row.min_compliance_percent,
      },
      updatedAt: row.updated_at,
    });
  }
  for (const area of areas) {
    const entry = result.get(area.agent_id) ?? { ...EMPTY_AGENT_PARAMETERS, practiceAreaIds: [] };
    entry.practiceAreaIds = [...entry.practiceAreaIds, area.practice_area_id];
    result.set(area.agent_id, entry);
  }
  return result;
}

/** One agent's parameters (no row: none set). */
export async function agentParametersOf(
  db: Db,
  workspaceId: string,
  agentId: string,
): Promise<StoredAgentParameters> {
  return (await loadAgentParameters(db, workspaceId)).get(agentId) ?? EMPTY_AGENT_PARAMETERS;
}

/** The agents whose office is one of these (the office filter of agent reports). */
export async function agentIdsInOffices(
  db: Db,
  workspaceId: string,
  officeIds: readonly string[],
): Promise<string[]> {
  if (officeIds.length === 0) return [];
  const rows = await db
    .selectFrom('agent_parameters')
    .select('agent_id')
    .where('workspace_id', '=', workspaceId)
    .where('office_id', 'in', [...officeIds])
    .execute();
  return rows.map((row) => row.agent_id);
}

/** The Users parameters page: every agent with their parameters, and the choices. */
export async function listUsersParameters(db: Db, workspaceId: string): Promise<UsersParameters> {
  const [agents, offices, practiceAreas, consultants, stored] = await Promise.all([
    listAgents(db, workspaceId),
    listOffices(db, workspaceId),
    listPracticeAreas(db, workspaceId),
    listConsultants(db, workspaceId),
    loadAgentParameters(db, workspaceId),
  ]);
  const linked = new Set([...stored.values()].map((p) => p.consultantId));
  return {
    agents: agents.map((agent) => toAgentParameters(agent, stored.get(agent.id))),
    offices: offices.map((o) => ({ id: o.id, name: o.label })),
    practiceAreas: practiceAreas.map((p) => ({ id: p.id, name: p.name, parent: p.parent ?? null })),
    consultants: consultants
      .filter((c) => c.active || linked.has(c.id))
      .map((c) => ({ id: c.id, name: c.name, active: c.active })),
    defaults: { compliancePercent: DEFAULT_COMPLIANCE_MINIMUM },
  };
}

export function toAgentParameters(
  agent: { id: string; name: string; active: boolean },
  stored: StoredAgentParameters | undefined,
): AgentParameters {
  const p = stored ?? EMPTY_AGENT_PARAMETERS;
  return {
    agentId: agent.id,
    agentName: agent.name,
    active: agent.active,
    officeId: p.officeId,
    practiceAreaIds: p.practiceAreaIds,
    consultantId: p.consultantId,
    minimums: p.minimums,
    updatedAt: p.updatedAt,
  };
}

/** Replaces the agent's parameters (already checked against the workspace). */
export async function saveAgentParameters(
  db: Db,
  target: { workspaceId: string; agentId: string },
  update: AgentParametersUpdate,
  by: { userId: string; now: Date },
): Promise<void> {
  const row = {
    office_id: update.officeId,
    consultant_id: update.consultantId,
    min_outbound_calls: update.minimums.outboundCallsPerWeek,
    min_outbound_answers: update.minimums.outboundAnswersPerWeek,
    min_outbound_sets: update.minimums.outboundSetsPerWeek,
    min_compliance_percent: update.minimums.compliancePercent,
    updated_by: by.userId,
    updated_at: by.now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('agent_parameters')
      .values({ agent_id: target.agentId, workspace_id: target.workspaceId, ...row })
      .onConflict((oc) => oc.column('agent_id').doUpdateSet(row))
      .execute();
    await trx.deleteFrom('agent_practice_areas').where('agent_id', '=', target.agentId).execute();
    if (update.practiceAreaIds.length > 0) {
      await trx
        .insertInto('agent_practice_areas')
        .values(
          update.practiceAreaIds.map((id) => ({
            agent_id: target.agentId,
            practice_area_id: id,
            workspace_id: target.workspaceId,
          })),
        )
        .execute();
    }
  });
}

/** An agent of the workspace, as the parameters answer names it. */
export interface AgentSummary {
  id: string;
  name: string;
  active: boolean;
}

/** The first (by id) agent of the workspace linked to this person, if any. */
export async function findAgentOfPerson(
  db: Db,
  workspaceId: string,
  personId: string,
): Promise<AgentSummary | null> {
  const row = await db
    .selectFrom('agents')
    .select(['id', 'name', 'active'])
    .where('workspace_id', '=', workspaceId)
    .where('person_id', '=', personId)
    .orderBy('id')
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, active: row.active === 1 } : null;
}

/** Whether the office is one of the workspace's. */
export function isWorkspaceOffice(db: Db, workspaceId: string, officeId: string): Promise<boolean> {
  return isWorkspaceRow(db, 'offices', workspaceId, officeId);
}

/** Which of these ids are practice areas of the workspace. */
export async function workspacePracticeAreaIds(
  db: Db,
  workspaceId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('practice_areas')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}
