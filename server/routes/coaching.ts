import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  addYoutubeVideoSchema,
  coachingDeletedResponseSchema,
  coachingReportQuerySchema,
  coachingReportResponseSchema,
  coachingScoreInputSchema,
  coachingScoreListResponseSchema,
  coachingScoreQuerySchema,
  coachingScoreResponseSchema,
  trainingVideoListQuerySchema,
  trainingVideoListResponseSchema,
  trainingVideoResponseSchema,
  uploadVideoQuerySchema,
} from '@/shared/contracts/coaching';
import { idSchema } from '@/shared/contracts/common';
import {
  agentCoachingRows,
  allowedVideoType,
  MAX_VIDEO_BYTES,
  parseYoutubeId,
  VIDEO_SIZE_MESSAGE,
} from '@/shared/domain/coaching';
import { MANAGERS_AND_SYSTEM, MANAGERS_OPERATORS_AND_SYSTEM } from '@/shared/domain/role-groups';
import type { Principal } from '../auth/access';
import {
  agentOfUser,
  deleteScore,
  deleteVideoRow,
  findAgent,
  insertScoreRow,
  insertVideoRow,
  findVideoRow,
  isTrainingTopic,
  listActiveAgents,
  listScores,
  listTrainingTopics,
  listVideoRows,
  toTrainingVideo,
} from '../coaching/coaching-repository';
import { createMediaLinks, parseByteRange } from '../coaching/media-links';
import { createVideoStorage, wrongType } from '../coaching/video-storage';
import type { ServerContext } from '../context';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';
import { createWorkspaceScope } from './workspace-scope';

// Coaching (issue #16; spec: dashboards 2.2 and 6, session 2 Sidebar and lightbox):
// training videos per category, uploads, scores and reports. docs/coaching.md has the
// endpoint table and the rules decided where the spec is silent.

export interface CoachingRouteOptions {
  /** Uploaded videos live under `{dataDir}/coaching-videos`. */
  dataDir: string;
  /** The server's secret (jwt-secret): media links are signed with a key derived from it. */
  secret: Uint8Array;
  /** Largest upload; default MAX_VIDEO_BYTES (200 MB). Tests pass a small one. */
  maxVideoBytes?: number;
}

const videoParams = z.object({ id: idSchema, videoId: idSchema });
const scoreParams = z.object({ id: idSchema, scoreId: idSchema });
const mediaParams = z.object({ videoId: idSchema });
const mediaQuery = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().min(1).max(128),
});

/** A report covers at most two years (about 730 days of scores per agent). */
const MAX_REPORT_DAYS = 731;

const unknownCategory = () => badRequest('categoryId: unknown training category');
/** The latest day a score may carry: tomorrow in UTC, so a manager east of UTC can date it today. */
const latestScoreDay = (ctx: ServerContext) =>
  new Date(ctx.now().getTime() + 86_400_000).toISOString().slice(0, 10);

export function registerCoachingRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  options: CoachingRouteOptions,
): void {
  const deps = createCoachingDeps(ctx, options);
  void deps.storage.sweepIncoming();
  registerVideoRoutes(api, deps);
  registerUploadRoute(api, deps);
  registerMediaRoute(api, deps);
  registerScoreRoutes(api, deps);
  registerReportRoute(api, deps);
}

/** What the coaching routes share: the scopes, the video store and the media links. */
type CoachingDeps = ReturnType<typeof createCoachingDeps>;

function createCoachingDeps(ctx: ServerContext, options: CoachingRouteOptions) {
  const { db } = ctx;
  const workspaceScope = createWorkspaceScope(ctx);
  const maxBytes = options.maxVideoBytes ?? MAX_VIDEO_BYTES;
  const storage = createVideoStorage(options.dataDir, maxBytes);
  const links = createMediaLinks(options.secret, ctx.now);

  /** spec: dashboards 6 — Training, Scores, Reports: owner, admin, operator (and system). */
  const readerScope = (request: FastifyRequest) =>
    workspaceScope(request, MANAGERS_OPERATORS_AND_SYSTEM);

  /** Uploads, deletes and score entry: owners and admins of the workspace, and system. */
  const managerScope = (request: FastifyRequest) => workspaceScope(request, MANAGERS_AND_SYSTEM);

  async function requireTopic(categoryId: string) {
    if (!(await isTrainingTopic(db, categoryId))) throw unknownCategory();
  }

  /** An operator's own agent id (they see only their own scores); null for managers. */
  async function ownAgentOnly(principal: Principal, workspaceId: string) {
    if (principal.role !== 'operator') return null;
    const agent = await agentOfUser(db, workspaceId, principal.sub);
    return agent?.id ?? '';
  }

  const respondVideo = (row: Parameters<typeof toTrainingVideo>[0]) =>
    respondWith(trainingVideoResponseSchema, { data: toTrainingVideo(row, links.urlFor) });

  return {
    ctx,
    db,
    maxBytes,
    storage,
    links,
    readerScope,
    managerScope,
    requireTopic,
    ownAgentOnly,
    respondVideo,
  };
}

