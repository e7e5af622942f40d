import type { Insertable } from 'kysely';
import { isCallTrackingEnabled } from '@/shared/domain/workspace-features';
import type { Db } from '../db/database';
import { readMeta, writeMeta } from '../db/meta';
import type { CtmTrackingNumberTable } from '../db/schema';
import { findWorkspace } from '../repositories/workspace-repository';
import { DEMO_WORKSPACES } from './demo-workspaces';

/** Set once the demo tracking numbers were seeded, so a deleted one does not come back. */
export const TRACKING_NUMBERS_SEED_META_KEY = 'demo_tracking_numbers';

/** How many campaigns get a tracking number of their own, per workspace. */
const CAMPAIGN_NUMBERS = 5;

/**
 * Area codes of each call-tracking workspace's offices (Chicago, Naperville, Milwaukee;
 * Boston, Providence). The numbers use the 555-01xx block, reserved for fiction, so a
 * demo number can never ring a real person.
 */
const AREA_CODES: Readonly<Record<string, readonly string[]>> = {
  ws_lakeside: ['312', '630', '414'],
  ws_harbor: ['617', '401'],
};

/**
 * The demo tracking numbers (issue #13, spec: session 2 Call number picker, 7 ctm/numbers):
 * for each workspace with call tracking, one number per campaign of its first active lead
 * sources (labelled like the campaign, so tracking-info names the campaign and its lead
 * source), a main office line that is not attributed to any campaign (tracking-info then
 * answers "None Associated"), and a London referral line that US phone validation refuses
 * (the picker's non-US warning, spec 5). Deterministic: it reads the seeded lookups in id
 * order. Runs once per demo database, also on one made before call tracking existed.
 */
export async function seedDemoTrackingNumbersIfMissing(db: Db, now: Date): Promise<number> {
  if ((await readMeta(db, TRACKING_NUMBERS_SEED_META_KEY)) !== null) return 0;
  const rows: Insertable<CtmTrackingNumberTable>[] = [];
  for (const demo of DEMO_WORKSPACES) {
    const workspace = await findWorkspace(db, demo.id);
    if (!workspace || !isCallTrackingEnabled(workspace)) continue;
    rows.push(...(await trackingNumbersOf(db, demo.id, demo.slug, now)));
  }
  await db.transaction().execute(async (trx) => {
    if (rows.length > 0) await trx.insertInto('ctm_tracking_numbers').values(rows).execute();
    await writeMeta(
      trx,
      TRACKING_NUMBERS_SEED_META_KEY,
      JSON.stringify({ seededAt: now.toISOString() }),
    );
  });
  return rows.length;
}

async function trackingNumbersOf(
  db: Db,
  workspaceId: string,
  slug: string,
  now: Date,
): Promise<Insertable<CtmTrackingNumberTable>[]> {
  const campaigns = await db
    .selectFrom('campaigns')
    .innerJoin('lead_sources', 'lead_sources.id', 'campaigns.lead_source_id')
    .select(['campaigns.id as campaignId', 'campaigns.label', 'lead_sources.id as leadSourceId'])
    .where('campaigns.workspace_id', '=', workspaceId)
    .where('campaigns.active', '=', 1)
    .where('lead_sources.active', '=', 1)
    .where('lead_sources.label', 'not like', '%Test%')
    .orderBy('lead_sources.id')
    .orderBy('campaigns.id')
    .execute();
  // One campaign per lead source first, so the numbers cover several lead sources.
  const seen = new Set<string>();
  const chosen = campaigns.filter((c) => !seen.has(c.leadSourceId) && seen.add(c.leadSourceId));
  const areas = AREA_CODES[workspaceId] ?? ['555'];
  const createdAt = now.toISOString();
  const rows: Insertable<CtmTrackingNumberTable>[] = [];
  const add = (
    number: string,
    label: string,
    campaignId: string | null,
    leadSourceId: string | null,
  ) =>
    rows.push({
      id: `tn_${slug}_${String(rows.length + 1).padStart(2, '0')}`,
      workspace_id: workspaceId,
      number,
      label,
      campaign_id: campaignId,
      lead_source_id: leadSourceId,
      sort_order: rows.length,
      created_at: createdAt,
    });
  add(`+1${areas[0]}5550100`, 'Main Office Line', null, null);
  chosen.slice(0, CAMPAIGN_NUMBERS).forEach((campaign, i) => {
    const area = areas[(i + 1) % areas.length];
    add(
      `+1${area}555${String(101 + i).padStart(4, '0')}`,
      campaign.label,
      campaign.campaignId,
      campaign.leadSourceId,
    );
  });
  add('+442079460958', 'London Referral Line', null, null);
  return rows;
}
