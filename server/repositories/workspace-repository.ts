import { workspaceGoalsSchema } from '@/shared/contracts/goals';
import { zohoWebUrl } from '@/shared/domain/crm-links';
import type { EditionKey } from '@/shared/contracts/roles';
import { editionKeySchema } from '@/shared/contracts/roles';
import {
  type CrmOrganization,
  type Workspace,
  workspaceSchema,
} from '@/shared/contracts/workspace';
import type { SqlBool } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/database';
import type { WorkspaceTable } from '../db/schema';
import { readJson, writeJson } from './json-column';

const attributes = workspaceSchema.shape.attributes.shape;

/** Settings as stored: practiceAreas are rows of practice_areas, joined in on read. */
export const storedSettingsSchema = attributes.settings.omit({ practiceAreas: true });
export type StoredWorkspaceSettings = z.infer<typeof storedSettingsSchema>;
export const storedVendorsSchema = attributes.vendors;
export const storedProcessesSchema = attributes.processes;
export const storedGoalsSchema = workspaceGoalsSchema;

/**
 * Workspace rows with what the CRM connection adds to each (read on most requests, so
 * asked in the same query): the vendor and data centre it is connected to, and whether the
 * outbox keeps records of it (Async Error Resolution stays in the menu after a disconnect).
 */
const workspaceRows = (db: Db) =>
  db
    .selectFrom('workspaces')
    // crm_connections is keyed by workspace: at most one row joins.
    .leftJoin('crm_connections', 'crm_connections.workspace_id', 'workspaces.id')
    .selectAll('workspaces')
    .select((eb) => [
      'crm_connections.vendor as crm_vendor',
      'crm_connections.location as crm_location',
      // crm_outbox_workspace_idx answers this with one index probe.
      eb
        .exists(
          eb
            .selectFrom('crm_outbox')
            .select('crm_outbox.id')
            .whereRef('crm_outbox.workspace_id', '=', 'workspaces.id'),
        )
        .as('crm_records_kept'),
    ]);

type WorkspaceRow = WorkspaceTable & {
  crm_vendor: string | null;
  crm_location: string | null;
  crm_records_kept: SqlBool;
};

async function toWorkspace(db: Db, row: WorkspaceRow): Promise<Workspace> {
  const [offices, practiceAreas] = await Promise.all([
    db
      .selectFrom('offices')
      .select(['id', 'name'])
      .where('workspace_id', '=', row.id)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('practice_areas')
      .select(['name', 'parent'])
      .where('workspace_id', '=', row.id)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
  ]);
  return {
    id: row.id,
    type: 'workspace',
    attributes: {
      name: row.name,
      timezone: row.timezone,
      edition: editionKeySchema.parse(row.edition),
      isZoho: row.is_zoho === 1,
      crmConnected: row.crm_vendor !== null,
      crmRecordsKept: Boolean(row.crm_records_kept),
      crmWebUrl: row.crm_vendor === 'zoho' ? zohoWebUrl(row.crm_location) : null,
      offices,
      settings: {
        ...readJson(storedSettingsSchema, row.settings, 'workspaces.settings'),
        practiceAreas: practiceAreas.map((area) =>
          area.parent ? { name: area.name, parent: area.parent } : { name: area.name },
        ),
      },
      vendors: readJson(storedVendorsSchema, row.vendors, 'workspaces.vendors'),
      processes: readJson(storedProcessesSchema, row.processes, 'workspaces.processes'),
      goals: readJson(storedGoalsSchema, row.goals, 'workspaces.goals'),
    },
  };
}

export async function findWorkspace(db: Db, id: string): Promise<Workspace | null> {
  const row = await workspaceRows(db).where('workspaces.id', '=', id).executeTakeFirst();
  return row ? toWorkspace(db, row) : null;
}

/** All workspaces, or only the given ids; sorted by name. */
export async function listWorkspaces(db: Db, ids?: readonly string[]): Promise<Workspace[]> {
  if (ids && ids.length === 0) return [];
  let query = workspaceRows(db).orderBy('workspaces.name').orderBy('workspaces.id');
  if (ids) query = query.where('workspaces.id', 'in', ids);
  const rows = await query.execute();
  return Promise.all(rows.map((row) => toWorkspace(db, row)));
}

