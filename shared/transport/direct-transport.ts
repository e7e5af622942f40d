import { FetchError, ofetch } from 'ofetch';
import { io, type Socket } from 'socket.io-client';
import { authResponseSchema } from '@/shared/contracts/auth';
import { SESSION_ENDED_EVENT, sessionEndedSchema } from '@/shared/contracts/session-ended';
import type { ApiConfig } from '@/shared/config/api-config';
import { en } from '@/shared/i18n/en';
import { createEventFanOut } from './event-fan-out';
import type { NoticeDismisser, Notifier } from './notifier';
import {
  DEFAULT_TIMEOUT_MS,
  TransportError,
  type ConnectionStatus,
  type Transport,
  type TransportRequest,
} from './transport';

/** What the transport needs to know of the session: the tokens, and whom to tell when they die. */
export interface SessionTokens {
  username: string;
  accessToken: string;
  refreshToken: string;
}

export interface TokenSource {
  get(): SessionTokens | null;
  /** Keeps the new pair; a promise when it is persisted, awaited before other tabs may look. */
  set(tokens: SessionTokens): void | Promise<void>;
  /** The refresh failed, or the retried call was refused again: sign the user out. */
  onAuthFailure(): void;
  /**
   * The pair as persisted where other holders of the session (other tabs) write it.
   * Re-read inside the refresh lock: if another tab already rotated, its pair is adopted
   * instead of presenting a rotated-away token (issue 9 item 6). Absent: nothing shared.
   */
  readShared?(): Promise<SessionTokens | null>;
}

/** What one holder of a session tells the others (issue 9 item 6). */
export type SessionChange = { type: 'rotated'; tokens: SessionTokens } | { type: 'signedOut' };
export type SessionChangeListener = (change: SessionChange) => void;

/**
 * Keeps the refreshes of every holder of one session (every tab of the app) to one at a
 * time, and carries rotations and sign-outs between them. Injected so the transport stays
 * testable: shared/session/refresh-coordinator.ts has the browser one (Web Locks +
 * BroadcastChannel) and the in-process one (the extension's single background worker).
 */
export interface RefreshCoordinator {
  /** Runs the task while no other holder runs one. */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** Tells the other holders about a change made here. */
  publish(change: SessionChange): void;
  /** Hears the other holders' changes; answers the unsubscribe. */
  subscribe(listener: SessionChangeListener): () => void;
}

export interface DirectTransportOptions {
  config: ApiConfig;
  tokens: TokenSource;
  /** The global loader counts requests (spec: session 4 Shell). */
  onRequestStart?: () => void;
  onRequestEnd?: () => void;
  /** Socket reconnect toasts (spec: session 4 Sockets); the extension's worker has none. */
  notify?: Notifier;
  /** Takes the persistent socket error back once connected again (issue #28). */
  dismissNotice?: NoticeDismisser;
  /** Cross-tab refresh coordination; by default refreshes are only serialised in-process. */
  coordinator?: RefreshCoordinator;
  /**
   * Waits before a reconnect attempt; answers the cancel. Default: setTimeout. Tests pass
   * one that records the delay chosen (SOCKET_RECONNECT's) and waits a few ms instead.
   */
  reconnectTimer?: (run: () => void, delayMs: number) => () => void;
  /** Where `online` and `visibilitychange` are heard; default: globalThis (window, worker). */
  wakeUps?: WakeUpSource;
  /**
   * Whether the server answers again (issue #28): asked every SERVER_PROBE_MS while a
   * reconnect waits, so a server that is back is used within seconds, not at the end of a
   * backoff of up to 30 s. Default: GET {apiBase}/health, unauthenticated, 3 s at most.
   * `null` turns it off (tests of the backoff itself).
   */
  serverProbe?: (() => Promise<boolean>) | null;
  /** How often the probe asks; default SERVER_PROBE_MS (tests: a few ms). */
  serverProbeEveryMs?: number;
}

/** How often a waiting reconnect asks whether the server is back (issue #28). */
export const SERVER_PROBE_MS = 4000;

