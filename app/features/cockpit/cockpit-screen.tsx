import { useCompact } from '@/app/host/compact';
import {
  FilterDisclosure,
  filterSummary,
} from '@/app/components/filter-disclosure/filter-disclosure';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { DateRangeValue } from '@/app/components/date-range-fields/date-range-fields';
import { isDateRangeValid } from '@/app/components/date-range-fields/date-range-fields';
import { Page } from '@/app/components/page/page';
import { useDataQuery, useQueryScope, type DataState } from '@/app/query/use-data-query';
import { useHost } from '@/app/host/host';
import { useWorkspaceTimezone } from '@/app/reports/report-workspace';
import { useStoredFilters } from '@/app/reports/filters/use-stored-filters';
import { SystemStatusBanner } from '@/app/components/system-status-banner/system-status-banner';
import type { CockpitFilter } from '@/shared/api/cockpit';
import type { GoalSources } from '@/shared/api/goals';
import type { CallTrackingConnection } from '@/shared/contracts/call-tracking-connection';
import type { WorkspaceGoals } from '@/shared/contracts/goals';
import type { Workspace } from '@/shared/contracts/workspace';
import { cockpitGoalsForRange } from '@/shared/domain/cockpit-goals';
import {
  communicationsMetrics,
  salesPerformanceMetrics,
  withEveryActiveLeadSource,
  type LeadFlowRow,
} from '@/shared/domain/cockpit-metrics';
import {
  type CockpitModule,
  cockpitModuleStatus,
  FIRST_CARD_OPEN_DELAY_MS,
  isCockpitModuleEnabled,
} from '@/shared/domain/cockpit-status';
import {
  acknowledgeWarning,
  type CockpitWarning,
  callTrackingWarning,
  communicationsWarnings,
  EMPTY_WARNING_LOG,
  leadFlowWarnings,
  openWarnings,
  recordWarnings,
  salesPerformanceWarnings,
  type WarningLog,
} from '@/shared/domain/cockpit-warnings';
import { daysInRange, defaultReportRange, formatDisplayDay } from '@/shared/domain/date-range';
import { MANAGERS_AND_SYSTEM } from '@/shared/domain/role-groups';
import {
  parseStoredCockpitFilter,
  serializeCockpitFilter,
} from '@/shared/domain/report-filter-state';
import { todayInTimezone } from '@/shared/domain/workspace-day';
import { callTrackingConnectionQuery } from '@/shared/query/settings-queries';
import {
  cashFlowCardQuery,
  cockpitCardsKey,
  communicationsCardQuery,
  goalSourcesKey,
  goalSourcesQuery,
  leadFlowCardQuery,
  salesPerformanceCardQuery,
} from '@/shared/query/report-queries';
import { CashFlowCard } from './cash-flow-card';
import { cardLoadOf, type CardLoad } from './cockpit-card';
import { CockpitFilterBar } from './cockpit-filter-bar';
import { CommunicationsCard } from './communications-card';
import { LeadFlowCard } from './lead-flow-card';
import { SalesPerformanceCard } from './sales-performance-card';
import './cockpit-screen.css';

/**
 * Props of the cockpit screen. In the app the route renders it without props; the
 * `<intake-cockpit>` widget maps its `date-range` and `lead-sources` attributes here.
 */
export interface CockpitScreenProps {
  /** The range the cockpit opens with (ISO days); default the last 7 days (spec: dashboards 9). */
  defaultDateRange?: { startDate: string; endDate: string } | null;
  /** Lead-source ids the cockpit opens filtered by; default none (all sources). */
  defaultLeadSources?: readonly string[] | null;
  /**
   * "Today" for the date rules and the default range (tests pin it); default the
   * workspace's today in its timezone.
   */
  today?: Date;
}

type WarningAction =
  | { type: 'record'; card: CockpitModule; items: CockpitWarning[] }
  | { type: 'acknowledge'; key: string };

function warningReducer(log: WarningLog, action: WarningAction): WarningLog {
  return action.type === 'record'
    ? recordWarnings(log, action.card, action.items)
    : acknowledgeWarning(log, action.key);
}

