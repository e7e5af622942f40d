import type { Workspace } from '@/shared/contracts/workspace';
import { checkFeatureAccess } from '@/shared/domain/feature-access';
import { compareLabels } from '@/shared/domain/sorting';

/**
 * The system user's choices on the Cash Flow Pipeline screens: only the workspaces whose
 * Cash Flow report the server answers — those with the accounting vendor (QuickBooks)
 * connected (spec: dashboards 2.2; the server refuses the others with 403, the same
 * `checkFeatureAccess` rule) — by name. Listing the others would only lead to an error.
 */
export function cashFlowWorkspaceChoices(workspaces: readonly Workspace[]): Workspace[] {
  return workspaces
    .filter((item) => checkFeatureAccess('cashFlow', 'system', item).allowed)
    .sort((a, b) => compareLabels(a.attributes.name, b.attributes.name));
}
