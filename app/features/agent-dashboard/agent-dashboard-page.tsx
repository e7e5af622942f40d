import type { ReactNode } from 'react';
import { Page } from '@/app/components/page/page';
import { AgentDashboardScreen } from './agent-dashboard-screen';
import { MissedCallsCard } from './missed-calls-card';

/**
 * spec: dashboards 2.1 /app/dashboards/agent — the operators' landing page. `currentCall`
 * is the call on the line (issue #28), drawn by the call-flow feature: the router composes
 * the two, since features do not import each other.
 */
export function AgentDashboardPage({ currentCall }: { currentCall?: ReactNode }) {
  return (
    <Page
      eyebrow="Dashboards"
      title="Agent Dashboard"
      description="Your calls, compliance, funnel and follow-ups for today or this week."
    >
      {/* issue #28: the call on the line, where the call-flow routes may be blocked (Zoho). */}
      {currentCall}
      <MissedCallsCard />
      <AgentDashboardScreen />
    </Page>
  );
}
