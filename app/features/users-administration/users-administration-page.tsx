import { useState } from 'react';
import { Page } from '@/app/components/page/page';
import { WorkspacePicker } from '@/app/components/workspace-picker/workspace-picker';
import { workspacesQuery } from '@/shared/query/workspace-queries';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { canAdministerUsers } from '@/shared/domain/user-administration';
import { UsersPanel } from './users-panel';
import './users-administration-page.css';

export const NOT_ALLOWED_TEXT = 'Users administration is for owners and admins of the workspace.';

/**
 * Settings → Users Administration (issue #16; spec: dashboards 2.2, 6; session 4 "users
 * and authorizations"): the workspace's users with their role, status and links, invite,
 * change role, deactivate / reactivate, resend an invitation and link an agent. Owners
 * and admins administer their own workspace; the system user first picks one. The route
 * keeps operators and consultants out; the server refuses them again (403).
 */
export function UsersAdministrationPage() {
  const host = useHost();
  const scope = useQueryScope();
  const user = host.session.user;
  const isSystem = user?.role === 'system';
  const allowed = user !== null && canAdministerUsers(user.role);
  const workspaces = useDataQuery(allowed && isSystem ? workspacesQuery(scope, host.api) : null);
  const [chosenId, setChosenId] = useState('');
  const workspace = isSystem
    ? (workspaces.data?.find((item) => item.id === chosenId) ?? null)
    : host.session.workspace;

  return (
    <Page
      eyebrow="Settings"
      title="Users Administration"
      description="Invite users, set their roles, deactivate them, and link agents to their CRM and call-tracking users."
    >
      {!allowed || !user ? (
        <p className="ic-users-admin__notice" role="status">
          {NOT_ALLOWED_TEXT}
        </p>
      ) : (
        <>
          {isSystem ? (
            <WorkspacePicker workspaces={workspaces} chosenId={chosenId} onChange={setChosenId} />
          ) : null}
          {workspace ? (
            <UsersPanel
              key={workspace.id}
              workspace={workspace}
              actor={{ userId: user.id, role: user.role }}
            />
          ) : isSystem ? (
            <p className="ic-users-admin__notice">Choose a workspace to see its users.</p>
          ) : null}
        </>
      )}
    </Page>
  );
}
