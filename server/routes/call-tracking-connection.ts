import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  callTrackingConnectionResponseSchema,
  connectCtmSchema,
  ctmWebhookAcceptedSchema,
  ctmWebhookEventSchema,
} from '@/shared/contracts/call-tracking-connection';
import { idSchema } from '@/shared/contracts/common';
import { ctmUserSchema } from '@/shared/contracts/lookups';
import type { Role } from '@/shared/contracts/roles';
import { MANAGERS_AND_SYSTEM } from '@/shared/domain/role-groups';
import type { CtmConnections } from '../call-tracking/ctm/ctm-connections';
import {
  CTM_WEBHOOK_BODY_LIMIT,
  type CtmWebhookInbox,
} from '../call-tracking/ctm/ctm-webhook-inbox';
import type { ServerContext } from '../context';
import { listResponder } from '../http/list-response';
import { parseInput, respondWith } from '../http/validate';
import { listCtmUsers } from '../repositories/lookup-repository';
import { createWorkspaceScope } from './workspace-scope';

// A workspace's CallTrackingMetrics connection (issue #32, not in the spec):
// shared/contracts/call-tracking-connection.ts, docs/connect-calltrackingmetrics.md.
// Owners and the system user connect and disconnect; admins see the connection's health.

/** Who may connect, replace or forget the account's keys. */
const CONNECTORS: readonly Role[] = ['owner', 'system'];

export interface CallTrackingConnectionRouteDeps {
  connections: CtmConnections;
}

export function registerCallTrackingConnectionRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  { connections }: CallTrackingConnectionRouteDeps,
): void {
  const workspaceScope = createWorkspaceScope(ctx);

  api.get('/workspaces/:id/call-tracking/connection', async (request) => {
    const { workspaceId } = await workspaceScope(request, MANAGERS_AND_SYSTEM);
    return respondWith(callTrackingConnectionResponseSchema, {
      data: await connections.view(workspaceId),
    });
  });

  api.put('/workspaces/:id/call-tracking/connection', async (request) => {
    const { workspaceId, principal } = await workspaceScope(request, CONNECTORS);
    const body = parseInput(connectCtmSchema, request.body, 'body');
    await connections.connect(workspaceId, body, principal.sub);
    return respondWith(callTrackingConnectionResponseSchema, {
      data: await connections.view(workspaceId),
    });
  });

  api.delete('/workspaces/:id/call-tracking/connection', async (request) => {
    const { workspaceId } = await workspaceScope(request, CONNECTORS);
    await connections.disconnect(workspaceId);
    return respondWith(callTrackingConnectionResponseSchema, {
      data: await connections.view(workspaceId),
    });
  });

  // spec 7 "Workspace and lookups": the CTM users agents are linked to. A connected
  // workspace's list is read from CTM first (issue #32 "Users and numbers") when a manager
  // asks (the link dialog); others, and a CTM that cannot be reached, get the last copy.
  const respondUsers = listResponder(ctmUserSchema);
  api.get('/workspaces/:id/voip/providers/ctm/users', async (request) => {
    const { workspaceId, principal } = await workspaceScope(request);
    if (MANAGERS_AND_SYSTEM.includes(principal.role)) await connections.refreshUsers(workspaceId);
    return respondUsers(request.query, await listCtmUsers(ctx.db, workspaceId));
  });

  api.post('/workspaces/:id/call-tracking/sync', async (request) => {
    const { workspaceId } = await workspaceScope(request, MANAGERS_AND_SYSTEM);
    await connections.sync(workspaceId);
    return respondWith(callTrackingConnectionResponseSchema, {
      data: await connections.view(workspaceId),
    });
  });
}

const webhookParams = z.object({ workspaceId: idSchema, event: ctmWebhookEventSchema });

/**
 * CTM's webhooks (POST ctm/webhooks/{workspaceId}/start|end), in a scope of their own:
 * the body is kept as the exact bytes received, since CTM's signature covers them. No
 * sign-in: the signature is the authentication.
 */
export function registerCtmWebhookRoutes(api: FastifyInstance, inbox: CtmWebhookInbox): void {
  api.removeAllContentTypeParsers();
  api.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: CTM_WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  api.post('/ctm/webhooks/:workspaceId/:event', async (request, reply) => {
    const { workspaceId, event } = parseInput(webhookParams, request.params, 'params');
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    await inbox.receive(workspaceId, event, {
      rawBody,
      signature: header('x-ctm-signature'),
      time: header('x-ctm-time'),
    });
    reply.code(202);
    return respondWith(ctmWebhookAcceptedSchema, { accepted: true });
  });
}
