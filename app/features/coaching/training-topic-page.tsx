import { Card } from '@/app/components/card/card';
import { ErrorView } from '@/app/components/error-view/error-view';
import { HostLink } from '@/app/components/host-link/host-link';
import { Page } from '@/app/components/page/page';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { findTopicBySlug, IMMIGRATION_TOPIC } from '@/shared/domain/coaching';
import { trainingTopicsQuery, trainingVideosQuery } from './coaching-queries';
import { TrainingVideoList } from './training-video-list';
import './coaching.css';

export const NO_VIDEOS_TEXT = 'No training videos for this topic yet.';

/**
 * Coaching → Training → one topic (spec: session 2 Sidebar, coaching/training/{slug}):
 * Immigration or a coaching category, with its videos; Play opens the lightbox.
 */
export function TrainingTopicPage({ slug }: { slug: string }) {
  const host = useHost();
  const scope = useQueryScope();
  const workspaceId = host.session.workspace?.id ?? null;
  const topics = useDataQuery(trainingTopicsQuery(scope, host.api));
  // Immigration is always a topic (spec: session 2 Sidebar): it needs no list to be named,
  // so its page and its videos load at once.
  const topic =
    slug === IMMIGRATION_TOPIC.id
      ? IMMIGRATION_TOPIC
      : topics.data
        ? findTopicBySlug(slug, topics.data)
        : null;
  const videos = useDataQuery(
    topic && workspaceId ? trainingVideosQuery(scope, host.api, workspaceId, topic.id) : null,
  );

  if (!topic && topics.status === 'error') {
    return (
      <Page eyebrow="Coaching · Training" title="Training">
        <ErrorView onRetry={topics.retry} detail={topics.detail ?? undefined} />
      </Page>
    );
  }
  if (!topic && topics.status !== 'loaded') {
    return (
      <Page eyebrow="Coaching · Training" title="Training">
        <LoadingBlock label="Loading training topics…" />
      </Page>
    );
  }
  if (!topic) {
    return (
      <Page eyebrow="Coaching · Training" title="Training topic not found">
        <p className="ic-coaching__notice" role="status">
          There is no training topic at this address.{' '}
          <HostLink to="/app/coaching">See all training topics</HostLink>
        </p>
      </Page>
    );
  }

  return (
    <Page
      eyebrow="Coaching · Training"
      title={`${topic.name} training`}
      description="Watch a video to train on this topic. Videos open in a window over the page; press Esc to close it."
    >
      <Card title="Videos">
        {!workspaceId ? (
          <p className="ic-coaching__notice" role="status">
            Sign in to a workspace to see its training videos.
          </p>
        ) : videos.status === 'error' ? (
          <ErrorView onRetry={videos.retry} detail={videos.detail ?? undefined} />
        ) : videos.status !== 'loaded' || !videos.data ? (
          <LoadingBlock label="Loading videos…" />
        ) : videos.data.length === 0 ? (
          <p className="ic-coaching__empty" role="status">
            {NO_VIDEOS_TEXT}
          </p>
        ) : (
          <TrainingVideoList videos={videos.data} />
        )}
      </Card>
    </Page>
  );
}
