import { z } from 'zod';
import { idSchema } from './common';
import { editionKeySchema, roleSchema } from './roles';

/** One authorization: the user's role in one workspace (spec: session 4 step 6). */
export const authorizationSchema = z.object({
  id: idSchema,
  role: roleSchema,
  /** null for the system role, which belongs to no workspace. */
  workspaceId: idSchema.nullable(),
  status: z.enum(['active', 'inactive']),
  edition: editionKeySchema.nullable(),
});
export type Authorization = z.infer<typeof authorizationSchema>;

export const personSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
});
export type Person = z.infer<typeof personSchema>;

/** GET users/me?include=authorizations,person */
export const meResponseSchema = z.object({
  data: z.object({
    id: idSchema,
    type: z.literal('user'),
    attributes: z.object({
      username: z.string(),
      email: z.string(),
      picture: z.string().nullable(),
      language: z.string(),
      timezone: z.string(),
      calendarType: z.string().nullable(),
      customerSuccessAccountId: z.string().nullable(),
    }),
  }),
  included: z.object({
    authorizations: z.array(authorizationSchema),
    person: personSchema.nullable(),
  }),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/**
 * The logged user of spec session 3, as the session store keeps it. Tokens live beside
 * it in the store, never inside what a screen receives through the host.
 */
export const loggedUserSchema = z.object({
  id: idSchema,
  picture: z.string().nullable(),
  role: roleSchema,
  username: z.string(),
  workspace: idSchema.nullable(),
  language: z.string(),
  timezone: z.string(),
  email: z.string(),
  name: z.string(),
  personId: idSchema.nullable(),
  customerSuccessAccountId: z.string().nullable(),
  calendarType: z.string().nullable(),
  /** The token's edition (spec: session 3 "Fields seen in other places"). */
  edition: editionKeySchema.nullable(),
});
export type LoggedUser = z.infer<typeof loggedUserSchema>;
