import { useId, useMemo, useState } from 'react';
import { ContactsPanel, ContactsPanelEmpty } from '@/app/components/contacts-table/contacts-panel';
import {
  ContactsTable,
  type ContactColumn,
  type ContactTableRow,
} from '@/app/components/contacts-table/contacts-table';
import { ErrorView } from '@/app/components/error-view/error-view';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { StatCard } from '@/app/components/stat-card/stat-card';
import { ComplianceCard } from '@/app/reports/cards/compliance-card';
import { ExportButtons } from '@/app/reports/exports/export-buttons';
import { ReportFilterPanel } from '@/app/reports/filters/report-filter-panel';
import { useReportFilters } from '@/app/reports/filters/use-report-filters';
import { useDropUnknownFilterIds } from '@/app/reports/filters/use-drop-unknown-filter-ids';
import { countOf } from '@/app/reports/table/report-format';
import { TotalLeadsCard } from '@/app/reports/cards/total-leads-card';
import { useReportLookups } from '@/app/query/use-lookup';
import { useHost } from '@/app/host/host';
import {
  CONVERSION_CONTACTS_DEFAULT_LIMIT,
  CONVERSION_ROW,
  type ConversionContactRow,
  type ConversionData,
} from '@/shared/contracts/reports/conversion';
import type { Workspace } from '@/shared/contracts/workspace';
import { CONVERSION_TYPE } from '@/shared/contracts/reports/report-filters';
import {
  canSelectConversionCard,
  CONVERSION_COLLECTIONS,
  CONVERSION_STATS,
  conversionContacts,
  conversionList,
  isBankruptcyPracticeArea,
  toggleConversionCard,
  type ConversionStat,
} from '@/shared/domain/collection-filters';
import { crmLinkSettings, crmRecordLink } from '@/shared/domain/crm-links';
import type { DateRange } from '@/shared/domain/date-range';
import { exportStatus, type ExportContact } from '@/shared/domain/export-rows';
import { PERSPECTIVE_LABELS, type ReportFilterState } from '@/shared/domain/report-filter-state';
import { cycleSort, sortRows, type SortState } from '@/shared/domain/sorting';
import { isCallTrackingEnabled } from '@/shared/domain/workspace-features';
import { ConversionHelp } from './conversion-help';
import { useConversionReport } from './use-conversion-report';
import './conversion-report-screen.css';

export interface ConversionReportScreenProps {
  /** Initial date range; default: stored, else the last 7 days. */
  dateRange?: DateRange | null;
  /** Initial lead-source ids; default: stored, else all. */
  leadSources?: readonly string[] | null;
  /** Where the filters persist in the host's storage (default 'report-filters:conversion'). */
  storageKey?: string;
}

const CARD_LABELS: Record<ConversionStat, string> = {
  LEADS: 'Leads',
  SHOWS: 'Shows',
  HIRES: 'Hires',
  FILED: 'Filed',
  NOHIRES: 'No Hires',
};

/** spec: dashboards 2.7 — the table's columns are the exported ones. */
const COLUMNS: readonly ContactColumn[] = ['name', 'leadSource', 'campaign', 'caseType', 'status'];
const COLUMN_INDEX: Record<ContactColumn, number> = {
  name: CONVERSION_ROW.name,
  leadSource: CONVERSION_ROW.leadSource,
  campaign: CONVERSION_ROW.campaign,
  caseType: CONVERSION_ROW.caseType,
  status: CONVERSION_ROW.status,
};

const number = new Intl.NumberFormat('en-US');

/**
 * The selected card's contacts, filtered by its collection and sorted: as the table shows
 * them (with their CRM links) and as the exports write them.
 */
function useConversionContacts(
  data: ConversionData | null,
  active: ConversionStat | null,
  collection: string | null,
  sort: SortState<ContactColumn> | null,
  workspace: Workspace | null,
) {
  const rows = useMemo(() => {
    if (!data || !active) return [];
    return sortRows<ConversionContactRow, ContactColumn>(
      conversionContacts(data, active, collection),
      sort,
      (row, key) => row[COLUMN_INDEX[key]],
    );
  }, [data, active, collection, sort]);

  const crm = useMemo(() => crmLinkSettings(workspace), [workspace]);
  const tableRows = useMemo<ContactTableRow[]>(
    () =>
      rows.map((row, index) => ({
        key: `${row[CONVERSION_ROW.module]}:${row[CONVERSION_ROW.id]}:${index}`,
        name: row[CONVERSION_ROW.name],
        href: crmRecordLink(crm, {
          id: row[CONVERSION_ROW.id],
          module: row[CONVERSION_ROW.module],
        }),
        leadSource: row[CONVERSION_ROW.leadSource],
        campaign: row[CONVERSION_ROW.campaign],
        caseType: row[CONVERSION_ROW.caseType],
        status: active ? exportStatus(active, collection, row[CONVERSION_ROW.status]) : '',
      })),
    [rows, crm, active, collection],
  );
  const exportContacts = useMemo<ExportContact[]>(
    () =>
      rows.map((row) => ({
        name: row[CONVERSION_ROW.name],
        leadSource: row[CONVERSION_ROW.leadSource],
        campaign: row[CONVERSION_ROW.campaign],
        caseType: row[CONVERSION_ROW.caseType],
        status: row[CONVERSION_ROW.status],
      })),
    [rows],
  );
  return { tableRows, exportContacts };
}

