import type { Workspace } from '@/shared/contracts/workspace';

/**
 * Workspace feature checks shared by the landing rule, the route guards and the menu
 * (spec: session 2 Landing, session 6, dashboards 6 Menu item visibility). A missing
 * workspace (the system role has none) has no feature.
 */

export function isCockpitEnabled(workspace: Workspace | null | undefined): boolean {
  return workspace?.attributes.settings.cockpit.enabled === true;
}

/** spec: dashboards 6 — a call-tracking vendor account plus its setting. */
export function isCallTrackingEnabled(workspace: Workspace | null | undefined): boolean {
  if (!workspace) return false;
  const { vendors, settings } = workspace.attributes;
  return Boolean(vendors.callTrackingMetrics.account) && settings.ctm === true;
}

/** spec: dashboards 6 — async-error-resolution needs asynchronous lead generation. */
export function hasAsyncLeadGeneration(workspace: Workspace | null | undefined): boolean {
  return workspace?.attributes.processes.leadGeneration?.async === true;
}

/**
 * Settings > Async Error Resolution is the workspace's (spec: dashboards 6, with
 * asynchronous lead generation). Also, issue #33, in a workspace connected to its real
 * CRM: its records are sent in the background, and the ones the CRM refuses wait there;
 * and once it has sent records there, also after a disconnect (those left unsent wait there).
 */
export function hasAsyncRecordResolution(workspace: Workspace | null | undefined): boolean {
  const attributes = workspace?.attributes;
  return (
    hasAsyncLeadGeneration(workspace) ||
    attributes?.crmConnected === true ||
    attributes?.crmRecordsKept === true
  );
}

/** The first (organisation-id) CRM: Zoho. Zoho-only menu items need it. */
export function isZohoWorkspace(workspace: Workspace | null | undefined): boolean {
  return workspace?.attributes.isZoho === true;
}

/**
 * The second (organisation-host) CRM: Keap / Infusionsoft, known by its org id or host.
 * The menu's dossierOnly items need it (issue #30; see menu.ts isVisible).
 */
export function isKeapWorkspace(workspace: Workspace | null | undefined): boolean {
  const settings = workspace?.attributes.settings;
  return Boolean(settings?.ifsOrgId || settings?.ifsOrgHost);
}

/**
 * spec: session 4 Call-flow guard — "blocked when the workspace uses the zoho vendor".
 * Departure (issue #33): a Zoho workspace connected to its Zoho CRM runs call flows, since
 * their records now reach Zoho (server/crm/crm-outbox.ts); until it is connected, the
 * guard holds as the spec says.
 */
export function usesZohoVendor(workspace: Workspace | null | undefined): boolean {
  return workspace?.attributes.vendors.zoho === true && workspace.attributes.crmConnected !== true;
}

/** The accounting vendor (QuickBooks) behind the cash-flow pipeline. */
export function hasQuickBooks(workspace: Workspace | null | undefined): boolean {
  return workspace?.attributes.vendors.quickBooks === true;
}