/** What tells the socket that now is a good moment to retry (issue #28). */
export interface WakeUpSource {
  addEventListener(type: 'online', listener: () => void): void;
  removeEventListener(type: 'online', listener: () => void): void;
  /** A page's document (the app, a widget's page): absent in the extension's worker. */
  document?: {
    visibilityState: string;
    addEventListener(type: 'visibilitychange', listener: () => void): void;
    removeEventListener(type: 'visibilitychange', listener: () => void): void;
  };
}

/** The pseudo-event subscribers get for socket connection changes. */
export const CONNECTION_STATUS_EVENT = 'connection:status';
/**
 * The pseudo-event after the socket reconnected with a refreshed token (token_expired):
 * spec: session 4 — "refresh the token, reconnect the socket and re-initialise call
 * tracking"; call tracking subscribes to it to set itself up again.
 */
export const SOCKET_REAUTHENTICATED_EVENT = 'connection:reauthenticated';

/**
 * spec: session 4 Sockets / 9 — retry toast 3 s on attempts 1 to 3, then the persistent
 * "Socket Connection Error!". The spec stops after those 3 attempts (delay 10 s, max
 * 20 s); issue #28 ("The socket always comes back") departs from it: a client that gave up
 * never took a call again after a server outage of a minute or two, so we keep trying for
 * as long as the user is signed in — 10 s, then doubling, at most 30 s, with socket.io's
 * jitter (randomizationFactor 0.5) — and the persistent error stays until a connect works.
 */
export const SOCKET_RECONNECT = {
  /** Attempts that show the retry toast; the persistent error once the last of them fails. */
  toastAttempts: 3,
  delayMs: 10_000,
  delayMaxMs: 30_000,
  jitter: 0.5,
  toastMs: 3000,
};

/** The persistent error's toast id: the transport takes it back on the next connect. */
export const SOCKET_ERROR_TOAST_ID = 'socket-connection-error';

/**
 * The wait before reconnect attempt `attempt` (1, 2, ...): socket.io's backoff (its
 * contrib/backo2), delayMs * 2^(attempt - 1) moved by up to ±jitter, never above
 * delayMaxMs. The exponent is bounded so that a very long outage cannot reach Infinity.
 */
export function socketReconnectDelayMs(
  attempt: number,
  random: () => number = Math.random,
): number {
  const { delayMs, delayMaxMs, jitter } = SOCKET_RECONNECT;
  const base = delayMs * 2 ** Math.min(Math.max(attempt - 1, 0), 16);
  const rand = random();
  const deviation = Math.floor(rand * jitter * base);
  const ms = (Math.floor(rand * 10) & 1) === 0 ? base - deviation : base + deviation;
  return Math.min(ms, delayMaxMs);
}

export interface DirectTransport extends Transport {
  /**
   * Opens the one socket, and keeps it coming back until disconnectSocket (issue #28):
   * after errors, lost connections and the server's own disconnect (a graceful stop).
   * CONNECTION_STATUS_EVENT says 'connected' on every connect, the first and each
   * reconnect: the signal for whoever must catch up with what the socket missed.
   */
  connectSocket(): void;
  /** Closes the socket and stops every retry (sign-out, another user, the extension's feed). */
  disconnectSocket(): void;
  socketStatus(): ConnectionStatus;
  /** One refresh shared by every caller that needs it at the same time. */
  refreshSession(): Promise<boolean>;
}

/**
 * ofetch + socket.io-client (ARCHITECTURE.md "Standalone"): base URLs, JSON, Bearer
 * header, 60 s timeout, and on a 401 one single-flight refresh and one retry.
 */
