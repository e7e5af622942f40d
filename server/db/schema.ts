/**
 * The typed model of the database for Kysely. Column names are snake_case; repositories
 * map rows to the API contracts of shared/contracts.
 *
 * Portability (ARCHITECTURE.md: SQLite by default, PostgreSQL later):
 * - flags are 0/1 integers (better-sqlite3 cannot bind booleans; PostgreSQL stores 0/1 fine);
 * - timestamps are ISO-8601 UTC text ("2025-01-31T12:00:00.000Z"), which sorts correctly
 *   as text in both databases;
 * - nested settings are JSON text, parsed with their zod contract on read.
 */
export type Flag = 0 | 1;

export interface MetaTable {
  key: string;
  value: string;
}

export interface WorkspaceTable {
  id: string;
  name: string;
  timezone: string;
  edition: string;
  is_zoho: Flag;
  /** JSON: workspace settings without practiceAreas (those live in practice_areas). */
  settings: string;
  /** JSON: vendors (zoho, quickBooks, callTrackingMetrics, needsAuth). */
  vendors: string;
  /** JSON: processes (leadGeneration, relationshipCall). */
  processes: string;
  /** JSON: default weekly goals (shared/contracts/goals.ts). */
  goals: string;
  created_at: string;
}

export interface PersonTable {
  id: string;
  workspace_id: string | null;
  first_name: string;
  last_name: string;
  email: string | null;
  created_at: string;
}

export interface UserTable {
  id: string;
  /** Always stored lowercased and trimmed; unique. */
  username: string;
  email: string;
  password_hash: string;
  picture: string | null;
  language: string;
  timezone: string;
  calendar_type: string | null;
  cs_account_id: string | null;
  person_id: string | null;
  created_at: string;
}

export interface AuthorizationTable {
  id: string;
  user_id: string;
  /** null for the system role, which belongs to no workspace. */
  workspace_id: string | null;
  role: string;
  status: 'active' | 'inactive';
  created_at: string;
}

export interface RefreshTokenTable {
  jti: string;
  user_id: string;
  /** Every token rotated from one sign-in shares the family id of the first. */
  family_id: string;
  issued_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The jti that replaced this token when it was rotated. */
  replaced_by: string | null;
}

export interface AgentTable {
  id: string;
  workspace_id: string;
  person_id: string | null;
  name: string;
  ctm_user_id: string | null;
  zoho_user_id: string | null;
  active: Flag;
  created_at: string;
}

export interface ConsultantTable {
  id: string;
  workspace_id: string;
  person_id: string | null;
  name: string;
  active: Flag;
  created_at: string;
}

export interface LeadSourceTable {
  id: string;
  workspace_id: string;
  key: string;
  label: string;
  medium: string | null;
  active: Flag;
  /** JSON `{ leadGen: {leadsMin, leadsMax} | null }` or null. */
  settings: string | null;
  created_at: string;
}

export interface CampaignTable {
  id: string;
  workspace_id: string;
  lead_source_id: string | null;
  /** The CRM id of the campaign (spec: dashboards 3 Campaign). */
  key: string;
  label: string;
  medium: string | null;
  active: Flag;
  created_at: string;
}

export interface OfficeTable {
  id: string;
  workspace_id: string;
  key: string;
  label: string;
  name: string;
  /** Offices without a timezone exist and are skipped by the client (spec: dashboards 3). */
  timezone: string | null;
  created_at: string;
}

export interface PracticeAreaTable {
  id: string;
  workspace_id: string;
  name: string;
  /** The parent practice area's name, or null for a top-level area. */
  parent: string | null;
  sort_order: number;
}

export interface CaseTypeTable {
  id: string;
  workspace_id: string;
  key: string;
  label: string;
  /** The parent case type's key: set for sub case types (spec: dashboards 3). */
  parent_key: string | null;
  sort_order: number;
}

export interface CtmUserTable {
  /** The call-tracking service's user id. */
  id: string;
  workspace_id: string;
  uid: string;
  first_name: string;
  last_name: string;
  email: string;
}

export interface CrmUserTable {
  id: string;
  workspace_id: string;
  /** 'zoho' or 'ifs' (Keap / Infusionsoft). */
  provider: string;
  /** The user id inside the CRM, which is what the API answers as `id`. */
  external_id: string;
  name: string;
  email: string;
}

export interface CoachingCategoryTable {
  id: string;
  name: string;
  sort_order: number;
}

export interface Database {
  meta: MetaTable;
  workspaces: WorkspaceTable;
  persons: PersonTable;
  users: UserTable;
  authorizations: AuthorizationTable;
  refresh_tokens: RefreshTokenTable;
  agents: AgentTable;
  consultants: ConsultantTable;
  lead_sources: LeadSourceTable;
  campaigns: CampaignTable;
  offices: OfficeTable;
  practice_areas: PracticeAreaTable;
  case_types: CaseTypeTable;
  ctm_users: CtmUserTable;
  crm_users: CrmUserTable;
  coaching_categories: CoachingCategoryTable;
}
