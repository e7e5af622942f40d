import type { FastifyInstance } from 'fastify';
import type { Role } from '@/shared/contracts/roles';
import {
  workspaceMailInputSchema,
  workspaceMailResponseSchema,
} from '@/shared/contracts/workspace-mail';
import { MANAGERS_AND_SYSTEM } from '@/shared/domain/role-groups';
import type { ServerContext } from '../context';
import { parseInput, respondWith } from '../http/validate';
import type { WorkspaceSenders } from '../mail/workspace-senders';
import { createWorkspaceScope } from './workspace-scope';

// A workspace sending its e-mails as itself (issue #33; shared/contracts/workspace-mail.ts,
// docs/mail.md): owners and the system user set and remove its SMTP account; admins see
// it and how its e-mails fare. The password is never answered.

const SETTERS: readonly Role[] = ['owner', 'system'];

export function registerWorkspaceMailRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  senders: WorkspaceSenders,
): void {
  const workspaceScope = createWorkspaceScope(ctx);

  api.get('/workspaces/:id/mail', async (request) => {
    const { workspaceId } = await workspaceScope(request, MANAGERS_AND_SYSTEM);
    return respondWith(workspaceMailResponseSchema, { data: await senders.view(workspaceId) });
  });

  api.put('/workspaces/:id/mail', async (request) => {
    const { workspaceId, principal } = await workspaceScope(request, SETTERS);
    const input = parseInput(workspaceMailInputSchema, request.body, 'body');
    return respondWith(workspaceMailResponseSchema, {
      data: await senders.save(workspaceId, input, principal.sub),
    });
  });

  api.delete('/workspaces/:id/mail', async (request) => {
    const { workspaceId } = await workspaceScope(request, SETTERS);
    return respondWith(workspaceMailResponseSchema, { data: await senders.remove(workspaceId) });
  });
}