export function createDirectTransport(options: DirectTransportOptions): DirectTransport {
  const { tokens } = options;
  const events = createEventFanOut();
  const send = (req: TransportRequest, accessToken: string | null) =>
    sendRequest(options, req, accessToken);
  const refreshSession = createSingleFlightRefresh(
    tokens,
    options.coordinator ?? createInProcessRefreshCoordinator(),
    send,
  );
  let socket: Socket | null = null;
  let status: ConnectionStatus = 'disconnected';
  /** Ends the socket's retries and wake-up listeners; set while a socket is open. */
  let stopSocket: () => void = () => {};
  const host: SocketHost = {
    options,
    isCurrent: (created) => socket === created,
    status: () => status,
    setStatus(next) {
      status = next;
      events.emit(CONNECTION_STATUS_EVENT, next);
    },
    emit: (event, payload) => events.emit(event, payload),
    refreshSession,
    reconnectTimer: options.reconnectTimer ?? defaultReconnectTimer,
    serverProbe:
      options.serverProbe === undefined
        ? () => probeHealth(options.config.apiBase)
        : options.serverProbe,
  };

  return {
    request: (req) => requestWithRefresh(tokens, req, send, refreshSession),
    subscribe(event, handler) {
      events.add(event, handler);
      return () => void events.remove(event, handler);
    },
    connectSocket() {
      if (!tokens.get() || socket) return;
      host.setStatus('connecting');
      const run = openSocket(host, (created) => (socket = created));
      stopSocket = () => stopRun(host, run);
    },
    disconnectSocket() {
      stopSocket();
      stopSocket = () => {};
      socket?.removeAllListeners();
      socket?.disconnect();
      socket = null;
      host.setStatus('disconnected');
    },
    socketStatus: () => status,
    refreshSession,
  };
}

/** One HTTP call with the given access token (none: anonymous), counted by the loader. */
async function sendRequest(
  options: DirectTransportOptions,
  req: TransportRequest,
  accessToken: string | null,
): Promise<unknown> {
  const { config } = options;
  const base = req.base === 'callCenter' ? config.callCenterBase : config.apiBase;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  options.onRequestStart?.();
  try {
    return await ofetch(`${base}/${req.path.replace(/^\/+/, '')}`, {
      method: req.method,
      headers,
      // ofetch serialises arrays as repeated keys (leadSources=1&leadSources=2).
      query: req.query as Record<string, unknown> | undefined,
      body: req.body as Record<string, unknown> | undefined,
      timeout: req.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: 0,
      signal: req.signal,
    });
  } catch (error) {
    if (req.signal?.aborted) throw TransportError.cancelled();
    throw toTransportError(error);
  } finally {
    options.onRequestEnd?.();
  }
}

type Send = (req: TransportRequest, accessToken: string | null) => Promise<unknown>;

/** The refresh every caller that needs one at the same time shares (refreshSession). */
function createSingleFlightRefresh(
  tokens: TokenSource,
  coordinator: RefreshCoordinator,
  send: Send,
): () => Promise<boolean> {
  let refreshing: Promise<boolean> | null = null;
  async function doRefresh(): Promise<boolean> {
    const used = tokens.get();
    if (!used) return false;
    return coordinator.exclusive(() => refreshUnderLock(tokens, coordinator, send, used));
  }
  return () => {
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };
}

/** Runs while no other holder of the session refreshes (issue 9 item 6). */
async function refreshUnderLock(
  tokens: TokenSource,
  coordinator: RefreshCoordinator,
  send: Send,
  used: SessionTokens,
): Promise<boolean> {
  // Another tab may have rotated while this one waited for the lock: the pair it stored
  // is newer than ours, and presenting ours would look like theft and end the session.
  const shared = tokens.readShared ? await tokens.readShared() : null;
  let current: SessionTokens | null;
  if (shared?.username === used.username && shared.refreshToken !== used.refreshToken) {
    await tokens.set(shared);
    // A tab that missed the broadcast may find a pair rotated long ago, its access token
    // expired too: then it rotates that newest pair itself rather than retry with it.
    if (!expiresWithin(shared.accessToken, ADOPT_MARGIN_S)) return true;
    current = shared;
  } else {
    current = tokens.get();
    if (!current) return false;
    // Adopted from a broadcast while waiting.
    if (current.refreshToken !== used.refreshToken) return true;
  }
  try {
    const raw = await send(
      {
        method: 'PATCH',
        path: 'auth',
        body: { username: current.username, token: current.refreshToken },
      },
      null,
    );
    const { attributes } = authResponseSchema.parse(raw).data;
    const next: SessionTokens = {
      username: current.username,
      accessToken: attributes.AccessToken,
      refreshToken: attributes.RefreshToken,
    };
    // Persisted before the lock is released, so the next tab in line reads it.
    await tokens.set(next);
    coordinator.publish({ type: 'rotated', tokens: next });
    return true;
  } catch {
    return false;
  }
}

