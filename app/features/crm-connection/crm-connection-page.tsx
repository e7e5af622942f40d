import { Card } from '@/app/components/card/card';
import { CrmConnectionPanel } from '@/app/components/crm-connection/crm-connection-panel';
import { Page } from '@/app/components/page/page';
import { useHost } from '@/app/host/host';

/**
 * Settings > CRM Connection (issue #33, not in the spec): where the owner of a workspace
 * whose CRM is Zoho CRM or Keap connects the firm's account, so that each intake's contact,
 * note, call and consultation are written there; admins see the connection's health. The
 * system user does the same from System > Workspaces.
 */
export function CrmConnectionPage() {
  const { session } = useHost();
  const workspace = session.workspace;
  return (
    <Page
      eyebrow="Settings"
      title="CRM Connection"
      description="Where the records of each intake go: the firm’s CRM (Zoho CRM or Keap) once connected, the simulated CRM until then."
    >
      {workspace ? (
        <Card title="The firm’s CRM">
          <CrmConnectionPanel
            workspaceId={workspace.id}
            canConnect={session.user?.role === 'owner' || session.user?.role === 'system'}
          />
        </Card>
      ) : null}
    </Page>
  );
}
