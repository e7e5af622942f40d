import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import type { SignInVariant } from '@/app/features/auth/sign-in-page';
import { LandingRedirect } from '@/app/routing/landing-redirect';
import { RedirectInvite } from '@/app/routing/redirect-invite';
import { RouteErrorBoundary } from '@/app/routing/route-error-boundary';

/** A screen a later issue builds: a real route, behind the real guards, with a placeholder. */
interface PlannedScreen {
  /** Relative to its parent; '' for the parent's index. */
  path: string;
  title: string;
  area: string;
  description: string;
}

function planned({ path, title, area, description }: PlannedScreen): RouteObject {
  const route: RouteObject = path === '' ? { index: true } : { path };
  return {
    ...route,
    lazy: async () => {
      const { ComingSoonPage } = await import('@/app/features/coming-soon/coming-soon-page');
      return { element: <ComingSoonPage title={title} area={area} description={description} /> };
    },
  };
}

function signIn(path: string, variant: SignInVariant): RouteObject {
  return {
    path,
    lazy: async () => {
      const { SignInRoute } = await import('@/app/routing/sign-in-route');
      return { element: <SignInRoute variant={variant} /> };
    },
  };
}

/** An area (dashboards, settings...): its index opens `index`, its screens are lazy. */
function area(path: string, index: string | null, children: RouteObject[]): RouteObject {
  return {
    path,
    children: [
      { index: true, element: index ? <Navigate to={index} replace /> : <LandingRedirect /> },
      ...children,
    ],
  };
}

