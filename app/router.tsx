import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import type { SignInVariant } from '@/app/features/auth/sign-in-page';
import { LandingRedirect } from '@/app/routing/landing-redirect';
import { RedirectInvite } from '@/app/routing/redirect-invite';
import { RouteErrorBoundary } from '@/app/routing/route-error-boundary';

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
      // The call on the line comes from the call-flow feature (issue #28): composed here.
      lazy: async () => {
        const [{ AgentDashboardPage }, { CurrentCallCard }] = await Promise.all([
          import('@/app/features/agent-dashboard/agent-dashboard-page'),
          import('@/app/features/call-flow/current-call-card'),
        ]);
        return { element: <AgentDashboardPage currentCall={<CurrentCallCard />} /> };
      },
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
      {
        // issue #34: the call-flow designer, its list and a process in its editor.
        path: 'designer',
        lazy: async () => ({
          Component: (await import('@/app/features/call-flow/designer/designer-list-page'))
            .DesignerListPage,
        }),
      },
      {
        path: 'designer/:uid',
        lazy: async () => ({
          Component: (await import('@/app/features/call-flow/designer/designer-editor-page'))
            .DesignerEditorPage,
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
      {
        index: true,
        lazy: async () => ({
          Component: (await import('@/app/features/coaching/coaching-home-page')).CoachingHomePage,
        }),
      },
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
      {
        path: 'scores',
        lazy: async () => ({
          Component: (await import('@/app/features/coaching/coaching-scores-page'))
            .CoachingScoresPage,
        }),
      },
      {
        path: 'reports',
        lazy: async () => ({
          Component: (await import('@/app/features/coaching/coaching-reports-page'))
            .CoachingReportsPage,
        }),
      },
      {
        path: 'upload-training-videos',
        lazy: async () => ({
          Component: (await import('@/app/features/coaching/upload-training-videos-page'))
            .UploadTrainingVideosPage,
        }),
      },
    ],
  },
  area('settings', 'users-administration', [
    {
      path: 'users-administration',
      lazy: async () => ({
        Component: (await import('@/app/features/users-administration/users-administration-page'))
          .UsersAdministrationPage,
      }),
    },
    {
      path: 'users-parameters',
      lazy: async () => ({
        Component: (await import('@/app/features/users-parameters/users-parameters-page'))
          .UsersParametersPage,
      }),
    },
    {
      path: 'cockpit-goals',
      lazy: async () => ({
        Component: (await import('@/app/features/cockpit-goals/cockpit-goals-page'))
          .CockpitGoalsPage,
      }),
    },
    {
      path: 'tracking-numbers',
      lazy: async () => ({
        Component: (await import('@/app/features/tracking-numbers/tracking-numbers-page'))
          .TrackingNumbersPage,
      }),
    },
    {
      path: 'campaign-apportion',
      lazy: async () => ({
        Component: (await import('@/app/features/campaign-apportion/campaign-apportion-page'))
          .CampaignApportionPage,
      }),
    },
    {
      path: 'crm-connection',
      lazy: async () => ({
        Component: (await import('@/app/features/crm-connection/crm-connection-page'))
          .CrmConnectionPage,
      }),
    },
    {
      path: 'quickbooks-connection',
      lazy: async () => ({
        Component: (await import('@/app/features/quickbooks-connection/quickbooks-connection-page'))
          .QuickBooksConnectionPage,
      }),
    },
    {
      path: 'email-sending',
      lazy: async () => ({
        Component: (await import('@/app/features/workspace-mail/workspace-mail-page'))
          .WorkspaceMailPage,
      }),
    },
    {
      path: 'async-error-resolution',
      lazy: async () => ({
        Component: (await import('@/app/features/async-errors/async-error-resolution-page'))
          .AsyncErrorResolutionPage,
      }),
    },
  ]),
  area('system', 'workspaces', [
    {
      path: 'workspaces',
      lazy: async () => ({
        Component: (await import('@/app/features/system-workspaces/system-workspaces-page'))
          .SystemWorkspacesPage,
      }),
    },
    {
      path: 'workspace-wizard',
      lazy: async () => ({
        Component: (await import('@/app/features/workspace-wizard/workspace-wizard-page'))
          .WorkspaceWizardPage,
      }),
    },
    {
      // issue #12 — send a notification to a workspace or one of its users.
      path: 'notifications',
      lazy: async () => ({
        Component: (await import('@/app/features/system-notifications/system-notifications-page'))
          .SystemNotificationsPage,
      }),
    },
    {
      path: 'microservices',
      lazy: async () => ({
        Component: (await import('@/app/features/microservices/microservices-page'))
          .MicroservicesPage,
      }),
    },
    {
      path: 'pclc-system-report',
      lazy: async () => ({
        Component: (await import('@/app/features/pclc-system-report/pclc-system-report-page'))
          .PclcSystemReportPage,
      }),
    },
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
  {
    // issue #30 — the top bar's "?": the support contact and the product's documents.
    path: 'help',
    lazy: async () => ({
      Component: (await import('@/app/features/help/help-page')).HelpPage,
    }),
  },
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
