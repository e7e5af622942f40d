import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@/shared/contracts/common';
import {
  type CampaignApportion,
  campaignApportionListResponseSchema,
  campaignApportionResponseSchema,
  campaignApportionUpdateSchema,
  trackingNumberSettingsListResponseSchema,
  trackingNumberSettingsResponseSchema,
  trackingNumberUpdateSchema,
} from '@/shared/contracts/workspace-settings';
import { apportionProblem, toCents } from '@/shared/domain/campaign-apportion';
import { MANAGERS_AND_SYSTEM } from '@/shared/domain/role-groups';
import { assertRole } from '../auth/access';
import { listTrackingNumbers } from '../call-tracking/call-store';
import { callTrackingWorkspace } from '../call-tracking/place-calls';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';
import { listLeadSources } from '../repositories/lookup-repository';
import { createWorkspaceScope } from './workspace-scope';
import { centsToDollars } from '@/shared/domain/money';

// Settings > Tracking numbers and Settings > Campaign apportion (issue #16), for owners,
// admins and the system role: shared/contracts/workspace-settings.ts,
// docs/users-administration.md.

const numberParams = z.object({ id: idSchema, numberId: idSchema });
const campaignParams = z.object({ id: idSchema, campaignId: idSchema });

export function registerWorkspaceSettingsRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;
  const workspaceScope = createWorkspaceScope(ctx);

  async function managerScope(request: FastifyRequest) {
    const scope = await workspaceScope(request);
    assertRole(scope.principal, MANAGERS_AND_SYSTEM);
    return scope;
  }

  /** Tracking numbers need call tracking (spec: dashboards 6, the menu's rule): 403 without. */
  async function trackingScope(request: FastifyRequest) {
    const scope = await managerScope(request);
    await callTrackingWorkspace(db, scope.principal, scope.workspaceId);
    return scope;
  }

  // ------------------------------------------------------------ tracking numbers

  api.get('/workspaces/:id/tracking-numbers', async (request) => {
    const { workspaceId } = await trackingScope(request);
    const numbers = await listTrackingNumbers(db, workspaceId);
    return respondWith(trackingNumberSettingsListResponseSchema, {
      data: numbers,
      meta: { total: numbers.length, limit: Math.max(1, numbers.length), offset: 0 },
    });
  });

  api.put('/workspaces/:id/tracking-numbers/:numberId', async (request) => {
    const { workspaceId } = await trackingScope(request);
    const { numberId } = parseInput(numberParams, request.params, 'params');
    const update = parseInput(trackingNumberUpdateSchema, request.body, 'body');
    const row = await db
      .selectFrom('ctm_tracking_numbers')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', numberId)
      .executeTakeFirst();
    if (!row) throw notFound('Tracking number not found.');
    await checkAttribution(db, workspaceId, update.leadSourceId, update.campaignId);
    await db
      .updateTable('ctm_tracking_numbers')
      .set({
        label: update.label,
        lead_source_id: update.leadSourceId,
        campaign_id: update.campaignId,
      })
      .where('id', '=', numberId)
      .execute();
    const saved = (await listTrackingNumbers(db, workspaceId)).find((n) => n.id === numberId);
    if (!saved) throw notFound('Tracking number not found.');
    return respondWith(trackingNumberSettingsResponseSchema, { data: saved });
  });

  // ------------------------------------------------------------ campaign apportion

  api.get('/workspaces/:id/campaign-apportion', async (request) => {
    const { workspaceId } = await managerScope(request);
    const items = await readApportions(db, workspaceId);
    return respondWith(campaignApportionListResponseSchema, {
      data: items,
      meta: { total: items.length, limit: Math.max(1, items.length), offset: 0 },
    });
  });

  api.get('/workspaces/:id/campaigns/:campaignId/apportion', async (request) => {
    const { workspaceId } = await managerScope(request);
    const { campaignId } = parseInput(campaignParams, request.params, 'params');
    const [item] = await readApportions(db, workspaceId, campaignId);
    if (!item) throw notFound('Campaign not found.');
    return respondWith(campaignApportionResponseSchema, { data: item });
  });

  api.put('/workspaces/:id/campaigns/:campaignId/apportion', async (request) => {
    const { principal, workspaceId } = await managerScope(request);
    const { campaignId } = parseInput(campaignParams, request.params, 'params');
    const update = parseInput(campaignApportionUpdateSchema, request.body, 'body');
    const campaign = await db
      .selectFrom('campaigns')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', campaignId)
      .executeTakeFirst();
    if (!campaign) throw notFound('Campaign not found.');

    // Only the workspace's visible sources (Test sources are hidden from every report).
    const visible = new Set((await listLeadSources(db, workspaceId)).map((s) => s.id));
    const unknown = [...new Set(update.shares.map((s) => s.leadSourceId))].filter(
      (id) => !visible.has(id),
    );
    if (unknown.length > 0) {
      throw badRequest(
        `shares: ${unknown.slice(0, 5).join(', ')} ${unknown.length === 1 ? 'is not a lead source' : 'are not lead sources'} of this workspace.`,
      );
    }
    const problem = apportionProblem(update.spend, update.shares);
    if (problem) throw badRequest(problem);

    const stamp = ctx.now().toISOString();
    // Zero shares say nothing: not stored.
    const shares = update.shares.filter((s) => toCents(s.amount) > 0);
    // {spend: 0, shares: []} clears the split: the campaign reads "never apportioned"
    // again (spend null), as before its first split, not "apportioned at $0.00".
    const clearing = toCents(update.spend) === 0 && shares.length === 0;
    await db.transaction().execute(async (trx) => {
      // The old shares first: explicit, not left to the foreign key's cascade.
      await trx.deleteFrom('campaign_spend_shares').where('campaign_id', '=', campaignId).execute();
      await trx.deleteFrom('campaign_spend').where('campaign_id', '=', campaignId).execute();
      if (clearing) return;
      await trx
        .insertInto('campaign_spend')
        .values({
          campaign_id: campaignId,
          workspace_id: workspaceId,
          spend_cents: toCents(update.spend),
          updated_by: principal.sub,
          updated_at: stamp,
        })
        .execute();
      if (shares.length > 0) {
        await trx
          .insertInto('campaign_spend_shares')
          .values(
            shares.map((s) => ({
              workspace_id: workspaceId,
              campaign_id: campaignId,
              lead_source_id: s.leadSourceId,
              month: s.month,
              amount_cents: toCents(s.amount),
            })),
          )
          .execute();
      }
    });
    const [saved] = await readApportions(db, workspaceId, campaignId);
    return respondWith(campaignApportionResponseSchema, { data: saved });
  });
}

