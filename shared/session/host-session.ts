import { z } from 'zod';
import { agentSchema } from '@/shared/contracts/lookups';
import { loggedUserSchema } from '@/shared/contracts/user';
import { workspaceSchema } from '@/shared/contracts/workspace';

/**
 * Who is signed in, as a screen may know it (ARCHITECTURE.md "The host"): user,
 * workspace, agent — never tokens. The one definition: the app's host, both widget
 * environments and the extension's background (which parses what it sends a content
 * script through this schema, so nothing beside these three leaves it) all use it.
 */
export const hostSessionSchema = z.object({
  user: loggedUserSchema.nullable(),
  workspace: workspaceSchema.nullable(),
  agent: agentSchema.nullable(),
});
export type HostSession = z.infer<typeof hostSessionSchema>;

/** Nobody signed in. */
export const NO_HOST_SESSION: HostSession = { user: null, workspace: null, agent: null };
