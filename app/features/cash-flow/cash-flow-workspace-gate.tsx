import { useId, useState, type ReactNode } from 'react';
import { Card } from '@/app/components/card/card';
import { ErrorView } from '@/app/components/error-view/error-view';
import { fieldClassNames } from '@/app/components/field/field';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { ReportWorkspaceProvider } from '@/app/reports/report-workspace';
import { cashFlowWorkspacesQuery } from './cash-flow-workspaces';
import './cash-flow.css';

export const CHOOSE_WORKSPACE_TEXT = 'Choose a workspace to see its cash flow.';
export const NO_QUICKBOOKS_TEXT =
  'No workspace has QuickBooks connected yet: there is no cash flow to show.';

/**
 * The system user has no workspace of its own (spec: dashboards 2.2 gives it the Cash
 * Flow Pipeline menu): it picks one first (those with QuickBooks connected), and the screen below reads that workspace's
 * reports and timezone. Every other role sees its screen as it is, with no picker.
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
  const workspaces = useDataQuery(cashFlowWorkspacesQuery(scope, host.api));
  const [chosenId, setChosenId] = useState('');
  const pickerId = useId();
  const workspace = workspaces.data?.find((item) => item.id === chosenId) ?? null;
  const loaded = workspaces.status === 'loaded';
  const none = loaded && workspaces.data?.length === 0;

  return (
    <>
      <Card title="Workspace">
        {workspaces.status === 'error' ? (
          <ErrorView onRetry={workspaces.retry} detail={workspaces.detail ?? undefined} />
        ) : none ? (
          <p className="ic-cash-flow__notice" role="status">
            {NO_QUICKBOOKS_TEXT}
          </p>
        ) : (
          <div className="ic-cash-flow__picker">
            <label htmlFor={pickerId}>Workspace</label>
            <select
              id={pickerId}
              className={fieldClassNames.select}
              value={chosenId}
              disabled={!loaded}
              onChange={(event) => setChosenId(event.target.value)}
            >
              <option value="">{loaded ? 'Choose a workspace' : 'Loading workspaces…'}</option>
              {(workspaces.data ?? []).map((item) => (
                <option key={item.id} value={item.id}>
                  {item.attributes.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </Card>
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
