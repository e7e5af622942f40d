import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { WORKSPACE_CHANGED_EVENT } from '@/shared/contracts/workspace';
import { createAccessGuard, createSessionVerifier } from './auth/access';
import { type AttemptLimit, createAttemptLimiter } from './auth/attempt-limiter';
import { loadOrCreateJwtSecret } from './auth/jwt-secret';
import { createLoginThrottle, type LoginBudgets } from './auth/login-throttle';
import { PASSWORD_COST, type ScryptCost } from './auth/passwords';
import { createRefreshTokenStore, type RefreshTokenStoreOptions } from './auth/refresh-tokens';
import type { TrustedProxy } from './auth/trusted-proxy';
import { createTokenService } from './auth/tokens';
import {
  type CallTracking,
  type CallTrackingOptions,
  createCallTracking,
} from './call-tracking/call-tracking-service';
import type { ServerContext } from './context';
import { type Db, migrateToLatest, openDatabase } from './db/database';
import { repairDeclaredIndexes } from './db/integrity';
import { appOriginRefusal, listenOrigin, parseAppOrigin } from './http/app-origin';
import { createOriginPolicy, installCors } from './http/cors';
import { installErrorHandler } from './http/errors';
import { installNulGuard } from './http/nul-guard';
import { checkExposure, type DatabaseKind, prepareDatabaseKind } from './http/exposure';
import { BODY_LIMIT_BYTES, installJsonBodyParser } from './http/json-body';
import { requestLogSerializer } from './http/log-redaction';
import { createReportRateLimit, DEFAULT_REPORT_RATE_LIMIT } from './http/report-guards';
import { installSecurityHeaders, REQUEST_TIMEOUT_MS } from './http/security-headers';
import { registerStaticApp } from './http/static-app';
import { registerStaticDocs } from './http/static-docs';
import { registerStaticWidgets } from './http/static-widgets';
import {
  type CockpitWarningNotifier,
  createCockpitWarningNotifier,
} from './notifications/cockpit-warning-notifier';
import {
  createNotificationService,
  type NotificationService,
} from './notifications/notification-service';
import { FIXTURE_VERIFIER, registerAddressVerificationRoutes } from './routes/address-verification';
import { registerAuthRoutes } from './routes/auth';
import { registerAuthorizationRoutes } from './routes/authorizations';
import { CALL_CENTER_PREFIX, registerCallCenterRoutes } from './routes/call-center';
import { registerCockpitGoalRoutes } from './routes/cockpit-goals';
import { registerGlobalLookupRoutes } from './routes/global-lookups';
import { registerHealthRoute } from './routes/health';
import { registerPublicConfigRoute } from './routes/public-config';
import { registerNotificationRoutes } from './routes/notifications';
import { registerAgentSummaryRoute } from './reports/agent-summary-route';
import { registerReportRoutes } from './routes/reports';
import { registerSystemReportRoutes } from './routes/system-reports';
import { registerUserRoutes } from './routes/users';
import { registerUsersAdministrationRoutes } from './routes/users-administration';
import { registerWorkspaceLookupRoutes } from './routes/workspace-lookups';
import { registerWorkspaceRoutes } from './routes/workspaces';
import { registerWorkspaceSettingsRoutes } from './routes/workspace-settings';
import { registerUsersParametersRoutes } from './routes/users-parameters';
import { registerAsyncErrorRoutes } from './routes/async-errors';
import { registerSchedulingRoutes } from './routes/scheduling-lookups';
import { registerSystemWorkspaceRoutes } from './routes/system-workspaces';
import { type MicroserviceDeps, registerMicroserviceRoutes } from './routes/microservices';
import { registerCoachingRoutes } from './routes/coaching';
import { createDependencyHealth } from './health/dependency-health';
import { redoInterruptedRecordsSeed } from './seed/demo-records';
import { seedIfEmpty } from './seed/demo-seed';
import {
  createSocketServer,
  type SocketServer,
  userRoom,
  workspaceRoom,
} from './socket/socket-server';
import { connectRedisFanout, type RedisFanout } from './socket/redis-fanout';
import { supportContactFromSettings } from '@/shared/domain/support-contact';
import { createUspsVerifier, type AddressVerifier } from './address/usps-verifier';
import {
  createCrmConnections,
  type CrmConnections,
  type CrmConnectionsOptions,
} from './crm/crm-connections';
import { createCrmOutbox, type CrmOutbox } from './crm/crm-outbox';
import { createCrmReads, type CrmReads } from './crm/crm-reads';
import { createKeapClient } from './crm/keap/keap-client';
import { createKeapOAuth, type KeapOAuth, keapOAuthProvider } from './crm/keap/keap-oauth';
import { createZohoCrmClient } from './crm/zoho/zoho-crm-client';
import { createOAuthStates } from './crm/oauth-state';
import {
  createZohoOAuth,
  ZOHO_ACCOUNTS_SERVERS,
  ZOHO_DEFAULT_API_DOMAIN,
  type ZohoOAuth,
  zohoOAuthProvider,
} from './crm/zoho/zoho-oauth';
import { createMailDelivery, type MailDelivery } from './mail/mail-delivery';
import { createWorkspaceSenders, type WorkspaceSenders } from './mail/workspace-senders';
import { registerWorkspaceMailRoutes } from './routes/workspace-mail';
import { registerAccountingConnectionRoutes } from './routes/accounting-connection';
import {
  type QuickBooksParts,
  quickBooksOf,
  type QuickBooksServerOptions,
} from './accounting/quickbooks-wiring';
import { registerCrmConnectionRoutes } from './routes/crm-connection';
import { lazySecretBox } from './secrets/secret-box';
import { createSmtpTransport, type MailTransport } from './mail/mail-transport';

