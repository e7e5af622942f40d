import type { FastifyInstance } from 'fastify';

/**
 * An unauthenticated liveness check for scripts and the end-to-end harness (wait until
 * the server answers before driving the browser). Says nothing about data.
 */
export function registerHealthRoute(api: FastifyInstance): void {
  api.get('/health', async () => ({ status: 'ok' }));
}
