import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  ReportRangeBar,
  useReportRange,
  type ReportRange,
} from '@/app/reports/filters/report-range-bar';
import { useReportQuery } from '@/app/reports/use-report-query';
import { MultiSelect, type MultiSelectOption } from '@/app/components/multi-select/multi-select';
import { useLookup } from '@/app/query/use-lookup';
import { staffCompliancePercent } from '@/shared/domain/compliance';
import { compareLabels } from '@/shared/domain/sorting';
import { countOf, formatCount, formatWholePercent } from '@/app/reports/table/report-format';
import {
  fetchPeopleAgents,
  fetchPeopleTab,
  fetchRelationshipAgents,
  fetchStaffCompliance,
  fetchTeamCompliance,
} from '@/shared/api/reports/people';
import type { ComplianceRow, StaffComplianceRow } from '@/shared/contracts/reports/team-compliance';
import {
  complianceColumns,
  CONSULTANT_COLUMNS,
  CONSULTANT_RATE_NOTE,
  RELATIONSHIP_COLUMNS,
  staffComplianceColumns,
  TEAM_COLUMNS,
  TEAM_RATE_NOTE,
  type ConsultantRow,
  type RelationshipRow,
  type TeamRow,
} from './team-columns';
import { TeamTableSection } from './team-table-section';
import '@/app/reports/layout/report-layout.css';
import './team-screens.css';

const isEmptyList = (rows: readonly unknown[]) => rows.length === 0;
const byName = { key: 'name', direction: 'asc' } as const;
const asAgent = (row: { id: string; name: string }) => ({ id: row.id, name: row.name });

interface TeamRange extends ReportRange {
  /**
   * List inactive users too. Not persisted: a manager turns it on to look back at someone
   * who left; next visit the team is the active people again.
   */
  inactive: boolean;
  setInactive: (next: boolean) => void;
}

function useTeamRange(storageKey: string): TeamRange {
  const range = useReportRange(storageKey);
  const [inactive, setInactive] = useState(false);
  return { ...range, inactive, setInactive };
}

/** The range, and the inactive-users switch (applied at once), and a screen's own controls. */
function TeamRangeBar({ team, extra }: { team: TeamRange; extra?: ReactNode }) {
  const id = useId();
  return (
    <ReportRangeBar value={team}>
      {extra}
      <label className="ic-range-bar__extra ic-team__toggle" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={team.inactive}
          onChange={(event) => team.setInactive(event.target.checked)}
        />
        Show inactive users
      </label>
    </ReportRangeBar>
  );
}

/** A Team screen: the range bar over the screen's table sections. */
function TeamScreen({
  team,
  extra,
  children,
}: {
  team: TeamRange;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="ic-report-screen ic-team">
      <TeamRangeBar team={team} extra={extra} />
      {children}
    </div>
  );
}

/** The people-tab body of the range, with the inactive-users switch; null until the range is read. */
function usePeopleBody(team: TeamRange) {
  return useMemo(
    () => (team.range ? { ...team.range, inactiveUsers: team.inactive } : null),
    [team.range, team.inactive],
  );
}

/** Team Reports (/app/team/reports): each agent's leads, sets and calls in the range. */
export function TeamActivityScreen() {
  const team = useTeamRange('report-filters:team-activity');
  const input = usePeopleBody(team);
  const state = useReportQuery(
    'people-team',
    input,
    async (api, workspaceId, body) => (await fetchPeopleTab(api, workspaceId, 'team', body)).rows,
    isEmptyList,
  );
  return (
    <TeamScreen team={team}>
      <TeamTableSection<TeamRow>
        title="Agents"
        loadingLabel="Loading Team Reports..."
        state={state}
        columns={TEAM_COLUMNS}
        rowKey={(row) => row.id}
        initialSort={byName}
        fileName="team_reports_data"
        agentOf={asAgent}
        range={team.range}
        summary={(rows) => teamSummary(rows)}
        note={TEAM_RATE_NOTE}
      />
    </TeamScreen>
  );
}

