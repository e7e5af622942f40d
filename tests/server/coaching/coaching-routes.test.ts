import { request as httpRequest } from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coachingReportResponseSchema,
  coachingScoreListResponseSchema,
  coachingScoreResponseSchema,
  trainingVideoListResponseSchema,
  trainingVideoResponseSchema,
} from '@/shared/contracts/coaching';
import { apiErrorSchema } from '@/shared/contracts/common';
import { VIDEO_SIZE_MESSAGE, VIDEO_TYPE_MESSAGE } from '@/shared/domain/coaching';
import { addDays } from '@/server/records/workspace-days';
import { createTestClock, startTestServer, type TestServer } from '../helpers/test-server';

// Coaching (issue #16): training videos, uploads, media links, scores and reports on the
// real server over a fresh demo database.

const message = (body: unknown) => apiErrorSchema.parse(body).message;

/** The first bytes of an MP4 ("ftyp" box at offset 4), padded to a small file. */
function mp4Bytes(size = 4096): Buffer {
  const bytes = Buffer.alloc(size, 7);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  return bytes;
}

describe('coaching', () => {
  // Today: the server starts from a copy of the run's seeded demo data, whose scores run up
  // to today. The days and months below are counted from it in UTC: yesterday is never in
  // the future and the day after tomorrow always is, in any workspace's timezone.
  const clock = createTestClock();
  const today = clock.now().toISOString().slice(0, 10);
  const YESTERDAY = addDays(today, -1);
  const IN_TWO_DAYS = addDays(today, 2);
  /** The first and last day of the month `back` months before today's. */
  const monthRange = (back: number) => {
    const now = clock.now();
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth() - back;
    const day = (d: Date) => d.toISOString().slice(0, 10);
    return {
      from: day(new Date(Date.UTC(year, month, 1))),
      to: day(new Date(Date.UTC(year, month + 1, 0))),
    };
  };
  // Last month: a whole month of seeded scores whatever today's date.
  const LAST_MONTH = monthRange(1);
  const FIVE_MONTHS_FROM = monthRange(5).from;
  let t: TestServer;
  let owner: string;
  let admin: string;
  let agent: string;
  let consultant: string;
  let harborOwner: string;
  let system: string;
  let lakesideAgentId: string;
  let ownAgentId: string;

  beforeAll(async () => {
    t = await startTestServer({ now: clock.now });
    [owner, admin, agent, consultant, harborOwner, system] = await Promise.all(
      [
        'owner@lakeside.test',
        'admin@lakeside.test',
        'agent@lakeside.test',
        'consultant@lakeside.test',
        'owner@harbor.test',
        'system@intake.test',
      ].map(async (user) => (await t.signIn(user)).accessToken),
    );
    const own = await t.server.db
      .selectFrom('agents')
      .innerJoin('users', 'users.person_id', 'agents.person_id')
      .select('agents.id')
      .where('users.username', '=', 'agent@lakeside.test')
      .executeTakeFirstOrThrow();
    ownAgentId = own.id;
    const other = await t.server.db
      .selectFrom('agents')
      .select('id')
      .where('workspace_id', '=', 'ws_lakeside')
      .where('active', '=', 1)
      .where('id', '!=', ownAgentId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    lakesideAgentId = other.id;
  });
  afterAll(() => t.close());

  const videosOf = async (token: string, categoryId?: string, ws = 'ws_lakeside') => {
    const query = categoryId ? `?categoryId=${categoryId}` : '';
    return t.api(`/api/workspaces/${ws}/coaching-videos${query}`, { token });
  };

  /** A raw upload with node:http, so headers and half bodies are ours to choose. */
  function rawUpload(options: {
    token: string;
    query: string;
    contentType: string;
    contentLength?: number;
    chunks: Buffer[];
    abortAfterChunks?: boolean;
  }): Promise<{ status: number; body: unknown } | 'aborted'> {
    const url = new URL(
      `${t.url}/api/workspaces/ws_lakeside/coaching-videos/files?${options.query}`,
    );
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = {
        authorization: `Bearer ${options.token}`,
        'content-type': options.contentType,
      };
      if (options.contentLength !== undefined) headers['content-length'] = options.contentLength;
      const req = httpRequest(url, { method: 'POST', headers }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') }),
        );
      });
      req.on('error', (error) => (options.abortAfterChunks ? resolve('aborted') : reject(error)));
      for (const chunk of options.chunks) req.write(chunk);
      if (options.abortAfterChunks) {
        setTimeout(() => {
          req.destroy();
          resolve('aborted');
        }, 150);
      } else req.end();
    });
  }

  const storedFiles = async () => {
    const dir = path.join(t.dataDir, 'coaching-videos');
    const files = await readdir(dir).catch(() => [] as string[]);
    const incoming = await readdir(path.join(dir, '.incoming')).catch(() => [] as string[]);
    return { files: files.filter((f) => f !== '.incoming'), incoming };
  };

  describe('videos', () => {
    it('lists the seeded YouTube videos of a topic for owners, operators and the system user', async () => {
      for (const token of [owner, agent, system]) {
        const answer = await videosOf(token, 'immigration');
        expect(answer.status).toBe(200);
        const videos = trainingVideoListResponseSchema.parse(answer.body).data;
        expect(videos.length).toBeGreaterThan(0);
        expect(videos.every((v) => v.categoryId === 'immigration' && v.source === 'youtube')).toBe(
          true,
        );
        expect(videos[0]!.youtubeId).toMatch(/^[\w-]{11}$/);
      }
    });

    it('refuses consultants (403) and another workspace’s users (403)', async () => {
      expect((await videosOf(consultant)).status).toBe(403);
      expect((await videosOf(harborOwner)).status).toBe(403);
      expect((await videosOf(owner, undefined, 'ws_harbor')).status).toBe(403);
    });

    it('adds a YouTube link for an owner and stores only the video id', async () => {
      const added = await t.api('/api/workspaces/ws_lakeside/coaching-videos', {
        method: 'POST',
        token: owner,
        body: {
          categoryId: 'cc_01',
          title: ' Greeting a caller ',
          url: 'https://youtu.be/eIho2S0ZahI?t=30',
        },
      });
      expect(added.status).toBe(201);
      const video = trainingVideoResponseSchema.parse(added.body).data;
      expect(video).toMatchObject({
        title: 'Greeting a caller',
        youtubeId: 'eIho2S0ZahI',
        mediaUrl: null,
      });
      const list = trainingVideoListResponseSchema.parse(
        (await videosOf(agent, 'cc_01')).body,
      ).data;
      expect(list.map((v) => v.id)).toContain(video.id);
    });

    it('answers 400 with a clear message for a link that is not YouTube, an unknown category or no title', async () => {
      const post = (body: unknown) =>
        t.api('/api/workspaces/ws_lakeside/coaching-videos', {
          method: 'POST',
          token: admin,
          body,
        });
      const notYoutube = await post({
        categoryId: 'cc_01',
        title: 'x',
        url: 'https://vimeo.com/123',
      });
      expect(notYoutube.status).toBe(400);
      expect(message(notYoutube.body)).toMatch(/YouTube link/);
      const unknown = await post({ categoryId: 'cc_nope', title: 'x', url: 'eIho2S0ZahI' });
      expect(unknown.status).toBe(400);
      expect(message(unknown.body)).toMatch(/unknown training category/);
      const untitled = await post({ categoryId: 'cc_01', title: '  ', url: 'eIho2S0ZahI' });
      expect(untitled.status).toBe(400);
      expect(message(untitled.body)).toMatch(/title/);
      expect((await post('not json at all')).status).toBe(400);
    });

    it('lets only owners, admins and system add or delete videos (operators 403, other workspace 403)', async () => {
      const body = { categoryId: 'cc_01', title: 'x', url: 'eIho2S0ZahI' };
      for (const token of [agent, consultant, harborOwner]) {
        const answer = await t.api('/api/workspaces/ws_lakeside/coaching-videos', {
          method: 'POST',
          token,
          body,
        });
        expect(answer.status).toBe(403);
      }
      const bySystem = await t.api('/api/workspaces/ws_lakeside/coaching-videos', {
        method: 'POST',
        token: system,
        body,
      });
      expect(bySystem.status).toBe(201);
      const id = trainingVideoResponseSchema.parse(bySystem.body).data.id;
      const path = `/api/workspaces/ws_lakeside/coaching-videos/${id}`;
      expect((await t.api(path, { method: 'DELETE', token: agent })).status).toBe(403);
      expect(
        (
          await t.api(`/api/workspaces/ws_harbor/coaching-videos/${id}`, {
            method: 'DELETE',
            token: harborOwner,
          })
        ).status,
      ).toBe(404);
      expect((await t.api(path, { method: 'DELETE', token: admin })).status).toBe(200);
      expect((await t.api(path, { method: 'DELETE', token: admin })).status).toBe(404);
    });
  });

  describe('uploads and media links', () => {
    it('stores an MP4 upload, lists it with a signed address, and serves it whole and by range without a token', async () => {
      const bytes = mp4Bytes();
      const answer = await rawUpload({
        token: owner,
        query: 'categoryId=cc_02&title=Role%20play&filename=role-play.mp4',
        contentType: 'video/mp4',
        chunks: [bytes],
      });
      if (answer === 'aborted') throw new Error('upload aborted');
      expect(answer.status).toBe(201);
      const video = trainingVideoResponseSchema.parse(answer.body).data;
      expect(video).toMatchObject({
        source: 'upload',
        contentType: 'video/mp4',
        sizeBytes: bytes.length,
      });
      expect(video.mediaUrl).toMatch(/^\/api\/coaching-media\/.+\?expires=\d+&signature=/);
      expect(video.mediaUrl).not.toContain(owner);

      const whole = await fetch(`${t.url}${video.mediaUrl}`);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('video/mp4');
      expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

      const part = await fetch(`${t.url}${video.mediaUrl}`, { headers: { range: 'bytes=4-11' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 4-11/${bytes.length}`);
      expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('ftypisom');

      // Its first character changed (to another one: 1 signature in 64 starts with A).
      const tampered = video.mediaUrl!.replace(/signature=(.)/, (_match, first: string) =>
        first === 'A' ? 'signature=B' : 'signature=A',
      );
      expect((await fetch(`${t.url}${tampered}`)).status).toBe(403);
      const otherVideo = video.mediaUrl!.replace(video.id, 'cv_other');
      expect((await fetch(`${t.url}${otherVideo}`)).status).toBe(403);

      clock.advance(3 * 60 * 60_000);
      const expired = await fetch(`${t.url}${video.mediaUrl}`);
      expect(expired.status).toBe(403);
      expect(message(await expired.json())).toMatch(/expired/);
      clock.advance(-3 * 60 * 60_000);

      // Deleting the video removes its file.
      expect((await storedFiles()).files.length).toBe(1);
      await t.api(`/api/workspaces/ws_lakeside/coaching-videos/${video.id}`, {
        method: 'DELETE',
        token: owner,
      });
      expect((await storedFiles()).files.length).toBe(0);
    });

    it('refuses a type outside the allow-list and a file whose bytes are not a video (415), keeping nothing', async () => {
      const text = await rawUpload({
        token: owner,
        query: 'categoryId=cc_02&title=Notes&filename=notes.txt',
        contentType: 'text/plain',
        chunks: [Buffer.from('hello')],
      });
      expect(text).not.toBe('aborted');
      if (text === 'aborted') return;
      expect(text.status).toBe(415);
      expect(message(text.body)).toBe(VIDEO_TYPE_MESSAGE);

      const disguised = await rawUpload({
        token: owner,
        query: 'categoryId=cc_02&title=Fake&filename=fake.mp4',
        contentType: 'video/mp4',
        chunks: [Buffer.from('<html>this is not a video at all</html>')],
      });
      if (disguised === 'aborted') throw new Error('upload aborted');
      expect(disguised.status).toBe(415);
      const list = trainingVideoListResponseSchema.parse(
        (await videosOf(owner, 'cc_02')).body,
      ).data;
      expect(list.some((v) => v.title === 'Fake')).toBe(false);
      expect(await storedFiles()).toEqual({ files: [], incoming: [] });
    });

    it('refuses an over-size upload with 413 and its message before reading it', async () => {
      const answer = await rawUpload({
        token: owner,
        query: 'categoryId=cc_02&title=Huge&filename=huge.mp4',
        contentType: 'video/mp4',
        contentLength: 300 * 1024 * 1024,
        chunks: [mp4Bytes(1024)],
        abortAfterChunks: false,
      }).catch(() => 'aborted' as const);
      // The server answers at once, before the body, and closes the connection.
      expect(answer).not.toBe('aborted');
      if (answer === 'aborted') return;
      expect(answer.status).toBe(413);
      expect(message(answer.body)).toBe(VIDEO_SIZE_MESSAGE);
      const list = trainingVideoListResponseSchema.parse(
        (await videosOf(owner, 'cc_02')).body,
      ).data;
      expect(list.some((v) => v.title === 'Huge')).toBe(false);
    });

    it('never lists a half-uploaded file and removes its part file', async () => {
      const result = await rawUpload({
        token: owner,
        query: 'categoryId=cc_02&title=Half&filename=half.mp4',
        contentType: 'video/mp4',
        contentLength: 100_000,
        chunks: [mp4Bytes(2048)],
        abortAfterChunks: true,
      });
      expect(result).toBe('aborted');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const list = trainingVideoListResponseSchema.parse(
        (await videosOf(owner, 'cc_02')).body,
      ).data;
      expect(list.some((v) => v.title === 'Half')).toBe(false);
      expect(await storedFiles()).toEqual({ files: [], incoming: [] });
    });

    it('refuses uploads from operators (403) before storing anything', async () => {
      const answer = await rawUpload({
        token: agent,
        query: 'categoryId=cc_02&title=Mine&filename=mine.mp4',
        contentType: 'video/mp4',
        chunks: [mp4Bytes()],
      });
      if (answer === 'aborted') throw new Error('upload aborted');
      expect(answer.status).toBe(403);
      expect(await storedFiles()).toEqual({ files: [], incoming: [] });
    });
  });

  describe('scores', () => {
    const post = (token: string, body: unknown) =>
      t.api('/api/workspaces/ws_lakeside/coaching-scores', { method: 'POST', token, body });

    it('saves a score an owner enters and lists it for managers', async () => {
      const saved = await post(owner, {
        agentId: lakesideAgentId,
        categoryId: 'cc_03',
        date: YESTERDAY,
        score: 91,
        note: 'Closed with a clear next step.',
      });
      expect(saved.status).toBe(201);
      const score = coachingScoreResponseSchema.parse(saved.body).data;
      expect(score).toMatchObject({ agentId: lakesideAgentId, score: 91, date: YESTERDAY });
      const list = await t.api(
        `/api/workspaces/ws_lakeside/coaching-scores?agentId=${lakesideAgentId}`,
        {
          token: admin,
        },
      );
      const scores = coachingScoreListResponseSchema.parse(list.body).data;
      // Listed (the seeded scores may include today's, after it).
      expect(scores.find((s) => s.id === score.id)).toEqual(score);
      expect(scores.every((s) => s.agentId === lakesideAgentId)).toBe(true);
    });

    it('answers 400 for a score out of 0–100, a future date, an unknown agent or category', async () => {
      const base = { agentId: lakesideAgentId, categoryId: 'cc_03', date: YESTERDAY, score: 70 };
      const cases: [unknown, RegExp][] = [
        [{ ...base, score: 101 }, /score must be from 0 to 100/],
        [{ ...base, score: 7.5 }, /whole number/],
        [{ ...base, date: IN_TWO_DAYS }, /future/],
        [{ ...base, date: '2026-02-30' }, /date/],
        [{ ...base, agentId: 'ag_nobody' }, /no such agent/],
        [{ ...base, categoryId: 'cc_nope' }, /unknown training category/],
      ];
      for (const [body, pattern] of cases) {
        const answer = await post(owner, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(message(answer.body)).toMatch(pattern);
      }
    });

    it('refuses score entry to operators, consultants and another workspace (403)', async () => {
      const body = { agentId: lakesideAgentId, categoryId: 'cc_03', date: YESTERDAY, score: 70 };
      for (const token of [agent, consultant, harborOwner])
        expect((await post(token, body)).status).toBe(403);
    });

    it('shows an operator only their own scores', async () => {
      const own = await t.api('/api/workspaces/ws_lakeside/coaching-scores', { token: agent });
      expect(own.status).toBe(200);
      const scores = coachingScoreListResponseSchema.parse(own.body).data;
      expect(scores.length).toBeGreaterThan(0);
      expect(scores.every((s) => s.agentId === ownAgentId)).toBe(true);
      const other = await t.api(
        `/api/workspaces/ws_lakeside/coaching-scores?agentId=${lakesideAgentId}`,
        {
          token: agent,
        },
      );
      expect(other.status).toBe(403);
    });
  });

  describe('reports', () => {
    it('gives managers each active agent’s average and trend over the range, from the stored scores', async () => {
      const answer = await t.api(
        `/api/workspaces/ws_lakeside/coaching-reports?from=${LAST_MONTH.from}&to=${LAST_MONTH.to}`,
        { token: owner },
      );
      expect(answer.status).toBe(200);
      const report = coachingReportResponseSchema.parse(answer.body).data;
      expect(report.agents.length).toBeGreaterThan(1);
      const row = report.agents.find((a) => a.agentId === lakesideAgentId)!;
      const scores = coachingScoreListResponseSchema.parse(
        (
          await t.api(
            `/api/workspaces/ws_lakeside/coaching-scores?agentId=${lakesideAgentId}&from=${LAST_MONTH.from}&to=${LAST_MONTH.to}`,
            { token: owner },
          )
        ).body,
      ).data;
      const mean = scores.reduce((sum, s) => sum + s.score, 0) / scores.length;
      expect(row.count).toBe(scores.length);
      expect(row.average).toBeCloseTo(mean, 1);
      expect(row.trend.direction).toBe('none'); // one month in range
      expect(report.videosByCategory[0]).toMatchObject({
        categoryId: 'immigration',
        name: 'Immigration',
      });
    });

    it('shows an operator only their own row, and refuses a reversed range with 400', async () => {
      const own = await t.api(
        `/api/workspaces/ws_lakeside/coaching-reports?from=${FIVE_MONTHS_FROM}&to=${LAST_MONTH.to}`,
        {
          token: agent,
        },
      );
      const report = coachingReportResponseSchema.parse(own.body).data;
      expect(report.agents.map((a) => a.agentId)).toEqual([ownAgentId]);
      expect(report.agents[0]!.months.length).toBeGreaterThan(1);
      const reversed = await t.api(
        `/api/workspaces/ws_lakeside/coaching-reports?from=${LAST_MONTH.to}&to=${LAST_MONTH.from}`,
        {
          token: owner,
        },
      );
      expect(reversed.status).toBe(400);
      expect(message(reversed.body)).toMatch(/from must be on or before to/);
      expect(
        (await t.api('/api/workspaces/ws_lakeside/coaching-reports', { token: owner })).status,
      ).toBe(400);
      expect(
        (
          await t.api(
            `/api/workspaces/ws_lakeside/coaching-reports?from=${LAST_MONTH.from}&to=${LAST_MONTH.to}`,
            { token: consultant },
          )
        ).status,
      ).toBe(403);
    });
  });
});
