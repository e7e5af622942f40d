import { useState } from 'react';
import { Page } from '@/app/components/page/page';
import { WorkspacePicker } from '@/app/components/workspace-picker/workspace-picker';
import { workspacesQuery } from '@/shared/query/workspace-queries';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { MANAGERS_AND_SYSTEM } from '@/shared/domain/role-groups';
import { ParametersPanel } from './parameters-panel';
import './users-parameters-page.css';

export const NOT_ALLOWED_TEXT = 'Users parameters are for owners and admins of the workspace.';

/**
 * Settings → Users Parameters (issue #16; spec: dashboards 2.2, 6): each agent's office,
 * practice areas, consultant and compliance minimums, which the reports read (staff
 * compliance and its office filter, outbound sales, the agent dashboard; see
 * docs/users-parameters.md). Owners and admins edit their own workspace; the system user
 * first picks one. The server refuses everyone else again (403).
 */
export function UsersParametersPage() {
  const host = useHost();
  const scope = useQueryScope();
  const user = host.session.user;
  const isSystem = user?.role === 'system';
  const allowed = user !== null && MANAGERS_AND_SYSTEM.includes(user.role);
  const workspaces = useDataQuery(allowed && isSystem ? workspacesQuery(scope, host.api) : null);
  const [chosenId, setChosenId] = useState('');
  const chosen = isSystem
    ? (workspaces.data?.find((item) => item.id === chosenId) ?? null)
    : host.session.workspace;

  return (
    <Page
      eyebrow="Settings"
      title="Users Parameters"
      description="Each agent's office, practice areas, consultant and compliance minimums. The reports read them."
    >
      {!allowed ? (
        <p className="ic-users-params__notice" role="status">
          {NOT_ALLOWED_TEXT}
        </p>
      ) : (
        <>
          {isSystem ? (
            <WorkspacePicker workspaces={workspaces} chosenId={chosenId} onChange={setChosenId} />
          ) : null}
          {chosen ? (
            <ParametersPanel
              key={chosen.id}
              workspace={{ id: chosen.id, name: chosen.attributes.name }}
            />
          ) : isSystem ? (
            <p className="ic-users-params__notice">Choose a workspace to see its agents.</p>
          ) : null}
        </>
      )}
    </Page>
  );
}
