import { Card } from '@/app/components/card/card';
import { CrmConnectionPanel } from '@/app/components/crm-connection/crm-connection-panel';
import { Page } from '@/app/components/page/page';
import { useHost } from '@/app/host/host';

/**
 * Settings > CRM Connection (issue #33, not in the spec): where a Zoho workspace's owner
 * connects the firm's Zoho CRM, so that each intake's contact, note, call and consultation
 * are written there; admins see the connection's health. The system user does the same
 * from System > Workspaces.
 */
export function CrmConnectionPage() {
  const { session } = useHost();
  const workspace = session.workspace;
  return (
    <Page
      eyebrow="Settings"
      title="CRM Connection"
      description="Where the records of each intake go: the firm’s Zoho CRM once connected, the simulated CRM until then."
    >
      {workspace ? (
        <Card title="Zoho CRM">
          <CrmConnectionPanel
            workspaceId={workspace.id}
            canConnect={session.user?.role === 'owner' || session.user?.role === 'system'}
          />
        </Card>
      ) : null}
    </Page>
  );
}
