import { Page } from '@/app/components/page/page';
import {
  StaffComplianceScreen,
  TeamActivityScreen,
  TeamComplianceScreen,
  TeamSalesScreen,
} from './team-screens';

/** spec: dashboards 2.2 team/reports — the people report's team tab (docs/team-reports.md). */
export function TeamActivityPage() {
  return (
    <Page
      eyebrow="Team"
      title="Reports"
      description="Each agent's leads, sets and calls in the range. Open an agent for their day-by-day trend."
    >
      <TeamActivityScreen />
    </Page>
  );
}

/** spec: dashboards 2.2 team/team-reports — consultants and relationship calls. */
export function TeamSalesPage() {
  return (
    <Page
      eyebrow="Team"
      title="Team Reports"
      description="Consults and hires per consultant, and the relationship calls each agent owes and has made."
    >
      <TeamSalesScreen />
    </Page>
  );
}

/** spec: dashboards 2.2 team/compliance — POST reports/compliance. */
export function TeamCompliancePage() {
  return (
    <Page
      eyebrow="Team"
      title="Compliance"
      description="Did each agent keep the promises due in the range: callbacks returned, relationship and collection calls made."
    >
      <TeamComplianceScreen />
    </Page>
  );
}

/** spec: dashboards 2.2 people/agent-ai-compliance — GET reports/staff-compliance. */
export function StaffCompliancePage() {
  return (
    <Page
      eyebrow="Team"
      title="Agent AI Compliance"
      description="Each agent's compliance rates: calls answered and connected, callbacks returned, relationship and collection calls made."
    >
      <StaffComplianceScreen />
    </Page>
  );
}
