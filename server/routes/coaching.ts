import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** Coaching: training videos, uploads, scores and reports (issue #16). */
export function registerCoachingRoutes(_api: FastifyInstance, _ctx: ServerContext): void {}