/**
 * The contact-lead conversion report (spec: dashboards 2.7, 4): the filter form (applied
 * only when valid), stat cards LEADS, SHOWS, HIRES, FILED (Bankruptcy only) and NOHIRES,
 * the selected card's contacts with its collection filter, sorting that cycles ascending,
 * descending, then the report's order, CSV and Excel export, a help popup on the two
 * perspectives, and the call-compliance and Total Leads cards refreshed with the filters.
 */
export function ConversionReportScreen({
  dateRange,
  leadSources,
  storageKey = 'report-filters:conversion',
}: ConversionReportScreenProps) {
  const host = useHost();
  const workspace = host.session.workspace;
  const filters = useReportFilters(host, {
    storageKey,
    dateRange,
    leadSources,
    defaults: { type: CONVERSION_TYPE },
  });
  const lookups = useReportLookups();
  useDropUnknownFilterIds(filters, lookups);
  const report = useConversionReport(filters.applied);
  const [selected, setSelected] = useState<ConversionStat | null>(null);
  const [collection, setCollection] = useState<string | null>(null);
  const [sort, setSort] = useState<SortState<ContactColumn> | null>(null);
  const detailId = useId();

  const stats = CONVERSION_STATS.filter(
    (stat) =>
      stat !== 'FILED' ||
      isBankruptcyPracticeArea(workspace?.attributes.settings.primaryPracticeArea),
  );
  const data = report.status === 'loaded' ? report.data : null;
  // A card stays selected only while its report is shown.
  const active = data && selected ? selected : null;

  const { tableRows, exportContacts } = useConversionContacts(
    data,
    active,
    collection,
    sort,
    workspace,
  );

  function select(stat: ConversionStat) {
    const selectable = canSelectConversionCard(data, stat, report.status);
    const next = toggleConversionCard(active, stat, selectable);
    if (next !== active) setCollection(null);
    setSelected(next);
  }

  const loading = report.status === 'loading' || filters.applied === null;
  const collections = active ? CONVERSION_COLLECTIONS[active] : [];
  const collectionLabel = collections.find((c) => c.value === collection)?.label;
  const title = active
    ? `${CARD_LABELS[active]}${collections.length ? ` · ${collectionLabel}` : ''}`
    : '';

  return (
    <div className="ic-conversion">
      {filters.applied ? (
        <ReportFilterPanel
          value={filters.applied}
          defaults={filters.defaults}
          onApply={(next) => {
            setSelected(null);
            setCollection(null);
            filters.apply(next);
          }}
          lookups={lookups}
          loading={loading}
          today={filters.today}
        />
      ) : null}

      <section
        className="ic-conversion__report"
        aria-labelledby={`${detailId}-heading`}
        aria-busy={loading}
      >
        <div className="ic-conversion__toolbar">
          <h2 className="ic-conversion__heading" id={`${detailId}-heading`}>
            {filters.applied
              ? `${PERSPECTIVE_LABELS[filters.applied.type]} perspective`
              : 'Conversion'}
          </h2>
          <ConversionHelp />
        </div>
        {report.status === 'error' ? (
          <div className="ic-conversion__panel">
            <ErrorView onRetry={report.retry} detail={report.detail ?? undefined} />
          </div>
        ) : data ? (
          <div className="ic-conversion__cards" data-count={stats.length}>
            {stats.map((stat) => {
              const count = conversionList(data, stat).length;
              return (
                <StatCard
                  key={stat}
                  label={CARD_LABELS[stat]}
                  value={number.format(data[stat])}
                  caption={count === 0 ? 'No contacts' : countOf(count, 'contact')}
                  selected={active === stat}
                  disabled={active !== stat && !canSelectConversionCard(data, stat, report.status)}
                  onSelect={() => select(stat)}
                  controls={detailId}
                />
              );
            })}
          </div>
        ) : (
          <div className="ic-conversion__panel">
            <LoadingBlock label="Loading Contact Lead Conversion..." />
          </div>
        )}
        {data?.TRUNCATED ? (
          <p className="ic-conversion__note" role="note">
            Long lists are cut at {number.format(CONVERSION_CONTACTS_DEFAULT_LIMIT)} contacts each;
            narrow the filters to see every contact.
          </p>
        ) : null}
      </section>

      {active ? (
        <ContactsPanel
          id={detailId}
          title={title}
          count={`${number.format(tableRows.length)} ${tableRows.length === 1 ? 'contact' : 'contacts'}`}
          actions={
            <ExportButtons
              stat={active}
              collection={collection}
              contacts={exportContacts}
              formats={['csv', 'xlsx']}
            />
          }
          toggles={collections.map((option) => ({
            label: option.label,
            pressed: collection === option.value,
            onClick: () => setCollection(option.value),
          }))}
        >
          {tableRows.length === 0 ? (
            <ContactsPanelEmpty>
              No Data: no contacts match this card and filter.
            </ContactsPanelEmpty>
          ) : (
            <ContactsTable
              rows={tableRows}
              columns={COLUMNS}
              sort={sort}
              onSort={(column) => setSort((current) => cycleSort(current, column))}
              caption={`${title} contacts`}
            />
          )}
        </ContactsPanel>
      ) : null}

      <SideCards filters={filters.applied} callTracking={isCallTrackingEnabled(workspace)} />
    </div>
  );
}

/** Total Leads, and call compliance where the workspace tracks calls, under the report. */
function SideCards({
  filters,
  callTracking,
}: {
  filters: ReportFilterState | null;
  callTracking: boolean;
}) {
  return (
    <div
      className={
        callTracking ? 'ic-conversion__side ic-conversion__side--two' : 'ic-conversion__side'
      }
    >
      <TotalLeadsCard filters={filters} />
      {callTracking ? <ComplianceCard filters={filters} /> : null}
    </div>
  );
}
