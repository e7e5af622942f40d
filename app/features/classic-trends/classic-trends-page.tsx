import { Page } from '@/app/components/page/page';
import { ClassicTrendsScreen } from './classic-trends-screen';

/** spec: dashboards 2.1 /app/dashboards/trends, 2.8 Classic Trends. */
export function ClassicTrendsPage() {
  return (
    <Page
      eyebrow="Dashboards"
      title="Classic Trends"
      description="New, qualified and unqualified leads, sets, shows, hires and filed cases over time."
    >
      <ClassicTrendsScreen />
    </Page>
  );
}
