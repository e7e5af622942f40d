// eslint-disable-next-line import/no-restricted-paths -- a placeholder, replaced by the screen
import { ComingSoonPage } from '@/app/features/coming-soon/coming-soon-page';

/** Placeholder until issue #16 builds this screen (the route is already wired). */
export function CoachingHomePage() {
  return (
    <ComingSoonPage
      title="Coaching"
      area="Coaching"
      description="Training, scores and coaching reports."
    />
  );
}
