import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** Calendars and events, objections, appointment outcomes, consultants/{id} (spec: dashboards 7 lookups; issue #16). */
export function registerSchedulingRoutes(_api: FastifyInstance, _ctx: ServerContext): void {}
