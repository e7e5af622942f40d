/**
 * Where the standalone app may run for "Use this sign-in in your CRM tabs": the
 * reference server's default addresses (match patterns ignore the port). A deployment
 * overrides them at build time with INTAKE_APP_MATCHES (wxt.config.ts).
 */
export const DEFAULT_APP_MATCHES = ['http://localhost/*', 'http://127.0.0.1/*'];

/** The attribute the bridge sets on the app's <html>: our id is not a secret. */
export const EXTENSION_ID_ATTRIBUTE = 'data-intake-extension-id';
/** The event the bridge fires once the attribute is set, for an app already running. */
export const EXTENSION_READY_EVENT = 'intake-extension-ready';
