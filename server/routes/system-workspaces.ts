import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { itemResponseSchema } from '@/shared/contracts/common';
import {
  type SystemWorkspace,
  systemWorkspaceListResponseSchema,
  systemWorkspaceResponseSchema,
  wizardDraftResponseSchema,
  wizardDraftSaveRequestSchema,
  wizardDraftSchema,
  workspaceCreateRequestSchema,
  workspaceUpdateRequestSchema,
} from '@/shared/contracts/system-workspaces';
import { workspaceSchema, type Workspace } from '@/shared/contracts/workspace';
import { SYSTEM_ONLY } from '@/shared/domain/role-groups';
import {
  applyWorkspaceEdit,
  crmOf,
  newWorkspaceParts,
  workspaceProblems,
  type WorkspaceStoredParts,
} from '@/shared/domain/workspace-wizard';
import { assertRole } from '../auth/access';
import { REFRESH_FAMILY_LIFETIME_MS } from '../auth/refresh-tokens';
import { provisionSimulatedCallTrackingAccount } from '../call-tracking/simulated-account';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import { HttpError, notFound } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';
import {
  createWorkspace,
  crmOrganization,
  findWorkspace,
  listWorkspaces,
  storedSettingsSchema,
  updateWorkspace,
  workspaceNamedLike,
} from '../repositories/workspace-repository';
import {
  loadWorkspaceHealthRecords,
  type ConnectorKind,
} from '../repositories/workspace-health-repository';
import {
  deleteWizardDraft,
  findWizardDraft,
  saveWizardDraft,
} from '../repositories/workspace-wizard-draft-repository';
import { createWorkspaceScope } from './workspace-scope';

// System > Workspaces and System > Workspace wizard (issue #16): system users only, every
// other role 403. Contracts: shared/contracts/system-workspaces.ts; rules:
// shared/domain/workspace-wizard.ts; endpoint table: docs/system-workspaces.md.

const workspaceItem = itemResponseSchema(workspaceSchema);

const conflict = (message: string) => new HttpError(409, message);

export function registerSystemWorkspaceRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;
  const workspaceScope = createWorkspaceScope(ctx);

  async function systemPrincipal(request: FastifyRequest) {
    const principal = await ctx.authenticate(request);
    assertRole(principal, SYSTEM_ONLY);
    return principal;
  }

  async function assertNameFree(name: string, exceptId?: string) {
    if (await workspaceNamedLike(db, name, exceptId)) {
      throw conflict(`name: a workspace named ${name} already exists. Choose another name.`);
    }
  }

  // ------------------------------------------------------------ System > Workspaces

  api.get('/system/workspaces', async (request) => {
    await systemPrincipal(request);
    const workspaces = await listWorkspaces(db);
    const rows = await withHealth(db, workspaces, ctx.now());
    return respondWith(systemWorkspaceListResponseSchema, {
      data: rows,
      meta: { total: rows.length, limit: Math.max(1, rows.length), offset: 0 },
    });
  });

  api.get('/system/workspaces/:id', async (request) => {
    const { principal, workspaceId } = await workspaceScope(request);
    assertRole(principal, SYSTEM_ONLY);
    const workspace = await findWorkspace(db, workspaceId);
    if (!workspace) throw notFound('Workspace not found.');
    const [row] = await withHealth(db, [workspace], ctx.now());
    return respondWith(systemWorkspaceResponseSchema, { data: row });
  });

  // spec: session 7 "PATCH workspaces/{id} (body not shown)" — here the system settings.
  api.patch('/workspaces/:id', async (request) => {
    const { principal, workspaceId } = await workspaceScope(request);
    assertRole(principal, SYSTEM_ONLY);
    const change = parseInput(workspaceUpdateRequestSchema, request.body, 'body');
    const current = await findWorkspace(db, workspaceId);
    if (!current) throw notFound('Workspace not found.');
    if (change.name !== undefined) await assertNameFree(change.name, workspaceId);
    const next = applyWorkspaceEdit(storedParts(current), change);
    await updateWorkspace(db, workspaceId, next);
    if (next.vendors.callTrackingMetrics.account !== null) {
      await provisionSimulatedCallTrackingAccount(db, workspaceId, ctx.now());
    }
    const saved = await findWorkspace(db, workspaceId);
    if (!saved) throw notFound('Workspace not found.');
    return respondWith(workspaceItem, { data: saved });
  });

  api.post('/workspaces', async (request, reply) => {
    await systemPrincipal(request);
    const input = parseInput(workspaceCreateRequestSchema, request.body, 'body');
    await assertNameFree(input.name);
    const now = ctx.now();
    const id = `ws_${randomUUID()}`;
    const workspace = await createWorkspace(db, { id, write: newWorkspaceParts(input), now });
    // A connected call-tracking account comes with its users and main line (simulated).
    if (workspace.attributes.vendors.callTrackingMetrics.account !== null) {
      await provisionSimulatedCallTrackingAccount(db, id, now);
    }
    reply.code(201);
    return respondWith(workspaceItem, { data: workspace });
  });

  // ------------------------------------------------------------ the workspace wizard

  api.get('/system/workspace-wizard', async (request) => {
    const principal = await systemPrincipal(request);
    const row = await findWizardDraft(db, principal.sub);
    if (!row) return respondWith(wizardDraftResponseSchema, { data: null });
    // A draft that no longer reads (an older shape, broken text) is dropped rather than
    // breaking the page.
    let stored: unknown = null;
    try {
      stored = JSON.parse(row.draft);
    } catch {
      stored = null;
    }
    const parsed = wizardDraftSchema.safeParse({
      ...(typeof stored === 'object' && stored !== null ? stored : {}),
      updatedAt: row.updatedAt,
    });
    return respondWith(wizardDraftResponseSchema, { data: parsed.success ? parsed.data : null });
  });

  api.put('/system/workspace-wizard', async (request) => {
    const principal = await systemPrincipal(request);
    const draft = parseInput(wizardDraftSaveRequestSchema, request.body, 'body');
    if (draft.workspaceId !== null && !(await findWorkspace(db, draft.workspaceId))) {
      throw notFound('workspaceId: the workspace this draft created no longer exists.');
    }
    const stamp = ctx.now().toISOString();
    const text = JSON.stringify(draft);
    await saveWizardDraft(db, principal.sub, text, stamp);
    return respondWith(wizardDraftResponseSchema, { data: { ...draft, updatedAt: stamp } });
  });

  // Start over, and a finished wizard: answers the (now empty) draft.
  api.delete('/system/workspace-wizard', async (request) => {
    const principal = await systemPrincipal(request);
    await deleteWizardDraft(db, principal.sub);
    return respondWith(wizardDraftResponseSchema, { data: null });
  });
}

