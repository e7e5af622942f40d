import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { meResponseSchema } from '@/shared/contracts/user';
import type { ServerContext } from '../context';
import { unauthorized } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';
import { findPerson, findUserById, listAuthorizations } from '../repositories/user-repository';

const INCLUDABLE = ['authorizations', 'person'] as const;

/**
 * `include` is JSON:API style; both relations are always included (the contract requires
 * them), but a relation we do not know is refused rather than silently ignored.
 */
const meQuerySchema = z.object({
  include: z
    .string()
    .max(200)
    .refine(
      (value) =>
        value.split(',').every((name) => (INCLUDABLE as readonly string[]).includes(name.trim())),
      `may only name ${INCLUDABLE.join(', ')}`,
    )
    .optional(),
});

/** spec: session 4 step 2, session 7 — GET users/me?include=authorizations,person. */
export function registerUserRoutes(api: FastifyInstance, ctx: ServerContext): void {
  api.get('/users/me', async (request) => {
    const principal = await ctx.authenticate(request);
    parseInput(meQuerySchema, request.query, 'query');
    const user = await findUserById(ctx.db, principal.sub);
    // A valid token for a user that no longer exists is as good as no token.
    if (!user) throw unauthorized();
    const [authorizations, person] = await Promise.all([
      listAuthorizations(ctx.db, user.id),
      findPerson(ctx.db, user.person_id),
    ]);
    return respondWith(meResponseSchema, {
      data: {
        id: user.id,
        type: 'user',
        attributes: {
          username: user.username,
          email: user.email,
          picture: user.picture,
          language: user.language,
          timezone: user.timezone,
          calendarType: user.calendar_type,
          customerSuccessAccountId: user.cs_account_id,
        },
      },
      included: { authorizations, person },
    });
  });
}
