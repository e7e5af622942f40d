import type { Workspace } from '@/shared/contracts/workspace';

/**
 * CRM record links of contact rows (spec: dashboards 9 "CRM record link"): for the
 * organisation-id CRM (Zoho) its base address plus /org{orgId}/tab/{module}/{id}, blank
 * without an org id; for the organisation-host CRM (Keap / Infusionsoft)
 * {orgHost}/{module}/manage{module}.jsp?view=edit&ID={id}, blank without an org host.
 */

/** Zoho CRM's address when the workspace does not name another (its organisation's baseUrl). */
const ZOHO_CRM_BASE_URL = 'https://crm.zoho.com';

export type CrmLinkSettings =
  | { kind: 'zoho'; orgId: string | null; baseUrl: string }
  | { kind: 'keap'; orgHost: string | null }
  | { kind: 'none' };

/** Which CRM a workspace links to, from its settings. */
export function crmLinkSettings(
  workspace: Workspace | null | undefined,
  zohoBaseUrl: string = ZOHO_CRM_BASE_URL,
): CrmLinkSettings {
  if (!workspace) return { kind: 'none' };
  const { settings, isZoho } = workspace.attributes;
  if (isZoho || settings.zoho) {
    return { kind: 'zoho', orgId: settings.zohoOrgId, baseUrl: zohoBaseUrl };
  }
  if (settings.ifsOrgHost || settings.ifsOrgId)
    return { kind: 'keap', orgHost: settings.ifsOrgHost };
  return { kind: 'none' };
}

/**
 * An http(s) origin-like base without a trailing slash; '' for anything else (a link
 * target must never become javascript: or a relative path). A bare host gets https://.
 */
export function safeBaseUrl(raw: string | null | undefined): string {
  const text = (raw ?? '').trim();
  if (!text) return '';
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/** The record's address in its CRM, or '' when the workspace's CRM setting is unset. */
export function crmRecordLink(
  settings: CrmLinkSettings,
  record: { id: string; module: string },
): string {
  if (!record.id || !record.module) return '';
  const id = encodeURIComponent(record.id);
  const module = encodeURIComponent(record.module);
  switch (settings.kind) {
    case 'zoho': {
      const base = safeBaseUrl(settings.baseUrl);
      const orgId = (settings.orgId ?? '').trim();
      if (!base || !orgId) return '';
      return `${base}/org${encodeURIComponent(orgId)}/tab/${module}/${id}`;
    }
    case 'keap': {
      const host = safeBaseUrl(settings.orgHost);
      if (!host) return '';
      return `${host}/${module}/manage${module}.jsp?view=edit&ID=${id}`;
    }
    default:
      return '';
  }
}