/** issue 9 item 7: a stolen 15-minute access token cannot mint sessions without bound. */
const DEFAULT_SESSION_RATE_LIMIT: AttemptLimit = { max: 5, windowMs: 60 * 60_000 };

/** A hop count as proxy-addr's trust function (Fastify's types only list the other forms). */
function fastifyTrustProxy(trusted: TrustedProxy) {
  return typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted;
}

export interface BuildServerOptions {
  /** Holds intake.sqlite (unless databaseUrl is given) and jwt-secret; created if missing. */
  dataDir: string;
  /**
   * PostgreSQL instead of the embedded database (DATABASE_URL): the same migrations,
   * seed and queries (server/db/database.ts).
   */
  databaseUrl?: string;
  /** PostgreSQL connections of this process (PG_POOL_SIZE); default DEFAULT_POOL_SIZE. */
  databasePoolSize?: number;
  /** pino level: fatal, error, warn, info, debug, trace or silent. Default info. */
  logLevel?: string;
  /** The built app (dist/app) served at `/`; without it `/` explains how to build. */
  staticDir?: string;
  /** The clock for tokens, rate limits and seed dates; tests move it. */
  now?: () => Date;
  /** Sign-in attempts per (ip, username) and window. Default 10 a minute. */
  loginRateLimit?: AttemptLimit;
  /** The other sign-in budgets: per address and per account (server/auth/login-throttle.ts). */
  loginBudgets?: Partial<Omit<LoginBudgets, 'perAddressAndUsername'>>;
  /** New extension sessions (POST auth/sessions) per user and window. Default 5 an hour. */
  sessionRateLimit?: AttemptLimit;
  /** Cap and absolute lifetime of refresh-token families (server/auth/refresh-tokens.ts). */
  sessions?: RefreshTokenStoreOptions;
  /**
   * scrypt cost of new password hashes. Default PASSWORD_COST (N=2^17); the test servers
   * pass a cheap one so their many sign-ins stay fast.
   */
  passwordCost?: ScryptCost;
  /**
   * The reverse proxies whose X-Forwarded-For gives the client address (TRUST_PROXY,
   * server/auth/trusted-proxy.ts). Default: none, the socket's address counts.
   */
  trustProxy?: TrustedProxy;
  /** socket.io connection-state recovery; off by default (socket-server.ts). */
  socketConnectionStateRecovery?: boolean;
  /**
   * Make a fresh database a demo database and seed the demo sign-ins and records into it
   * (`npm start` / `--demo`). Default false: a database first opened without it is for
   * real use and never gets the demo accounts (issue #9 item 2).
   */
  seedDemoData?: boolean;
  /** Browser origins besides the server's own and extensions that may call the API (CORS). */
  allowedOrigins?: readonly string[];
  /** Report calls per user and window. Default 600 a minute. */
  reportRateLimit?: AttemptLimit;
  /** The simulated call-tracking provider's clock, timers and timings (tests move them). */
  callTracking?: Omit<CallTrackingOptions, 'demoActivity'>;
  /**
   * Random demo callers in the call-tracking workspaces, so the live call count moves on
   * `npm start`. Default off: tests see only the calls they place.
   */
  simulateCallActivity?: boolean;
  /**
   * Where the app is served (APP_ORIGIN), for invite links `{appOrigin}/login/{token}/invite`
   * and the pages' CSP. Default: the listen address (`http://127.0.0.1:{port}`), which
   * `listen` accepts only on a loopback address without a trusted proxy (issue #29: never
   * a request's Host header; server/http/app-origin.ts).
   */
  appOrigin?: string;
  /**
   * Redis for socket fan-out across server processes (REDIS_URL, issue #17); without
   * it, the in-memory adapter (one process). redisKey is the channel prefix
   * (REDIS_KEY_PREFIX): one per deployment, one per test run.
   */
  redisUrl?: string;
  redisKey?: string;
  /** System > Microservices: replaced checks or timeout (tests hang a part on purpose). */
  microservices?: Pick<MicroserviceDeps, 'adjustParts' | 'timeoutMs'>;
  /**
   * Where the app's "contact support" links lead (SUPPORT_EMAIL, SUPPORT_URL; issue #30):
   * an e-mail address and/or an http(s) page, served by GET /api/public-config. Neither:
   * the product's default address. A malformed value stops the start with its name.
   */
  support?: { email?: string; url?: string };
  /**
   * The folder holding README.md and docs/, served as text at /docs/{name}.md for the
   * help page (issue #30). Without it /docs answers 404.
   */
  docsRoot?: string;
  /**
   * Mail (issue #33, docs/mail.md): SMTP_URL (or a test's transport), the From of every
   * e-mail (MAIL_FROM), and how often the outbox is looked at. Without either, e-mails stay
   * in the outbox for system users, as before.
   */
  mail?: {
    smtpUrl?: string;
    transport?: MailTransport;
    from?: string;
    pollMs?: number;
    /** How a workspace's own SMTP URL becomes a transport (tests may wrap nodemailer's). */
    transportOf?: (url: string, options?: { connectionTimeoutMs?: number }) => MailTransport;
  };
  /**
   * The address check's verifier (issue #33): USPS's Addresses API with USPS_CLIENT_ID and
   * USPS_CLIENT_SECRET (USPS_API_URL: its test environment, or a fake), else the stand-in.
   */
  usps?: { clientId?: string; clientSecret?: string; baseUrl?: string };
  /**
   * Zoho CRM's OAuth client (issue #33, docs/connect-zoho-crm.md): ZOHO_CLIENT_ID and
   * ZOHO_CLIENT_SECRET, where people start (ZOHO_ACCOUNTS_URL, the US accounts server by
   * default), and the accounts servers a callback may name (Zoho's data centres; a fake's
   * in tests). Without a client, workspaces cannot connect Zoho.
   */
  zoho?: {
    clientId?: string;
    clientSecret?: string;
    accountsUrl?: string;
    accountsServers?: readonly string[];
    fetch?: typeof fetch;
    /** How often the CRM outbox looks for records due (server/crm/crm-outbox.ts POLL_MS). */
    outboxPollMs?: number;
    /** false: the outbox sends only when told (runOnce), for tests that stage each step. */
    outboxAutoSend?: boolean;
  };
  /**
   * Keap's OAuth client (issue #33, docs/connect-keap.md): KEAP_CLIENT_ID and
   * KEAP_CLIENT_SECRET; Keap's authorize and token URLs and its REST API unless set (a
   * fake's in tests). Without a client, workspaces cannot connect Keap.
   */
  keap?: {
    clientId?: string;
    clientSecret?: string;
    authorizeUrl?: string;
    tokenUrl?: string;
    apiBase?: string;
    fetch?: typeof fetch;
  };
  /** QuickBooks Online (issue #33, docs/connect-quickbooks.md): QUICKBOOKS_CLIENT_ID, … */
  quickBooks?: QuickBooksServerOptions;
}

