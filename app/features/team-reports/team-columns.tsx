import { countColumn } from '@/app/reports/table/report-columns';
import type { ReportColumn } from '@/app/reports/table/report-table';
import { rateColumn } from '@/app/reports/table/rate-column';
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
  rateColumn(
    'setRate',
    'Set rate',
    (r) => r.setRate,
    (r) => r.setRateBasis,
    { numerator: 'set so far', denominator: 'leads qualified in the range' },
  ),
  countColumn('inboundCalls', 'Inbound calls', (r) => r.inboundCalls),
  countColumn('inboundConnected', 'Inbound connected', (r) => r.inboundConnected),
  countColumn('outboundCalls', 'Outbound calls', (r) => r.outboundCalls),
  countColumn('outboundAnswered', 'Outbound answered', (r) => r.outboundAnswered),
];

/**
 * What the team table's set rate divides (issue #30): the footnote under the table. The
 * Sets column is the agent's activity; the rate follows the agent's own qualified leads,
 * so it stays within 100%.
 */
export const TEAM_RATE_NOTE =
  'Sets: appointments each agent set in the range. Set rate: of the leads the agent ' +
  'qualified in the range, the share set so far (hover a rate for its two counts), so it ' +
  'never passes 100%.';

/**
 * Team Reports (people/consultants): each consultant's consults in the range and what
 * became of them (issue #30: one population, so hires never exceed consults).
 */
export const CONSULTANT_COLUMNS: readonly ReportColumn<ConsultantRow>[] = [
  { key: 'name', label: 'Consultant', value: (r) => personName(r) },
  countColumn('consults', 'Consults', (r) => r.consults),
  countColumn('qualifiedConsults', 'Qualified consults', (r) => r.qualifiedConsults),
  countColumn('hires', 'Hires', (r) => r.hires),
  countColumn('noHires', 'No hires', (r) => r.noHires),
  rateColumn(
    'hireRate',
    'Hire rate',
    (r) => r.hireRate,
    (r) => ({ numerator: r.hires, denominator: r.qualifiedConsults }),
    { numerator: 'hires', denominator: 'qualified consults' },
  ),
];

/** What the consultants table counts (issue #30): the footnote under it. */
export const CONSULTANT_RATE_NOTE =
  'Consults: appointments each consultant held in the range. Qualified consults leave out ' +
  'those unqualified at the appointment. Hires and No hires: the decisions on these ' +
  'consults so far, including those made after the range, so they never exceed the ' +
  'consults; the rest are not decided yet. Hire rate = hires / qualified consults.';

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
