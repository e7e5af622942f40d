import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** The call-centre API's base path (shared/config/api-config.ts callCenterBase). */
export const CALL_CENTER_PREFIX = '/call-center';

/**
 * The call-centre API (spec: session 7 "Call flow": processes/{process},
 * processmaker/{id}, ...). Later issues add its routes here; until then every path under
 * the prefix answers the JSON 404 of the not-found handler (server/http/static-app.ts).
 */
export function registerCallCenterRoutes(_callCenter: FastifyInstance, _ctx: ServerContext): void {
  // Intentionally empty: the prefix is reserved so the SPA fallback never claims it.
}