export interface IntakeServer {
  app: FastifyInstance;
  io: SocketServer;
  db: Db;
  /** 'demo' when the database holds the demo data (server/http/exposure.ts). */
  databaseKind: DatabaseKind;
  /**
   * Listens on host (default 127.0.0.1); refuses a non-loopback address while the demo
   * password works (issue #9 item 2), and one the network reaches without an appOrigin
   * (issue #29).
   */
  listen(port: number, host?: string): Promise<{ url: string }>;
  /** Where the app is served: the appOrigin option, else the listen address; null before. */
  appOrigin(): string | null;
  close(): Promise<void>;
  /** Sends a socket event to every connection of a workspace (room `workspace:{id}`). */
  emitToWorkspace(workspaceId: string, event: string, payload: unknown): void;
  /** Sends a socket event to every connection of a user (room `user:{id}`). */
  emitToUser(userId: string, event: string, payload: unknown): void;
  /** The simulated call-tracking provider (server/call-tracking/). */
  callTracking: CallTracking;
  /**
   * New records in a workspace (the call-tracking simulator calls it): its cockpit
   * warnings are evaluated again shortly after (server/notifications). Never throws.
   */
  recordsArrived(workspaceId: string): void;
  /** The automatic cockpit-warning notifications (tests wait on and drive it). */
  cockpitWarnings: CockpitWarningNotifier;
  /** The outbox's sending over SMTP: the server's account, and workspaces' own (issue #33). */
  mail: MailDelivery;
  /** Workspaces' QuickBooks companies and the reading of their books (issue #33). */
  quickBooks: QuickBooksParts;
  /** Workspaces' OAuth connections to their real CRM (issue #33). */
  crmConnections: CrmConnections;
  /** The records on their way to workspaces' real CRMs (issue #33). */
  crmOutbox: CrmOutbox;
}

