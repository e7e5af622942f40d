import { createContext, useContext, type ReactNode } from 'react';
import { useHost } from '@/app/host/host';
import type { Workspace } from '@/shared/contracts/workspace';

/**
 * The workspace a report screen reads. Absent (undefined) outside a provider: the
 * session's workspace. A screen the system user opens (it has no workspace of its own)
 * wraps its report in a provider with the workspace it picked; null there means "none
 * picked yet", and the report queries wait.
 */
const ReportWorkspaceContext = createContext<Workspace | null | undefined>(undefined);

export function ReportWorkspaceProvider({
  workspace,
  children,
}: {
  workspace: Workspace | null;
  children: ReactNode;
}) {
  return (
    <ReportWorkspaceContext.Provider value={workspace}>{children}</ReportWorkspaceContext.Provider>
  );
}

/** The workspace the report queries read: the provider's when there is one, else the session's. */
export function useReportWorkspace(): Workspace | null {
  const chosen = useContext(ReportWorkspaceContext);
  const { session } = useHost();
  return chosen === undefined ? session.workspace : chosen;
}

/**
 * The IANA timezone of the workspace a report screen reads (null when none): report days
 * are that workspace's days, so every default range and "end max = today" rule starts
 * from `todayInTimezone(useWorkspaceTimezone())`, never from the browser's day.
 */
export function useWorkspaceTimezone(): string | null {
  return useReportWorkspace()?.attributes.timezone ?? null;
}
