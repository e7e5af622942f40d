import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** Settings > Users parameters: per-agent parameters (issue #16). */
export function registerUsersParametersRoutes(_api: FastifyInstance, _ctx: ServerContext): void {}
