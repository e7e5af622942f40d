import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** System > Microservices: the reference server checks its own parts (issue #16). */
export function registerMicroserviceRoutes(_api: FastifyInstance, _ctx: ServerContext): void {}