/** The call, and on a 401 of a signed-in user one refresh and one retry (spec: session 4). */
async function requestWithRefresh(
  tokens: TokenSource,
  req: TransportRequest,
  send: Send,
  refreshSession: () => Promise<boolean>,
): Promise<unknown> {
  const usedToken = req.anonymous ? null : (tokens.get()?.accessToken ?? null);
  try {
    return await send(req, usedToken);
  } catch (error) {
    const failure = TransportError.from(error);
    // spec: session 4 step 8 — only for a signed-in user, never for the exempt calls.
    if (failure.status !== 401 || !usedToken || req.skipAuthRefresh) throw failure;
    // Another call may already have refreshed while this one was in flight.
    const fresh = tokens.get()?.accessToken;
    const refreshed = fresh && fresh !== usedToken ? true : await refreshSession();
    if (!refreshed) throw authFailure(tokens, failure);
    try {
      return await send(req, tokens.get()?.accessToken ?? null);
    } catch (retryError) {
      const retryFailure = TransportError.from(retryError);
      // The session was just refreshed, so this 401 is about the call (keepSessionOnAuthFailure).
      if (retryFailure.status !== 401 || req.keepSessionOnAuthFailure) throw retryFailure;
      throw authFailure(tokens, retryFailure);
    }
  }
}

function authFailure(tokens: TokenSource, error: TransportError): TransportError {
  tokens.onAuthFailure();
  return new TransportError(error.message, error.status, error.serverMessage, true);
}

function defaultReconnectTimer(run: () => void, delayMs: number): () => void {
  const timer = setTimeout(run, delayMs);
  return () => clearTimeout(timer);
}

/** The default server probe: GET {apiBase}/health, unauthenticated, 3 s at most. */
async function probeHealth(apiBase: string): Promise<boolean> {
  try {
    await ofetch(`${apiBase}/health`, { timeout: 3000, retry: 0 });
    return true;
  } catch {
    return false;
  }
}

/** What a socket's life needs of its transport. */
interface SocketHost {
  options: DirectTransportOptions;
  /** Whether this socket is still the transport's (not disconnected, not replaced). */
  isCurrent(socket: Socket): boolean;
  status(): ConnectionStatus;
  setStatus(next: ConnectionStatus): void;
  /** Tells the transport's subscribers. */
  emit(event: string, payload: unknown): void;
  refreshSession(): Promise<boolean>;
  reconnectTimer: (run: () => void, delayMs: number) => () => void;
  serverProbe: (() => Promise<boolean>) | null;
}

/** One socket's state, from connectSocket to disconnectSocket. */
interface SocketRun {
  socket: Socket;
  /** A refresh after token_expired is under way: the next connect is a re-authentication. */
  reauthenticating: boolean;
  /** The session ended on the server (not token_expired): nothing may bring it back. */
  ended: boolean;
  /** The attempt under way or waited for: 0 before the first lost connection. */
  attempt: number;
  /** Ends the wait for the next attempt (its backoff and probe); null while none waits. */
  cancelWait: (() => void) | null;
  errorShown: boolean;
  /** Takes the `online` and `visibilitychange` listeners back. */
  stopWakeUps: () => void;
}

/** Opens the socket (`adopt` makes it the transport's) and hears its life. */
function openSocket(host: SocketHost, adopt: (socket: Socket) => void): SocketRun {
  const { options } = host;
  const created = io(options.config.socketUrl, {
    // Service workers have no XMLHttpRequest: websocket only (TOOLCHAIN.md).
    transports: ['websocket'],
    // A function, so every reconnect sends the current token.
    auth: (cb) => cb({ token: options.tokens.get()?.accessToken ?? '' }),
    // issue #28 — reconnecting is ours (below): socket.io's own loop gives up after its
    // attempts and never retries after the server's disconnect.
    reconnection: false,
  });
  adopt(created);
  const run: SocketRun = {
    socket: created,
    reauthenticating: false,
    ended: false,
    attempt: 0,
    cancelWait: null,
    errorShown: false,
    stopWakeUps: () => {},
  };
  run.stopWakeUps = listenForWakeUps(host, run);
  created.on('connect', () => onConnected(host, run));
  created.on('disconnect', (reason: Socket.DisconnectReason) => onDisconnected(host, run, reason));
  created.onAny((event: string, payload: unknown) => host.emit(event, payload));
  // The server ends a socket whose session ended (issue 9 item 8), then disconnects it.
  created.on(SESSION_ENDED_EVENT, (payload: unknown) => onSessionEnded(host, run, payload));
  created.on('connect_error', (error: Error) => {
    // spec: session 4 — token_expired: refresh, then reconnect.
    if (error.message === 'token_expired') {
      refreshThenReconnect(host, run);
      return;
    }
    // Anything else (server down, refused): try again later, for as long as signed in.
    lost(host, run);
  });
  return run;
}