function teamSummary(rows: readonly TeamRow[]) {
  const sum = (value: (row: TeamRow) => number) => rows.reduce((n, row) => n + value(row), 0);
  return `${countOf(rows.length, 'agent')}: ${countOf(
    sum((r) => r.leads),
    'lead',
  )}, ${countOf(
    sum((r) => r.sets),
    'set',
  )}, ${countOf(sum((r) => r.inboundCalls) + sum((r) => r.outboundCalls), 'call')}.`;
}

/**
 * Team Reports (/app/team/team-reports): the consultants' consults and hires, and each
 * agent's relationship calls (open and made).
 */
export function TeamSalesScreen() {
  const team = useTeamRange('report-filters:team-sales');
  const input = usePeopleBody(team);
  const consultants = useReportQuery(
    'people-consultants',
    input,
    async (api, workspaceId, body) =>
      (await fetchPeopleTab(api, workspaceId, 'consultants', body)).rows,
    isEmptyList,
  );
  // Relationship calls are "open now" and "made in the last 30 days": not the range's.
  const relationships = useReportQuery(
    'relationship-agents',
    true,
    (api, workspaceId) => fetchRelationshipAgents(api, workspaceId, true),
    isEmptyList,
  );
  const showInactive = team.inactive;
  const activeOnly = useMemo(
    () => (showInactive ? undefined : (row: RelationshipRow) => row.active),
    [showInactive],
  );
  return (
    <TeamScreen team={team}>
      <TeamTableSection<ConsultantRow>
        title="Consultants"
        loadingLabel="Loading Consultants..."
        state={consultants}
        columns={CONSULTANT_COLUMNS}
        rowKey={(row) => row.id}
        initialSort={byName}
        fileName="consultants_data"
        range={team.range}
        summary={(rows) => {
          const consults = rows.reduce((n, r) => n + r.consults, 0);
          const hires = rows.reduce((n, r) => n + r.hires, 0);
          return `${countOf(rows.length, 'consultant')}: ${countOf(consults, 'consult')}, ${countOf(hires, 'hire')}.`;
        }}
        note={CONSULTANT_RATE_NOTE}
      />
      <TeamTableSection<RelationshipRow>
        title="Relationship calls"
        loadingLabel="Loading Relationship Calls..."
        state={relationships}
        columns={RELATIONSHIP_COLUMNS}
        rowKey={(row) => row.id}
        initialSort={{ key: 'open', direction: 'desc' }}
        fileName="relationship_calls_data"
        filter={activeOnly}
        agentOf={asAgent}
        range={team.range}
        summary={(rows) =>
          `Open now (due up to today, not made): ${formatCount(
            rows.reduce((n, r) => n + r.openRelationshipCalls, 0),
          )}. Made in the last 30 days: ${formatCount(
            rows.reduce((n, r) => n + r.relationshipCallsMade30Days, 0),
          )}.`
        }
      />
    </TeamScreen>
  );
}

/** Compliance (/app/team/compliance): callbacks, relationship and collection calls kept. */
export function TeamComplianceScreen() {
  const team = useTeamRange('report-filters:team-compliance');
  const state = useReportQuery(
    'team-compliance',
    team.range,
    (api, workspaceId, range) => fetchTeamCompliance(api, workspaceId, range),
    isEmptyList,
  );
  // The report lists anyone with work due; the switch hides those no longer active.
  const inactive = useInactiveAgentIds();
  const showInactive = team.inactive;
  const filter = useMemo(
    () => (showInactive ? undefined : (row: ComplianceRow) => !inactive.has(row.AGENT_ID)),
    [showInactive, inactive],
  );
  const columns = useMemo(() => complianceColumns(inactive), [inactive]);
  return (
    <TeamScreen team={team}>
      <TeamTableSection<ComplianceRow>
        title="Compliance"
        loadingLabel="Loading Compliance..."
        state={state}
        columns={columns}
        rowKey={(row) => row.AGENT_ID}
        initialSort={{ key: 'percent', direction: 'asc' }}
        fileName="compliance_data"
        filter={filter}
        agentOf={(row) => ({ id: row.AGENT_ID, name: row.AGENT_NAME })}
        range={team.range}
        summary={complianceSummary}
      />
    </TeamScreen>
  );
}