/**
 * The filter a visit opens with: the stored one (spec: dashboards 4 "Filters are persisted
 * locally", like the funnel's), else the last 7 days and all sources; a widget's
 * date-range and lead-sources attributes win over the stored parts they name.
 */
function openingFilter(props: CockpitScreenProps, text: string | null, today: Date): CockpitFilter {
  const stored = parseStoredCockpitFilter(
    text,
    { ...defaultReportRange(today), leadSources: [] },
    today,
  );
  const range =
    props.defaultDateRange && isDateRangeValid(props.defaultDateRange, today)
      ? props.defaultDateRange
      : stored;
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    leadSources: props.defaultLeadSources?.length
      ? [...props.defaultLeadSources]
      : stored.leadSources,
  };
}

/**
 * The manager cockpit (spec: dashboards 2.3, 2.4, 4, 5, 9): the filter bar, the
 * system-status banner and four collapsible cards — Lead Flow, Sales Performance,
 * Communications, Cash Flow — compared with the workspace's goals for the range.
 *
 * Self-contained: everything comes through the host (api, session, navigate), so the
 * same screen runs in the app and as the `<intake-cockpit>` widget in a shadow root.
 */
export function CockpitScreen(props: CockpitScreenProps) {
  const { session } = useHost();
  const workspace = session.workspace;
  // Report days are workspace days: the server refuses an end date after the workspace's
  // today, so the default range and the date rules use that day, not the browser's.
  const timezone = useWorkspaceTimezone();
  const [today] = useState(() => props.today ?? todayInTimezone(timezone));

  const filter = useCockpitFilter(props, today);
  // null while the stored filter is read: the cards wait (they show their loading state).
  const applied = filter.applied;
  const { leadFlow, salesPerformance, communications, cashFlow } = useCockpitCards(applied);

  const goalSources = useGoalSources(workspace?.attributes.goals ?? null);
  const goals = useMemo(
    () =>
      goalSources.sources && applied
        ? cockpitGoalsForRange({
            goals: goalSources.sources.goals,
            leadSources: goalSources.sources.leadSources,
            selectedLeadSources: applied.leadSources,
            days: daysInRange(applied),
          })
        : null,
    [goalSources.sources, applied],
  );

  // The report has no row for a source without leads; the lookups add every active one
  // with 0, so its red bar and its warning show (spec: dashboards 2.3, 5).
  const leadSourceList = goalSources.sources?.leadSources;
  const appliedSources = applied?.leadSources;
  const leadFlowLoad = useMemo<CardLoad<LeadFlowRow[]>>(
    () =>
      leadFlow.state.status === 'loaded'
        ? {
            status: 'loaded',
            data: withEveryActiveLeadSource(
              leadFlow.state.data,
              leadSourceList ?? [],
              appliedSources ?? [],
            ),
          }
        : leadFlow.state,
    [leadFlow.state, leadSourceList, appliedSources],
  );

  // Warning checks run after loading (spec: dashboards 4): a card that is loading or
  // failed has none; a loaded one is checked once the goal settings have arrived.
  const [log, dispatch] = useReducer(warningReducer, EMPTY_WARNING_LOG);
  const checksReady = goals !== null && !goalSources.loading;
  useWarningCheck(dispatch, 'leadFlow', leadFlowLoad, checksReady, (rows) =>
    leadFlowWarnings(rows, goals!),
  );
  useWarningCheck(dispatch, 'salesPerformance', salesPerformance.state, checksReady, (data) =>
    salesPerformanceWarnings(salesPerformanceMetrics(data), goals!),
  );
  useWarningCheck(dispatch, 'communications', communications.state, checksReady, (data) =>
    communicationsWarnings(communicationsMetrics(data), goals!),
  );

  const loads: Record<CockpitModule, CardLoad<unknown>> = {
    leadFlow: leadFlowLoad,
    salesPerformance: salesPerformance.state,
    communications: communications.state,
    cashFlow: cashFlow.state,
  };
  const anyLoading =
    Object.values(loads).some((load) => load.status === 'loading') || goalSources.loading;
  const statusOf = (module: CockpitModule) =>
    cockpitModuleStatus({
      enabled: loads[module].status !== 'locked',
      errorRecorded:
        loads[module].status === 'error' ||
        log.items.some((item) => item.card === module) ||
        outage?.card === module,
    });

  const compact = useCompact();
  const { openCard, toggle } = useOpenCard(compact);

  const leadSourceOptions = useMemo(
    () =>
      (goalSources.sources?.leadSources ?? []).map((source) => ({
        value: source.id,
        label: source.active ? source.label : `${source.label} (inactive)`,
      })),
    [goalSources.sources],
  );

  const outage = useCallTrackingOutage();
  const warnings =
    outage && !log.acknowledged.has(outage.key)
      ? [...openWarnings(log), outage]
      : openWarnings(log);

  const frame = <T,>(module: CockpitModule, state: CardLoad<T>, reload: () => void) => ({
    status: statusOf(module),
    open: openCard === module,
    onToggle: () => toggle(module),
    load: state,
    onRetry: reload,
  });

  return (
    <Page
      eyebrow={compact ? undefined : 'Dashboards'}
      title="Cockpit"
      // The panel's filter line names the range and the sources already.
      description={
        compact ? undefined : <CockpitDescription workspace={workspace} applied={applied} />
      }
    >
      {filter.draftRange ? (
        <FilterDisclosure
          label="Filters"
          summary={filterSummary(
            applied ?? filter.draftRange,
            (applied?.leadSources ?? filter.draftSources).length,
          )}
        >
          <CockpitFilterBar
            leadSourceOptions={leadSourceOptions}
            leadSources={filter.draftSources}
            onLeadSourcesChange={filter.changeSources}
            range={filter.draftRange}
            onRangeChange={filter.changeRange}
            loading={anyLoading}
            onSave={filter.save}
            today={today}
          />
        </FilterDisclosure>
      ) : null}
      {/* In the CRM panel the warnings fold behind one line that counts them (issue #30:
          an owner's panel fits within two screens, the details one click away). */}
      <FilterDisclosure label="System status" summary={statusSummary(warnings.length, anyLoading)}>
        <SystemStatusBanner
          warnings={warnings}
          loading={anyLoading}
          onDismiss={(key) => dispatch({ type: 'acknowledge', key })}
        />
      </FilterDisclosure>
      <div className="ic-cockpit__cards">
        <LeadFlowCard
          {...frame('leadFlow', leadFlowLoad, leadFlow.reload)}
          goals={goals}
          filtered={(applied?.leadSources.length ?? 0) > 0}
        />
        <SalesPerformanceCard
          {...frame('salesPerformance', salesPerformance.state, salesPerformance.reload)}
          goals={goals}
        />
        <CommunicationsCard
          {...frame('communications', communications.state, communications.reload)}
          goals={goals}
        />
        <CashFlowCard {...frame('cashFlow', cashFlow.state, cashFlow.reload)} />
      </div>
    </Page>
  );
}