/**
 * The reference server: Fastify and socket.io on one HTTP server, over the embedded
 * database in `dataDir` (migrated, and seeded if empty, before it answers anything).
 */
export async function buildServer(options: BuildServerOptions): Promise<IntakeServer> {
  const now = options.now ?? (() => new Date());
  // Checked before anything is opened: a malformed APP_ORIGIN stops the start at once.
  const configuredAppOrigin = parseAppOrigin(options.appOrigin);
  const supportContact = supportContactFromSettings(options.support ?? {});
  // Also checked before anything is opened: a malformed SMTP_URL stops the start.
  const addressVerifier = addressVerifierOf(options.usps);
  const mailTransport =
    options.mail?.transport ??
    (options.mail?.smtpUrl ? createSmtpTransport(options.mail.smtpUrl) : null);
  let appOrigin: string | null = configuredAppOrigin ?? null;
  const { db, secret, databaseKind } = await openPreparedDatabase(options, now);
  const { ctx, refreshTokens, verifySession } = createServerContext(options, db, secret, now);
  const notifications = createNotificationService(db, now);
  const app = createFastify(options, db);
  await repairRecords(app, db, now);
  const fanout = await connectFanout(app, options);

  installErrorHandler(app);
  installNulGuard(app);
  const isAllowedOrigin = createOriginPolicy({ allowedOrigins: options.allowedOrigins });
  installCors(app, isAllowedOrigin);
  installSecurityHeaders(app, {
    allowedOrigins: options.allowedOrigins,
    appOrigin: () => appOrigin,
  });
  const reportRateLimit = createReportRateLimit(
    options.reportRateLimit ?? DEFAULT_REPORT_RATE_LIMIT,
    now,
  );
  installJsonBodyParser(app);

  const callTracking = createCallTracking(
    {
      ctx,
      dataDir: options.dataDir,
      emitToWorkspace: (id, event, payload) => io.to(workspaceRoom(id)).emit(event, payload),
      emitToUser: (id, event, payload) => io.to(userRoom(id)).emit(event, payload),
      // Missed calls (issue #28). Those of calls failed at start are stored before the
      // notifications are attached to the sockets below: a client loads them on connect.
      notifications,
      // An ended call is a new call record: the cockpit warnings look again.
      onRecordsArrived: (id) => cockpitWarnings.recordsArrived(id),
      log: (message, error) => app.log.error({ err: error }, message),
      notice: (message) => app.log.warn(message),
    },
    { ...options.callTracking, demoActivity: options.simulateCallActivity === true },
  );

  // Signed-in sessions load the workspace again when its CRM connection changes.
  const workspaceChanged = (workspaceId: string) =>
    io.to(workspaceRoom(workspaceId)).emit(WORKSPACE_CHANGED_EVENT, { workspaceId });
  const { crmConnections, crmOutbox, crmReads, quickBooks } = connectorsOf(
    options,
    db,
    { secret, now, appOrigin: () => appOrigin, workspaceChanged },
    app,
  );
  const mail = mailOf(options, db, mailTransport, configuredAppOrigin, now, app);

  await registerApiRoutes(app, {
    options,
    ctx,
    secret,
    fanout,
    supportContact,
    reportRateLimit,
    notifications,
    callTracking,
    appOrigin: () => appOrigin,
    io: () => io,
    cockpitWarnings: () => cockpitWarnings,
    mailTransport,
    addressVerifier,
    crmConnections,
    crmOutbox,
    quickBooks,
    workspaceSenders: mail.senders,
  });
  await app.register(async (webhooks) => callTracking.registerWebhookRoutes(webhooks), {
    prefix: '/api',
  });
  // Error reports are e-mailed to SUPPORT_EMAIL once mail can be sent (issue #33).
  const errorReportsTo = mailTransport && options.support?.email ? supportContact.email : null;
  const callCenterDeps = { errorReportsTo, crmOutbox, crmReads, workspaceChanged };
  await app.register(
    async (callCenter) => {
      registerCallCenterRoutes(callCenter, ctx, callCenterDeps);
      callTracking.registerCallCenterRoutes(callCenter);
    },
    { prefix: CALL_CENTER_PREFIX },
  );
  registerStaticWidgets(app, options.staticDir, { appOrigin: () => appOrigin });
  registerStaticDocs(app, options.docsRoot);
  await registerStaticApp(app, options.staticDir);

  const io = createSocketServer(app.server, {
    verifySession,
    sessions: refreshTokens,
    now,
    connectionStateRecovery: options.socketConnectionStateRecovery ? {} : undefined,
    isAllowedOrigin,
    onJoined: callTracking.onSocketJoined,
    adapter: fanout?.adapter,
  });
  await callTracking.start();
  notifications.attach({
    toWorkspace: (id, event, payload) => io.to(workspaceRoom(id)).emit(event, payload),
    toUser: (id, event, payload) => io.to(userRoom(id)).emit(event, payload),
  });
  const cockpitWarnings = createCockpitWarningNotifier({ db, now, notifications, log: app.log });
  cockpitWarnings.start();
  mail.delivery.start();
  if (options.zoho?.outboxAutoSend !== false) crmOutbox.worker.start();
  if (options.quickBooks?.autoSync !== false) quickBooks.sync.start();

  let closing: Promise<void> | null = null;
  return {
    app,
    io,
    db,
    databaseKind,
    async listen(port, host = '127.0.0.1') {
      const refusal =
        (await checkExposure(db, host)) ??
        appOriginRefusal({
          host,
          appOrigin: configuredAppOrigin,
          behindProxy: options.trustProxy !== undefined && options.trustProxy !== false,
        });
      if (refusal) throw new Error(refusal);
      await app.listen({ port, host });
      const url = listenOrigin(host, (app.server.address() as AddressInfo).port);
      appOrigin = configuredAppOrigin ?? url;
      return { url };
    },
    appOrigin: () => appOrigin,
    close() {
      closing ??= (async () => {
        await callTracking.close();
        await cockpitWarnings.close();
        await Promise.all([mail.delivery, crmOutbox.worker, quickBooks.sync].map((w) => w.close()));
        io.disconnectSockets(true);
        // io.close() would also close the HTTP server, which app.close() owns; closing the
        // engine ends the socket.io side (open transports, timers) only.
        io.engine.close();
        await app.close();
      })();
      return closing;
    },
    emitToWorkspace(workspaceId, event, payload) {
      io.to(workspaceRoom(workspaceId)).emit(event, payload);
    },
    emitToUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    callTracking,
    recordsArrived: (workspaceId) => cockpitWarnings.recordsArrived(workspaceId),
    cockpitWarnings,
    mail: mail.delivery,
    crmConnections,
    crmOutbox,
    quickBooks,
  };
}

