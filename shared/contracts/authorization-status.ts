import { z } from 'zod';

/**
 * PATCH workspaces/{id}/authorizations/{authorizationId} `{ status }` (issue 9 item 8):
 * owners and admins of the workspace, and the system role, turn a user's authorization
 * on or off. Made inactive, the user's sessions and sockets end at once. The answer is
 * `{ data: Authorization }` (shared/contracts/user.ts).
 */
export const authorizationStatusRequestSchema = z
  .object({ status: z.enum(['active', 'inactive']) })
  .strict();
export type AuthorizationStatusRequest = z.infer<typeof authorizationStatusRequestSchema>;
