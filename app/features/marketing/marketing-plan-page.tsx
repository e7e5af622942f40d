import { Page } from '@/app/components/page/page';
import { MarketingPlanScreen } from './marketing-plan-screen';

/** spec: dashboards 2.2 marketing/marketing-plan-essentials (professional edition). */
export function MarketingPlanPage() {
  return (
    <Page
      eyebrow="Marketing"
      title="Marketing Plan Essentials"
      description="Which channels, lead sources and campaigns bring your leads and hires, and what they cost."
    >
      <MarketingPlanScreen />
    </Page>
  );
}
