import { Page } from '@/app/components/page/page';
import { FunnelReportScreen } from './funnel-report-screen';

/** spec: dashboards 2.1 /app/dashboards/dashboard — the classic dashboard is the funnel report. */
export function FunnelDashboardPage() {
  return (
    <Page
      eyebrow="Dashboards"
      title="Classic Dashboard"
      description="Your funnel (PCLC) for the range you choose: pick a card to see its contacts."
    >
      <FunnelReportScreen />
    </Page>
  );
}