/** The workspaces' CRM connections: Zoho's client (if configured), states, sealed tokens. */
function crmConnectionsOf(
  options: BuildServerOptions,
  db: Db,
  secret: Uint8Array,
  now: () => Date,
  appOrigin: () => string | null,
  hooks: Pick<CrmConnectionsOptions, 'onConnected' | 'onDisconnected'>,
): CrmConnections {
  return createCrmConnections({
    ...hooks,
    db,
    // Opened on first use, like CTM's: a server that never connects a CRM writes no key file.
    secrets: lazySecretBox(options.dataDir),
    states: createOAuthStates(secret, now),
    providers: crmOAuthProvidersOf(options, appOrigin, now),
    now,
  });
}

/**
 * Workspaces' connections to outside systems (issue #33): their real CRMs (the connections,
 * the outbox of the records sent to them, built after the connections it reads, a
 * (re)connect kicks it, and reads of them) and their QuickBooks companies.
 */
function connectorsOf(
  options: BuildServerOptions,
  db: Db,
  { secret, now, appOrigin, workspaceChanged }: CrmWiring,
  app: FastifyInstance,
): {
  crmConnections: CrmConnections;
  crmOutbox: CrmOutbox;
  crmReads: CrmReads;
  quickBooks: QuickBooksParts;
} {
  let outbox: CrmOutbox | null = null;
  const crmConnections = crmConnectionsOf(options, db, secret, now, appOrigin, {
    onConnected: (workspaceId) => {
      if (options.zoho?.outboxAutoSend !== false) outbox?.worker.kick();
      workspaceChanged(workspaceId);
    },
    onDisconnected: async (workspaceId) => {
      await outbox?.abandon(workspaceId);
      workspaceChanged(workspaceId);
    },
  });
  outbox = crmOutboxOf(db, crmConnections, now, app, options);
  const crmReads = createCrmReads({
    db,
    now,
    connections: crmConnections,
    keapClient: keapClientOf(crmConnections, options.keap),
    zohoClient: zohoClientOf(crmConnections),
  });
  const quickBooks = quickBooksOf(options.quickBooks, {
    db,
    secrets: lazySecretBox(options.dataDir),
    states: createOAuthStates(secret, now),
    now,
    appOrigin,
    workspaceChanged,
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  return { crmConnections, crmOutbox: outbox, crmReads, quickBooks };
}

interface CrmWiring {
  secret: Uint8Array;
  now: () => Date;
  appOrigin: () => string | null;
  /** Tells the workspace's signed-in sessions to load it again. */
  workspaceChanged: (workspaceId: string) => void;
}

/** A workspace's Zoho CRM client at its data centre's API host, its tokens from the connection. */
function zohoClientOf(connections: CrmConnections) {
  return async (workspaceId: string) => {
    const { apiDomain } = await connections.accessToken(workspaceId);
    return createZohoCrmClient({
      apiDomain: apiDomain ?? ZOHO_DEFAULT_API_DOMAIN,
      accessToken: async () => (await connections.accessToken(workspaceId)).token,
      refreshAccessToken: async () => (await connections.accessToken(workspaceId, true)).token,
    });
  };
}

/** A workspace's Keap client, its tokens from the connection (refreshed when Keap refuses one). */
function keapClientOf(connections: CrmConnections, keap: BuildServerOptions['keap']) {
  return async (workspaceId: string) =>
    createKeapClient({
      apiBase: keap?.apiBase?.trim() || undefined,
      accessToken: async () => (await connections.accessToken(workspaceId)).token,
      refreshAccessToken: async () => (await connections.accessToken(workspaceId, true)).token,
      fetch: keap?.fetch,
    });
}

/** The records sent to workspaces' real CRMs (issue #33), each with its vendor's client. */
function crmOutboxOf(
  db: Db,
  connections: CrmConnections,
  now: () => Date,
  app: FastifyInstance,
  { zoho, keap }: BuildServerOptions,
): CrmOutbox {
  return createCrmOutbox({
    db,
    connections,
    zohoClient: zohoClientOf(connections),
    keapClient: keapClientOf(connections, keap),
    now,
    log: (message, error) => app.log.warn({ err: error }, message),
    pollMs: zoho?.outboxPollMs,
    autoSend: zoho?.outboxAutoSend !== false,
  });
}

/** The From of the server's own e-mails: MAIL_FROM, else no-reply at the app's host. */
function serverMailFrom(options: BuildServerOptions, appOrigin: string | undefined): string {
  return options.mail?.from?.trim() || defaultMailFrom(appOrigin);
}

/** The outbox sent over SMTP (issue #33): From and Message-IDs of the app's host. */
function mailOf(
  options: BuildServerOptions,
  db: Db,
  transport: MailTransport | null,
  appOrigin: string | undefined,
  now: () => Date,
  app: FastifyInstance,
): { senders: WorkspaceSenders; delivery: MailDelivery } {
  // Firms sending their e-mails as themselves (docs/mail.md).
  const senders = createWorkspaceSenders({
    db,
    secrets: lazySecretBox(options.dataDir),
    transportOf: options.mail?.transportOf,
    now,
    serverFrom: transport ? serverMailFrom(options, appOrigin) : null,
  });
  const delivery = createMailDelivery({
    db,
    transport,
    senders,
    from: serverMailFrom(options, appOrigin),
    messageIdDomain: mailDomain(appOrigin),
    now,
    log: (message, error) => app.log.warn({ err: error }, message),
    pollMs: options.mail?.pollMs,
  });
  return { senders, delivery };
}

/** The CRMs this server can connect: those whose OAuth client id and secret are set. */
function crmOAuthProvidersOf(
  options: BuildServerOptions,
  appOrigin: () => string | null,
  now: () => Date,
): CrmConnectionsOptions['providers'] {
  const callback = (vendor: string) => () => `${appOrigin() ?? ''}/api/oauth/${vendor}/callback`;
  const zoho = zohoOAuthOf(options.zoho, callback('zoho'), now);
  const keap = keapOAuthOf(options.keap, callback('keap'), now);
  return {
    ...(zoho ? { zoho: zohoOAuthProvider(zoho) } : {}),
    ...(keap ? { keap: keapOAuthProvider(keap, options.keap?.tokenUrl?.trim() || undefined) } : {}),
  };
}

/** Keap's OAuth client when both credentials are given; one without the other stops the start. */
function keapOAuthOf(
  keap: BuildServerOptions['keap'],
  redirectUri: () => string,
  now: () => Date,
): KeapOAuth | null {
  const clientId = keap?.clientId?.trim();
  const clientSecret = keap?.clientSecret?.trim();
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) {
    throw new Error('KEAP_CLIENT_ID and KEAP_CLIENT_SECRET go together: set both, or neither.');
  }
  return createKeapOAuth({
    clientId,
    clientSecret,
    redirectUri,
    authorizeUrl: keap?.authorizeUrl?.trim() || undefined,
    tokenUrl: keap?.tokenUrl?.trim() || undefined,
    fetch: keap?.fetch,
    now,
  });
}

/** Zoho's OAuth client when both credentials are given; one without the other stops the start. */
function zohoOAuthOf(
  zoho: BuildServerOptions['zoho'],
  redirectUri: () => string,
  now: () => Date,
): ZohoOAuth | null {
  const clientId = zoho?.clientId?.trim();
  const clientSecret = zoho?.clientSecret?.trim();
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) {
    throw new Error('ZOHO_CLIENT_ID and ZOHO_CLIENT_SECRET go together: set both, or neither.');
  }
  const accountsUrl = zoho?.accountsUrl?.trim() || ZOHO_ACCOUNTS_SERVERS.us;
  return createZohoOAuth({
    clientId,
    clientSecret,
    redirectUri,
    accountsUrl,
    accountsServers: zoho?.accountsServers ?? [
      ...Object.values(ZOHO_ACCOUNTS_SERVERS),
      accountsUrl,
    ],
    fetch: zoho?.fetch,
    now,
  });
}

