/**
 * The environment banner's rule (spec: session 2 "An environment banner with colours for
 * dev, qa and local"; which build is which is not given). Decided here:
 * - served from this machine (localhost, 127.0.0.1, [::1], *.localhost) → "local";
 * - built with `vite build --mode qa`, or served from a host whose first label is "qa"
 *   or starts with "qa-" (qa.example.com, qa-eu.example.com) → "qa";
 * - Vite's dev server (mode "development"), or a host whose first label is "dev" or
 *   starts with "dev-" → "dev";
 * - anything else, i.e. a production build served from a real host → no banner.
 * The hostname decides first, so the production build run locally still says "local".
 */
export type AppEnvironment = 'local' | 'dev' | 'qa';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0']);

export function detectEnvironment({
  mode,
  hostname,
}: {
  mode: string;
  hostname: string;
}): AppEnvironment | null {
  const host = hostname.toLowerCase();
  if (LOCAL_HOSTS.has(host) || host.endsWith('.localhost')) return 'local';
  const firstLabel = host.split('.')[0] ?? '';
  if (mode === 'qa' || firstLabel === 'qa' || firstLabel.startsWith('qa-')) return 'qa';
  if (mode === 'development' || firstLabel === 'dev' || firstLabel.startsWith('dev-')) return 'dev';
  return null;
}

export const ENVIRONMENT_LABELS: Record<AppEnvironment, string> = {
  local: 'Local environment',
  dev: 'Development environment',
  qa: 'QA environment',
};

/** This page's environment: the build's mode and the host it is served from. */
export function currentEnvironment(): AppEnvironment | null {
  return detectEnvironment({ mode: import.meta.env.MODE, hostname: window.location.hostname });
}