/** The team's rate the way each row's is computed: everything done / everything due. */
function complianceSummary(rows: readonly ComplianceRow[]) {
  let due = 0;
  let done = 0;
  for (const r of rows) {
    due += r.CALLBACKS_REQUESTED + r.RELATIONSHIP_DUE + r.COLLECTION_DUE;
    done += r.CALLBACKS_RETURNED + r.RELATIONSHIP_MADE + r.COLLECTION_MADE;
  }
  const percent = staffCompliancePercent(done, due);
  return `Team compliance ${formatWholePercent(percent)}: ${formatCount(done)} of ${countOf(
    due,
    'promise',
  )} kept by ${countOf(rows.length, 'agent')}.`;
}

/** Agent AI Compliance (/app/people/agent-ai-compliance): each agent's compliance rates. */
export function StaffComplianceScreen() {
  const team = useTeamRange('report-filters:staff-compliance');
  // The agents' offices (Settings > Users parameters), applied at once like the switch.
  const [offices, setOffices] = useState<string[]>([]);
  const officeOptions = useOfficeOptions();
  const input = useMemo(
    () => (team.range ? { range: team.range, inactiveUsers: team.inactive, offices } : null),
    [team.range, team.inactive, offices],
  );
  const state = useReportQuery(
    'staff-compliance',
    input,
    (api, workspaceId, { range, inactiveUsers, offices: chosen }) =>
      fetchStaffCompliance(api, workspaceId, range, inactiveUsers, chosen),
    isEmptyList,
  );
  const inactive = useInactiveAgentIds();
  const columns = useMemo(() => staffComplianceColumns(inactive), [inactive]);
  return (
    <TeamScreen
      team={team}
      extra={
        // As on the report filter panel: the field shows once the workspace has offices.
        officeOptions.length > 0 ? (
          <MultiSelect
            label="Offices"
            placeholder="All offices"
            options={officeOptions}
            selected={offices}
            onChange={setOffices}
            className="ic-team__offices"
          />
        ) : null
      }
    >
      <TeamTableSection<StaffComplianceRow>
        title="Agent compliance"
        loadingLabel="Loading Agent AI Compliance..."
        state={state}
        columns={columns}
        rowKey={(row) => row.agentId}
        initialSort={{ key: 'overall', direction: 'asc' }}
        fileName="agent_compliance_data"
        agentOf={(row) => ({ id: row.agentId, name: row.agentName })}
        range={team.range}
        summary={(rows) =>
          `${countOf(rows.length, 'agent')}, lowest overall first. Rates are rounded up to a whole percent; — means nothing of that kind was due.`
        }
      />
    </TeamScreen>
  );
}

const NO_IDS: ReadonlySet<string> = new Set();

/** The workspace's offices (the cached lookup every report shares), by name. */
function useOfficeOptions(): MultiSelectOption[] {
  const { items } = useLookup('offices');
  return useMemo(
    () =>
      items
        .map((office) => ({ value: office.id, label: office.label }))
        .sort((a, b) => compareLabels(a.label, b.label)),
    [items],
  );
}

/**
 * The agents no longer active (GET reports/people/agents), for reports whose rows do not
 * say; empty until the list has loaded (or if it fails: nobody is hidden or marked).
 */
function useInactiveAgentIds(): ReadonlySet<string> {
  const agents = useReportQuery('people-agents', true, (api, workspaceId) =>
    fetchPeopleAgents(api, workspaceId),
  );
  return useMemo(
    () => (agents.data ? new Set(agents.data.filter((a) => !a.active).map((a) => a.id)) : NO_IDS),
    [agents.data],
  );
}
