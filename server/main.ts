import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app';
import { databaseTargetFromEnv, describeDatabase } from './db/database';
import { parseTrustProxy } from './auth/trusted-proxy';
import { parseAllowedOrigins } from './http/cors';
import { DEFAULT_HOST, isLoopbackHost } from './http/exposure';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts';
import { DEMO_WORKSPACES } from './seed/demo-workspaces';

/**
 * `npm start` (= `tsx server/main.ts --demo`) / `npm run serve`: the reference server.
 * Environment: PORT (8080), HOST (127.0.0.1: this machine only; 0.0.0.0 listens on the
 * network and is an explicit choice), DATA_DIR (./data), LOG_LEVEL (info),
 * ALLOWED_ORIGINS (other browser origins that may call the API, comma-separated),
 * DEMO=1 (same as --demo), TRUST_PROXY (the reverse proxies whose X-Forwarded-For names
 * the client: a hop count or addresses/CIDRs, comma-separated; default none —
 * server/auth/trusted-proxy.ts), APP_ORIGIN (where the app is served, for invite links and
 * the CSP; required when the network reaches the server — a non-loopback HOST, or
 * TRUST_PROXY set —, else the listen address; never a request's Host header, issue #29:
 * server/http/app-origin.ts), REDIS_URL (socket fan-out across
 * server processes, issue #17; docs/deploying.md), REDIS_KEY_PREFIX (its channel
 * prefix, default intake-cockpit: one per deployment sharing a Redis), and SUPPORT_EMAIL /
 * SUPPORT_URL (where the app's "contact support" links lead, issue #30), SMTP_URL and
 * MAIL_FROM (e-mail sent over SMTP instead of kept in the outbox, issue #33: docs/mail.md),
 * USPS_CLIENT_ID / USPS_CLIENT_SECRET / USPS_API_URL (the address check against USPS's
 * Addresses API, issue #33: docs/call-flows.md "Address check"), ZOHO_CLIENT_ID /
 * ZOHO_CLIENT_SECRET / ZOHO_ACCOUNTS_URL (workspaces connect Zoho CRM by OAuth, issue #33:
 * docs/connect-zoho-crm.md), KEAP_CLIENT_ID / KEAP_CLIENT_SECRET (and KEAP_AUTHORIZE_URL /
 * KEAP_TOKEN_URL / KEAP_API_URL for a fake: workspaces connect Keap, docs/connect-keap.md),
 * QUICKBOOKS_CLIENT_ID / QUICKBOOKS_CLIENT_SECRET / QUICKBOOKS_ENVIRONMENT (workspaces
 * connect their QuickBooks Online company, docs/connect-quickbooks.md; and
 * QUICKBOOKS_AUTHORIZE_URL / _TOKEN_URL / _REVOKE_URL / _API_URL for a fake).
 *
 * --demo makes a fresh data directory a demo database with the published demo sign-ins;
 * without it a fresh database is for real use and has no users. A demo database (or any
 * whose demo password still works) is never served on a non-loopback address
 * (issue #9 item 2).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function parsePort(value: string | undefined): number {
  const port = Number(value ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${value}"`);
  }
  return port;
}

function signInTable(): string {
  const workspaceName = (id: string | null) =>
    DEMO_WORKSPACES.find((w) => w.id === id)?.name ?? '(none)';
  const rows = DEMO_ACCOUNTS.map((a) => [
    a.username,
    a.status === 'inactive' ? `${a.role} (inactive)` : a.role,
    workspaceName(a.workspaceId),
  ]);
  const header = ['username', 'role', 'workspace'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function parseArguments(argv: readonly string[]): { demo: boolean } {
  const unknown = argv.filter((arg) => arg !== '--demo');
  if (unknown.length > 0) {
    throw new Error(`Unknown argument ${unknown.join(' ')} (the only one is --demo)`);
  }
  return { demo: argv.includes('--demo') || process.env.DEMO === '1' };
}

async function main(): Promise<void> {
  const port = parsePort(process.env.PORT);
  const host = process.env.HOST?.trim() || DEFAULT_HOST;
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  const staticDir = path.join(repoRoot, 'dist', 'app');
  const allowedOrigins = parseAllowedOrigins(process.env.ALLOWED_ORIGINS);
  const args = parseArguments(process.argv.slice(2));
  // A server reachable from the network never gets the published demo accounts.
  const demo = args.demo && isLoopbackHost(host);
  if (args.demo && !demo) {
    console.log(
      `HOST=${host} reaches beyond this machine: --demo is ignored, no demo accounts are added.`,
    );
  }
  const database = databaseTargetFromEnv(dataDir);
  const server = await buildServer({
    dataDir,
    databaseUrl: database.url,
    databasePoolSize: database.poolSize,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    staticDir,
    seedDemoData: demo,
    // Random demo callers move the live call count (server/call-tracking/demo-activity.ts).
    simulateCallActivity: demo,
    allowedOrigins,
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
    // Invite links in e-mails (server/routes/users-administration.ts); checked at listen.
    appOrigin: process.env.APP_ORIGIN?.trim() || undefined,
    redisUrl: process.env.REDIS_URL?.trim() || undefined,
    redisKey: process.env.REDIS_KEY_PREFIX?.trim() || undefined,
    support: { email: process.env.SUPPORT_EMAIL, url: process.env.SUPPORT_URL },
    // The help page's documents (README.md, docs/): this checkout's.
    docsRoot: repoRoot,
    // CallTrackingMetrics' API (issue #32): CTM's own unless CTM_API_URL names another
    // (a sandbox, or the fake CTM of tests/fakes for a demo of a connected workspace).
    callTracking: { ctm: { baseUrl: process.env.CTM_API_URL?.trim() || undefined } },
    // Mail (issue #33): sent over SMTP when SMTP_URL is set, else kept in the outbox.
    mail: {
      smtpUrl: process.env.SMTP_URL?.trim() || undefined,
      from: process.env.MAIL_FROM?.trim() || undefined,
    },
    // The address check (issue #33): USPS's Addresses API when both credentials are set.
    usps: {
      clientId: process.env.USPS_CLIENT_ID,
      clientSecret: process.env.USPS_CLIENT_SECRET,
      baseUrl: process.env.USPS_API_URL,
    },
    // Zoho CRM's OAuth client (issue #33): workspaces can connect once both are set.
    zoho: {
      clientId: process.env.ZOHO_CLIENT_ID,
      clientSecret: process.env.ZOHO_CLIENT_SECRET,
      accountsUrl: process.env.ZOHO_ACCOUNTS_URL,
    },
    // Keap's OAuth client (issue #33): workspaces can connect once both are set.
    keap: {
      clientId: process.env.KEAP_CLIENT_ID,
      clientSecret: process.env.KEAP_CLIENT_SECRET,
      authorizeUrl: process.env.KEAP_AUTHORIZE_URL,
      tokenUrl: process.env.KEAP_TOKEN_URL,
      apiBase: process.env.KEAP_API_URL,
    },
    // Intuit's OAuth client (issue #33): workspaces can connect QuickBooks once both are set.
    quickBooks: {
      clientId: process.env.QUICKBOOKS_CLIENT_ID,
      clientSecret: process.env.QUICKBOOKS_CLIENT_SECRET,
      environment:
        process.env.QUICKBOOKS_ENVIRONMENT?.trim() === 'sandbox' ? 'sandbox' : 'production',
      authorizeUrl: process.env.QUICKBOOKS_AUTHORIZE_URL,
      tokenUrl: process.env.QUICKBOOKS_TOKEN_URL,
      revokeUrl: process.env.QUICKBOOKS_REVOKE_URL,
      apiBase: process.env.QUICKBOOKS_API_URL,
    },
  });
  let url: string;
  try {
    ({ url } = await server.listen(port, host));
  } catch (error) {
    await server.close();
    throw error;
  }

  console.log(`\nIntake Cockpit is running at ${url}  (data: ${describeDatabase(database)})\n`);
  if (server.databaseKind === 'demo') {
    console.log(`Demo sign-ins, all with the password "${DEMO_PASSWORD}":\n`);
    console.log(`${signInTable()}\n`);
  } else {
    console.log(
      'This database is for real use and has no demo accounts. Sign in with the accounts\n' +
        'you created; a fresh database has none yet (a workspace wizard is planned). For the\n' +
        'demo, use another DATA_DIR with `npm start` (it passes --demo).\n',
    );
  }
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    console.log('The app is not built yet: run `npm run build` (the API works meanwhile).\n');
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.log(`${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: closing connections...`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Error while closing:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(
    `The server could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