function storedParts(workspace: Workspace): WorkspaceStoredParts {
  const { name, timezone, edition, isZoho, settings, vendors } = workspace.attributes;
  const stored = storedSettingsSchema.parse(settings);
  return { name, timezone, edition, isZoho, settings: stored, vendors };
}

/** Each workspace with its CRM and health, computed from stored records (a few grouped reads). */
async function withHealth(
  db: Db,
  workspaces: readonly Workspace[],
  now: Date,
): Promise<SystemWorkspace[]> {
  if (workspaces.length === 0) return [];
  const ids = workspaces.map((w) => w.id);
  const oldestLiveSession = new Date(now.getTime() - REFRESH_FAMILY_LIFETIME_MS).toISOString();
  const { authorizations, invitations, sessions, lastRecords, failures, connectorProblems } =
    await loadWorkspaceHealthRecords(db, ids, oldestLiveSession);
  const problemOf = (workspaceId: string, connector: ConnectorKind) =>
    connectorProblems.find((p) => p.workspace_id === workspaceId && p.connector === connector);

  // A user is pending while they have invitations and none was accepted.
  const accepted = new Set<string>();
  const invited = new Set<string>();
  for (const inv of invitations) {
    invited.add(inv.user_id);
    if (inv.accepted_at !== null) accepted.add(inv.user_id);
  }
  const isPending = (userId: string) => invited.has(userId) && !accepted.has(userId);

  return workspaces.map((workspace) => {
    const own = authorizations.filter((a) => a.workspace_id === workspace.id);
    const active = own.filter((a) => a.status === 'active');
    const owners = active.filter((a) => a.role === 'owner');
    const activeOwners = owners.filter((a) => !isPending(a.user_id)).length;
    const pendingOwners = owners.length - activeOwners;
    const crm = crmOf(workspace);
    const organization =
      crm === 'none'
        ? 'none'
        : crmOrganization(workspace, crm === 'zoho' ? 'zoho' : 'ifs')
          ? 'reachable'
          : 'unreachable';
    const failedAsyncRecords = Number(
      failures.find((f) => f.workspace_id === workspace.id)?.open ?? 0,
    );
    const last = lastRecords.find((r) => r.workspace_id === workspace.id)?.last ?? null;
    const { settings, vendors } = workspace.attributes;
    const problems = workspaceProblems({
      crm,
      crmOrganization: organization,
      activeOwners,
      pendingOwners,
      callTrackingOn: settings.ctm,
      callTrackingAccount: vendors.callTrackingMetrics.account,
      failedAsyncRecords,
      callTrackingFailure: problemOf(workspace.id, 'callTracking')?.last_error ?? null,
      crmReconnect: problemOf(workspace.id, 'crm') !== undefined,
      quickBooksProblem: problemOf(workspace.id, 'quickBooks')?.last_error ?? null,
    });
    return {
      workspace,
      crm,
      health: {
        status: problems.length === 0 ? 'healthy' : 'attention',
        users: own.length,
        activeUsers: active.filter((a) => !isPending(a.user_id)).length,
        pendingInvitations: own.filter((a) => isPending(a.user_id)).length,
        activeOwners,
        activeSessions: sessions.filter((s) => s.workspace_id === workspace.id).length,
        failedAsyncRecords,
        lastRecordAt: last === null ? null : String(last),
        crmOrganization: organization,
        problems,
      },
    };
  });
}
