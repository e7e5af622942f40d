import { useMemo, useState } from 'react';
import { ContactsPanel, ContactsPanelEmpty } from '@/app/components/contacts-table/contacts-panel';
import {
  ContactsTable,
  type ContactColumn,
  type ContactTableRow,
} from '@/app/components/contacts-table/contacts-table';
import { ErrorView } from '@/app/components/error-view/error-view';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { ExportButtons } from '@/app/reports/exports/export-buttons';
import { useHost } from '@/app/host/host';
import type { PclcContactRow, PclcStat } from '@/shared/contracts/reports/pclc';
import { crmLinkSettings, crmRecordLink } from '@/shared/domain/crm-links';
import type { ExportContact } from '@/shared/domain/export-rows';
import {
  FUNNEL_CARD_LABELS,
  FUNNEL_COLLECTION_LABELS,
  shownCollection,
  toggleCollection,
} from '@/shared/domain/funnel-cards';
import type { ReportFilterState } from '@/shared/domain/report-filter-state';
import { NO_DATA } from '@/shared/query/data-errors';
import { sortRows, toggleSort, type SortState } from '@/shared/domain/sorting';
import { useFunnelContacts } from './use-funnel-report';

/** spec: dashboards 2.5 — the funnel's contacts table columns. */
const FUNNEL_COLUMNS: readonly ContactColumn[] = ['name', 'leadSource', 'campaign', 'caseType'];

export interface FunnelContactsProps {
  id: string;
  stat: PclcStat;
  collection: string | null;
  onCollectionChange: (collection: string | null) => void;
  filters: ReportFilterState | null;
}

const number = new Intl.NumberFormat('en-US');

/**
 * The detail section under a selected funnel card (spec: dashboards 2.5, 4): its toggle
 * filters, the Excel and CSV export, and the sortable contacts table (default by name
 * ascending; a new column starts ascending, the same column flips).
 */
export function FunnelContacts({
  id,
  stat,
  collection,
  onCollectionChange,
  filters,
}: FunnelContactsProps) {
  const host = useHost();
  const contacts = useFunnelContacts(filters, stat, collection);
  const [sort, setSort] = useState<SortState<ContactColumn>>({ key: 'name', direction: 'asc' });
  const crm = useMemo(() => crmLinkSettings(host.session.workspace), [host.session.workspace]);

  const sorted = useMemo(() => {
    const rows = contacts.status === 'loaded' ? (contacts.data?.rows ?? []) : [];
    return sortRows<PclcContactRow, ContactColumn>(rows, sort, (row, key) =>
      key === 'status' ? row.status : row[key],
    );
  }, [contacts.status, contacts.data, sort]);

  const tableRows = useMemo<ContactTableRow[]>(
    () =>
      sorted.map((row) => ({
        key: `${row.module}:${row.id}`,
        name: row.name,
        href: crmRecordLink(crm, row),
        leadSource: row.leadSource ?? '',
        campaign: row.campaign ?? '',
        caseType: row.caseType ?? '',
        status: row.status,
      })),
    [sorted, crm],
  );
  const exportContacts = useMemo<ExportContact[]>(
    () =>
      sorted.map((row) => ({
        name: row.name,
        leadSource: row.leadSource,
        campaign: row.campaign,
        caseType: row.caseType,
        status: row.status,
      })),
    [sorted],
  );

  const toggles = FUNNEL_COLLECTION_LABELS[stat];
  const chosen = toggles.find((toggle) => toggle.value === collection);
  const title = `${FUNNEL_CARD_LABELS[stat]}${chosen ? ` · ${chosen.label}` : ''}`;
  const total = contacts.status === 'loaded' ? (contacts.data?.total ?? 0) : null;
  const shown = tableRows.length;

  return (
    <ContactsPanel
      id={id}
      title={title}
      count={
        total === null
          ? '\u00a0'
          : shown < total
            ? `Showing ${number.format(shown)} of ${number.format(total)} contacts`
            : `${number.format(total)} ${total === 1 ? 'contact' : 'contacts'}`
      }
      actions={
        <ExportButtons
          stat={stat}
          collection={collection}
          contacts={exportContacts}
          disabled={contacts.status !== 'loaded'}
        />
      }
      toggles={toggles.map((toggle) => ({
        label: toggle.label,
        pressed: shownCollection(stat, collection) === toggle.value,
        onClick: () => onCollectionChange(toggleCollection(collection, toggle.value)),
      }))}
    >
      {contacts.status === 'error' ? (
        <ErrorView onRetry={contacts.retry} detail={contacts.detail ?? undefined} />
      ) : contacts.status === 'loaded' ? (
        tableRows.length === 0 ? (
          <ContactsPanelEmpty>
            {NO_DATA}: no contacts match this card and filters.
          </ContactsPanelEmpty>
        ) : (
          <ContactsTable
            rows={tableRows}
            columns={FUNNEL_COLUMNS}
            sort={sort}
            onSort={(column) => setSort((current) => toggleSort(current, column))}
            caption={`${title} contacts`}
          />
        )
      ) : (
        <LoadingBlock label="Loading Contacts..." />
      )}
    </ContactsPanel>
  );
}