/** disconnectSocket: this socket's retries and wake-ups end. */
function stopRun(host: SocketHost, run: SocketRun): void {
  run.ended = true;
  endWait(run);
  // Signed out (or the extension's socket serves us now): this socket's error is over.
  if (run.errorShown) host.options.dismissNotice?.(SOCKET_ERROR_TOAST_ID);
  run.stopWakeUps();
}

function onConnected(host: SocketHost, run: SocketRun): void {
  run.attempt = 0;
  if (run.errorShown) {
    run.errorShown = false;
    host.options.dismissNotice?.(SOCKET_ERROR_TOAST_ID);
  }
  // Every connect, reconnects included (issue #28): what the socket missed meanwhile is
  // for the subscribers to fetch (the live feed reloads, calls reconcile).
  host.setStatus('connected');
  if (run.reauthenticating) {
    run.reauthenticating = false;
    host.emit(SOCKET_REAUTHENTICATED_EVENT, null);
  }
}

function onDisconnected(host: SocketHost, run: SocketRun, reason: Socket.DisconnectReason): void {
  if (run.ended) {
    host.setStatus('disconnected');
    return;
  }
  // token_expired: the refresh under way connects again (refreshThenReconnect).
  if (run.reauthenticating) {
    host.setStatus('connecting');
    return;
  }
  // Lost connections, and 'io server disconnect' too: a server stopping gracefully
  // disconnects every socket, and socket.io-client never retries that by itself.
  if (reason !== 'io client disconnect') lost(host, run);
}

function onSessionEnded(host: SocketHost, run: SocketRun, payload: unknown): void {
  const parsed = sessionEndedSchema.safeParse(payload);
  if (!parsed.success) return;
  if (parsed.data.reason === 'token_expired') {
    refreshThenReconnect(host, run);
    return;
  }
  // Signed out elsewhere, revoked or deactivated: a refresh would be refused too, and
  // the server's disconnect that follows is not an outage to retry (issue #28).
  run.ended = true;
  endWait(run);
  host.options.tokens.onAuthFailure();
}

/**
 * spec: session 4 — token_expired (at the handshake, or an open socket ended by the
 * server): refresh, then reconnect with the new token; a refused refresh signs out.
 */
function refreshThenReconnect(host: SocketHost, run: SocketRun): void {
  run.reauthenticating = true;
  void host.refreshSession().then((ok) => {
    if (ok && host.isCurrent(run.socket) && !run.ended) run.socket.connect();
    else if (!ok) {
      run.reauthenticating = false;
      host.options.tokens.onAuthFailure();
    }
  });
}

/** Ends the wait for the next attempt, if one waits. */
function endWait(run: SocketRun): void {
  const waited = run.cancelWait;
  run.cancelWait = null;
  waited?.();
}

/** Tries again now: attempt n + 1 (spec: session 4 — the retry toast on 1 to 3). */
function tryAgain(host: SocketHost, run: SocketRun): void {
  // Ends the wait's probe too (its backoff timer may be the one that just ran).
  endWait(run);
  if (!host.isCurrent(run.socket) || run.ended) return;
  run.attempt += 1;
  if (run.attempt <= SOCKET_RECONNECT.toastAttempts) {
    host.options.notify?.('info', en.SOCKET_RETRYING, { durationMs: SOCKET_RECONNECT.toastMs });
  }
  host.emit('connection:retry', run.attempt);
  run.socket.connect();
}