// ------------------------------------------------------------------ videos

function registerVideoRoutes(api: FastifyInstance, deps: CoachingDeps): void {
  const { ctx, db, storage, links, readerScope, managerScope, requireTopic, respondVideo } = deps;
  api.get('/workspaces/:id/coaching-videos', async (request) => {
    const { workspaceId } = await readerScope(request);
    const { categoryId } = parseInput(trainingVideoListQuerySchema, request.query, 'query');
    const rows = await listVideoRows(db, workspaceId, categoryId);
    const data = rows.map((row) => toTrainingVideo(row, links.urlFor));
    return respondWith(trainingVideoListResponseSchema, {
      data,
      meta: { total: data.length, limit: Math.max(1, data.length), offset: 0 },
    });
  });

  api.post('/workspaces/:id/coaching-videos', async (request, reply) => {
    const { principal, workspaceId } = await managerScope(request);
    const input = parseInput(addYoutubeVideoSchema, request.body, 'body');
    await requireTopic(input.categoryId);
    const youtubeId = parseYoutubeId(input.url);
    if (!youtubeId) {
      throw badRequest('url: enter a YouTube link, such as https://www.youtube.com/watch?v=…');
    }
    const row = {
      id: `cv_${randomUUID()}`,
      workspace_id: workspaceId,
      category_id: input.categoryId,
      title: input.title,
      source: 'youtube',
      youtube_id: youtubeId,
      file_name: null,
      original_name: null,
      content_type: null,
      size_bytes: null,
      created_by: principal.sub,
      created_at: ctx.now().toISOString(),
    };
    await insertVideoRow(db, row);
    return reply.code(201).send(respondVideo(row));
  });

  api.delete('/workspaces/:id/coaching-videos/:videoId', async (request) => {
    const { workspaceId } = await managerScope(request);
    const { videoId } = parseInput(videoParams, request.params, 'params');
    const row = await findVideoRow(db, videoId);
    if (!row || row.workspace_id !== workspaceId) throw notFound('Video not found.');
    await deleteVideoRow(db, videoId);
    if (row.file_name) await storage.remove(row.file_name);
    return respondWith(coachingDeletedResponseSchema, { data: { id: videoId } });
  });
}

function registerUploadRoute(api: FastifyInstance, deps: CoachingDeps): void {
  const { ctx, db, maxBytes, storage, managerScope, requireTopic, respondVideo } = deps;
  // The raw file body: a scope of its own whose catch-all parser hands the request
  // stream to the route untouched, so it is read only after the role checks passed, and
  // straight to disk (never into memory). JSON bodies still reach the JSON parser.
  api.register(async (uploads) => {
    uploads.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    uploads.post('/workspaces/:id/coaching-videos/files', async (request, reply) => {
      const { principal, workspaceId } = await managerScope(request);
      const query = parseInput(uploadVideoQuerySchema, request.query, 'query');
      await requireTopic(query.categoryId);
      const type = allowedVideoType(request.headers['content-type']);
      if (!type || !(request.body instanceof Readable)) throw wrongType();
      const declared = Number(request.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > maxBytes) {
        // Refused before a byte is read; the connection closes rather than take the rest.
        reply.header('connection', 'close');
        throw new HttpError(413, VIDEO_SIZE_MESSAGE);
      }
      const stored = await storage.receive(request.body, type);
      const row = {
        id: `cv_${randomUUID()}`,
        workspace_id: workspaceId,
        category_id: query.categoryId,
        title: query.title,
        source: 'upload',
        youtube_id: null,
        file_name: stored.fileName,
        original_name: query.filename,
        content_type: type,
        size_bytes: stored.sizeBytes,
        created_by: principal.sub,
        created_at: ctx.now().toISOString(),
      };
      try {
        await insertVideoRow(db, row);
      } catch (error) {
        await storage.remove(stored.fileName);
        throw error;
      }
      return reply.code(201).send(respondVideo(row));
    });
  });
}

