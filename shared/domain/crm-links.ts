import type { Workspace } from '@/shared/contracts/workspace';

/**
 * CRM record links of contact rows (spec: dashboards 9 "CRM record link"): for the
 * organisation-id CRM (Zoho) its base address plus /org{orgId}/tab/{module}/{id}, blank
 * without an org id; for the organisation-host CRM (Keap / Infusionsoft)
 * {orgHost}/{module}/manage{module}.jsp?view=edit&ID={id}, blank without an org host.
 */

/**
 * Zoho CRM's web address in each data centre, by the location its accounts server named
 * at the connection (Multi DC: https://www.zoho.com/crm/developer/docs/api/v8/multi-dc.html
 * lists the accounts servers; the CRM's own host follows the same domains, crm.zoho.eu,
 * crm.zoho.com.cn at https://zoho.com/fr/crm/help/api/using-api-url.html). ASSUMED for
 * Canada: crm.zohocloud.ca, as Zoho's other products there (lens.zohocloud.ca).
 */
const ZOHO_US_WEB_URL = 'https://crm.zoho.com';
const ZOHO_WEB_URLS: Readonly<Record<string, string>> = {
  us: ZOHO_US_WEB_URL,
  eu: 'https://crm.zoho.eu',
  in: 'https://crm.zoho.in',
  au: 'https://crm.zoho.com.au',
  jp: 'https://crm.zoho.jp',
  ca: 'https://crm.zohocloud.ca',
  cn: 'https://crm.zoho.com.cn',
};

/** Where a Zoho organisation's records open: its data centre's, else the US one. */
export function zohoWebUrl(location: string | null | undefined): string {
  const key = (location ?? '').toLowerCase();
  return Object.hasOwn(ZOHO_WEB_URLS, key) ? ZOHO_WEB_URLS[key] : ZOHO_US_WEB_URL;
}

export type CrmLinkSettings =
  | { kind: 'zoho'; orgId: string | null; baseUrl: string }
  | { kind: 'keap'; orgHost: string | null }
  | { kind: 'none' };

/** Which CRM a workspace links to, from its settings. */
export function crmLinkSettings(
  workspace: Workspace | null | undefined,
  zohoBaseUrl: string = ZOHO_US_WEB_URL,
): CrmLinkSettings {
  if (!workspace) return { kind: 'none' };
  const { settings, isZoho } = workspace.attributes;
  if (isZoho || settings.zoho) {
    const baseUrl = workspace.attributes.crmWebUrl ?? zohoBaseUrl;
    return { kind: 'zoho', orgId: settings.zohoOrgId, baseUrl };
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
