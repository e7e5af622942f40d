// eslint-disable-next-line import/no-restricted-paths -- a placeholder, replaced by the screen
import { ComingSoonPage } from '@/app/features/coming-soon/coming-soon-page';

/** Placeholder until issue #16 builds this screen (the route is already wired). */
export function WorkspaceWizardPage() {
  return (
    <ComingSoonPage
      title="Workspace Wizard"
      area="System"
      description="Set up a new workspace step by step."
    />
  );
}
