import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '@/shared/call-flow/expression';
import { z } from 'zod';
import {
  crmAuthorizeResponseSchema,
  crmConnectionResponseSchema,
  zohoFieldMappingResponseSchema,
  zohoFieldMappingSchema,
} from '@/shared/contracts/crm-connection';
import type { Role } from '@/shared/contracts/roles';
import { MANAGERS_AND_SYSTEM } from '@/shared/domain/role-groups';
import type { ServerContext } from '../context';
import type { CrmConnections } from '../crm/crm-connections';
import { CRM_VENDOR_LABELS, CRM_VENDORS } from '../crm/crm-oauth';
import { HttpError } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';
import { createWorkspaceScope } from './workspace-scope';

// A workspace's OAuth connection to its real CRM, Zoho CRM or Keap (issue #33;
// shared/contracts/crm-connection.ts, docs/connect-zoho-crm.md, docs/connect-keap.md).
// Owners and the system user connect and disconnect; admins see the connection. The
// vendor's callback needs no sign-in: the signed state says who asked.

const CONNECTORS: readonly Role[] = ['owner', 'system'];

/**
 * A vendor's callback query: code and state, or error (RFC 6749 §4.1.2); Zoho's Multi DC
 * adds location and accounts-server (authorization.html), Keap's adds scope (ignored).
 */
const callbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  location: z.string().max(8).optional(),
  'accounts-server': z.string().max(200).optional(),
});

/** The page the person lands on after the vendor: what happened, and the way back to the app. */
export function callbackPage(
  title: string,
  message: string,
  back = { href: '/app', text: 'Back to Intake Cockpit' },
): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} · Intake Cockpit</title>`,
    '<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f5f7fa;color:#101828}',
    'main{background:#fff;border:1px solid #e4e7ec;border-radius:12px;padding:32px;max-width:480px}',
    'h1{font-size:20px;margin:0 0 8px}a{color:#0b6aa2}</style></head><body><main>',
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`,
    `<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.text)}</a></p></main></body></html>`,
  ].join('');
}

export function registerCrmConnectionRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  connections: CrmConnections,
): void {
  const workspaceScope = createWorkspaceScope(ctx);

  api.get('/workspaces/:id/crm/connection', async (request) => {
    const { workspaceId } = await workspaceScope(request, MANAGERS_AND_SYSTEM);
    return respondWith(crmConnectionResponseSchema, { data: await connections.view(workspaceId) });
  });

  api.post('/workspaces/:id/crm/connection/authorize', async (request) => {
    const { workspaceId, principal } = await workspaceScope(request, CONNECTORS);
    return respondWith(crmAuthorizeResponseSchema, {
      data: { url: await connections.authorizeUrl(workspaceId, principal.sub) },
    });
  });

  // The owner's field mapping (issue #33): admins read it, owners and system change it.
  api.get('/workspaces/:id/crm/field-mapping', async (request) => {
    const { workspaceId } = await workspaceScope(request, MANAGERS_AND_SYSTEM);
    return respondWith(zohoFieldMappingResponseSchema, {
      data: await connections.fieldMapping(workspaceId),
    });
  });

  api.put('/workspaces/:id/crm/field-mapping', async (request) => {
    const { workspaceId } = await workspaceScope(request, CONNECTORS);
    const mapping = parseInput(zohoFieldMappingSchema, request.body, 'body');
    await connections.saveFieldMapping(workspaceId, mapping);
    return respondWith(zohoFieldMappingResponseSchema, {
      data: await connections.fieldMapping(workspaceId),
    });
  });

  api.delete('/workspaces/:id/crm/connection', async (request) => {
    const { workspaceId } = await workspaceScope(request, CONNECTORS);
    await connections.disconnect(workspaceId);
    return respondWith(crmConnectionResponseSchema, { data: await connections.view(workspaceId) });
  });

  // The vendors' redirect URIs: the page says what happened, and links back to the app.
  for (const vendor of CRM_VENDORS) {
    api.get(`/oauth/${vendor}/callback`, async (request, reply) => {
      const label = CRM_VENDOR_LABELS[vendor];
      const parsed = callbackQuery.safeParse(request.query);
      void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!parsed.success) {
        return reply
          .code(400)
          .send(callbackPage('Not connected', `${label}’s answer could not be read.`));
      }
      const query = parsed.data;
      let connected;
      try {
        connected = await connections.complete(vendor, {
          code: query.code,
          state: query.state,
          error: query.error,
          location: query.location,
          accountsServer: query['accounts-server'],
        });
      } catch (error) {
        if (error instanceof HttpError) {
          return reply.code(error.statusCode).send(callbackPage('Not connected', error.message));
        }
        throw error;
      }
      return reply.send(
        callbackPage(
          `${label} connected`,
          `${connected.workspaceName} is connected to ${label}: the records of its intakes now go there.`,
          { href: connected.backPath, text: 'Back to the CRM connection' },
        ),
      );
    });
  }
}
