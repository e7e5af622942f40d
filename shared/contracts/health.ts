import { z } from 'zod';

/**
 * GET /api/health — unauthenticated, for load balancers, monitors and scripts (issue
 * #17): whether this process answers, and whether the database and Redis answer it. It
 * says nothing about data and no addresses or driver messages (those go to the log).
 * 200 when everything this process needs answers, 503 otherwise.
 */

/** ok: answers; down: does not answer; off: not configured (one process, no REDIS_URL). */
export const DEPENDENCY_STATES = ['ok', 'down', 'off'] as const;
export const dependencyStateSchema = z.enum(DEPENDENCY_STATES);
export type DependencyState = z.infer<typeof dependencyStateSchema>;

export const healthResponseSchema = z.object({
  /** ok while every configured dependency answers; down otherwise (then HTTP 503). */
  status: z.enum(['ok', 'down']),
  database: dependencyStateSchema.exclude(['off']),
  redis: dependencyStateSchema,
  /** What is wrong, in one sentence a person reads; absent when everything is ok. */
  message: z.string().max(300).optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
