import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@/shared/contracts/common';
import {
  type AgentParametersUpdate,
  agentParametersResponseSchema,
  agentParametersUpdateSchema,
  usersParametersResponseSchema,
} from '@/shared/contracts/users-parameters';
import { MANAGERS_AND_SYSTEM } from '@/shared/domain/role-groups';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';
import { findAgent } from '../coaching/coaching-repository';
import { findConsultant } from '../repositories/scheduling-repository';
import { findUserById } from '../repositories/user-repository';
import {
  agentParametersOf,
  findAgentOfPerson,
  isWorkspaceOffice,
  workspacePracticeAreaIds,
  listUsersParameters,
  saveAgentParameters,
  toAgentParameters,
} from '../repositories/users-parameters-repository';
import { createWorkspaceScope } from './workspace-scope';

// Settings > Users parameters (issue #16): shared/contracts/users-parameters.ts, and
// docs/users-parameters.md for the endpoints and what each parameter drives.

const agentParams = z.object({ id: idSchema, agentId: idSchema });

/** 400 naming the field unless every id is the workspace's (and the consultant usable). */
async function checkChoices(
  db: Db,
  workspaceId: string,
  update: AgentParametersUpdate,
  currentConsultantId: string | null,
): Promise<void> {
  if (update.officeId !== null) {
    if (!(await isWorkspaceOffice(db, workspaceId, update.officeId)))
      throw badRequest(`officeId: ${update.officeId} is not an office of this workspace`);
  }
  if (update.practiceAreaIds.length > 0) {
    const found = await workspacePracticeAreaIds(db, workspaceId, update.practiceAreaIds);
    const unknown = update.practiceAreaIds.filter((id) => !found.has(id));
    if (unknown.length > 0) {
      throw badRequest(
        `practiceAreaIds: ${unknown.slice(0, 5).join(', ')} ${unknown.length === 1 ? 'is not a practice area' : 'are not practice areas'} of this workspace`,
      );
    }
  }
  if (update.consultantId !== null) {
    const consultant = await findConsultant(db, workspaceId, update.consultantId);
    if (!consultant) {
      throw badRequest(
        `consultantId: ${update.consultantId} is not a consultant of this workspace`,
      );
    }
    // An inactive consultant takes no bookings: keeping an existing link is allowed (the
    // form sends it back unchanged), making a new one is not.
    if (!consultant.active && consultant.id !== currentConsultantId) {
      throw badRequest('consultantId: this consultant is inactive; choose an active one');
    }
  }
}

export function registerUsersParametersRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;
  const workspaceScope = createWorkspaceScope(ctx);

  api.get('/workspaces/:id/users-parameters', async (request) => {
    const { workspaceId } = await workspaceScope(request, MANAGERS_AND_SYSTEM);
    return respondWith(usersParametersResponseSchema, {
      data: await listUsersParameters(db, workspaceId),
    });
  });

  /**
   * The signed-in user's own agent parameters, whatever their role (an operator reads
   * their office, practice areas and consultant here: the call flows' defaults); 404 when
   * no agent record is linked to the user in this workspace.
   */
  api.get('/workspaces/:id/users-parameters/me', async (request) => {
    const { principal, workspaceId } = await workspaceScope(request);
    const user = await findUserById(db, principal.sub);
    const agent = user?.person_id ? await findAgentOfPerson(db, workspaceId, user.person_id) : null;
    if (!agent) throw notFound('No agent record is linked to your user in this workspace.');
    return respondWith(agentParametersResponseSchema, {
      data: toAgentParameters(agent, await agentParametersOf(db, workspaceId, agent.id)),
    });
  });

  api.put('/workspaces/:id/users-parameters/:agentId', async (request) => {
    const { principal, workspaceId } = await workspaceScope(request, MANAGERS_AND_SYSTEM);
    const { agentId } = parseInput(agentParams, request.params, 'params');
    const agent = await findAgent(db, workspaceId, agentId);
    // Another workspace's agent is 404 through this workspace's path.
    if (!agent) throw notFound('Agent not found.');
    const update = parseInput(agentParametersUpdateSchema, request.body, 'body');
    const current = await agentParametersOf(db, workspaceId, agentId);
    await checkChoices(db, workspaceId, update, current.consultantId);
    await saveAgentParameters(db, { workspaceId, agentId }, update, {
      userId: principal.sub,
      now: ctx.now(),
    });
    const saved = await agentParametersOf(db, workspaceId, agentId);
    return respondWith(agentParametersResponseSchema, {
      data: toAgentParameters(
        { id: agent.id, name: agent.name, active: agent.active === 1 },
        saved,
      ),
    });
  });
}
