import type { Selectable } from 'kysely';
import type { CoachingScore, TrainingVideo } from '@/shared/contracts/coaching';
import { IMMIGRATION_TOPIC } from '@/shared/domain/coaching';
import type { Db } from '../db/database';
import type { CoachingScoreTable, CoachingVideoTable } from '../db/schema';
import { listCoachingCategories } from '../repositories/lookup-repository';

// Reads and writes of the coaching tables (migration 0012, issue #16).

/** Immigration plus every coaching category: the topics a video or score may name. */
export async function listTrainingTopics(db: Db) {
  return [IMMIGRATION_TOPIC, ...(await listCoachingCategories(db))];
}

export async function isTrainingTopic(db: Db, categoryId: string): Promise<boolean> {
  if (categoryId === IMMIGRATION_TOPIC.id) return true;
  const row = await db
    .selectFrom('coaching_categories')
    .select('id')
    .where('id', '=', categoryId)
    .executeTakeFirst();
  return row !== undefined;
}

export type VideoRow = Selectable<CoachingVideoTable>;

export async function listVideoRows(
  db: Db,
  workspaceId: string,
  categoryId?: string,
): Promise<VideoRow[]> {
  let query = db.selectFrom('coaching_videos').selectAll().where('workspace_id', '=', workspaceId);
  if (categoryId) query = query.where('category_id', '=', categoryId);
  return query.orderBy('created_at').orderBy('id').execute();
}

export async function findVideoRow(db: Db, videoId: string): Promise<VideoRow | undefined> {
  return db.selectFrom('coaching_videos').selectAll().where('id', '=', videoId).executeTakeFirst();
}

export function toTrainingVideo(row: VideoRow, mediaUrl: (id: string) => string): TrainingVideo {
  const upload = row.source === 'upload';
  return {
    id: row.id,
    categoryId: row.category_id,
    title: row.title,
    source: upload ? 'upload' : 'youtube',
    youtubeId: upload ? null : row.youtube_id,
    mediaUrl: upload ? mediaUrl(row.id) : null,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    createdAt: row.created_at,
  };
}

/** The agent record of a signed-in user in a workspace (operators see their own scores). */
export async function agentOfUser(db: Db, workspaceId: string, userId: string) {
  return db
    .selectFrom('agents')
    .innerJoin('users', 'users.person_id', 'agents.person_id')
    .select(['agents.id', 'agents.name'])
    .where('users.id', '=', userId)
    .where('agents.workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

export async function findAgent(db: Db, workspaceId: string, agentId: string) {
  return db
    .selectFrom('agents')
    .select(['id', 'name', 'active'])
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', agentId)
    .executeTakeFirst();
}

export async function listActiveAgents(db: Db, workspaceId: string) {
  return db
    .selectFrom('agents')
    .select(['id', 'name'])
    .where('workspace_id', '=', workspaceId)
    .where('active', '=', 1)
    .orderBy('name')
    .execute();
}

export interface ScoreFilter {
  agentId?: string;
  from?: string;
  to?: string;
}

export async function listScores(
  db: Db,
  workspaceId: string,
  filter: ScoreFilter,
): Promise<CoachingScore[]> {
  let query = db
    .selectFrom('coaching_scores')
    .innerJoin('agents', 'agents.id', 'coaching_scores.agent_id')
    .select([
      'coaching_scores.id',
      'coaching_scores.agent_id',
      'agents.name as agent_name',
      'coaching_scores.category_id',
      'coaching_scores.scored_on',
      'coaching_scores.score',
      'coaching_scores.note',
      'coaching_scores.entered_by',
      'coaching_scores.created_at',
    ])
    .where('coaching_scores.workspace_id', '=', workspaceId);
  if (filter.agentId) query = query.where('coaching_scores.agent_id', '=', filter.agentId);
  if (filter.from) query = query.where('coaching_scores.scored_on', '>=', filter.from);
  if (filter.to) query = query.where('coaching_scores.scored_on', '<=', filter.to);
  const rows = await query
    .orderBy('coaching_scores.scored_on', 'desc')
    .orderBy('coaching_scores.created_at', 'desc')
    .orderBy('coaching_scores.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    agentId: row.agent_id,
    agentName: row.agent_name,
    categoryId: row.category_id,
    date: row.scored_on,
    score: row.score,
    note: row.note,
    enteredBy: row.entered_by,
    createdAt: row.created_at,
  }));
}

export async function insertVideoRow(db: Db, row: VideoRow): Promise<void> {
  await db.insertInto('coaching_videos').values(row).execute();
}

export async function deleteVideoRow(db: Db, videoId: string): Promise<void> {
  await db.deleteFrom('coaching_videos').where('id', '=', videoId).execute();
}

export async function insertScoreRow(db: Db, row: Selectable<CoachingScoreTable>): Promise<void> {
  await db.insertInto('coaching_scores').values(row).execute();
}

/** Deletes the workspace's score; false when it has no such score. */
export async function deleteScore(db: Db, workspaceId: string, scoreId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('coaching_scores')
    .where('id', '=', scoreId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) !== 0;
}
