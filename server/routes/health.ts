import type { FastifyInstance } from 'fastify';
import { healthResponseSchema } from '@/shared/contracts/health';
import type { DependencyHealth } from '../health/dependency-health';
import { respondWith } from '../http/validate';

/**
 * An unauthenticated health check for load balancers, monitors, scripts and the
 * end-to-end harness: 200 while the database (and Redis, when configured) answer, 503
 * with a one-line message while one does not (issue #17). Says nothing about data.
 */
export function registerHealthRoute(api: FastifyInstance, health: DependencyHealth): void {
  api.get('/health', async (_request, reply) => {
    const { statusCode, body } = await health.check();
    void reply.code(statusCode).header('cache-control', 'no-store');
    return respondWith(healthResponseSchema, body);
  });
}
