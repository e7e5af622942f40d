// eslint-disable-next-line import/no-restricted-paths -- a placeholder, replaced by the screen
import { ComingSoonPage } from '@/app/features/coming-soon/coming-soon-page';

/** Placeholder until issue #16 builds this screen (the route is already wired). */
export function UsersParametersPage() {
  return (
    <ComingSoonPage
      title="Users Parameters"
      area="Settings"
      description="Per-user settings such as CRM and call-tracking links."
    />
  );
}
