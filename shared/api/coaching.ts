import {
  type AddYoutubeVideo,
  coachingDeletedResponseSchema,
  coachingPaths,
  type CoachingReport,
  coachingReportResponseSchema,
  type CoachingScore,
  type CoachingScoreInput,
  coachingScoreListResponseSchema,
  type CoachingScoreQuery,
  coachingScoreResponseSchema,
  type TrainingVideo,
  trainingVideoListResponseSchema,
  trainingVideoResponseSchema,
} from '@/shared/contracts/coaching';
import { videoTypeOfFile } from '@/shared/domain/coaching';
import type { ApiClient, CallOptions } from './client';
import { callForData } from './client';

// Coaching (issue #16): the calls of shared/contracts/coaching.ts, each answer checked by
// its contract. docs/coaching.md.

/** An upload may take longer than the 60 s default: ten minutes for up to 200 MB. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** GET workspaces/{id}/coaching-videos[?categoryId=]: a topic's videos, oldest first. */
export async function listTrainingVideos(
  api: ApiClient,
  workspaceId: string,
  categoryId?: string,
): Promise<TrainingVideo[]> {
  return callForData(api, trainingVideoListResponseSchema, {
    method: 'GET',
    path: coachingPaths.videos(workspaceId),
    query: categoryId ? { categoryId } : undefined,
  });
}

/** POST workspaces/{id}/coaching-videos: a YouTube link added to a category. */
export async function addYoutubeVideo(
  api: ApiClient,
  workspaceId: string,
  input: AddYoutubeVideo,
  options?: CallOptions,
): Promise<TrainingVideo> {
  return callForData(
    api,
    trainingVideoResponseSchema,
    { method: 'POST', path: coachingPaths.videos(workspaceId), body: input },
    options,
  );
}

/**
 * POST workspaces/{id}/coaching-videos/files: the file itself is the body (its own
 * Content-Type, MP4, WebM or QuickTime), title and category in the query.
 */
export async function uploadTrainingVideo(
  api: ApiClient,
  workspaceId: string,
  input: { categoryId: string; title: string; file: File },
  options?: CallOptions,
): Promise<TrainingVideo> {
  return callForData(
    api,
    trainingVideoResponseSchema,
    {
      method: 'POST',
      path: coachingPaths.videoFiles(workspaceId),
      query: { categoryId: input.categoryId, title: input.title, filename: input.file.name },
      // A file the browser gave no type keeps the one its extension says (.mov).
      body: input.file.type
        ? input.file
        : new Blob([input.file], { type: videoTypeOfFile(input.file) ?? '' }),
      timeoutMs: UPLOAD_TIMEOUT_MS,
    },
    options,
  );
}

/** DELETE workspaces/{id}/coaching-videos/{videoId} (an uploaded file is removed too). */
export async function deleteTrainingVideo(
  api: ApiClient,
  workspaceId: string,
  videoId: string,
): Promise<void> {
  await api.call(coachingDeletedResponseSchema, {
    method: 'DELETE',
    path: coachingPaths.video(workspaceId, videoId),
  });
}

/** GET workspaces/{id}/coaching-scores: newest first; an operator gets only their own. */
export async function listCoachingScores(
  api: ApiClient,
  workspaceId: string,
  query: CoachingScoreQuery = {},
): Promise<CoachingScore[]> {
  return callForData(api, coachingScoreListResponseSchema, {
    method: 'GET',
    path: coachingPaths.scores(workspaceId),
    query: { ...query },
  });
}

/** POST workspaces/{id}/coaching-scores (owners, admins, system). */
export async function addCoachingScore(
  api: ApiClient,
  workspaceId: string,
  input: CoachingScoreInput,
  options?: CallOptions,
): Promise<CoachingScore> {
  return callForData(
    api,
    coachingScoreResponseSchema,
    { method: 'POST', path: coachingPaths.scores(workspaceId), body: input },
    options,
  );
}

/** DELETE workspaces/{id}/coaching-scores/{scoreId}. */
export async function deleteCoachingScore(
  api: ApiClient,
  workspaceId: string,
  scoreId: string,
): Promise<void> {
  await api.call(coachingDeletedResponseSchema, {
    method: 'DELETE',
    path: coachingPaths.score(workspaceId, scoreId),
  });
}

/** GET workspaces/{id}/coaching-reports?from=&to=: per-agent averages and trends. */
export async function getCoachingReport(
  api: ApiClient,
  workspaceId: string,
  range: { from: string; to: string },
): Promise<CoachingReport> {
  return callForData(api, coachingReportResponseSchema, {
    method: 'GET',
    path: coachingPaths.report(workspaceId),
    query: range,
  });
}