/** The ids of all workspaces, sorted by name (the system reports' order). */
export async function listWorkspaceIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('workspaces')
    .select('id')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Stores the cockpit goals (already serialised with writeJson) and each given lead
 * source's weekly goals, in one transaction. A source's other Settings are kept; every
 * source must belong to the workspace.
 */
export async function saveCockpitGoals(
  db: Db,
  workspaceId: string,
  goals: string,
  leadSources: readonly { id: string; leadGen: unknown }[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('workspaces').set({ goals }).where('id', '=', workspaceId).execute();
    for (const item of leadSources) {
      const row = await trx
        .selectFrom('lead_sources')
        .select('settings')
        .where('id', '=', item.id)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirstOrThrow();
      // Keep whatever else a source's Settings hold; only leadGen is the goals'.
      const current = parseObject(row.settings);
      const settings = JSON.stringify({ ...current, leadGen: item.leadGen });
      await trx
        .updateTable('lead_sources')
        .set({ settings })
        .where('id', '=', item.id)
        .where('workspace_id', '=', workspaceId)
        .execute();
    }
  });
}

function parseObject(text: string | null): Record<string, unknown> {
  if (!text) return {};
  const value: unknown = JSON.parse(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export async function workspaceExists(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('workspaces')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** The editions of several workspaces at once (for authorizations). */
export async function workspaceEditions(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, EditionKey>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('workspaces')
    .select(['id', 'edition'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, editionKeySchema.parse(row.edition)]));
}

/**
 * The organisation behind the workspace's CRM: Zoho is identified by its org id,
 * Keap / Infusionsoft by its org id and host (spec: session 7, workspace.ts). null when
 * the workspace has no such CRM.
 */
export function crmOrganization(workspace: Workspace, crm: 'zoho' | 'ifs'): CrmOrganization | null {
  const { settings, name } = workspace.attributes;
  if (crm === 'zoho') {
    if (!settings.zoho || !settings.zohoOrgId) return null;
    return {
      id: settings.zohoOrgId,
      name,
      baseUrl: workspace.attributes.crmWebUrl ?? zohoWebUrl(null),
    };
  }
  if (!settings.ifsOrgId || !settings.ifsOrgHost) return null;
  return { id: settings.ifsOrgId, name, baseUrl: settings.ifsOrgHost };
}

/** The stored columns a system user sets (shared/domain/workspace-wizard.ts WorkspaceStoredParts). */
export interface WorkspaceWrite {
  name: string;
  timezone: string;
  edition: EditionKey;
  isZoho: boolean;
  settings: StoredWorkspaceSettings;
  vendors: z.input<typeof storedVendorsSchema>;
}

/** A new workspace's goals: all 0 until its owner sets them in Settings > Cockpit goals. */
const EMPTY_GOALS: z.input<typeof storedGoalsSchema> = {
  leadGen: { leadsMin: 0, leadsMax: 0 },
  salesPerformance: {
    targetInboundSetRate: 0,
    outboundCallsMin: 0,
    outboundCallsMax: 0,
    outboundAnswersMin: 0,
    outboundAnswersMax: 0,
    outboundSetsMin: 0,
    outboundSetsMax: 0,
    appointmentsScheduledMin: 0,
    appointmentsScheduledMax: 0,
    spotsFilledMin: 0,
    spotsFilledMax: 0,
    showsMin: 0,
    showsMax: 0,
    hiresMin: 0,
    hiresMax: 0,
  },
  communications: { allowableMissedCalls: 0, allowableAbandonedCalls: 0, averageWaitTime: 0 },
};

/**
 * Creates a workspace (System > Workspace wizard): its settings and vendors, no processes,
 * goals at 0, and no offices, practice areas, lead sources or campaigns yet — the
 * workspace's own lookups answer empty lists until its admins add them.
 */
export async function createWorkspace(
  db: Db,
  input: { id: string; write: WorkspaceWrite; now: Date },
): Promise<Workspace> {
  const { id, write, now } = input;
  await db
    .insertInto('workspaces')
    .values({
      id,
      name: write.name,
      timezone: write.timezone,
      edition: write.edition,
      is_zoho: write.isZoho ? 1 : 0,
      settings: writeJson(storedSettingsSchema, write.settings),
      vendors: writeJson(storedVendorsSchema, write.vendors),
      processes: writeJson(storedProcessesSchema, { leadGeneration: null, relationshipCall: null }),
      goals: writeJson(storedGoalsSchema, EMPTY_GOALS),
      created_at: now.toISOString(),
    })
    .execute();
  const created = await findWorkspace(db, id);
  if (!created) throw new Error(`workspace ${id} was not stored`);
  return created;
}

/** Writes a workspace's system settings (System > Workspaces); processes and goals are kept. */
export async function updateWorkspace(db: Db, id: string, write: WorkspaceWrite): Promise<void> {
  await db
    .updateTable('workspaces')
    .set({
      name: write.name,
      timezone: write.timezone,
      edition: write.edition,
      is_zoho: write.isZoho ? 1 : 0,
      settings: writeJson(storedSettingsSchema, write.settings),
      vendors: writeJson(storedVendorsSchema, write.vendors),
    })
    .where('id', '=', id)
    .execute();
}

/** The id of another workspace with this name (names are unique, case-insensitively). */
export async function workspaceNamedLike(
  db: Db,
  name: string,
  exceptId?: string,
): Promise<string | null> {
  const rows = await db.selectFrom('workspaces').select(['id', 'name']).execute();
  const wanted = name.trim().toLowerCase();
  const match = rows.find((row) => row.id !== exceptId && row.name.trim().toLowerCase() === wanted);
  return match?.id ?? null;
}

/**
 * The CallTrackingMetrics account a workspace's vendors name (issue #32): connecting an
 * account makes it the workspace's, so the recording links of its calls (spec 7
 * "{ctm site}/accounts/{account}/calls/{sid}/recording") point at it.
 */
export async function setCallTrackingAccount(
  db: Db,
  workspaceId: string,
  account: string,
): Promise<void> {
  const row = await db
    .selectFrom('workspaces')
    .select('vendors')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) return;
  const vendors = readJson(storedVendorsSchema, row.vendors, 'workspaces.vendors');
  await db
    .updateTable('workspaces')
    .set({
      vendors: writeJson(storedVendorsSchema, { ...vendors, callTrackingMetrics: { account } }),
    })
    .where('id', '=', workspaceId)
    .execute();
}

/**
 * Holds the workspace's row until the transaction `trx` ends, so that a check and the write
 * it allows are not split by another request's (PostgreSQL: the row's lock, taken by a
 * write that changes nothing; SQLite: its one writer at a time).
 */
export async function lockWorkspace(trx: Db, workspaceId: string): Promise<void> {
  await trx
    .updateTable('workspaces')
    .set((eb) => ({ processes: eb.ref('processes') }))
    .where('id', '=', workspaceId)
    .execute();
}

/**
 * Sets the process an incoming call that names none runs (issue #34: the designer's
 * lead-generation process), or none. Whether that workspace's lead generation is
 * asynchronous (its CRM records go through the outbox later) is the workspace's own
 * setting and stays as it was. Run it in a transaction that holds lockWorkspace: what else
 * `processes` holds is read, then written back.
 */
export async function setLeadGenerationProcess(
  db: Db,
  workspaceId: string,
  processId: string | null,
): Promise<Workspace['attributes']['processes']> {
  const row = await db
    .selectFrom('workspaces')
    .select('processes')
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  const processes = readJson(storedProcessesSchema, row.processes, 'workspaces.processes');
  const previous = processes.leadGeneration;
  const next = {
    ...processes,
    leadGeneration: processId
      ? {
          id: processId,
          task: previous?.task ?? 'Lead Generation',
          customExecution: previous?.customExecution ?? false,
          async: previous?.async ?? false,
        }
      : null,
  };
  await db
    .updateTable('workspaces')
    .set({ processes: writeJson(storedProcessesSchema, next) })
    .where('id', '=', workspaceId)
    .execute();
  return next;
}
