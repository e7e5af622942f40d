import {
  peopleAgentsResponseSchema,
  peopleResponseSchema,
  relationshipAgentsResponseSchema,
  type PeopleData,
  type PeopleRequest,
  type PeopleTab,
} from '@/shared/contracts/reports/people';
import {
  complianceResponseSchema,
  staffComplianceResponseSchema,
  type ComplianceRequest,
  type StaffComplianceQuery,
} from '@/shared/contracts/reports/team-compliance';
import type { DateRange } from '@/shared/domain/date-range';
import type { ApiClient } from '../client';
import { callForData } from '../client';

const reports = (workspaceId: string) => `workspaces/${encodeURIComponent(workspaceId)}/reports`;

/** GET workspaces/{id}/reports/people/agents — every agent, active or not (spec: dashboards 7). */
export async function fetchPeopleAgents(api: ApiClient, workspaceId: string) {
  return callForData(api, peopleAgentsResponseSchema, {
    method: 'GET',
    path: `${reports(workspaceId)}/people/agents`,
  });
}

/** GET workspaces/{id}/reports/relationships/agents?include=person — relationship calls per agent. */
export async function fetchRelationshipAgents(
  api: ApiClient,
  workspaceId: string,
  includePerson = false,
) {
  return callForData(api, relationshipAgentsResponseSchema, {
    method: 'GET',
    path: `${reports(workspaceId)}/relationships/agents`,
    ...(includePerson ? { query: { include: 'person' } } : {}),
  });
}

/** The answer of one tab, narrowed by the tab asked for. */
export type PeopleTabData<T extends PeopleTab> = Extract<PeopleData, { tab: T }>;

/** POST workspaces/{id}/reports/people/{tab} — team, consultants or one agent (spec: dashboards 7). */
export async function fetchPeopleTab<T extends PeopleTab>(
  api: ApiClient,
  workspaceId: string,
  tab: T,
  body: PeopleRequest,
): Promise<PeopleTabData<T>> {
  const response = await api.call(peopleResponseSchema, {
    method: 'POST',
    path: `${reports(workspaceId)}/people/${tab}`,
    body,
  });
  if (response.data.tab !== tab) {
    throw new Error(`people/${tab} answered the ${response.data.tab} tab`);
  }
  return response.data as PeopleTabData<T>;
}

/** POST workspaces/{id}/reports/compliance — promises kept per agent (spec: dashboards 7). */
export async function fetchTeamCompliance(
  api: ApiClient,
  workspaceId: string,
  body: ComplianceRequest,
) {
  return callForData(api, complianceResponseSchema, {
    method: 'POST',
    path: `${reports(workspaceId)}/compliance`,
    body,
  });
}

/**
 * GET workspaces/{id}/reports/staff-compliance — rates per agent, rounded up (spec:
 * dashboards 7, 9); active agents only unless `inactiveUsers`.
 */
export async function fetchStaffCompliance(
  api: ApiClient,
  workspaceId: string,
  range: DateRange,
  inactiveUsers = false,
  offices: readonly string[] = [],
) {
  const query: StaffComplianceQuery = { startDate: range.startDate, endDate: range.endDate };
  if (inactiveUsers) query.inactiveUsers = 'true';
  // Only the agents of these offices (their Users parameters office); none = everyone.
  if (offices.length > 0) query.offices = [...offices];
  return callForData(api, staffComplianceResponseSchema, {
    method: 'GET',
    path: `${reports(workspaceId)}/staff-compliance`,
    query,
  });
}
