import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** System > Workspaces and the workspace wizard (issue #16). */
export function registerSystemWorkspaceRoutes(_api: FastifyInstance, _ctx: ServerContext): void {}
