import { useParams } from 'react-router';
import { ComingSoonPage } from '@/app/features/coming-soon/coming-soon-page';

/** coaching/training/{topic}: Immigration or one coaching category (spec: session 2 Sidebar). */
export function TrainingTopicRoute() {
  const { topic = '' } = useParams();
  const name = topic
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  return (
    <ComingSoonPage
      title={`${name || 'Training'} training`}
      area="Coaching · Training"
      description="Training videos for this topic, to watch and track."
    />
  );
}
