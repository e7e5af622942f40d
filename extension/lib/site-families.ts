/**
 * The CRM and call-tracking sites the extension works in, one family per content script
 * (STYLE.md: refined-github's page detection). Everything here is pure and unit-tested
 * with real URLs (tests/extension/site-families.test.ts).
 */
export const SITE_FAMILIES = ['zoho', 'keap', 'ctm'] as const;
export type SiteFamily = (typeof SITE_FAMILIES)[number];

export const SITE_FAMILY_LABELS: Record<SiteFamily, string> = {
  zoho: 'Zoho CRM',
  keap: 'Keap / Infusionsoft',
  ctm: 'CallTrackingMetrics',
};

/** Zoho CRM's data centres: crm.zoho.com and its regional twins. */
export const ZOHO_CRM_HOSTS = [
  'crm.zoho.com',
  'crm.zoho.eu',
  'crm.zoho.in',
  'crm.zoho.com.au',
  'crm.zoho.jp',
  'crm.zoho.uk',
  'crm.zoho.sa',
  'crm.zoho.com.cn',
  'crm.zohocloud.ca',
] as const;

/** Manifest match patterns per family (the content scripts' `matches`). */
export const SITE_MATCHES: Record<SiteFamily, string[]> = {
  zoho: ZOHO_CRM_HOSTS.map((host) => `https://${host}/*`),
  keap: [
    'https://*.infusionsoft.com/*',
    'https://*.infusionsoft.app/*',
    'https://keap.app/*',
    'https://*.keap.app/*',
  ],
  ctm: ['https://app.calltrackingmetrics.com/*'],
};

function parse(url: string): URL | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

/** Zoho's modules with record pages we serve; Deals show as "Potentials" in older URLs. */
const ZOHO_MODULES = new Set(['Leads', 'Contacts', 'Deals', 'Potentials']);
const RECORD_ID = /^\d{5,25}$/;

/**
 * A Zoho CRM record page of Leads, Contacts or Deals:
 *   https://crm.zoho.com/crm/org60012345/tab/Contacts/4876876000000421001
 *   https://crm.zoho.eu/crm/tab/Leads/4876876000000421001   (single-org accounts)
 *   https://crm.zoho.com/crm/org60012345/tab/Potentials/4876876000000421001/
 *   https://crm.zoho.com/crm/EntityInfo.do?module=Leads&id=4876876000000421001 (classic)
 * Not list views (tab/Contacts/custom-view/...), not create/edit forms.
 */
export function isZohoRecordPage(url: string): boolean {
  const parsed = parse(url);
  if (!parsed || !(ZOHO_CRM_HOSTS as readonly string[]).includes(parsed.hostname)) return false;
  const parts = parsed.pathname.split('/').filter(Boolean);
  if (parts[0] !== 'crm') return false;
  let rest = parts.slice(1);
  if (rest[0] && /^org\d+$/.test(rest[0])) rest = rest.slice(1);
  if (rest.length === 1 && rest[0] === 'EntityInfo.do') {
    const module = parsed.searchParams.get('module') ?? '';
    return ZOHO_MODULES.has(module) && RECORD_ID.test(parsed.searchParams.get('id') ?? '');
  }
  return (
    rest.length === 3 && rest[0] === 'tab' && ZOHO_MODULES.has(rest[1]) && RECORD_ID.test(rest[2])
  );
}

const KEAP_HOST = /^([a-z0-9-]+\.)?(infusionsoft\.com|infusionsoft\.app|keap\.app)$/;

/**
 * A Keap / Infusionsoft contact page:
 *   https://ab123.infusionsoft.com/Contact/manageContact.jsp?view=edit&ID=12345  (classic)
 *   https://keap.app/contacts/list/contact/12345                                 (Keap)
 *   https://ab123.keap.app/contacts/details/12345
 * `extraHosts` are an admin's own Keap hosts (options page); their paths are the same.
 */
export function isKeapContactPage(url: string, extraHosts: readonly string[] = []): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  const host = parsed.hostname;
  if (!KEAP_HOST.test(host) && !extraHosts.includes(host)) return false;
  const path = parsed.pathname.replace(/\/+$/, '');
  if (/^\/Contact\/manageContact\.jsp$/i.test(path))
    return /^\d{1,20}$/.test(parsed.searchParams.get('ID') ?? '');
  return /^\/contacts?\/(?:list\/(?:[\w-]+\/)?contact|details|contact)\/\d{1,20}$/.test(path);
}

/**
 * A CallTrackingMetrics call page:
 *   https://app.calltrackingmetrics.com/calls/2148293840
 *   https://app.calltrackingmetrics.com/accounts/52011/calls/2148293840
 *   https://app.calltrackingmetrics.com/calls/CAL2148293840ABC   (call sid)
 * Not the call log itself (/calls) nor a recording (/calls/{sid}/recording).
 */
export function isCtmCallPage(url: string): boolean {
  const parsed = parse(url);
  if (!parsed || parsed.hostname !== 'app.calltrackingmetrics.com') return false;
  const path = parsed.pathname.replace(/\/+$/, '');
  return /^(?:\/accounts\/\d{1,20})?\/calls\/[A-Za-z0-9]{4,64}$/.test(path);
}

/** Which page detector belongs to a family. */
export function isSupportedPage(
  family: SiteFamily,
  url: string,
  extraKeapHosts: readonly string[] = [],
): boolean {
  switch (family) {
    case 'zoho':
      return isZohoRecordPage(url);
    case 'keap':
      return isKeapContactPage(url, extraKeapHosts);
    case 'ctm':
      return isCtmCallPage(url);
  }
}

/**
 * Whether an origin is one our site content scripts are registered on (issue #9: the
 * background trusts a content-script port only from these): https, default port, a
 * family's host or one of the admin's extra Keap hosts. Exact hosts, never suffixes, so
 * https://random.infusionsoft.com.evil.com is not Keap.
 */
export function isSiteOrigin(origin: string, extraKeapHosts: readonly string[] = []): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.port !== '' || parsed.origin !== origin) return false;
  const host = parsed.hostname;
  return (
    (ZOHO_CRM_HOSTS as readonly string[]).includes(host) ||
    KEAP_HOST.test(host) ||
    host === 'app.calltrackingmetrics.com' ||
    extraKeapHosts.includes(host)
  );
}

/** A hostname an admin may add for Keap: a plain DNS name, no scheme, port or path. */
export function isValidExtraHost(host: string): boolean {
  return (
    host.length <= 253 &&
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(host) &&
    !host.endsWith('.local')
  );
}

/** The match pattern an extra Keap host gets (optional host permission, dynamic script). */
export const extraHostPattern = (host: string) => `https://${host}/*`;