/** The connection was lost, or an attempt failed: wait, then try again. */
function lost(host: SocketHost, run: SocketRun): void {
  // One wait at a time: an attempt can fail with more than one event.
  if (!host.isCurrent(run.socket) || run.ended || run.cancelWait) return;
  if (run.attempt >= SOCKET_RECONNECT.toastAttempts) {
    // spec: session 4 / 8 — "Socket reconnect exhausted": the persistent danger toast,
    // shown once and kept (with the 'error' status) until a connect works.
    if (!run.errorShown) {
      run.errorShown = true;
      host.options.notify?.('danger', en.SOCKET_ERROR_BODY, {
        title: en.SOCKET_ERROR_TITLE,
        persistent: true,
        id: SOCKET_ERROR_TOAST_ID,
      });
    }
    // Said once per outage: every port would be told again at each attempt.
    if (host.status() !== 'error') host.setStatus('error');
  } else if (host.status() !== 'connecting') {
    host.setStatus('connecting');
  }
  const cancelBackoff = host.reconnectTimer(
    () => tryAgain(host, run),
    socketReconnectDelayMs(run.attempt + 1),
  );
  const stopProbe = probeWhileWaiting(host, run);
  run.cancelWait = () => {
    cancelBackoff();
    stopProbe();
  };
}

/**
 * A cheap HTTP probe while a reconnect waits: once the server answers, the wait ends at
 * once (the next call then reaches the agent within seconds of the server being back).
 */
function probeWhileWaiting(host: SocketHost, run: SocketRun): () => void {
  const { serverProbe } = host;
  if (!serverProbe) return () => {};
  let probing = false;
  const probe = setInterval(() => {
    if (probing) return;
    probing = true;
    void serverProbe()
      .then((back) => {
        if (back) wakeUp(host, run);
      })
      .finally(() => {
        probing = false;
      });
  }, host.options.serverProbeEveryMs ?? SERVER_PROBE_MS);
  return () => clearInterval(probe);
}

/** The browser is back online, or the page is in front again: no need to wait. */
function wakeUp(host: SocketHost, run: SocketRun): void {
  if (run.cancelWait && host.status() !== 'connected') tryAgain(host, run);
}

/** Hears `online` and the page coming to front while this socket lives; answers the removal. */
function listenForWakeUps(host: SocketHost, run: SocketRun): () => void {
  const wakeUps = host.options.wakeUps ?? (globalThis as Partial<WakeUpSource>);
  const page = wakeUps.document;
  const onOnline = () => wakeUp(host, run);
  const onVisible = () => {
    if (page?.visibilityState === 'visible') wakeUp(host, run);
  };
  wakeUps.addEventListener?.('online', onOnline);
  page?.addEventListener?.('visibilitychange', onVisible);
  return () => {
    wakeUps.removeEventListener?.('online', onOnline);
    page?.removeEventListener?.('visibilitychange', onVisible);
  };
}

/** An adopted access token this close to its expiry is refreshed instead (clock skew). */
const ADOPT_MARGIN_S = 30;

/**
 * Whether a JWT's exp claim falls within `seconds` from now. Read, not verified: it only
 * decides whether to refresh. A token that is not a readable JWT counts as still valid.
 */
function expiresWithin(token: string, seconds: number): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const exp = (claims as { exp?: unknown }).exp;
    return typeof exp === 'number' && exp * 1000 < Date.now() + seconds * 1000;
  } catch {
    return false;
  }
}

/**
 * The default, for a single holder of the session (the extension's background worker, a
 * script-tag widget): one refresh at a time inside this context, nobody else to tell.
 */
export function createInProcessRefreshCoordinator(): RefreshCoordinator {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    exclusive<T>(task: () => Promise<T>): Promise<T> {
      const run = tail.then(task, task);
      tail = run.catch(() => undefined);
      return run;
    },
    publish: () => {},
    subscribe: () => () => {},
  };
}

function toTransportError(error: unknown): TransportError {
  if (error instanceof FetchError) {
    const cause = error.cause as { name?: string } | undefined;
    if (error.name === 'TimeoutError' || cause?.name === 'TimeoutError') {
      return new TransportError(en.REQUEST_TIMEOUT, 408);
    }
    const status = error.status ?? 0;
    const data = error.data as { message?: unknown } | undefined;
    const serverMessage = typeof data?.message === 'string' ? data.message : null;
    if (status === 0) return new TransportError(en.NETWORK_ERROR, 0);
    return new TransportError(error.statusText || `HTTP ${status}`, status, serverMessage);
  }
  return TransportError.from(error);
}