// spec: dashboards 2.1 / session 2 — the children of app, each loaded on demand.
const appChildren: RouteObject[] = [
  { index: true, element: <LandingRedirect /> },
  area('dashboards', null, [
    {
      path: 'cockpit',
      lazy: async () => ({
        Component: (await import('@/app/features/cockpit/cockpit-screen')).CockpitScreen,
      }),
    },
    {
      // The classic dashboard is the funnel report (issue #4).
      path: 'dashboard',
      lazy: async () => ({
        Component: (await import('@/app/features/funnel/funnel-dashboard-page'))
          .FunnelDashboardPage,
      }),
    },
    {
      path: 'trends',
      lazy: async () => ({
        Component: (await import('@/app/features/classic-trends/classic-trends-page'))
          .ClassicTrendsPage,
      }),
    },
    {
      // The operators' landing (spec: dashboards 6).
      path: 'agent',
      lazy: async () => ({
        Component: (await import('@/app/features/agent-dashboard/agent-dashboard-page'))
          .AgentDashboardPage,
      }),
    },
  ]),
  area('team', 'reports', [
    {
      path: 'reports',
      lazy: async () => ({
        Component: (await import('@/app/features/team-reports/team-pages')).TeamActivityPage,
      }),
    },
    {
      path: 'team-reports',
      lazy: async () => ({
        Component: (await import('@/app/features/team-reports/team-pages')).TeamSalesPage,
      }),
    },
    {
      path: 'compliance',
      lazy: async () => ({
        Component: (await import('@/app/features/team-reports/team-pages')).TeamCompliancePage,
      }),
    },
  ]),
  area('people', 'agent-ai-compliance', [
    {
      path: 'agent-ai-compliance',
      lazy: async () => ({
        Component: (await import('@/app/features/team-reports/team-pages')).StaffCompliancePage,
      }),
    },
  ]),
  area('sales-pipeline', 'lead-source-pipeline', [
    {
      path: 'total-pipeline',
      lazy: async () => ({
        Component: (await import('@/app/features/sales-pipeline/sales-pipeline-pages'))
          .TotalPipelinePage,
      }),
    },
    {
      path: 'lead-source-pipeline',
      lazy: async () => ({
        Component: (await import('@/app/features/sales-pipeline/sales-pipeline-pages'))
          .LeadSourcePipelinePage,
      }),
    },
    {
      path: 'optimization-chart',
      lazy: async () => ({
        Component: (await import('@/app/features/sales-pipeline/sales-pipeline-pages'))
          .OptimizationChartPage,
      }),
    },
  ]),
  area('marketing', 'lead-source-ranking-v2', [
    {
      // The Total Leads card's Breakdown target (spec 2.1), with the filters it carries.
      path: 'lead-source-ranking-v2',
      lazy: async () => ({
        Component: (await import('@/app/features/marketing/lead-source-ranking-page'))
          .LeadSourceRankingPage,
      }),
    },
    {
      path: 'marketing-plan-essentials',
      lazy: async () => ({
        Component: (await import('@/app/features/marketing/marketing-plan-page')).MarketingPlanPage,
      }),
    },
  ]),
  area('cash-flow-pipeline', 'collections', [
    {
      // The Cash Flow card's View All target (spec 2.3), with the range it carries.
      path: 'collections',
      lazy: async () => ({
        Component: (await import('@/app/features/cash-flow/cash-flow-pages')).CollectionsPage,
      }),
    },
    {
      path: 'quickbooks',
      lazy: async () => ({
        Component: (await import('@/app/features/cash-flow/cash-flow-pages')).QuickBooksPage,
      }),
    },
  ]),
  {
    // spec: session 2 Automated intake screen; dashboards 2.2 "automated-intake (Call
    // Flows)": the intake (and, without a call, the area's home), then the manager views.
    path: 'automated-intake',
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('@/app/features/call-flow/automated-intake-page'))
            .AutomatedIntakePage,
        }),
      },
      {
        path: 'histories',
        lazy: async () => ({
          Component: (await import('@/app/features/call-flow/execution-histories-page'))
            .ExecutionHistoriesPage,
        }),
      },
      {
        path: 'histories/:historyId',
        lazy: async () => ({
          Component: (await import('@/app/features/call-flow/execution-history-page'))
            .ExecutionHistoryPage,
        }),
      },
      {
        path: 'crm-records',
        lazy: async () => ({
          Component: (await import('@/app/features/call-flow/crm-records-page')).CrmRecordsPage,
        }),
      },
    ],
  },
  {
    // The contact-lead conversion report (spec 2.7; issue #4).
    path: 'perspectives',
    lazy: async () => ({
      Component: (await import('@/app/features/conversion/conversion-report-page'))
        .ConversionReportPage,
    }),
  },
  // Children of app the spec names without a screen (docs/other-app-routes.md): each goes
  // to the real screen our records back, or to the landing page when none can.
  { path: 'operator-dashboard', element: <Navigate to="/app/dashboards/agent" replace /> },
  { path: 'top-5', element: <Navigate to="/app/team/reports" replace /> },
  { path: 'finance', element: <Navigate to="/app/cash-flow-pipeline/quickbooks" replace /> },
  { path: 'promoter-index', element: <Navigate to="/app" replace /> },
  {
    path: 'coaching',
    children: [
      planned({
        path: '',
        title: 'Coaching',
        area: 'Coaching',
        description: 'Training, scores and coaching reports.',
      }),
      {
        path: 'training',
        children: [
          { index: true, element: <Navigate to="immigration" replace /> },
          {
            path: ':topic',
            lazy: async () => {
              const { TrainingTopicRoute } = await import('@/app/routing/training-topic-route');
              return { Component: TrainingTopicRoute };
            },
          },
        ],
      },
      planned({
        path: 'scores',
        title: 'Scores',
        area: 'Coaching',
        description: 'Coaching scores per agent.',
      }),
      planned({
        path: 'reports',
        title: 'Coaching Reports',
        area: 'Coaching',
        description: 'Training progress across your team.',
      }),
      planned({
        path: 'upload-training-videos',
        title: 'Upload Training Videos',
        area: 'Coaching',
        description: 'Add training videos to a coaching category.',
      }),
    ],
  },
  area('settings', 'users-administration', [
    planned({
      path: 'users-administration',
      title: 'Users Administration',
      area: 'Settings',
      description: 'Invite users, set their roles and deactivate them.',
    }),
    planned({
      path: 'users-parameters',
      title: 'Users Parameters',
      area: 'Settings',
      description: 'Per-user settings such as CRM and call-tracking links.',
    }),
    {
      path: 'cockpit-goals',
      lazy: async () => ({
        Component: (await import('@/app/features/cockpit-goals/cockpit-goals-page'))
          .CockpitGoalsPage,
      }),
    },
    planned({
      path: 'tracking-numbers',
      title: 'Tracking Numbers',
      area: 'Settings',
      description: 'Call-tracking numbers and the campaigns and lead sources behind them.',
    }),
    planned({
      path: 'campaign-apportion',
      title: 'Campaign Apportion',
      area: 'Settings',
      description: 'How shared campaign costs split between lead sources.',
    }),
    planned({
      path: 'async-error-resolution',
      title: 'Async Error Resolution',
      area: 'Settings',
      description: 'CRM records that failed to sync, to review and retry.',
    }),
  ]),
  area('system', 'workspaces', [
    planned({
      path: 'workspaces',
      title: 'Workspaces',
      area: 'System',
      description: 'Every workspace, its edition, CRM and vendors.',
    }),
    planned({
      path: 'workspace-wizard',
      title: 'Workspace Wizard',
      area: 'System',
      description: 'Set up a new workspace step by step.',
    }),
    {
      // issue #12 — send a notification to a workspace or one of its users.
      path: 'notifications',
      lazy: async () => ({
        Component: (await import('@/app/features/system-notifications/system-notifications-page'))
          .SystemNotificationsPage,
      }),
    },
    planned({
      path: 'microservices',
      title: 'Microservices',
      area: 'System',
      description: 'The health of the services behind the product.',
    }),
    planned({
      path: 'pclc-system-report',
      title: 'PCLC System Report',
      area: 'System',
      description: 'The funnel across every workspace.',
    }),
  ]),
  area('profile', 'user-info', [
    {
      path: 'user-info',
      lazy: async () => ({
        Component: (await import('@/app/features/profile/user-info-page')).UserInfoPage,
      }),
    },
    {
      path: 'credentials',
      lazy: async () => ({
        Component: (await import('@/app/features/profile/credentials-page')).CredentialsPage,
      }),
    },
  ]),
  // Older routes (spec 2.1): redirect to their dashboards/* equivalents.
  { path: 'dashboard', element: <Navigate to="/app/dashboards/dashboard" replace /> },
  { path: 'cockpit', element: <Navigate to="/app/dashboards/cockpit" replace /> },
  { path: 'agent', element: <Navigate to="/app/dashboards/agent" replace /> },
  { path: 'trends', element: <Navigate to="/app/dashboards/trends" replace /> },
  {
    path: 'lead-source-ranking-v2',
    element: <Navigate to="/app/marketing/lead-source-ranking-v2" replace />,
  },
  // Not-allowed pages (any */not-allowed) and unknown paths (→ /404).
  {
    path: '*',
    lazy: async () => ({
      Component: (await import('@/app/routing/app-fallback-route')).AppFallbackRoute,
    }),
  },
];

/** spec: dashboards 2.1 / session 2 route tables. */
export function appRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      element: <Outlet />,
      hydrateFallbackElement: <LoadingBlock label="Loading Intake Cockpit…" />,
      errorElement: <RouteErrorBoundary />,
      children: [
        { index: true, element: <Navigate to="/login" replace /> },
        signIn('login', 'default'),
        signIn('login/:token/invite', 'invite'),
        signIn('login/download/windows', 'windows'),
        signIn('login/download/osx', 'osx'),
        { path: 'actions/:token/invite', element: <RedirectInvite /> },
        {
          path: 'actions/download/windows',
          element: <Navigate to="/login/download/windows" replace />,
        },
        { path: 'actions/download/osx', element: <Navigate to="/login/download/osx" replace /> },
        { path: 'callback', element: <Navigate to="/app" replace /> },
        {
          path: '404',
          lazy: async () => ({
            Component: (await import('@/app/features/errors/not-found-page')).NotFoundPage,
          }),
        },
        {
          path: 'app',
          lazy: async () => ({ Component: (await import('@/app/routing/app-guard')).AppGuard }),
          children: appChildren,
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
