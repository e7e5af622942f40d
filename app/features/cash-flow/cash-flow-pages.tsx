import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { Page } from '@/app/components/page/page';
import { useHost } from '@/app/host/host';
import { todayInTimezone } from '@/shared/domain/workspace-day';
import { linkedRange } from './cash-flow-months';
import { CollectionsScreen } from './collections-screen';
import { QuickBooksScreen } from './quickbooks-screen';

/** spec: dashboards 2.2 cash-flow-pipeline/collections (the Cash Flow card's View All). */
export function CollectionsPage() {
  const { search } = useLocation();
  const { session } = useHost();
  const timezone = session.workspace?.attributes.timezone ?? null;
  const linked = useMemo(() => linkedRange(search, todayInTimezone(timezone)), [search, timezone]);
  return (
    <Page
      eyebrow="Cash Flow Pipeline"
      title="Collections"
      description="Money collected, every missed payment, and how your payment plans are keeping up."
    >
      <CollectionsScreen linked={linked} />
    </Page>
  );
}

/** spec: dashboards 2.2 cash-flow-pipeline/quickbooks. */
export function QuickBooksPage() {
  return (
    <Page
      eyebrow="Cash Flow Pipeline"
      title="QuickBooks"
      description="Cash collected and missed month by month, and your bank balances."
    >
      <QuickBooksScreen />
    </Page>
  );
}