function registerMediaRoute(api: FastifyInstance, deps: CoachingDeps): void {
  const { db, storage, links } = deps;
  // An uploaded file for a <video> element: the signed address is the permission
  // (server/coaching/media-links.ts); Range requests let the player seek.
  api.get('/coaching-media/:videoId', async (request, reply) => {
    const { videoId } = parseInput(mediaParams, request.params, 'params');
    const { expires, signature } = parseInput(mediaQuery, request.query, 'query');
    if (!links.verify(videoId, expires, signature)) {
      throw forbidden('This video link has expired. Reload the page to watch it.');
    }
    const row = await findVideoRow(db, videoId);
    if (!row?.file_name || !row.content_type) throw notFound('Video not found.');
    const size = await storage.sizeOf(row.file_name);
    if (size === null) throw notFound('Video not found.');
    const range = parseByteRange(request.headers.range, size);
    reply.header('accept-ranges', 'bytes');
    reply.header('cache-control', 'private, max-age=3600');
    reply.type(row.content_type);
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${size}`);
      throw new HttpError(416, 'Range Not Satisfiable');
    }
    const file = storage.pathOf(row.file_name);
    if (range) {
      reply.code(206);
      reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      reply.header('content-length', range.end - range.start + 1);
      return reply.send(createReadStream(file, { start: range.start, end: range.end }));
    }
    reply.header('content-length', size);
    return reply.send(createReadStream(file));
  });
}

// ------------------------------------------------------------------ scores

function registerScoreRoutes(api: FastifyInstance, deps: CoachingDeps): void {
  const { ctx, db, readerScope, managerScope, requireTopic, ownAgentOnly } = deps;
  api.get('/workspaces/:id/coaching-scores', async (request) => {
    const { principal, workspaceId } = await readerScope(request);
    const query = parseInput(coachingScoreQuerySchema, request.query, 'query');
    const own = await ownAgentOnly(principal, workspaceId);
    if (own !== null && query.agentId && query.agentId !== own) {
      throw forbidden('Operators see only their own coaching scores.');
    }
    const scores =
      own === ''
        ? []
        : await listScores(db, workspaceId, { ...query, agentId: own ?? query.agentId });
    return respondWith(coachingScoreListResponseSchema, {
      data: scores,
      meta: { total: scores.length, limit: Math.max(1, scores.length), offset: 0 },
    });
  });

  api.post('/workspaces/:id/coaching-scores', async (request, reply) => {
    const { principal, workspaceId } = await managerScope(request);
    const input = parseInput(coachingScoreInputSchema, request.body, 'body');
    const agent = await findAgent(db, workspaceId, input.agentId);
    if (!agent) throw badRequest('agentId: no such agent in this workspace');
    if (!agent.active) throw badRequest('agentId: this agent is inactive');
    await requireTopic(input.categoryId);
    if (input.date > latestScoreDay(ctx))
      throw badRequest('date: a score cannot be dated in the future');
    const id = `cs_${randomUUID()}`;
    await insertScoreRow(db, {
      id,
      workspace_id: workspaceId,
      agent_id: agent.id,
      category_id: input.categoryId,
      scored_on: input.date,
      score: input.score,
      note: input.note,
      entered_by: principal.sub,
      created_at: ctx.now().toISOString(),
    });
    const saved = (await listScores(db, workspaceId, { agentId: agent.id })).find(
      (s) => s.id === id,
    );
    if (!saved) throw new Error('a saved score could not be read back');
    return reply.code(201).send(respondWith(coachingScoreResponseSchema, { data: saved }));
  });

  api.delete('/workspaces/:id/coaching-scores/:scoreId', async (request) => {
    const { workspaceId } = await managerScope(request);
    const { scoreId } = parseInput(scoreParams, request.params, 'params');
    if (!(await deleteScore(db, workspaceId, scoreId))) throw notFound('Score not found.');
    return respondWith(coachingDeletedResponseSchema, { data: { id: scoreId } });
  });
}

// ------------------------------------------------------------------ reports

function registerReportRoute(api: FastifyInstance, deps: CoachingDeps): void {
  const { db, readerScope, ownAgentOnly } = deps;
  api.get('/workspaces/:id/coaching-reports', async (request) => {
    const { principal, workspaceId } = await readerScope(request);
    const { from, to } = parseInput(coachingReportQuerySchema, request.query, 'query');
    const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
    if (days > MAX_REPORT_DAYS) throw badRequest('to: a report covers at most two years');
    const own = await ownAgentOnly(principal, workspaceId);
    const agents = (await listActiveAgents(db, workspaceId)).filter(
      (agent) => own === null || agent.id === own,
    );
    const scores =
      own === '' ? [] : await listScores(db, workspaceId, { from, to, agentId: own ?? undefined });
    const topics = await listTrainingTopics(db);
    const videos = await listVideoRows(db, workspaceId);
    return respondWith(coachingReportResponseSchema, {
      data: {
        from,
        to,
        agents: agentCoachingRows(agents, scores),
        videosByCategory: topics.map((topic) => ({
          categoryId: topic.id,
          name: topic.name,
          videos: videos.filter((v) => v.category_id === topic.id).length,
        })),
      },
    });
  });
}
