import type { Insertable } from 'kysely';
import { IMMIGRATION_TOPIC } from '@/shared/domain/coaching';
import type { Db } from '../db/database';
import { readMeta, writeMeta } from '../db/meta';
import type { CoachingScoreTable, CoachingVideoTable } from '../db/schema';
import { listCoachingCategories } from '../repositories/lookup-repository';
import { DEMO_WORKSPACES } from './demo-workspaces';
import { mulberry32 } from './random';

/** Set once the coaching demo data was seeded, so a deleted video does not come back. */
export const COACHING_SEED_META_KEY = 'demo_coaching';

const COACHING_RANDOM_SEED = 0xc0ac4;

/** How many past months of scores each agent gets (the current month included). */
const SCORE_MONTHS = 4;

interface DemoVideo {
  youtubeId: string;
  title: string;
}

/**
 * Public talks on listening, speaking and persuasion (TED and RSA), standing in for a
 * firm's own training videos, by topic name; a topic not named here gets the default.
 */
const VIDEOS: Readonly<Record<string, readonly DemoVideo[]>> = {
  Immigration: [
    { youtubeId: 'R1vskiVDwl4', title: 'Ten ways to have a better conversation' },
    { youtubeId: '1Evwgu369Jw', title: 'Empathy with callers in hard situations' },
  ],
  'Intake Basics': [
    { youtubeId: 'eIho2S0ZahI', title: 'How to speak so that callers want to listen' },
    { youtubeId: 'R1vskiVDwl4', title: 'Ten ways to have a better conversation' },
  ],
  'Objection Handling': [
    { youtubeId: 'qp0HIF3SfI4', title: 'Start with why: answering "why should I hire you?"' },
  ],
  'Closing the Consult': [
    { youtubeId: 'u4ZoJKF_VuA', title: 'Leading the caller to a decision' },
    { youtubeId: 'Ks-_Mh1QhMc', title: 'Confidence in your voice and posture' },
  ],
  'Empathy on the Phone': [
    { youtubeId: '1Evwgu369Jw', title: 'Empathy versus sympathy' },
    { youtubeId: 'iCvmsMzlF7o', title: 'The power of vulnerability' },
  ],
  'Follow-Up Cadence': [{ youtubeId: 'rrkrvAUbU9Y', title: 'What motivates people to act' }],
  'Compliance Essentials': [
    { youtubeId: 'eIho2S0ZahI', title: 'Saying it clearly: disclosures callers understand' },
  ],
};
const DEFAULT_VIDEOS: readonly DemoVideo[] = [
  { youtubeId: 'R1vskiVDwl4', title: 'Ten ways to have a better conversation' },
];

const pad = (n: number) => String(n).padStart(2, '0');

/** A day of a month `monthsBack` months before `now`'s (UTC), never after `now`. */
function dayOf(now: Date, monthsBack: number, day: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, day));
  const capped = date > now ? now : date;
  return `${capped.getUTCFullYear()}-${pad(capped.getUTCMonth() + 1)}-${pad(capped.getUTCDate())}`;
}

/**
 * The coaching demo data (issue #16): in every demo workspace, YouTube training videos for
 * Immigration and each coaching category, and a few months of scores for each active
 * agent, entered by the workspace's owner, drifting a little month to month so the
 * reports show rising, falling and steady trends. Deterministic (fixed seed, dates
 * relative to `now`); runs once per demo database, also on one made before coaching.
 */
export async function seedDemoCoachingIfMissing(db: Db, now: Date): Promise<number> {
  if ((await readMeta(db, COACHING_SEED_META_KEY)) !== null) return 0;
  const random = mulberry32(COACHING_RANDOM_SEED);
  const topics = [IMMIGRATION_TOPIC, ...(await listCoachingCategories(db))];
  const videos: Insertable<CoachingVideoTable>[] = [];
  const scores: Insertable<CoachingScoreTable>[] = [];
  const stamp = now.toISOString();

  for (const demo of DEMO_WORKSPACES) {
    const workspace = await db
      .selectFrom('workspaces')
      .select('id')
      .where('id', '=', demo.id)
      .executeTakeFirst();
    if (!workspace) continue;
    const owner = await db
      .selectFrom('authorizations')
      .select('user_id')
      .where('workspace_id', '=', demo.id)
      .where('role', '=', 'owner')
      .orderBy('user_id')
      .executeTakeFirst();
    const enteredBy = owner?.user_id ?? 'system';

    for (const topic of topics) {
      (VIDEOS[topic.name] ?? DEFAULT_VIDEOS).forEach((video, i) => {
        videos.push({
          id: `cv_${demo.slug}_${topic.id}_${i + 1}`,
          workspace_id: demo.id,
          category_id: topic.id,
          title: video.title,
          source: 'youtube',
          youtube_id: video.youtubeId,
          file_name: null,
          original_name: null,
          content_type: null,
          size_bytes: null,
          created_by: enteredBy,
          created_at: stamp,
        });
      });
    }

    const agents = await db
      .selectFrom('agents')
      .select(['id'])
      .where('workspace_id', '=', demo.id)
      .where('active', '=', 1)
      .orderBy('id')
      .execute();
    for (const agent of agents) {
      let level = random.int(58, 84);
      const drift = random.pick([-4, -2, 0, 2, 4, 5]);
      for (let back = SCORE_MONTHS - 1; back >= 0; back -= 1) {
        const count = random.int(2, 3);
        for (let k = 0; k < count; k += 1) {
          const score = Math.max(0, Math.min(100, level + random.int(-5, 5)));
          scores.push({
            id: `cs_${agent.id}_${back}_${k}`,
            workspace_id: demo.id,
            agent_id: agent.id,
            category_id: random.pick(topics).id,
            scored_on: dayOf(now, back, 3 + k * 9 + random.int(0, 4)),
            score,
            note: score >= 85 ? 'Strong call control.' : score < 60 ? 'Review the script.' : '',
            entered_by: enteredBy,
            created_at: stamp,
          });
        }
        level += drift;
      }
    }
  }

  await db.transaction().execute(async (trx) => {
    if (videos.length > 0) await trx.insertInto('coaching_videos').values(videos).execute();
    for (let i = 0; i < scores.length; i += 200) {
      await trx
        .insertInto('coaching_scores')
        .values(scores.slice(i, i + 200))
        .execute();
    }
    await writeMeta(trx, COACHING_SEED_META_KEY, JSON.stringify({ seededAt: stamp }));
  });
  return videos.length + scores.length;
}