/** The page's description: the workspace, the applied range and how many sources it keeps. */
function CockpitDescription({
  workspace,
  applied,
}: {
  workspace: Workspace | null;
  applied: CockpitFilter | null;
}) {
  return (
    <>
      {workspace ? `${workspace.attributes.name}` : null}
      {applied ? (
        <>
          {workspace ? ' · ' : null}
          {formatDisplayDay(applied.startDate)} – {formatDisplayDay(applied.endDate)}
          {applied.leadSources.length > 0
            ? ` · ${applied.leadSources.length} lead ${applied.leadSources.length === 1 ? 'source' : 'sources'}`
            : ' · All lead sources'}
        </>
      ) : null}
    </>
  );
}

/**
 * The cockpit's filter: the one applied (stored per workspace), the form's unsaved
 * choices (the draft) and the form's handlers.
 */
function useCockpitFilter(props: CockpitScreenProps, today: Date) {
  const { session } = useHost();
  const workspaceId = session.workspace?.id ?? null;
  // Keyed by workspace: another workspace's lead sources mean nothing here (a 400).
  const storageKey = `report-filters:cockpit:${workspaceId ?? 'none'}`;
  const stored = useStoredFilters<CockpitFilter>(
    storageKey,
    (text) => openingFilter(props, text, today),
    undefined,
    (filter) => serializeCockpitFilter(filter, today),
  );
  const applied = stored.applied;
  // The form's unsaved choices start from the filter the visit opened with.
  const [draft, setDraft] = useState<CockpitDraft | null>(null);
  if (applied && draft?.key !== storageKey) {
    // Set while rendering (React's "state from a previous render"): no frame shows an empty form.
    setDraft({
      key: storageKey,
      range: { startDate: applied.startDate, endDate: applied.endDate },
      sources: applied.leadSources,
    });
  }
  const draftRange = draft?.range ?? null;
  const draftSources = draft?.sources ?? [];
  const scope = useQueryScope();
  const queryClient = useQueryClient();

  function changeRange(next: DateRangeValue) {
    setDraft((current) => (current ? { ...current, range: next } : current));
    // spec: dashboards 2.3 — changing the dates reloads all active cards.
    if (
      applied &&
      isDateRangeValid(next, today) &&
      (applied.startDate !== next.startDate || applied.endDate !== next.endDate)
    ) {
      stored.apply({ ...applied, startDate: next.startDate, endDate: next.endDate });
    }
  }

  function changeSources(ids: string[]) {
    setDraft((current) => (current ? { ...current, sources: ids } : current));
  }

  function save() {
    if (!applied || !draftRange || !isDateRangeValid(draftRange, today)) return;
    // spec: dashboards 4 — applying clears recorded errors, reloads all active cards,
    // then refetches the goal settings (behind the ones shown).
    const next: CockpitFilter = { ...draftRange, leadSources: draftSources };
    const cards = { queryKey: cockpitCardsKey(scope) };
    if (sameCockpitFilter(applied, next)) {
      // The same filters: the cards load again from scratch (their spinners show).
      void queryClient.resetQueries(cards);
    } else {
      // New filters: every card answer cached so far is stale, so cards whose new filters
      // were asked before show that answer and fetch a fresh one behind it.
      void queryClient.invalidateQueries({ ...cards, refetchType: 'none' });
      stored.apply(next);
    }
    if (workspaceId) {
      void queryClient.invalidateQueries({ queryKey: goalSourcesKey(scope, workspaceId) });
    }
  }

  return { applied, draftRange, draftSources, changeRange, changeSources, save };
}

