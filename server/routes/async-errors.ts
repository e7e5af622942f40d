import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** Settings > Async error resolution: failed CRM-sync records, retry and dismiss (issue #16). */
export function registerAsyncErrorRoutes(_api: FastifyInstance, _ctx: ServerContext): void {}
