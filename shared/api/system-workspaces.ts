import { itemResponseSchema } from '@/shared/contracts/common';
import {
  type SystemWorkspace,
  systemWorkspaceListResponseSchema,
  systemWorkspaceResponseSchema,
  type WizardDraft,
  wizardDraftResponseSchema,
  type WizardDraftSaveRequest,
  type WorkspaceCreateRequest,
  type WorkspaceUpdateRequest,
} from '@/shared/contracts/system-workspaces';
import { type Workspace, workspaceSchema } from '@/shared/contracts/workspace';
import type { ApiClient, CallOptions } from './client';

// System > Workspaces and System > Workspace wizard (issue #16; docs/system-workspaces.md).

export const systemWorkspacePaths = {
  list: () => 'system/workspaces',
  one: (workspaceId: string) => `system/workspaces/${encodeURIComponent(workspaceId)}`,
  workspace: (workspaceId: string) => `workspaces/${encodeURIComponent(workspaceId)}`,
  create: () => 'workspaces',
  wizard: () => 'system/workspace-wizard',
} as const;

const workspaceItem = itemResponseSchema(workspaceSchema);

/** GET system/workspaces: every workspace with its CRM and health (system users). */
export async function listSystemWorkspaces(api: ApiClient): Promise<SystemWorkspace[]> {
  return (
    await api.call(systemWorkspaceListResponseSchema, {
      method: 'GET',
      path: systemWorkspacePaths.list(),
    })
  ).data;
}

/** GET system/workspaces/{id}: one workspace with its CRM and health. */
export async function getSystemWorkspace(
  api: ApiClient,
  workspaceId: string,
): Promise<SystemWorkspace> {
  return (
    await api.call(systemWorkspaceResponseSchema, {
      method: 'GET',
      path: systemWorkspacePaths.one(workspaceId),
    })
  ).data;
}

/** PATCH workspaces/{id} (spec 7): the system settings of a workspace. */
export async function updateWorkspaceSettings(
  api: ApiClient,
  workspaceId: string,
  change: WorkspaceUpdateRequest,
  options?: CallOptions,
): Promise<Workspace> {
  return (
    await api.call(
      workspaceItem,
      { method: 'PATCH', path: systemWorkspacePaths.workspace(workspaceId), body: change },
      options,
    )
  ).data;
}

/** POST workspaces: creates a workspace (the wizard's finish). */
export async function createWorkspace(
  api: ApiClient,
  request: WorkspaceCreateRequest,
  options?: CallOptions,
): Promise<Workspace> {
  return (
    await api.call(
      workspaceItem,
      { method: 'POST', path: systemWorkspacePaths.create(), body: request },
      options,
    )
  ).data;
}

/** GET system/workspace-wizard: the signed-in system user's saved wizard, or null. */
export async function getWizardDraft(api: ApiClient): Promise<WizardDraft | null> {
  return (
    await api.call(wizardDraftResponseSchema, {
      method: 'GET',
      path: systemWorkspacePaths.wizard(),
    })
  ).data;
}

/** PUT system/workspace-wizard: saves the wizard after a step. */
export async function saveWizardDraft(
  api: ApiClient,
  draft: WizardDraftSaveRequest,
  options?: CallOptions,
): Promise<WizardDraft> {
  const answer = await api.call(
    wizardDraftResponseSchema,
    { method: 'PUT', path: systemWorkspacePaths.wizard(), body: draft },
    options,
  );
  if (!answer.data) throw new Error('The wizard was not saved.');
  return answer.data;
}

/** DELETE system/workspace-wizard: Start over, and after finishing. */
export async function discardWizardDraft(api: ApiClient): Promise<void> {
  await api.call(wizardDraftResponseSchema, {
    method: 'DELETE',
    path: systemWorkspacePaths.wizard(),
  });
}
