import { z } from 'zod';
import { idSchema, itemResponseSchema, listResponseSchema } from './common';

// Coaching (issue #16; spec: dashboards 2.2 coaching menu, 6 roles; session 2 Sidebar
// Training submenu and the lightbox dialog; session 7 coaching-videos/category).
// docs/coaching.md has the endpoint table.

/** A calendar day, YYYY-MM-DD. */
export const isoDaySchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'expected a date as YYYY-MM-DD')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && isRealDay(day), {
    message: 'expected a real calendar date',
  });

function isRealDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return date.toISOString().slice(0, 10) === day;
}

/**
 * A training topic: Immigration (a built-in topic, id "immigration") or one coaching
 * category (global lookup coachingMenu).
 */
export const trainingCategoryIdSchema = idSchema;

// ---------------------------------------------------------------- videos

export const videoSourceSchema = z.enum(['youtube', 'upload']);
export type VideoSource = z.infer<typeof videoSourceSchema>;

export const trainingVideoSchema = z.object({
  id: idSchema,
  categoryId: idSchema,
  title: z.string(),
  source: videoSourceSchema,
  /** YouTube video id (source youtube), played at youtube-nocookie.com/embed/{id}. */
  youtubeId: z.string().nullable(),
  /**
   * Uploaded files only: a short-lived signed address of the file (root-relative, same
   * origin as the app), for a <video> element. Never carries the access token.
   */
  mediaUrl: z.string().nullable(),
  contentType: z.string().nullable(),
  sizeBytes: z.number().int().min(0).nullable(),
  createdAt: z.string(),
});
export type TrainingVideo = z.infer<typeof trainingVideoSchema>;

export const trainingVideoListResponseSchema = listResponseSchema(trainingVideoSchema);
export const trainingVideoResponseSchema = itemResponseSchema(trainingVideoSchema);

export const trainingVideoListQuerySchema = z.object({ categoryId: idSchema.optional() });

/** The longest title of a training video (the forms and the server check the same). */
export const VIDEO_TITLE_MAX = 200;

const videoTitleSchema = z
  .string()
  .trim()
  .min(1, 'title is required')
  .max(VIDEO_TITLE_MAX, `keep the title to ${VIDEO_TITLE_MAX} characters`);

/** POST workspaces/{id}/coaching-videos: a YouTube link added to a category. */
export const addYoutubeVideoSchema = z
  .object({
    categoryId: idSchema,
    title: videoTitleSchema,
    url: z.string().trim().min(1, 'url is required').max(500),
  })
  .strict();
export type AddYoutubeVideo = z.input<typeof addYoutubeVideoSchema>;

/** POST workspaces/{id}/coaching-videos/files?categoryId=&title=&filename= (raw file body). */
export const uploadVideoQuerySchema = z.object({
  categoryId: idSchema,
  title: videoTitleSchema,
  filename: z.string().trim().min(1, 'filename is required').max(255),
});
export type UploadVideoQuery = z.input<typeof uploadVideoQuerySchema>;

// ---------------------------------------------------------------- scores

export const coachingScoreSchema = z.object({
  id: idSchema,
  agentId: idSchema,
  agentName: z.string(),
  categoryId: idSchema,
  date: isoDaySchema,
  score: z.number().int().min(0).max(100),
  note: z.string(),
  enteredBy: z.string(),
  createdAt: z.string(),
});
export type CoachingScore = z.infer<typeof coachingScoreSchema>;

export const coachingScoreListResponseSchema = listResponseSchema(coachingScoreSchema);
export const coachingScoreResponseSchema = itemResponseSchema(coachingScoreSchema);

/** POST workspaces/{id}/coaching-scores: one score a manager gives an agent. */
export const coachingScoreInputSchema = z
  .object({
    agentId: idSchema,
    categoryId: idSchema,
    date: isoDaySchema,
    score: z
      .number({ error: 'score must be a number from 0 to 100' })
      .int('score must be a whole number')
      .min(0, 'score must be from 0 to 100')
      .max(100, 'score must be from 0 to 100'),
    note: z.string().trim().max(1000, 'keep the note to 1000 characters').default(''),
  })
  .strict();
export type CoachingScoreInput = z.input<typeof coachingScoreInputSchema>;

export const coachingScoreQuerySchema = z.object({
  agentId: idSchema.optional(),
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
});
export type CoachingScoreQuery = z.input<typeof coachingScoreQuerySchema>;

// ---------------------------------------------------------------- reports

export const trendDirectionSchema = z.enum(['up', 'down', 'steady', 'none']);
export type TrendDirection = z.infer<typeof trendDirectionSchema>;

export const scoreTrendSchema = z.object({
  direction: trendDirectionSchema,
  /** Latest month's average minus the month before's (points); null without two months. */
  change: z.number().nullable(),
});
export type ScoreTrend = z.infer<typeof scoreTrendSchema>;

export const monthlyAverageSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  average: z.number(),
  count: z.number().int().min(1),
});
export type MonthlyAverage = z.infer<typeof monthlyAverageSchema>;

export const agentCoachingRowSchema = z.object({
  agentId: idSchema,
  agentName: z.string(),
  count: z.number().int().min(0),
  /** Mean of the range's scores, one decimal; null without scores. */
  average: z.number().nullable(),
  trend: scoreTrendSchema,
  months: z.array(monthlyAverageSchema),
});
export type AgentCoachingRow = z.infer<typeof agentCoachingRowSchema>;

export const categoryVideoCountSchema = z.object({
  categoryId: idSchema,
  name: z.string(),
  videos: z.number().int().min(0),
});

export const coachingReportSchema = z.object({
  from: isoDaySchema,
  to: isoDaySchema,
  agents: z.array(agentCoachingRowSchema),
  videosByCategory: z.array(categoryVideoCountSchema),
});
export type CoachingReport = z.infer<typeof coachingReportSchema>;
export const coachingReportResponseSchema = itemResponseSchema(coachingReportSchema);

export const coachingReportQuerySchema = z
  .object({ from: isoDaySchema, to: isoDaySchema })
  .refine((q) => q.from <= q.to, { message: 'from must be on or before to', path: ['from'] });

/** DELETE of a video or a score: the id that is gone. */
export const coachingDeletedResponseSchema = itemResponseSchema(z.object({ id: idSchema }));

/** The API paths, relative to the API base (one place for the client and the tests). */
const ws = (id: string) => `workspaces/${encodeURIComponent(id)}`;
export const coachingPaths = {
  videos: (workspaceId: string) => `${ws(workspaceId)}/coaching-videos`,
  video: (workspaceId: string, videoId: string) =>
    `${ws(workspaceId)}/coaching-videos/${encodeURIComponent(videoId)}`,
  videoFiles: (workspaceId: string) => `${ws(workspaceId)}/coaching-videos/files`,
  scores: (workspaceId: string) => `${ws(workspaceId)}/coaching-scores`,
  score: (workspaceId: string, scoreId: string) =>
    `${ws(workspaceId)}/coaching-scores/${encodeURIComponent(scoreId)}`,
  report: (workspaceId: string) => `${ws(workspaceId)}/coaching-reports`,
} as const;
