import { useCompact } from '@/app/host/compact';
import { useId, useMemo, useState } from 'react';
import { ErrorView } from '@/app/components/error-view/error-view';
import { InfoTip } from '@/app/components/info-tip/info-tip';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { StatCard } from '@/app/components/stat-card/stat-card';
import { ComplianceCard } from '@/app/reports/cards/compliance-card';
import { ReportFilterPanel } from '@/app/reports/filters/report-filter-panel';
import { useReportFilters } from '@/app/reports/filters/use-report-filters';
import { useDropUnknownFilterIds } from '@/app/reports/filters/use-drop-unknown-filter-ids';
import { TotalLeadsCard } from '@/app/reports/cards/total-leads-card';
import { useReportLookups } from '@/app/query/use-lookup';
import { useHost } from '@/app/host/host';
import type { PclcStat } from '@/shared/contracts/reports/pclc';
import { isBankruptcyPracticeArea } from '@/shared/domain/collection-filters';
import type { DateRange } from '@/shared/domain/date-range';
import {
  funnelCards,
  funnelCardsAboveNote,
  funnelCardsAboveSummary,
} from '@/shared/domain/funnel-cards';
import { isCallTrackingEnabled } from '@/shared/domain/workspace-features';
import { FunnelContacts } from './funnel-contacts';
import { useFunnelReport } from './use-funnel-report';
import './funnel-report-screen.css';

/**
 * Props of the funnel (snapshot/PCLC) report screen. Everything else comes from the host
 * (useHost: api, storage, navigate, session, notify), so the widgets package it unchanged.
 */
export interface FunnelReportScreenProps {
  /** Initial date range (a widget's date-range attribute); default: stored, else the last 7 days. */
  dateRange?: DateRange | null;
  /** Initial lead-source ids (a widget's lead-sources attribute); default: stored, else all. */
  leadSources?: readonly string[] | null;
  /** Show the shared filter panel (default true). */
  showFilters?: boolean;
  /** The Filed card flag (spec 2.5 "when a flag is on"); default: Bankruptcy workspaces. */
  showFiled?: boolean;
  /** Where the filters persist in the host's storage (default 'report-filters:funnel'). */
  storageKey?: string;
}

const number = new Intl.NumberFormat('en-US');

/**
 * The funnel report (spec: dashboards 2.5, 2.6, 2.9, 4): the filter panel, the stat cards
 * with their rate tooltips, the selected card's contacts with toggles, sorting and
 * exports, the Total Leads card and, when call tracking is enabled, the call-compliance
 * card. /app/dashboards/dashboard shows it; the <intake-funnel> widget wraps it.
 */
export function FunnelReportScreen({
  dateRange,
  leadSources,
  showFilters = true,
  showFiled,
  storageKey = 'report-filters:funnel',
}: FunnelReportScreenProps) {
  const host = useHost();
  const workspace = host.session.workspace;
  const filters = useReportFilters(host, { storageKey, dateRange, leadSources });
  const lookups = useReportLookups();
  useDropUnknownFilterIds(filters, lookups);
  const report = useFunnelReport(filters.applied);
  const [selected, setSelected] = useState<PclcStat | null>(null);
  const [collection, setCollection] = useState<string | null>(null);
  const detailId = useId();

  const withFiled =
    showFiled ?? isBankruptcyPracticeArea(workspace?.attributes.settings.primaryPracticeArea);
  const cards = useMemo(
    () =>
      report.data
        ? funnelCards(report.data, { showFiled: withFiled, type: filters.applied?.type })
        : [],
    [report.data, withFiled, filters.applied?.type],
  );
  // In the CRM panel the compliance widget above shows the compliance card already, and
  // the cockpit's Lead Flow the leads by source: the funnel shows its own figures only.
  const above = useMemo(() => {
    if (!report.data) return null;
    const options = { showFiled: withFiled, type: filters.applied?.type };
    const note = funnelCardsAboveNote(report.data, options);
    const summary = funnelCardsAboveSummary(report.data, options);
    return note && summary ? { note, summary } : null;
  }, [report.data, withFiled, filters.applied?.type]);
  const compact = useCompact();
  const callTracking = isCallTrackingEnabled(workspace);
  const withCompliance = callTracking && !compact;
  const loading = report.status === 'loading' || filters.applied === null;

  function select(stat: PclcStat) {
    // spec: dashboards 4 — the selected stat decides the toggles; a new card starts blank.
    setCollection(null);
    setSelected((current) => (current === stat ? null : stat));
  }

  return (
    <div className="ic-funnel">
      {/* In the CRM panel, where no page title says what this is (issue #30). */}
      {compact ? <h2 className="ic-funnel__title">Funnel</h2> : null}
      {showFilters && filters.applied ? (
        <ReportFilterPanel
          value={filters.applied}
          defaults={filters.defaults}
          onApply={filters.apply}
          lookups={lookups}
          loading={loading}
          today={filters.today}
        />
      ) : null}

      <section className="ic-funnel__report" aria-label="Funnel" aria-busy={loading}>
        {report.status === 'error' ? (
          <div className="ic-funnel__panel">
            <ErrorView onRetry={report.retry} detail={report.detail ?? undefined} />
          </div>
        ) : report.status === 'loaded' && cards.length > 0 ? (
          <div className="ic-funnel__cards" data-count={cards.length}>
            {cards.map((card) => (
              <StatCard
                key={card.stat}
                label={card.label}
                value={number.format(card.value)}
                caption={card.caption}
                selected={selected === card.stat}
                onSelect={() => select(card.stat)}
                controls={detailId}
                info={<InfoTip label={`How ${card.label} is computed`}>{card.formula}</InfoTip>}
              />
            ))}
          </div>
        ) : (
          <div className="ic-funnel__panel">
            <LoadingBlock label="Loading PCLC..." />
          </div>
        )}
        {report.status === 'loaded' && above ? (
          compact ? (
            // The CRM panel: one line, the whole note one press away (issue #30: the
            // owner's panel fits within two screens whatever the figures).
            <p className="ic-funnel__note">
              {above.summary}{' '}
              <InfoTip label="Why a rate passes 100%" align="start">
                {above.note}
              </InfoTip>
            </p>
          ) : (
            <p className="ic-funnel__note">{above.note}</p>
          )
        ) : null}
      </section>

      {selected && report.status === 'loaded' ? (
        <FunnelContacts
          id={detailId}
          stat={selected}
          collection={collection}
          onCollectionChange={setCollection}
          filters={filters.applied}
        />
      ) : null}

      {compact ? null : (
        <div
          className={withCompliance ? 'ic-funnel__side ic-funnel__side--two' : 'ic-funnel__side'}
        >
          <TotalLeadsCard filters={filters.applied} />
          {withCompliance ? <ComplianceCard filters={filters.applied} /> : null}
        </div>
      )}
    </div>
  );
}
