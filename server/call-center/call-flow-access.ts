import type { FastifyRequest } from 'fastify';
import type { Role } from '@/shared/contracts/roles';
import type { Workspace } from '@/shared/contracts/workspace';
import { checkFeatureAccess } from '@/shared/domain/feature-access';
import { usesZohoVendor } from '@/shared/domain/workspace-features';
import { assertWorkspaceAccess, type Principal } from '../auth/access';
import type { ServerContext } from '../context';
import { forbidden, notFound } from '../http/errors';
import { findWorkspace } from '../repositories/workspace-repository';

/**
 * Who may do what with call flows (issue 11). Running a flow (start, submit, histories
 * the engine writes, e-mails, CRM sync) follows the Call Flows row of the role table
 * (shared/domain/feature-access.ts `callFlows`: owner, admin, operator). Reading the
 * execution histories and saving definitions is for owners and admins; the system role
 * administers every workspace and may read and save too, but does not take calls.
 */
export type CallFlowUse = 'run' | 'read' | 'manage';

const MANAGING_ROLES: readonly Role[] = ['owner', 'admin', 'system'];
/** Lists a screen needs (processes, the CRM records a run wrote): runners and system. */
const READING_ROLES: readonly Role[] = ['owner', 'admin', 'operator', 'system'];

/** The message of the session 4 Call-flow guard, on the server. */
export const ZOHO_BLOCKED_MESSAGE = 'Call flows are not available for workspaces that use Zoho.';

export interface CallFlowScope {
  principal: Principal;
  workspace: Workspace;
}

/**
 * The checks every call-flow call makes, in this order: a valid token (401), a workspace
 * the token belongs to (403; system reaches any), an existing workspace (404), the
 * Call-flow guard (403 for a Zoho-vendor workspace, session 4) and the role (403).
 */
export async function callFlowScope(
  ctx: ServerContext,
  principal: Principal,
  workspaceId: string,
  use: CallFlowUse,
): Promise<CallFlowScope> {
  assertWorkspaceAccess(principal, workspaceId);
  const workspace = await findWorkspace(ctx.db, workspaceId);
  if (!workspace) throw notFound('Workspace not found.');
  if (usesZohoVendor(workspace)) throw forbidden(ZOHO_BLOCKED_MESSAGE);
  if (use === 'run') {
    const access = checkFeatureAccess('callFlows', principal.role, workspace);
    if (!access.allowed) throw forbidden(access.message);
  } else {
    const roles = use === 'manage' ? MANAGING_ROLES : READING_ROLES;
    if (!roles.includes(principal.role)) {
      throw forbidden(
        use === 'manage'
          ? 'Only owners and admins may do this with call flows.'
          : `Call flows are not available to the ${principal.role} role.`,
      );
    }
  }
  return { principal, workspace };
}

/** Authenticates the request (401) and applies callFlowScope. */
export async function authorizeCallFlow(
  ctx: ServerContext,
  request: FastifyRequest,
  workspaceId: string,
  use: CallFlowUse,
): Promise<CallFlowScope> {
  const principal = await ctx.authenticate(request);
  return callFlowScope(ctx, principal, workspaceId, use);
}

/**
 * For rows found by their own id (a case, an execution history): a row of a workspace the
 * caller cannot reach answers 404 like a row that does not exist, so ids cannot be probed.
 */
export function canReach(principal: Principal, workspaceId: string): boolean {
  return principal.role === 'system' || principal.workspace === workspaceId;
}
