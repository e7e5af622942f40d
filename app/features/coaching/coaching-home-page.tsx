import { Card } from '@/app/components/card/card';
import { MANAGERS_AND_SYSTEM } from '@/shared/domain/role-groups';
import { ErrorView } from '@/app/components/error-view/error-view';
import { HostLink } from '@/app/components/host-link/host-link';
import { Page } from '@/app/components/page/page';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { topicSlug } from '@/shared/domain/coaching';
import { trainingTopicsQuery } from './coaching-queries';
import './coaching.css';

/**
 * Coaching (spec: dashboards 2.2 "coaching (Training)"): the training topics — Immigration
 * plus one per coaching item — and the way to Scores, Reports and Upload Training Videos
 * for whoever may open them. The system user, who has no team, gets the upload page only.
 */
export function CoachingHomePage() {
  const host = useHost();
  const scope = useQueryScope();
  const role = host.session.user?.role ?? null;
  const isSystem = role === 'system';
  const manages = role != null && MANAGERS_AND_SYSTEM.includes(role);
  const topics = useDataQuery(isSystem ? null : trainingTopicsQuery(scope, host.api));

  return (
    <Page
      eyebrow="Coaching"
      title="Coaching"
      description="Training videos by topic, your team's coaching scores and their trend."
    >
      {!isSystem ? (
        <Card title="Training topics">
          {topics.status === 'error' ? (
            <ErrorView onRetry={topics.retry} detail={topics.detail ?? undefined} />
          ) : topics.status !== 'loaded' || !topics.data ? (
            <LoadingBlock label="Loading training topics…" />
          ) : (
            <ul className="ic-coaching__topics">
              {topics.data.map((topic) => (
                <li key={topic.id}>
                  <HostLink
                    className="ic-coaching__topic"
                    to={`/app/coaching/training/${topicSlug(topic.name)}`}
                  >
                    {topic.name}
                  </HostLink>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
      <Card title="More coaching">
        <ul className="ic-coaching__links">
          {!isSystem ? (
            <>
              <li>
                <HostLink to="/app/coaching/scores">Scores</HostLink>
                <span> — coaching scores per agent, and their trend.</span>
              </li>
              <li>
                <HostLink to="/app/coaching/reports">Reports</HostLink>
                <span> — averages and trends across the team over a period.</span>
              </li>
            </>
          ) : null}
          {manages ? (
            <li>
              <HostLink to="/app/coaching/upload-training-videos">Upload Training Videos</HostLink>
              <span> — add a YouTube link or a video file to a topic.</span>
            </li>
          ) : null}
        </ul>
      </Card>
    </Page>
  );
}
