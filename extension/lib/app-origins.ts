/**
 * Where the standalone app may run for "Use this sign-in in your CRM tabs": the
 * reference server's default addresses (match patterns ignore the port). A deployment
 * overrides them at build time with INTAKE_APP_MATCHES (wxt.config.ts).
 */
const DEFAULT_APP_MATCHES = ['http://localhost/*', 'http://127.0.0.1/*'];

/**
 * The match patterns of this build: INTAKE_APP_MATCHES (comma-separated) when set at
 * build time, else the defaults. Used by externally_connectable and the app bridge alike.
 */
function appMatchesFrom(env: string | undefined): string[] {
  const given = (env ?? '')
    .split(',')
    .map((pattern) => pattern.trim())
    .filter(Boolean);
  return given.length > 0 ? given : DEFAULT_APP_MATCHES;
}

export const APP_MATCHES: string[] = appMatchesFrom(
  typeof process === 'undefined' ? undefined : process.env.INTAKE_APP_MATCHES,
);

/** The attribute the bridge sets on the app's <html>: our id is not a secret. */
export const EXTENSION_ID_ATTRIBUTE = 'data-intake-extension-id';
/** The event the bridge fires once the attribute is set, for an app already running. */
export const EXTENSION_READY_EVENT = 'intake-extension-ready';
