import { useParams } from 'react-router';
import { TrainingTopicPage } from '@/app/features/coaching/training-topic-page';

/** coaching/training/{topic}: Immigration or one coaching category (spec: session 2 Sidebar). */
export function TrainingTopicRoute() {
  const { topic = '' } = useParams();
  return <TrainingTopicPage key={topic} slug={topic} />;
}
