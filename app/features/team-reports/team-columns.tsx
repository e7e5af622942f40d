import { countColumn, percentColumn } from '@/app/reports/table/report-columns';
import type { ReportColumn } from '@/app/reports/table/report-table';
import { formatWholePercent } from '@/app/reports/table/report-format';
import type { z } from 'zod';
import type {
  consultantRowSchema,
  relationshipAgentSchema,
  teamRowSchema,
} from '@/shared/contracts/reports/people';
import type { ComplianceRow, StaffComplianceRow } from '@/shared/contracts/reports/team-compliance';

export type TeamRow = z.infer<typeof teamRowSchema>;
export type ConsultantRow = z.infer<typeof consultantRowSchema>;
export type RelationshipRow = z.infer<typeof relationshipAgentSchema>;

/** A person's name, marked when they are no longer active. */
export const markInactive = (name: string, active: boolean) =>
  active ? name : `${name} (inactive)`;
const personName = (row: { name: string; active: boolean }) => markInactive(row.name, row.active);

function wholeRate<T>(
  key: string,
  label: string,
  value: (row: T) => number | null,
): ReportColumn<T> {
  return { key, label, value, numeric: true, render: (row) => formatWholePercent(value(row)) };
}

/** Team Reports (people/team): what each agent did in the range. */
export const TEAM_COLUMNS: readonly ReportColumn<TeamRow>[] = [
  { key: 'name', label: 'Agent', value: (r) => personName(r) },
  countColumn('leads', 'Leads', (r) => r.leads),
  countColumn('sets', 'Sets', (r) => r.sets),
  percentColumn('setRate', 'Set rate', (r) => r.setRate),
  countColumn('inboundCalls', 'Inbound calls', (r) => r.inboundCalls),
  countColumn('inboundConnected', 'Inbound connected', (r) => r.inboundConnected),
  countColumn('outboundCalls', 'Outbound calls', (r) => r.outboundCalls),
  countColumn('outboundAnswered', 'Outbound answered', (r) => r.outboundAnswered),
];

/** Team Reports (people/consultants): consultations and hires per consultant. */
export const CONSULTANT_COLUMNS: readonly ReportColumn<ConsultantRow>[] = [
  { key: 'name', label: 'Consultant', value: (r) => personName(r) },
  countColumn('consults', 'Consults', (r) => r.consults),
  countColumn('hires', 'Hires', (r) => r.hires),
  countColumn('noHires', 'No hires', (r) => r.noHires),
  percentColumn('hireRate', 'Hire rate', (r) => r.hireRate),
];

/** Relationship calls per agent: due and not made, and made in the last 30 days. */
export const RELATIONSHIP_COLUMNS: readonly ReportColumn<RelationshipRow>[] = [
  { key: 'name', label: 'Agent', value: (r) => personName(r) },
  {
    key: 'email',
    label: 'E-mail',
    value: (r) => r.person?.email ?? null,
  },
  countColumn('open', 'Open relationship calls', (r) => r.openRelationshipCalls),
  countColumn('made', 'Made (last 30 days)', (r) => r.relationshipCallsMade30Days),
];

/**
 * Compliance (reports/compliance): promises due in the range and kept. `inactive`: the
 * ids of agents no longer active (the rows do not say).
 */
export const complianceColumns = (inactive: ReadonlySet<string>): ReportColumn<ComplianceRow>[] => [
  {
    key: 'name',
    label: 'Agent',
    value: (r) => markInactive(r.AGENT_NAME, !inactive.has(r.AGENT_ID)),
  },
  countColumn('callbacksRequested', 'Callbacks requested', (r) => r.CALLBACKS_REQUESTED),
  countColumn('callbacksReturned', 'Callbacks returned', (r) => r.CALLBACKS_RETURNED),
  countColumn('relationshipDue', 'Relationship calls due', (r) => r.RELATIONSHIP_DUE),
  countColumn('relationshipMade', 'Relationship calls made', (r) => r.RELATIONSHIP_MADE),
  countColumn('collectionDue', 'Collection calls due', (r) => r.COLLECTION_DUE),
  countColumn('collectionMade', 'Collection calls made', (r) => r.COLLECTION_MADE),
  wholeRate('percent', 'Compliance', (r) => r.COMPLIANCE_PERCENT),
];

/** Agent AI Compliance (reports/staff-compliance): each kind of work's rate, rounded up. */
export const staffComplianceColumns = (
  inactive: ReadonlySet<string>,
): ReportColumn<StaffComplianceRow>[] => [
  {
    key: 'name',
    label: 'Agent',
    value: (r) => markInactive(r.agentName, !inactive.has(r.agentId)),
  },
  wholeRate('inbound', 'Inbound answered', (r) => r.inboundRate),
  wholeRate('outbound', 'Outbound connected', (r) => r.outboundRate),
  wholeRate('callback', 'Callbacks returned', (r) => r.callbackRate),
  wholeRate('relationship', 'Relationship calls', (r) => r.relationshipRate),
  wholeRate('collection', 'Collection calls', (r) => r.collectionRate),
  {
    ...wholeRate('overall', 'Overall', (r: StaffComplianceRow) => r.overallRate),
    // The agent's own minimum (Settings > Users parameters, docs/users-parameters.md).
    render: (r) => (
      <>
        {formatWholePercent(r.overallRate)}
        {r.belowMinimum ? <span className="ic-report-badge">Below minimum</span> : null}
      </>
    ),
  },
  wholeRate('minimum', 'Minimum', (r) => r.minimumPercent ?? null),
];
