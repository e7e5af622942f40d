import { Page } from '@/app/components/page/page';
import { AgentDashboardScreen } from './agent-dashboard-screen';

/** spec: dashboards 2.1 /app/dashboards/agent — the operators' landing page. */
export function AgentDashboardPage() {
  return (
    <Page
      eyebrow="Dashboards"
      title="Agent Dashboard"
      description="Your calls, compliance, funnel and follow-ups for today or this week."
    >
      <AgentDashboardScreen />
    </Page>
  );
}
