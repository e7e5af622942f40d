/**
 * What the help page lists (issue #30): the user guides of docs/ by screen, and the
 * README's sections. Each document is served as text at /docs/{file}
 * (server/http/static-docs.ts); tests/app/features/help/help-page.test.tsx checks that
 * every file named here exists and every README section is a heading of README.md.
 */
export interface HelpGuide {
  title: string;
  /** One sentence: what the guide tells. */
  summary: string;
  /** Its file under docs/. */
  file: string;
  /** The app path of the screen it is about: listed only to those who may open it. */
  screen?: string;
}

export const HELP_GUIDES: readonly HelpGuide[] = [
  {
    title: 'Call flows',
    summary: 'The scripted intake while a caller is on the line: steps, drafts, histories.',
    file: 'call-flows.md',
    screen: '/app/automated-intake',
  },
  {
    title: 'Calls where the agent works',
    summary: 'Incoming calls, hang-up, waiting and missed calls, click-to-call, walk-ins.',
    file: 'calls-where-the-agent-works.md',
  },
  {
    title: 'Live: notifications and the live call count',
    summary: 'The bell, desktop alerts, the live call count and simulated calls.',
    file: 'live.md',
  },
  {
    title: 'Cockpit',
    summary: 'Lead Flow, Sales Performance, Communications and Cash Flow against weekly goals.',
    file: 'cockpit.md',
    screen: '/app/dashboards/cockpit',
  },
  {
    title: 'Report screens',
    summary: 'The funnel, Total Leads, call compliance, the filter panel and exports.',
    file: 'report-screens.md',
    screen: '/app/dashboards/dashboard',
  },
  {
    title: 'Agent dashboard',
    summary: "An agent's day or week: calls, compliance, their funnel and follow-ups.",
    file: 'agent-dashboard.md',
    screen: '/app/dashboards/agent',
  },
  {
    title: 'Classic Trends',
    summary: 'The funnel over a week, month or year, by perspective.',
    file: 'classic-trends.md',
    screen: '/app/dashboards/trends',
  },
  {
    title: 'Team screens',
    summary: 'People reports, team reports, staff compliance and agent AI compliance.',
    file: 'team-reports.md',
    screen: '/app/team/reports',
  },
  {
    title: 'Sales Pipeline',
    summary: 'Total Pipeline, Lead Source Pipeline and the Optimization Chart.',
    file: 'sales-pipeline.md',
    screen: '/app/sales-pipeline/lead-source-pipeline',
  },
  {
    title: 'Marketing',
    summary: 'Lead Source Ranking and Marketing Plan Essentials.',
    file: 'marketing.md',
    screen: '/app/marketing/lead-source-ranking-v2',
  },
  {
    title: 'Cash Flow Pipeline',
    summary: 'Collections and QuickBooks.',
    file: 'cash-flow.md',
    screen: '/app/cash-flow-pipeline/collections',
  },
  {
    title: 'Calls and the intake',
    summary:
      'Incoming calls, the active call and the caller’s CRM record, in the app and CRM tabs.',
    file: 'calls-in-crm-tabs.md',
    screen: '/app/automated-intake',
  },
  {
    title: 'Calendars and consultations',
    summary: 'Booking a consultation from the intake, objections and appointment outcomes.',
    file: 'scheduling.md',
    screen: '/app/automated-intake',
  },
  {
    title: 'Coaching',
    summary: 'Training videos by topic, uploads, scores and coaching reports.',
    file: 'coaching.md',
    screen: '/app/coaching/training',
  },
  {
    title: 'Users administration',
    summary: 'Inviting users, roles, deactivating, linking agents to their CRM and phone users.',
    file: 'users-administration.md',
    screen: '/app/settings/users-administration',
  },
  {
    title: 'Users parameters',
    summary: "Each agent's office, practice areas, consultant and compliance minimums.",
    file: 'users-parameters.md',
    screen: '/app/settings/users-parameters',
  },
  {
    title: 'Tracking numbers and campaign apportion',
    summary: 'Labelling and assigning call-tracking numbers; splitting campaign spend.',
    file: 'tracking-numbers-and-apportion.md',
    screen: '/app/settings/campaign-apportion',
  },
  {
    title: 'Async error resolution',
    summary: 'CRM writes the CRM refused: retry, retry all, dismiss.',
    file: 'async-error-resolution.md',
    screen: '/app/settings/async-error-resolution',
  },
  {
    title: 'System workspaces and the workspace wizard',
    summary: "Every workspace's settings and health; creating a workspace step by step.",
    file: 'system-workspaces.md',
    screen: '/app/system/workspaces',
  },
  {
    title: 'Microservices and the PCLC system report',
    summary: "The server's own health, and every workspace's funnel.",
    file: 'microservices.md',
    screen: '/app/system/microservices',
  },
  {
    title: 'Deploying for a firm',
    summary: 'Several server processes, PostgreSQL and Redis, behind a reverse proxy.',
    file: 'deploying.md',
  },
  {
    title: 'Settings, system administration and coaching',
    summary: 'How an owner runs the workspace and the system user runs every one.',
    file: 'administration.md',
  },
  {
    title: 'The reporting engine',
    summary: 'Reports computed in SQL from stored records, daily rollups, bounded requests.',
    file: 'reporting-engine.md',
  },
  {
    title: 'Widgets and the browser extension',
    summary: 'The widgets, the script tag, the extension for administrators and testers.',
    file: 'widgets-and-extension.md',
  },
  {
    title: 'Behaviour notes',
    summary: 'What was decided where the spec is silent or would mislead.',
    file: 'behaviour-notes.md',
  },
];

/** The README's sections a person using the product reads (its headings, as written). */
export const README_SECTIONS: readonly string[] = [
  'Set up',
  'Demo sign-ins',
  'Where things are',
  'Configuration',
  'Limits',
  'More',
];

/** Where a document is served (server/http/static-docs.ts). */
export function docHref(file: string): string {
  return `/docs/${file}`;
}
