import type { FastifyInstance } from 'fastify';
import { publicConfigSchema, type SupportContact } from '@/shared/contracts/public-config';
import { respondWith } from '../http/validate';

/**
 * GET /api/public-config (issue #30) — unauthenticated, like /api/health: what the app
 * needs before anyone signs in, today the support contact (SUPPORT_EMAIL / SUPPORT_URL,
 * checked at start). It changes only with a restart; browsers check it again on each load.
 */
export function registerPublicConfigRoute(api: FastifyInstance, support: SupportContact): void {
  const body = respondWith(publicConfigSchema, { support });
  api.get('/public-config', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return body;
  });
}
