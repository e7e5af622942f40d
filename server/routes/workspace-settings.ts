import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@/shared/contracts/common';
import {
  campaignApportionListResponseSchema,
  campaignApportionResponseSchema,
  campaignApportionUpdateSchema,
  trackingNumberSettingsListResponseSchema,
  trackingNumberSettingsResponseSchema,
  trackingNumberUpdateSchema,
} from '@/shared/contracts/workspace-settings';
import { apportionProblem, toCents } from '@/shared/domain/campaign-apportion';
import { MANAGERS_AND_SYSTEM } from '@/shared/domain/role-groups';
import { listTrackingNumbers } from '../call-tracking/call-store';
import { callTrackingWorkspace } from '../call-tracking/place-calls';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';
import { listLeadSources } from '../repositories/lookup-repository';
import {
  findCampaignSource,
  isWorkspaceCampaign,
  isWorkspaceLeadSource,
  isWorkspaceTrackingNumber,
  readApportions,
  saveCampaignApportion,
  updateTrackingNumber,
} from '../repositories/workspace-settings-repository';
import { createWorkspaceScope } from './workspace-scope';

// Settings > Tracking numbers and Settings > Campaign apportion (issue #16), for owners,
// admins and the system role: shared/contracts/workspace-settings.ts,
// docs/users-administration.md.

const numberParams = z.object({ id: idSchema, numberId: idSchema });
const campaignParams = z.object({ id: idSchema, campaignId: idSchema });

export function registerWorkspaceSettingsRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;
  const workspaceScope = createWorkspaceScope(ctx);

  /** Tracking numbers need call tracking (spec: dashboards 6, the menu's rule): 403 without. */
  async function trackingScope(request: FastifyRequest) {
    const scope = await workspaceScope(request, MANAGERS_AND_SYSTEM);
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
    if (!(await isWorkspaceTrackingNumber(db, workspaceId, numberId))) {
      throw notFound('Tracking number not found.');
    }
    await checkAttribution(db, workspaceId, update.leadSourceId, update.campaignId);
    await updateTrackingNumber(db, numberId, update);
    const saved = (await listTrackingNumbers(db, workspaceId)).find((n) => n.id === numberId);
    if (!saved) throw notFound('Tracking number not found.');
    return respondWith(trackingNumberSettingsResponseSchema, { data: saved });
  });

  // ------------------------------------------------------------ campaign apportion

  api.get('/workspaces/:id/campaign-apportion', async (request) => {
    const { workspaceId } = await workspaceScope(request, MANAGERS_AND_SYSTEM);
    const items = await readApportions(db, workspaceId);
    return respondWith(campaignApportionListResponseSchema, {
      data: items,
      meta: { total: items.length, limit: Math.max(1, items.length), offset: 0 },
    });
  });

  api.get('/workspaces/:id/campaigns/:campaignId/apportion', async (request) => {
    const { workspaceId } = await workspaceScope(request, MANAGERS_AND_SYSTEM);
    const { campaignId } = parseInput(campaignParams, request.params, 'params');
    const [item] = await readApportions(db, workspaceId, campaignId);
    if (!item) throw notFound('Campaign not found.');
    return respondWith(campaignApportionResponseSchema, { data: item });
  });

  api.put('/workspaces/:id/campaigns/:campaignId/apportion', async (request) => {
    const { principal, workspaceId } = await workspaceScope(request, MANAGERS_AND_SYSTEM);
    const { campaignId } = parseInput(campaignParams, request.params, 'params');
    const update = parseInput(campaignApportionUpdateSchema, request.body, 'body');
    if (!(await isWorkspaceCampaign(db, workspaceId, campaignId))) {
      throw notFound('Campaign not found.');
    }

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
    await saveCampaignApportion(db, {
      workspaceId,
      campaignId,
      spendCents: clearing ? null : toCents(update.spend),
      shares: shares.map((share) => ({
        leadSourceId: share.leadSourceId,
        month: share.month,
        amountCents: toCents(share.amount),
      })),
      updatedBy: principal.sub,
      updatedAt: stamp,
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
    if (!(await isWorkspaceLeadSource(db, workspaceId, leadSourceId)))
      throw badRequest(`leadSourceId: ${leadSourceId} is not a lead source of this workspace.`);
  }
  if (campaignId === null) return;
  const campaign = await findCampaignSource(db, workspaceId, campaignId);
  if (!campaign) throw badRequest(`campaignId: ${campaignId} is not a campaign of this workspace.`);
  if (campaign.lead_source_id !== null && campaign.lead_source_id !== leadSourceId) {
    throw badRequest(
      `campaignId: campaign ${campaign.label} belongs to lead source ${campaign.sourceLabel ?? campaign.lead_source_id}; choose that lead source with it.`,
    );
  }
}
