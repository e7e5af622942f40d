import type { Role } from '@/shared/contracts/roles';
import type { Workspace } from '@/shared/contracts/workspace';
import { isCallTrackingEnabled, isCockpitEnabled } from './workspace-features';

export const LOGIN_PATH = '/login';

/**
 * The page a user lands on after sign-in, and where a guard sends a user whose role is not
 * allowed (spec: session 2 "Landing page after sign-in, by role"; dashboards 6).
 */
export function landingPathFor(
  user: { role: Role },
  workspace: Workspace | null | undefined,
): string {
  switch (user.role) {
    case 'owner':
    case 'admin':
      return isCockpitEnabled(workspace) ? '/app/dashboards/cockpit' : '/app/dashboards/dashboard';
    case 'operator':
      return isCallTrackingEnabled(workspace) ? '/app/dashboards/agent' : '/app/profile/user-info';
    case 'consultant':
      return '/app/profile/credentials';
    case 'system':
      return '/app/system/workspaces';
  }
}
