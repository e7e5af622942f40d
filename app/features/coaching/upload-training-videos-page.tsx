import { MANAGERS_AND_SYSTEM } from '@/shared/domain/role-groups';
import { useId, useState } from 'react';
import { Card } from '@/app/components/card/card';
import { useConfirm } from '@/app/components/confirm-dialog/use-confirm';
import { ErrorView } from '@/app/components/error-view/error-view';
import { fieldClassNames } from '@/app/components/field/field';
import { Page } from '@/app/components/page/page';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import { workspacesQuery } from '@/shared/query/workspace-queries';
import { deleteTrainingVideo } from '@/shared/api/coaching';
import type { TrainingVideo } from '@/shared/contracts/coaching';
import { trainingTopicsQuery, trainingVideosQuery, videosKey } from './coaching-queries';
import { TrainingVideoList } from './training-video-list';
import { VideoFileForm, YoutubeLinkForm } from './upload-video-forms';
import './coaching.css';

export const UPLOAD_NOT_ALLOWED_TEXT =
  'Uploading training videos is for owners and admins of the workspace.';

/**
 * Coaching → Upload Training Videos (issue #16): pick a topic, add a YouTube link or upload
 * a video file to it, and see or delete its videos. Owners and admins manage their own
 * workspace; the system user first picks one.
 */
export function UploadTrainingVideosPage() {
  const host = useHost();
  const scope = useQueryScope();
  const role = host.session.user?.role ?? null;
  const isSystem = role === 'system';
  const allowed = role != null && MANAGERS_AND_SYSTEM.includes(role);
  const workspaces = useDataQuery(allowed && isSystem ? workspacesQuery(scope, host.api) : null);
  const topics = useDataQuery(allowed ? trainingTopicsQuery(scope, host.api) : null);
  const [chosenWorkspace, setChosenWorkspace] = useState('');
  const [topicId, setTopicId] = useState('');
  const workspacePicker = useId();
  const topicPicker = useId();
  const workspaceId = isSystem ? chosenWorkspace : (host.session.workspace?.id ?? '');
  const topic = topics.data?.find((item) => item.id === topicId) ?? null;
  const videos = useDataQuery(
    workspaceId && topic ? trainingVideosQuery(scope, host.api, workspaceId, topic.id) : null,
  );
  const { remove, deletingId } = useDeleteTrainingVideo(workspaceId);

  return (
    <Page
      eyebrow="Coaching"
      title="Upload Training Videos"
      description="Add a YouTube link or upload a video file to a training topic. Your team watches them under Training."
    >
      {!allowed ? (
        <p className="ic-coaching__notice" role="status">
          {UPLOAD_NOT_ALLOWED_TEXT}
        </p>
      ) : (
        <>
          <Card title="Topic">
            {topics.status === 'error' || workspaces.status === 'error' ? (
              <ErrorView
                onRetry={() => {
                  topics.retry();
                  workspaces.retry();
                }}
                detail={topics.detail ?? workspaces.detail ?? undefined}
              />
            ) : (
              <div className="ic-coaching__picker">
                {isSystem ? (
                  <div className="ic-field">
                    <label className="ic-field__label" htmlFor={workspacePicker}>
                      Workspace
                    </label>
                    <select
                      id={workspacePicker}
                      className={fieldClassNames.select}
                      value={chosenWorkspace}
                      disabled={workspaces.status !== 'loaded'}
                      onChange={(event) => setChosenWorkspace(event.target.value)}
                    >
                      <option value="">
                        {workspaces.status === 'loaded'
                          ? 'Choose a workspace'
                          : 'Loading workspaces…'}
                      </option>
                      {(workspaces.data ?? []).map((item) => (
                        <option key={item.id} value={item.id}>
                          {item.attributes.name}
                        </option>
                      ))}
                    </select>
                  </div>
                ) : null}
                <div className="ic-field">
                  <label className="ic-field__label" htmlFor={topicPicker}>
                    Training topic
                  </label>
                  <select
                    id={topicPicker}
                    className={fieldClassNames.select}
                    value={topicId}
                    disabled={topics.status !== 'loaded'}
                    onChange={(event) => setTopicId(event.target.value)}
                  >
                    <option value="">
                      {topics.status === 'loaded' ? 'Choose a topic' : 'Loading topics…'}
                    </option>
                    {(topics.data ?? []).map((item) => (
                      <option key={item.id} value={item.id}>
                        {item.name}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            )}
          </Card>
          {workspaceId ? (
            <>
              <div className="ic-coaching__form-row">
                <YoutubeLinkForm
                  key={`yt-${workspaceId}`}
                  workspaceId={workspaceId}
                  topic={topic}
                />
                <VideoFileForm
                  key={`file-${workspaceId}`}
                  workspaceId={workspaceId}
                  topic={topic}
                />
              </div>
              <Card title={topic ? `Videos in ${topic.name}` : 'Videos'}>
                {!topic ? (
                  <p className="ic-coaching__notice" role="status">
                    Choose a topic to see its videos.
                  </p>
                ) : videos.status === 'error' ? (
                  <ErrorView onRetry={videos.retry} detail={videos.detail ?? undefined} />
                ) : videos.status !== 'loaded' || !videos.data ? (
                  <LoadingBlock label="Loading videos…" />
                ) : videos.data.length === 0 ? (
                  <p className="ic-coaching__empty" role="status">
                    No videos in this topic yet. Add one above.
                  </p>
                ) : (
                  <TrainingVideoList
                    videos={videos.data}
                    onDelete={(video) => void remove(video)}
                    deletingId={deletingId}
                  />
                )}
              </Card>
            </>
          ) : isSystem ? (
            <p className="ic-coaching__notice" role="status">
              Choose a workspace to manage its training videos.
            </p>
          ) : null}
        </>
      )}
    </Page>
  );
}

/**
 * Deletes a video of the workspace once the user confirms (through useMutateAndInvalidate:
 * every topic's video list of the workspace made stale); the video being deleted, if any.
 */
function useDeleteTrainingVideo(workspaceId: string) {
  const host = useHost();
  const scope = useQueryScope();
  const deleteVideo = useMutateAndInvalidate(
    (videoId: string) => deleteTrainingVideo(host.api, workspaceId, videoId),
    { invalidates: () => [videosKey(scope, workspaceId)] },
  );
  const confirm = useConfirm();
  const [deletingId, setDeletingId] = useState<string | null>(null);

  async function remove(video: TrainingVideo) {
    const answer = await confirm({
      icon: 'danger',
      title: 'Delete this video?',
      subtitle: video.title,
      body: 'It leaves the topic for everyone in the workspace. An uploaded file is removed too.',
      submitText: 'Delete',
      submitColor: 'danger',
    });
    if (answer !== 1) return;
    setDeletingId(video.id);
    try {
      await deleteVideo.mutate(video.id);
      host.notify('success', 'Video deleted.');
    } catch {
      // The API client has shown the server's reason.
    } finally {
      setDeletingId(null);
    }
  }

  return { remove, deletingId };
}