/** The four cards' loads, each its own query (spec: dashboards 4 "Cards load independently"). */
function useCockpitCards(applied: CockpitFilter | null) {
  const { api, session } = useHost();
  const workspace = session.workspace;
  const workspaceId = workspace?.id ?? null;
  const scope = useQueryScope();

  const enabled = (module: CockpitModule) =>
    workspaceId !== null && isCockpitModuleEnabled(module, workspace);
  const on = (module: CockpitModule) => (enabled(module) ? workspaceId : null);

  const leadFlowId = on('leadFlow');
  const leadFlow = useCard(
    enabled('leadFlow'),
    useDataQuery(leadFlowId && applied ? leadFlowCardQuery(scope, api, leadFlowId, applied) : null),
  );
  const salesId = on('salesPerformance');
  const salesPerformance = useCard(
    enabled('salesPerformance'),
    useDataQuery(
      salesId && applied ? salesPerformanceCardQuery(scope, api, salesId, applied) : null,
    ),
  );
  const communicationsId = on('communications');
  const communications = useCard(
    enabled('communications'),
    useDataQuery(
      communicationsId && applied
        ? communicationsCardQuery(scope, api, communicationsId, applied)
        : null,
    ),
  );
  const cashFlowId = on('cashFlow');
  const cashFlow = useCard(
    enabled('cashFlow'),
    useDataQuery(cashFlowId && applied ? cashFlowCardQuery(scope, api, cashFlowId, applied) : null),
  );
  return { leadFlow, salesPerformance, communications, cashFlow };
}

/**
 * The open card: opening one closes the others; the first opens by itself after 700 ms
 * unless the user has already chosen (spec: dashboards 2.3, 9). Not in the CRM panel's
 * narrow column (issue #30): there every card stays one line until the agent opens it.
 */
