import { useMemo, useState, type ReactNode } from 'react';
import { WorkspacePicker } from '@/app/components/workspace-picker/workspace-picker';
import { workspacesQuery } from '@/shared/query/workspace-queries';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { ReportWorkspaceProvider } from '@/app/reports/report-workspace';
import { cashFlowWorkspaceChoices } from './cash-flow-workspaces';
import './cash-flow.css';

export const CHOOSE_WORKSPACE_TEXT = 'Choose a workspace to see its cash flow.';
export const NO_QUICKBOOKS_TEXT =
  'No workspace has QuickBooks connected yet: there is no cash flow to show.';

/**
 * The system user has no workspace of its own (spec: dashboards 2.2 gives it the Cash
 * Flow Pipeline menu): it picks one first (those with QuickBooks connected), and the
 * screen below reads that workspace's reports and timezone. Every other role sees its screen as it is, with no picker.
 */
export function CashFlowWorkspaceGate({ children }: { children: ReactNode }) {
  const host = useHost();
  const isSystem = host.session.user?.role === 'system';
  if (!isSystem) return <>{children}</>;
  return <SystemWorkspacePicker>{children}</SystemWorkspacePicker>;
}

function SystemWorkspacePicker({ children }: { children: ReactNode }) {
  const host = useHost();
  const scope = useQueryScope();
  const workspaces = useDataQuery(workspacesQuery(scope, host.api));
  // Only the workspaces whose Cash Flow report the server answers (QuickBooks connected).
  const choices = useMemo(
    () => ({
      ...workspaces,
      data: workspaces.data ? cashFlowWorkspaceChoices(workspaces.data) : null,
    }),
    [workspaces],
  );
  const [chosenId, setChosenId] = useState('');
  const workspace = choices.data?.find((item) => item.id === chosenId) ?? null;
  const none = choices.status === 'loaded' && choices.data?.length === 0;

  return (
    <>
      <WorkspacePicker
        workspaces={choices}
        chosenId={chosenId}
        onChange={setChosenId}
        emptyText={NO_QUICKBOOKS_TEXT}
      />
      {workspace ? (
        // A new workspace starts its screen afresh (its own filters' "today", its answers).
        <ReportWorkspaceProvider key={workspace.id} workspace={workspace}>
          {children}
        </ReportWorkspaceProvider>
      ) : none ? null : (
        <p className="ic-cash-flow__notice" role="status">
          {CHOOSE_WORKSPACE_TEXT}
        </p>
      )}
    </>
  );
}
