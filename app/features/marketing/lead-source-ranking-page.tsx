import { useLocation } from 'react-router';
import { Page } from '@/app/components/page/page';
import { LeadSourceRankingScreen } from './lead-source-ranking-screen';

/** spec: dashboards 2.1 /app/marketing/lead-source-ranking-v2 (the Breakdown target). */
export function LeadSourceRankingPage() {
  const { search } = useLocation();
  return (
    <Page
      eyebrow="Marketing"
      title="Lead Source Ranking"
      description="Your lead sources ranked by leads, with their sets, shows, hires and last year's numbers."
    >
      <LeadSourceRankingScreen search={search} />
    </Page>
  );
}
