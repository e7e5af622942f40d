import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { Page } from '@/app/components/page/page';
import { useWorkspaceTimezone } from '@/app/reports/report-workspace';
import { todayInTimezone } from '@/shared/domain/workspace-day';
import { linkedRange } from './cash-flow-months';
import { CashFlowWorkspaceGate } from './cash-flow-workspace-gate';
import { CollectionsScreen } from './collections-screen';
import { QuickBooksScreen } from './quickbooks-screen';

/** spec: dashboards 2.2 cash-flow-pipeline/collections (the Cash Flow card's View All). */
export function CollectionsPage() {
  return (
    <Page
      eyebrow="Cash Flow Pipeline"
      title="Collections"
      description="Money collected, every missed payment, and how your payment plans are keeping up."
    >
      <CashFlowWorkspaceGate>
        <LinkedCollections />
      </CashFlowWorkspaceGate>
    </Page>
  );
}

/** The range a link carried, read in the report workspace's timezone (a system user's pick). */
function LinkedCollections() {
  const { search } = useLocation();
  const timezone = useWorkspaceTimezone();
  const linked = useMemo(() => linkedRange(search, todayInTimezone(timezone)), [search, timezone]);
  return <CollectionsScreen linked={linked} />;
}

/** spec: dashboards 2.2 cash-flow-pipeline/quickbooks. */
export function QuickBooksPage() {
  return (
    <Page
      eyebrow="Cash Flow Pipeline"
      title="QuickBooks"
      description="Cash collected and missed month by month, and your bank balances."
    >
      <CashFlowWorkspaceGate>
        <QuickBooksScreen />
      </CashFlowWorkspaceGate>
    </Page>
  );
}