/**
 * 400 for a lead source or campaign that is not the workspace's, or a campaign that
 * belongs to another lead source than the one given (the call would be attributed to two
 * sources at once).
 */
async function checkAttribution(
  db: Db,
  workspaceId: string,
  leadSourceId: string | null,
  campaignId: string | null,
): Promise<void> {
  if (leadSourceId !== null) {
    const source = await db
      .selectFrom('lead_sources')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', leadSourceId)
      .executeTakeFirst();
    if (!source)
      throw badRequest(`leadSourceId: ${leadSourceId} is not a lead source of this workspace.`);
  }
  if (campaignId === null) return;
  const campaign = await db
    .selectFrom('campaigns')
    .leftJoin('lead_sources', 'lead_sources.id', 'campaigns.lead_source_id')
    .select(['campaigns.label', 'campaigns.lead_source_id', 'lead_sources.label as sourceLabel'])
    .where('campaigns.workspace_id', '=', workspaceId)
    .where('campaigns.id', '=', campaignId)
    .executeTakeFirst();
  if (!campaign) throw badRequest(`campaignId: ${campaignId} is not a campaign of this workspace.`);
  if (campaign.lead_source_id !== null && campaign.lead_source_id !== leadSourceId) {
    throw badRequest(
      `campaignId: campaign ${campaign.label} belongs to lead source ${campaign.sourceLabel ?? campaign.lead_source_id}; choose that lead source with it.`,
    );
  }
}

/** Every campaign of the workspace (or one) with its spend and shares. */
async function readApportions(
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
