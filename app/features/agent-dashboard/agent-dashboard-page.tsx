import { CurrentCallCard } from '@/app/calls/current-call-card';
import { Page } from '@/app/components/page/page';
import { AgentDashboardScreen } from './agent-dashboard-screen';
import { MissedCallsCard } from './missed-calls-card';

/** spec: dashboards 2.1 /app/dashboards/agent — the operators' landing page. */
export function AgentDashboardPage() {
  return (
    <Page
      eyebrow="Dashboards"
      title="Agent Dashboard"
      description="Your calls, compliance, funnel and follow-ups for today or this week."
    >
      {/* issue #28: the call on the line, where the call-flow routes may be blocked (Zoho). */}
      <CurrentCallCard />
      <MissedCallsCard />
      <AgentDashboardScreen />
    </Page>
  );
}
