import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  accountingAuthorizeResponseSchema,
  accountingConnectionResponseSchema,
} from '@/shared/contracts/accounting-connection';
import type { Role } from '@/shared/contracts/roles';
import { MANAGERS_AND_SYSTEM } from '@/shared/domain/role-groups';
import type { AccountingConnections } from '../accounting/accounting-connections';
import type { ServerContext } from '../context';
import { HttpError } from '../http/errors';
import { respondWith } from '../http/validate';
import { callbackPage } from './crm-connection';
import { createWorkspaceScope } from './workspace-scope';

// A workspace's connection to its QuickBooks Online company (issue #33;
// shared/contracts/accounting-connection.ts, docs/connect-quickbooks.md). Owners and the
// system user connect and disconnect; admins see it and may ask for a fresh reading of the
// books. Intuit's callback needs no sign-in: the signed state says who asked.

const CONNECTORS: readonly Role[] = ['owner', 'system'];

/** Intuit's callback query: code, state and realmId, or error (RFC 6749 §4.1.2). */
const callbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  realmId: z.string().max(64).optional(),
});

export function registerAccountingConnectionRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  quickBooks: { connections: AccountingConnections; readSoon: () => void },
): void {
  const workspaceScope = createWorkspaceScope(ctx);
  const { connections } = quickBooks;
  const view = async (workspaceId: string) =>
    respondWith(accountingConnectionResponseSchema, { data: await connections.view(workspaceId) });

  api.get('/workspaces/:id/accounting/connection', async (request) => {
    const { workspaceId } = await workspaceScope(request, MANAGERS_AND_SYSTEM);
    return view(workspaceId);
  });

  api.post('/workspaces/:id/accounting/connection/authorize', async (request) => {
    const { workspaceId, principal } = await workspaceScope(request, CONNECTORS);
    return respondWith(accountingAuthorizeResponseSchema, {
      data: { url: await connections.authorizeUrl(workspaceId, principal.sub) },
    });
  });

  // Refresh now: the books are read again in the background; the answer says it is asked.
  api.post('/workspaces/:id/accounting/connection/sync', async (request, reply) => {
    const { workspaceId } = await workspaceScope(request, MANAGERS_AND_SYSTEM);
    await connections.requestSync(workspaceId);
    quickBooks.readSoon();
    return reply.code(202).send(await view(workspaceId));
  });

  api.delete('/workspaces/:id/accounting/connection', async (request) => {
    const { workspaceId } = await workspaceScope(request, CONNECTORS);
    await connections.disconnect(workspaceId);
    return view(workspaceId);
  });

  api.get('/oauth/quickbooks/callback', async (request, reply) => {
    const parsed = callbackQuery.safeParse(request.query);
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!parsed.success) {
      return reply
        .code(400)
        .send(callbackPage('Not connected', 'Intuit’s answer could not be read.'));
    }
    let connected;
    try {
      connected = await connections.complete(parsed.data);
    } catch (error) {
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).send(callbackPage('Not connected', error.message));
      }
      throw error;
    }
    quickBooks.readSoon();
    return reply.send(
      callbackPage(
        'QuickBooks connected',
        `${connected.workspaceName} is connected to QuickBooks: its cash flow reports read the company’s books from now on (the first reading takes a moment).`,
        { href: '/app/settings/quickbooks-connection', text: 'Back to the QuickBooks connection' },
      ),
    );
  });
}
