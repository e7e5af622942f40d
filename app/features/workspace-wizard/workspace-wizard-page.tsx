import { Card } from '@/app/components/card/card';
import { ErrorView } from '@/app/components/error-view/error-view';
import { Page } from '@/app/components/page/page';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { WorkspaceWizard } from './workspace-wizard';
import { wizardDraftQuery } from './workspace-wizard-query';
import './workspace-wizard-page.css';

/**
 * System > Workspace Wizard (issue #16; spec: dashboards 2.2 "no production flag", session
 * 3 "workspace wizard state"): creates a workspace step by step and invites its first
 * owner, resuming where this system user left off.
 */
export function WorkspaceWizardPage() {
  const { api } = useHost();
  const scope = useQueryScope();
  const draft = useDataQuery(wizardDraftQuery(scope, api));
  return (
    <Page
      eyebrow="System"
      title="Workspace Wizard"
      description="Set up a new workspace step by step: name, timezone, edition, CRM, call tracking and its first owner. Each step is saved, so you can come back to it later, from any computer."
    >
      {draft.status === 'loaded' ? (
        <WorkspaceWizard saved={draft.data} />
      ) : (
        <Card>
          {draft.status === 'error' ? (
            <ErrorView onRetry={draft.retry} detail={draft.detail ?? undefined} />
          ) : (
            <LoadingBlock label="Loading the wizard…" />
          )}
        </Card>
      )}
    </Page>
  );
}
