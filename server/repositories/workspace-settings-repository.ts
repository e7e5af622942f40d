import type { CampaignApportion } from '@/shared/contracts/workspace-settings';
import { centsToDollars } from '@/shared/domain/money';
import type { Db } from '../db/database';
import { isWorkspaceRow } from './workspace-rows';

// Settings > Tracking numbers and Settings > Campaign apportion (issue #16;
// server/routes/workspace-settings.ts): the writes, and the checks of what a write names.

/** Whether the tracking number is one of the workspace's. */
export function isWorkspaceTrackingNumber(
  db: Db,
  workspaceId: string,
  numberId: string,
): Promise<boolean> {
  return isWorkspaceRow(db, 'ctm_tracking_numbers', workspaceId, numberId);
}

/** Sets a tracking number's label and what its calls are attributed to. */
export async function updateTrackingNumber(
  db: Db,
  numberId: string,
  update: { label: string; leadSourceId: string | null; campaignId: string | null },
): Promise<void> {
  await db
    .updateTable('ctm_tracking_numbers')
    .set({
      label: update.label,
      lead_source_id: update.leadSourceId,
      campaign_id: update.campaignId,
    })
    .where('id', '=', numberId)
    .execute();
}

/** Whether the lead source is one of the workspace's (hidden Test sources included). */
export function isWorkspaceLeadSource(
  db: Db,
  workspaceId: string,
  leadSourceId: string,
): Promise<boolean> {
  return isWorkspaceRow(db, 'lead_sources', workspaceId, leadSourceId);
}

/** Whether the campaign is one of the workspace's. */
export function isWorkspaceCampaign(
  db: Db,
  workspaceId: string,
  campaignId: string,
): Promise<boolean> {
  return isWorkspaceRow(db, 'campaigns', workspaceId, campaignId);
}

/** The workspace's campaign with its lead source (id and label), if it has one. */
export async function findCampaignSource(db: Db, workspaceId: string, campaignId: string) {
  return db
    .selectFrom('campaigns')
    .leftJoin('lead_sources', 'lead_sources.id', 'campaigns.lead_source_id')
    .select(['campaigns.label', 'campaigns.lead_source_id', 'lead_sources.label as sourceLabel'])
    .where('campaigns.workspace_id', '=', workspaceId)
    .where('campaigns.id', '=', campaignId)
    .executeTakeFirst();
}

/** A campaign's new split: its spend and the shares worth storing, in cents. */
export interface ApportionWrite {
  workspaceId: string;
  campaignId: string;
  /** null clears the split: the campaign reads "never apportioned" again. */
  spendCents: number | null;
  shares: { leadSourceId: string; month: string; amountCents: number }[];
  updatedBy: string;
  updatedAt: string;
}

/** Replaces a campaign's spend and shares in one transaction. */
export async function saveCampaignApportion(db: Db, write: ApportionWrite): Promise<void> {
  const { workspaceId, campaignId } = write;
  await db.transaction().execute(async (trx) => {
    // The old shares first: explicit, not left to the foreign key's cascade.
    await trx.deleteFrom('campaign_spend_shares').where('campaign_id', '=', campaignId).execute();
    await trx.deleteFrom('campaign_spend').where('campaign_id', '=', campaignId).execute();
    if (write.spendCents === null) return;
    await trx
      .insertInto('campaign_spend')
      .values({
        campaign_id: campaignId,
        workspace_id: workspaceId,
        spend_cents: write.spendCents,
        updated_by: write.updatedBy,
        updated_at: write.updatedAt,
      })
      .execute();
    if (write.shares.length > 0) {
      await trx
        .insertInto('campaign_spend_shares')
        .values(
          write.shares.map((s) => ({
            workspace_id: workspaceId,
            campaign_id: campaignId,
            lead_source_id: s.leadSourceId,
            month: s.month,
            amount_cents: s.amountCents,
          })),
        )
        .execute();
    }
  });
}

/** Every campaign of the workspace (or one) with its spend and shares. */
export async function readApportions(
  db: Db,
  workspaceId: string,
  campaignId?: string,
): Promise<CampaignApportion[]> {
  let campaigns = db
    .selectFrom('campaigns')
    .leftJoin('campaign_spend', 'campaign_spend.campaign_id', 'campaigns.id')
    .select([
      'campaigns.id',
      'campaigns.label',
      'campaigns.lead_source_id',
      'campaigns.active',
      'campaign_spend.spend_cents',
      'campaign_spend.updated_at',
    ])
    .where('campaigns.workspace_id', '=', workspaceId);
  if (campaignId !== undefined) campaigns = campaigns.where('campaigns.id', '=', campaignId);
  const rows = await campaigns.orderBy('campaigns.label').orderBy('campaigns.id').execute();
  let shareQuery = db
    .selectFrom('campaign_spend_shares')
    .innerJoin('lead_sources', 'lead_sources.id', 'campaign_spend_shares.lead_source_id')
    .select([
      'campaign_spend_shares.campaign_id',
      'campaign_spend_shares.lead_source_id',
      'campaign_spend_shares.month',
      'campaign_spend_shares.amount_cents',
      'lead_sources.label',
    ])
    .where('campaign_spend_shares.workspace_id', '=', workspaceId);
  if (campaignId !== undefined) {
    shareQuery = shareQuery.where('campaign_spend_shares.campaign_id', '=', campaignId);
  }
  const shares = await shareQuery
    .orderBy('campaign_spend_shares.month')
    .orderBy('lead_sources.label')
    .execute();
  return rows.map((row) => {
    const own = shares.filter((s) => s.campaign_id === row.id);
    return {
      campaignId: row.id,
      campaign: row.label,
      leadSourceId: row.lead_source_id,
      active: row.active === 1,
      spend: row.spend_cents === null ? null : centsToDollars(row.spend_cents),
      apportioned: centsToDollars(own.reduce((sum, s) => sum + s.amount_cents, 0)),
      shares: own.map((s) => ({
        leadSourceId: s.lead_source_id,
        leadSource: s.label,
        month: s.month,
        amount: centsToDollars(s.amount_cents),
      })),
      updatedAt: row.updated_at ?? null,
    };
  });
}
