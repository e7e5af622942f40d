import {
  type WorkspaceMail,
  type WorkspaceMailInput,
  workspaceMailPath,
  workspaceMailResponseSchema,
} from '@/shared/contracts/workspace-mail';
import type { ApiClient, CallOptions } from './client';
import { callForData } from './client';

// A workspace sending its e-mails as itself (issue #33): the calls of
// shared/contracts/workspace-mail.ts, each answer checked by its contract.

/** GET workspaces/{id}/mail: its own SMTP account (no password), the server's, and delivery. */
export const getWorkspaceMail = (
  api: ApiClient,
  workspaceId: string,
  options?: CallOptions,
): Promise<WorkspaceMail> =>
  callForData(
    api,
    workspaceMailResponseSchema,
    { method: 'GET', path: workspaceMailPath(workspaceId) },
    options,
  );

/** PUT …/mail: checked at the SMTP server, then kept (owner, system); 422 in its words. */
export const saveWorkspaceMail = (
  api: ApiClient,
  workspaceId: string,
  input: WorkspaceMailInput,
  options?: CallOptions,
): Promise<WorkspaceMail> =>
  callForData(
    api,
    workspaceMailResponseSchema,
    { method: 'PUT', path: workspaceMailPath(workspaceId), body: input },
    options,
  );

/** DELETE …/mail: the firm's account forgotten; e-mails go with the server's. */
export const removeWorkspaceMail = (
  api: ApiClient,
  workspaceId: string,
  options?: CallOptions,
): Promise<WorkspaceMail> =>
  callForData(
    api,
    workspaceMailResponseSchema,
    { method: 'DELETE', path: workspaceMailPath(workspaceId) },
    options,
  );