function useOpenCard(compact: boolean) {
  const [openCard, setOpenCard] = useState<CockpitModule | null>(null);
  const userChose = useRef(false);
  useEffect(() => {
    if (compact) return undefined;
    const timer = setTimeout(() => {
      if (!userChose.current) setOpenCard('leadFlow');
    }, FIRST_CARD_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [compact]);
  const toggle = useCallback((module: CockpitModule) => {
    userChose.current = true;
    setOpenCard((current) => (current === module ? null : module));
  }, []);
  return { openCard, toggle };
}

/** The folded system-status line: how many warnings wait (spec: dashboards 2.4 texts). */
function statusSummary(warnings: number, loading: boolean): string {
  if (warnings > 0) return `${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`;
  return loading ? 'Checking system status...' : 'All warnings have been acknowledged.';
}

/** The filter form's unsaved choices, for the workspace (storage key) they were made in. */
interface CockpitDraft {
  key: string;
  range: DateRangeValue;
  sources: string[];
}

function sameCockpitFilter(a: CockpitFilter, b: CockpitFilter): boolean {
  return (
    a.startDate === b.startDate &&
    a.endDate === b.endDate &&
    a.leadSources.length === b.leadSources.length &&
    a.leadSources.every((id, index) => id === b.leadSources[index])
  );
}

/** A card's load from its query, the same object while nothing changed (warning checks key on it). */
function useCard<T>(enabled: boolean, query: DataState<T>) {
  const state = useMemo(() => cardLoadOf(enabled, query), [enabled, query]);
  return { state, reload: query.retry };
}

interface GoalSourcesState {
  /** null until the first answer, and when goal settings cannot be read ('N/A'). */
  sources: GoalSources | null;
  loading: boolean;
}

/**
 * The cockpit's goal settings (spec: dashboards 4 "then refetches goal settings"): fetched
 * on mount and again on Save. Until the first answer the session's workspace goals stand
 * in, so the cards do not flash 'N/A'; a failed refetch keeps the settings shown.
 */
function useGoalSources(initialGoals: WorkspaceGoals | null): GoalSourcesState {
  const { api, session } = useHost();
  const scope = useQueryScope();
  const workspaceId = session.workspace?.id ?? null;
  const query = useQuery(
    workspaceId
      ? {
          ...goalSourcesQuery(scope, api, workspaceId),
          queryKey: [...goalSourcesKey(scope, workspaceId)],
        }
      : { queryKey: [...scope, 'goal-sources', 'off'], queryFn: skipToken },
  );
  const [fallback] = useState<GoalSources | null>(() =>
    initialGoals ? { goals: initialGoals, leadSources: [] } : null,
  );
  return {
    sources: (query.data as GoalSources | undefined) ?? fallback,
    loading: query.isFetching,
  };
}

/**
 * The system-status item of a CallTrackingMetrics outage (issue #32), for the managers who
 * can see the connection (owner, admin, system); null for others, on the simulator, or
 * while the connection is healthy. Read with the cockpit and again every minute.
 */
function useCallTrackingOutage(): CockpitWarning | null {
  const { api, session } = useHost();
  const scope = useQueryScope();
  const workspaceId = session.workspace?.id ?? null;
  const role = session.user?.role;
  const query = useQuery(
    workspaceId && role && MANAGERS_AND_SYSTEM.includes(role)
      ? { ...callTrackingConnectionQuery(scope, api, workspaceId), refetchInterval: 60_000 }
      : { queryKey: [...scope, 'call-tracking-connection', 'off'], queryFn: skipToken },
  );
  return callTrackingWarning((query.data as CallTrackingConnection | undefined) ?? null);
}

/** Records a card's warnings after it loads; clears them while it loads or when it failed. */
function useWarningCheck<T>(
  dispatch: (action: WarningAction) => void,
  card: CockpitModule,
  state: CardLoad<T>,
  ready: boolean,
  check: (data: T) => CockpitWarning[],
) {
  const latestCheck = useRef(check);
  latestCheck.current = check;
  useEffect(() => {
    if (state.status === 'loaded') {
      if (ready) dispatch({ type: 'record', card, items: latestCheck.current(state.data) });
      return;
    }
    dispatch({ type: 'record', card, items: [] });
  }, [dispatch, card, state, ready]);
}
