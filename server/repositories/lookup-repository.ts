import type {
  Agent,
  Campaign,
  CaseType,
  CoachingCategory,
  Consultant,
  CrmUser,
  CtmUser,
  LeadSource,
  Office,
  PracticeArea,
} from '@/shared/contracts/lookups';
import { leadSourceSchema } from '@/shared/contracts/lookups';
import type { Db } from '../db/database';
import { isTestLeadSource } from '@/shared/domain/lead-sources';
import { compareCodes, compareLabels } from '@/shared/domain/sorting';
import { readJson } from './json-column';
import { workspaceRows } from './workspace-rows';

/** spec: dashboards 3 — lists sort case-insensitively by name (ties by id, for stable pages). */
function byLabel<T extends { id: string }>(label: (item: T) => string) {
  return (a: T, b: T) =>
    compareLabels(label(a), label(b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

const storedLeadSourceSettings = leadSourceSchema.shape.Settings;

/** Visible lead sources (active and inactive; the client filters by status). */
export async function listLeadSources(db: Db, workspaceId: string): Promise<LeadSource[]> {
  const rows = await workspaceRows(db, 'lead_sources', workspaceId);
  return rows
    .filter((row) => !isTestLeadSource(row))
    .map((row) => ({
      id: row.id,
      key: row.key,
      label: row.label,
      medium: row.medium,
      active: row.active === 1,
      Settings:
        row.settings === null
          ? null
          : readJson(storedLeadSourceSettings, row.settings, 'lead_sources.settings'),
    }))
    .sort(byLabel((s) => s.label));
}

/** Campaigns; those of hidden (Test) lead sources are hidden with their source. */
export async function listCampaigns(db: Db, workspaceId: string): Promise<Campaign[]> {
  const rows = await db
    .selectFrom('campaigns')
    .leftJoin('lead_sources', 'lead_sources.id', 'campaigns.lead_source_id')
    .select([
      'campaigns.id',
      'campaigns.key',
      'campaigns.label',
      'campaigns.medium',
      'campaigns.active',
      'campaigns.lead_source_id',
      'lead_sources.label as source_label',
    ])
    .where('campaigns.workspace_id', '=', workspaceId)
    .execute();
  return rows
    .filter((row) => row.source_label === null || !isTestLeadSource({ label: row.source_label }))
    .map((row) => ({
      id: row.id,
      key: row.key,
      label: row.label,
      active: row.active === 1,
      medium: row.medium,
      leadSourceId: row.lead_source_id,
    }))
    .sort(byLabel((c) => c.label));
}

export async function listOffices(db: Db, workspaceId: string): Promise<Office[]> {
  const rows = await workspaceRows(db, 'offices', workspaceId);
  return rows
    .map((row) => ({
      id: row.id,
      key: row.key,
      label: row.label,
      attributes: { name: row.name, timezone: row.timezone },
    }))
    .sort(byLabel((o) => o.label));
}

/** Case types then their sub case types, in the workspace's own order. */
export async function listCaseTypes(db: Db, workspaceId: string): Promise<CaseType[]> {
  const rows = await workspaceRows(db, 'case_types', workspaceId, 'sort_order');
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    label: row.label,
    parent: row.parent_key,
  }));
}

export async function listPracticeAreas(db: Db, workspaceId: string): Promise<PracticeArea[]> {
  const rows = await workspaceRows(db, 'practice_areas', workspaceId, 'sort_order');
  return rows.map((row) => ({ id: row.id, name: row.name, parent: row.parent }));
}

export async function listAgents(db: Db, workspaceId: string): Promise<Agent[]> {
  const rows = await workspaceRows(db, 'agents', workspaceId);
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      personId: row.person_id,
      ctmUserId: row.ctm_user_id,
      zohoUserId: row.zoho_user_id,
      active: row.active === 1,
    }))
    .sort(byLabel((a) => a.name));
}

export async function listConsultants(db: Db, workspaceId: string): Promise<Consultant[]> {
  const rows = await workspaceRows(db, 'consultants', workspaceId);
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      personId: row.person_id,
      active: row.active === 1,
    }))
    .sort(byLabel((c) => c.name));
}

export async function listCrmUsers(
  db: Db,
  workspaceId: string,
  provider: 'zoho' | 'ifs',
): Promise<CrmUser[]> {
  const rows = await db
    .selectFrom('crm_users')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('provider', '=', provider)
    .execute();
  return rows
    .map((row) => ({ key: row.id, id: row.external_id, name: row.name, email: row.email }))
    .sort((a, b) => compareLabels(a.name, b.name) || compareCodes(a.key, b.key))
    .map(({ id, name, email }) => ({ id, name, email }));
}

export async function listCtmUsers(db: Db, workspaceId: string): Promise<CtmUser[]> {
  const rows = await workspaceRows(db, 'ctm_users', workspaceId);
  return rows
    .map((row) => ({
      id: row.id,
      uid: row.uid,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
    }))
    .sort(byLabel((u) => `${u.last_name} ${u.first_name}`));
}

export async function listCoachingCategories(db: Db): Promise<CoachingCategory[]> {
  return db
    .selectFrom('coaching_categories')
    .select(['id', 'name'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}
