import { z } from 'zod';
import { DEFAULT_SERVER_ORIGIN } from '@/shared/config/api-config';
import { normalizeServerOrigin } from './server-origin';
import { isValidExtraHost, SITE_FAMILIES, type SiteFamily } from './site-families';

export { normalizeServerOrigin };

/**
 * The extension's settings (options page), and what an IT admin forces by browser policy
 * (storage.managed, schema in extension/public/managed-schema.json). A managed value
 * always wins and is shown locked on the options page.
 */
export interface ExtensionSettings {
  /** The server (API, socket and standalone app) origin. */
  serverOrigin: string;
  /** Which site families get the side panel. */
  sites: Record<SiteFamily, boolean>;
  /** Extra Keap / Infusionsoft hosts (custom domains), each with its own optional host permission. */
  extraKeapHosts: string[];
}

export type SettingKey = keyof ExtensionSettings;

export const DEFAULT_SETTINGS: ExtensionSettings = {
  serverOrigin: DEFAULT_SERVER_ORIGIN,
  sites: { zoho: true, keap: true, ctm: true },
  extraKeapHosts: [],
};

/**
 * The key settings live under in storage.local (not secret: content scripts read them).
 * Content scripts can also WRITE storage.local, so the server address read from here is
 * only a hint for content scripts: the worker and our pages take it from the trusted
 * store (trusted-settings.ts) or policy (issue #9).
 */
export const SETTINGS_STORAGE_KEY = 'settings';

const originSchema = z.string().transform((value, ctx) => {
  const origin = normalizeServerOrigin(value);
  if (!origin) {
    ctx.addIssue({ code: 'custom', message: 'not an https (or loopback http) origin' });
    return z.NEVER;
  }
  return origin;
});

const sitesSchema = z.object(
  Object.fromEntries(SITE_FAMILIES.map((family) => [family, z.boolean().optional()])) as Record<
    SiteFamily,
    z.ZodOptional<z.ZodBoolean>
  >,
);

const hostsSchema = z
  .array(z.string())
  .transform((hosts) => [
    ...new Set(hosts.map((host) => host.trim().toLowerCase()).filter(isValidExtraHost)),
  ]);

/** Stored or managed settings: every field optional, each checked on its own. */
export function readPartialSettings(raw: unknown): Partial<ExtensionSettings> {
  if (!raw || typeof raw !== 'object') return {};
  const record = raw as Record<string, unknown>;
  const out: Partial<ExtensionSettings> = {};
  const origin = originSchema.safeParse(record.serverOrigin);
  if (origin.success) out.serverOrigin = origin.data;
  const sites = sitesSchema.safeParse(record.sites);
  if (sites.success) {
    const given = Object.fromEntries(
      Object.entries(sites.data).filter(([, on]) => typeof on === 'boolean'),
    );
    if (Object.keys(given).length > 0) out.sites = given as Record<SiteFamily, boolean>;
  }
  const hosts = hostsSchema.safeParse(record.extraKeapHosts);
  if (hosts.success) out.extraKeapHosts = hosts.data;
  return out;
}

export interface ResolvedSettings {
  settings: ExtensionSettings;
  /** Keys an administrator set by policy: the options page shows them read-only. */
  managed: SettingKey[];
}

/** Defaults, then what the user saved, then what policy forces. */
export function resolveSettings(stored: unknown, managed: unknown): ResolvedSettings {
  const local = readPartialSettings(stored);
  const forced = readPartialSettings(managed);
  const settings: ExtensionSettings = {
    serverOrigin: forced.serverOrigin ?? local.serverOrigin ?? DEFAULT_SETTINGS.serverOrigin,
    sites: { ...DEFAULT_SETTINGS.sites, ...local.sites, ...forced.sites },
    extraKeapHosts:
      forced.extraKeapHosts ?? local.extraKeapHosts ?? DEFAULT_SETTINGS.extraKeapHosts,
  };
  return { settings, managed: Object.keys(forced) as SettingKey[] };
}

/**
 * The settings the worker and our own pages act on (issue #9): sites and extra hosts from
 * storage.local as saved, but the server address only from the trusted store (or policy)
 * — a server address a content script wrote into storage.local is ignored.
 */
export function resolveTrustedSettings(
  stored: unknown,
  managed: unknown,
  trustedServerOrigin: unknown,
): ResolvedSettings {
  const local = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  return resolveSettings({ ...local, serverOrigin: trustedServerOrigin }, managed);
}
