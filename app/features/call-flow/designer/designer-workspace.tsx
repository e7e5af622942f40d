import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { WorkspacePicker } from '@/app/components/workspace-picker/workspace-picker';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import type { Workspace } from '@/shared/contracts/workspace';
import { usesZohoVendor } from '@/shared/domain/workspace-features';
import { workspacesQuery } from '@/shared/query/workspace-queries';
import { CALL_FLOWS_PATHS } from '../call-flows-nav';

/** The query parameter that names a system user's workspace in the designer's paths. */
export const DESIGNER_WORKSPACE_PARAM = 'workspace';

/** The designer's list for a workspace, as a system user opens it (System › Workspaces). */
export function designerPathForWorkspace(workspaceId: string): string {
  return `${CALL_FLOWS_PATHS.designer}?${DESIGNER_WORKSPACE_PARAM}=${encodeURIComponent(workspaceId)}`;
}

export interface DesignerWorkspace {
  /** The workspace whose processes are designed; null while a system user has chosen none. */
  workspace: Workspace | null;
  /** The user is a system user: no workspace of their own, one chosen by the address. */
  system: boolean;
  /** A designer path for this workspace (a system user's carries ?workspace=). */
  pathTo: (path: string) => string;
  /** For a system user, the workspace picker (the list shows it); null for anyone else. */
  picker: ReactNode;
  /** What `workspace` says is final (a system user's workspaces have loaded, or failed). */
  settled: boolean;
}

/**
 * The workspace the designer works on (issue #34: "owners and admins of workspaces where
 * call flows are allowed; system users for any workspace"): the session's own, or for a
 * system user the one the address names (?workspace=), chosen in a picker of the workspaces
 * where call flows are allowed (not a Zoho-vendor workspace), so a link or a reload keeps it.
 */
export function useDesignerWorkspace(): DesignerWorkspace {
  const { api, session, navigate } = useHost();
  const scope = useQueryScope();
  const system = session.user?.role === 'system';
  const [params] = useSearchParams();
  const chosenId = system ? (params.get(DESIGNER_WORKSPACE_PARAM) ?? '') : '';
  const workspaces = useDataQuery(system ? workspacesQuery(scope, api) : null);
  const choices = useMemo(
    () => ({
      ...workspaces,
      data: workspaces.data?.filter((workspace) => !usesZohoVendor(workspace)) ?? null,
    }),
    [workspaces],
  );
  if (!system) {
    return {
      workspace: session.workspace ?? null,
      system,
      pathTo: (path) => path,
      picker: null,
      settled: true,
    };
  }
  const workspace = choices.data?.find((item) => item.id === chosenId) ?? null;
  const pathTo = (path: string) =>
    chosenId ? `${path}?${DESIGNER_WORKSPACE_PARAM}=${encodeURIComponent(chosenId)}` : path;
  return {
    workspace,
    system,
    pathTo,
    settled: workspaces.status === 'loaded' || workspaces.status === 'error',
    picker: (
      <WorkspacePicker
        workspaces={choices}
        chosenId={chosenId}
        onChange={(id) => navigate(id ? designerPathForWorkspace(id) : CALL_FLOWS_PATHS.designer)}
        emptyText="No workspace allows call flows: a Zoho workspace takes its intakes in Zoho."
      />
    ),
  };
}