/** USPS when both credentials are given; one without the other stops the start. */
function addressVerifierOf(usps: BuildServerOptions['usps']): AddressVerifier {
  const clientId = usps?.clientId?.trim();
  const clientSecret = usps?.clientSecret?.trim();
  if (!clientId && !clientSecret) return FIXTURE_VERIFIER;
  if (!clientId || !clientSecret) {
    throw new Error('USPS_CLIENT_ID and USPS_CLIENT_SECRET go together: set both, or neither.');
  }
  return createUspsVerifier({
    clientId,
    clientSecret,
    baseUrl: usps?.baseUrl?.trim() || undefined,
  });
}

/** The host name e-mails are from and Message-IDs are of: the app's, else a local name. */
function mailDomain(appOrigin: string | undefined): string {
  return appOrigin ? new URL(appOrigin).hostname : 'intake-cockpit.localhost';
}

/** MAIL_FROM's default: the product's name at no-reply of the app's host. */
function defaultMailFrom(appOrigin: string | undefined): string {
  return `Intake Cockpit <no-reply@${mailDomain(appOrigin)}>`;
}

/** Opens, migrates and (when asked) seeds the database, and reads the JWT secret. */
async function openPreparedDatabase(options: BuildServerOptions, now: () => Date) {
  const db = openDatabase({
    dataDir: options.dataDir,
    url: options.databaseUrl,
    poolSize: options.databasePoolSize,
  });
  try {
    await migrateToLatest(db);
    const databaseKind = await prepareDatabaseKind(db, options.seedDemoData === true, () =>
      seedIfEmpty(db, now(), { passwordCost: options.passwordCost }),
    );
    const secret = loadOrCreateJwtSecret(options.dataDir);
    return { db, secret, databaseKind };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

function createServerContext(
  options: BuildServerOptions,
  db: Db,
  secret: Uint8Array,
  now: () => Date,
) {
  const tokens = createTokenService(secret, now);
  const refreshTokens = createRefreshTokenStore(db, tokens, now, options.sessions);
  const verifySession = createSessionVerifier(tokens, refreshTokens);
  const ctx: ServerContext = {
    db,
    tokens,
    refreshTokens,
    authenticate: createAccessGuard(verifySession),
    loginThrottle: createLoginThrottle(
      {
        ...options.loginBudgets,
        ...(options.loginRateLimit ? { perAddressAndUsername: options.loginRateLimit } : {}),
      },
      now,
    ),
    sessionLimiter: createAttemptLimiter(
      options.sessionRateLimit ?? DEFAULT_SESSION_RATE_LIMIT,
      now,
    ),
    passwordCost: options.passwordCost ?? PASSWORD_COST,
    now,
  };
  return { ctx, refreshTokens, verifySession };
}

/** The Fastify instance; closing it destroys the database. */
function createFastify(options: BuildServerOptions, db: Db): FastifyInstance {
  const app = Fastify({
    // Invite tokens in URLs are redacted from the request log (server/http/log-redaction.ts).
    logger: { level: options.logLevel ?? 'info', serializers: { req: requestLogSerializer } },
    bodyLimit: BODY_LIMIT_BYTES,
    // Not behind a trusted proxy by default: X-Forwarded-For would let anyone pick the
    // address the sign-in rate limit counts by. TRUST_PROXY names the proxies to believe.
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    forceCloseConnections: true,
    // Matches the client's 60 s timeout (spec: dashboards 7): a request still running then
    // has no one waiting for it (issue #9 item 4).
    requestTimeout: REQUEST_TIMEOUT_MS,
  });
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  return app;
}

/**
 * issue 9 item 9 — a records seed killed half-way is redone, and every index the
 * migrations declare exists, before anything is served.
 */
async function repairRecords(app: FastifyInstance, db: Db, now: () => Date): Promise<void> {
  try {
    await redoInterruptedRecordsSeed(db, now(), { log: (line) => app.log.warn(line) });
    await repairDeclaredIndexes(db, (line) => app.log.warn(line));
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** issue #17 — socket fan-out across processes; a start without its Redis fails here. */
async function connectFanout(
  app: FastifyInstance,
  options: BuildServerOptions,
): Promise<RedisFanout | null> {
  if (!options.redisUrl) return null;
  let fanout: RedisFanout;
  try {
    fanout = await connectRedisFanout({
      url: options.redisUrl,
      key: options.redisKey,
      log: app.log,
    });
  } catch (error) {
    await app.close();
    throw error;
  }
  app.addHook('onClose', fanout.close);
  return fanout;
}

/** What the /api routes are given; io and the warnings exist only once the routes are in. */
interface ApiRouteDeps {
  options: BuildServerOptions;
  ctx: ServerContext;
  secret: Uint8Array;
  fanout: RedisFanout | null;
  supportContact: ReturnType<typeof supportContactFromSettings>;
  reportRateLimit: ReturnType<typeof createReportRateLimit>;
  notifications: NotificationService;
  callTracking: CallTracking;
  appOrigin: () => string | null;
  io: () => SocketServer;
  cockpitWarnings: () => CockpitWarningNotifier;
  mailTransport: MailTransport | null;
  addressVerifier: AddressVerifier;
  crmConnections: CrmConnections;
  crmOutbox: CrmOutbox;
  quickBooks: QuickBooksParts;
  workspaceSenders: WorkspaceSenders;
}

async function registerApiRoutes(app: FastifyInstance, deps: ApiRouteDeps): Promise<void> {
  const { options, ctx, secret, fanout, reportRateLimit, notifications, callTracking } = deps;
  const { supportContact, appOrigin, io, cockpitWarnings } = deps;
  await app.register(
    async (api) => {
      registerHealthRoute(api, createDependencyHealth({ db: ctx.db, redis: fanout, log: app.log }));
      registerPublicConfigRoute(api, supportContact);
      registerAuthRoutes(api, ctx);
      registerAuthorizationRoutes(api, ctx);
      registerUserRoutes(api, ctx);
      registerGlobalLookupRoutes(api, ctx);
      registerWorkspaceRoutes(api, ctx);
      registerWorkspaceLookupRoutes(api, ctx);
      registerCockpitGoalRoutes(api, ctx);
      registerReportRoutes(api, ctx, reportRateLimit);
      registerAgentSummaryRoute(api, ctx, reportRateLimit);
      registerSystemReportRoutes(api, ctx, reportRateLimit);
      registerAddressVerificationRoutes(api, ctx, deps.addressVerifier);
      registerCrmConnectionRoutes(api, ctx, deps.crmConnections);
      registerWorkspaceMailRoutes(api, ctx, deps.workspaceSenders);
      registerAccountingConnectionRoutes(api, ctx, {
        connections: deps.quickBooks.connections,
        // Tests that read the books themselves (runOnce) turn the automatic reading off.
        readSoon: () => {
          if (options.quickBooks?.autoSync !== false) deps.quickBooks.sync.kick();
        },
      });
      callTracking.registerApiRoutes(api);
      registerNotificationRoutes(api, ctx, notifications);
      registerUsersAdministrationRoutes(api, ctx, { appOrigin });
      registerWorkspaceSettingsRoutes(api, ctx);
      registerUsersParametersRoutes(api, ctx);
      registerAsyncErrorRoutes(api, ctx, deps.crmOutbox);
      registerSchedulingRoutes(api, ctx);
      registerSystemWorkspaceRoutes(api, ctx);
      registerMicroserviceRoutes(api, ctx, {
        io,
        simulator: callTracking.simulator,
        cockpitWarnings,
        mail: deps.mailTransport,
        addressVerifier: deps.addressVerifier,
        redis: fanout,
        ...options.microservices,
      });
      registerCoachingRoutes(api, ctx, { dataDir: options.dataDir, secret });
    },
    { prefix: '/api' },
  );
}
