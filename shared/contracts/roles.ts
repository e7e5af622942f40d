import { z } from 'zod';

/** spec: session 1 / dashboards 6 — operator is the default role when none is given. */
export const ROLES = ['owner', 'admin', 'operator', 'consultant', 'system'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
export const DEFAULT_ROLE: Role = 'operator';

export const roleItemSchema = z.object({ key: roleSchema, label: z.string() });
export type RoleItem = z.infer<typeof roleItemSchema>;

/** spec: dashboards 3 Edition (key, accessLevel); ranks starter 1 < professional 2 < enterprise 3. */
export const EDITIONS = ['starter', 'professional', 'enterprise'] as const;
export const editionKeySchema = z.enum(EDITIONS);
export type EditionKey = z.infer<typeof editionKeySchema>;
export const editionSchema = z.object({
  key: editionKeySchema,
  label: z.string(),
  accessLevel: z.number().int().min(1),
});
export type Edition = z.infer<typeof editionSchema>;
