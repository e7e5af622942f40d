import type { StoreApi } from 'zustand';
import { login, getMe, revokeSession } from '@/shared/api/auth';
import type { ApiClient } from '@/shared/api/client';
import { fetchLookup } from '@/shared/api/lookups';
import { getCrmOrganization, getWorkspace } from '@/shared/api/workspaces';
import {
  authResponseSchema,
  loginRequestSchema,
  refreshRequestSchema,
} from '@/shared/contracts/auth';
import type { Agent } from '@/shared/contracts/lookups';
import { DEFAULT_ROLE } from '@/shared/contracts/roles';
import type { LoggedUser, MeResponse } from '@/shared/contracts/user';
import {
  type CrmOrganization,
  type Workspace,
  WORKSPACE_CHANGED_EVENT,
  workspaceChangedSchema,
} from '@/shared/contracts/workspace';
import { en } from '@/shared/i18n/en';
import type { KeyValueStorage } from '@/shared/storage/storage';
import {
  initialSessionState,
  useSessionStore,
  type SessionState,
} from '@/shared/stores/session-store';
import {
  CONNECTION_STATUS_EVENT,
  socketReconnectDelayMs,
  type RefreshCoordinator,
  type SessionTokens,
  type TokenSource,
} from '@/shared/transport/direct-transport';
import { TransportError, type Transport } from '@/shared/transport/transport';
import { SignInError, toSignInError } from './sign-in-error';
import { createStoredSessionStore, type StoredSessionStore } from './stored-session-store';

/** A TokenSource over the session store that persists every rotation. */
export interface SessionTokenSource extends TokenSource {
  setAuthFailureHandler(handler: () => void): void;
}

/** The session state a token source reads and writes: the app's store, or a test's own. */
export type SessionStateStore = Pick<StoreApi<SessionState>, 'getState' | 'setState'>;

/**
 * Tokens in the session state, persisted with the user on every rotation. With a
 * coordinator, rotations made by other tabs are adopted as they are announced, so this
 * tab's copy is never stale (issue 9 item 6).
 */
export function createSessionTokenSource(
  storage: KeyValueStorage,
  store: SessionStateStore = useSessionStore,
  coordinator?: RefreshCoordinator,
): SessionTokenSource {
  const stored = createStoredSessionStore(storage);
  let onFailure: () => void = () => {};
  coordinator?.subscribe((change) => {
    const current = store.getState().tokens;
    // Only the same user's session: another user's sign-in elsewhere is not ours to take.
    if (change.type === 'rotated' && current?.username === change.tokens.username) {
      store.setState({ tokens: change.tokens });
    }
  });
  return {
    get: () => store.getState().tokens,
    async set(tokens) {
      store.setState({ tokens });
      const { user } = store.getState();
      if (user) await stored.save(user, tokens);
    },
    readShared: () => stored.readTokens(),
    onAuthFailure: () => onFailure(),
    setAuthFailureHandler(handler) {
      onFailure = handler;
    },
  };
}

/**
 * A session begun elsewhere, adopted by the session service (issue #10 item 4): the
 * standalone app's hand-over to the extension (a refresh token, rotated at once into a
 * session of our own, so the app's copy is never used twice), or a script-tag page's
 * own access token (used as it is; it cannot be refreshed).
 */
export type SessionHandoff =
  | { kind: 'refresh-token'; username: string; refreshToken: string }
  | { kind: 'access-token'; accessToken: string };

/**
 * What an access-token hand-over stores as its refresh token (the stored format needs
 * one): the server refuses it, so the first expired call ends the session (AUTH_PATCH_ERROR).
 */
export const NO_REFRESH_TOKEN = 'none';

/** Calls made as a candidate session, beside (never instead of) the current one. */
export interface CandidateApi {
  api: ApiClient;
  /** The candidate's pair now: a refresh made while checking it rotates it. */
  tokens(): SessionTokens;
}

export interface SessionService {
  signIn(username: string, password: string): Promise<LoggedUser>;
  /** Brings back the stored session, or signs out (no session, or another app version). */
  restore(): Promise<LoggedUser | null>;
  /**
   * Takes over a session begun elsewhere. The hand-over is checked on the side first and
   * the session switches only once it works: null (and whoever was signed in still is)
   * when it does not (issue #9: a stale or forged hand-over must not sign anyone out).
   */
  adopt(handoff: SessionHandoff): Promise<LoggedUser | null>;
  logout(reason?: 'refreshFailed'): Promise<void>;
}

export interface SessionServiceDeps {
  api: ApiClient;
  storage: KeyValueStorage;
  tokenSource: SessionTokenSource;
  appVersion: string;
  currentPath: () => string;
  /** The one socket connection opens once a user is signed in (spec: session 4 Sockets). */
  socket?: { connectSocket(): void; disconnectSocket(): void };
  /**
   * The other tabs of the app (issue 9 item 6): their sign-outs are followed, and this
   * tab's sign-outs told to them. The same coordinator the transport refreshes under.
   */
  coordinator?: RefreshCoordinator;
  /**
   * An API client over a candidate's tokens, for `adopt` (createDirectSession gives one);
   * without it nothing can be adopted.
   */
  candidateApi?: (tokens: SessionTokens) => CandidateApi;
  /**
   * The transport's socket status (CONNECTION_STATUS_EVENT): a workspace context that
   * could not be loaded is loaded again as soon as the socket connects (issue #28).
   */
  connection?: Pick<Transport, 'subscribe'>;
  /** Waits before loading the workspace context again; answers the cancel (tests). */
  retryTimer?: (run: () => void, delayMs: number) => () => void;
}

/** The workspace, agent and CRM organisation of a signed-in user (spec: session 4 steps 4-5). */
type WorkspaceContext = Pick<SessionState, 'workspace' | 'agent' | 'crmOrganization'>;

export function createSessionService(deps: SessionServiceDeps): SessionService {
  const { api, tokenSource } = deps;
  const stored = createStoredSessionStore(deps.storage);
  const context = createWorkspaceContextLoader(deps, stored);

  async function persist(user: LoggedUser, tokens: SessionTokens): Promise<void> {
    await stored.save(user, tokens);
    await stored.setVersion(deps.appVersion);
  }

  async function signIn(username: string, password: string): Promise<LoggedUser> {
    // spec: session 4 step 1 / 5 — credentials are trimmed.
    const parsed = loginRequestSchema.safeParse({
      username: username.trim(),
      password: password.trim(),
    });
    if (!parsed.success) throw new SignInError('invalid', en.INVALID_CREDENTIALS);
    let tokens: SessionTokens;
    try {
      const { attributes } = (await login(api, parsed.data)).data;
      tokens = {
        username: parsed.data.username,
        accessToken: attributes.AccessToken,
        refreshToken: attributes.RefreshToken,
      };
    } catch (error) {
      throw toSignInError(error);
    }
    useSessionStore.setState({ tokens, logoutMessage: null });
    try {
      const me = await getMe(api, { silent: true });
      const user = toLoggedUser(me);
      await persist(user, tokens);
      useSessionStore.setState({ user });
      await context.load(user);
      useSessionStore.setState({ status: 'signed-in' });
      deps.socket?.connectSocket();
      return user;
    } catch (error) {
      useSessionStore.setState({ ...initialSessionState, status: 'signed-out' });
      await stored.forget();
      throw toSignInError(error);
    }
  }

  /** A stored or adopted session becomes the current one: its workspace, then signed in. */
  async function enter(user: LoggedUser, tokens: SessionTokens): Promise<LoggedUser | null> {
    useSessionStore.setState({ user, tokens });
    try {
      await context.load(user);
    } catch (error) {
      // A refused refresh has already signed the user out; anything else keeps the session,
      // with the stored copy of its workspace meanwhile, loaded again later (issue #28).
      if (error instanceof TransportError && error.authFailed) return null;
      const copy = await context.storedCopy(user);
      if (copy && useSessionStore.getState().user === user) useSessionStore.setState(copy);
      context.owe(user);
    }
    if (!useSessionStore.getState().user) return null;
    useSessionStore.setState({ status: 'signed-in' });
    deps.socket?.connectSocket();
    return user;
  }

  async function restore(): Promise<LoggedUser | null> {
    const storedVersion = await stored.version();
    const found = await stored.read();
    // spec: session 4 step 10 — another app version forces logout, except on an invite path.
    const versionChanged = storedVersion !== null && storedVersion !== deps.appVersion;
    if (
      found.state !== 'stored' ||
      (versionChanged && !/\/invite(\/|$)/.test(deps.currentPath()))
    ) {
      if (found.state !== 'absent' || versionChanged) await logout();
      else useSessionStore.setState({ ...initialSessionState, status: 'signed-out' });
      return null;
    }
    return enter(found.user, found.tokens);
  }

  async function adopt(handoff: SessionHandoff): Promise<LoggedUser | null> {
    if (!deps.candidateApi) return null;
    const before = useSessionStore.getState();
    // Nobody signed in: screens wait (a spinner) rather than offer a sign-in meanwhile.
    if (before.status === 'signed-out') useSessionStore.setState({ status: 'restoring' });
    let candidate: { user: LoggedUser; tokens: SessionTokens };
    try {
      candidate = await checkHandoff(api, handoff, deps.candidateApi);
    } catch {
      if (before.status === 'signed-out') useSessionStore.setState({ status: 'signed-out' });
      return null;
    }
    // The new session replaces the old one: the old family is revoked (best effort), and
    // nothing of the old user's (workspace, lookups, socket) carries over.
    const revoked = revokeOnServer(api, before.tokens?.refreshToken);
    deps.socket?.disconnectSocket();
    useSessionStore.setState({ ...initialSessionState, status: 'restoring' });
    await persist(candidate.user, candidate.tokens);
    await revoked;
    return enter(candidate.user, candidate.tokens);
  }

  /**
   * Ends the session in this tab only: memory and socket — storage is left alone. The data
   * layer forgets its cache (lookups included) when the session store says signed out.
   */
  function signOutHere(logoutMessage: string | null): void {
    context.forget();
    deps.socket?.disconnectSocket();
    useSessionStore.setState({ ...initialSessionState, status: 'signed-out', logoutMessage });
  }

  /** spec: session 4 step 9. */
  async function logout(reason?: 'refreshFailed'): Promise<void> {
    const revoked = revokeOnServer(api, useSessionStore.getState().tokens?.refreshToken);
    signOutHere(reason === 'refreshFailed' ? en.AUTH_PATCH_ERROR : null);
    await stored.clear(deps.appVersion);
    deps.coordinator?.publish({ type: 'signedOut' });
    await revoked;
  }

  // issue 9 item 6 — another tab signed out (and cleared the storage): so does this one.
  // (Rotations by other tabs are adopted by the token source.)
  deps.coordinator?.subscribe((change) => {
    const { tokens, status } = useSessionStore.getState();
    if (change.type === 'signedOut' && tokens && status !== 'signed-out') signOutHere(null);
  });

  tokenSource.setAuthFailureHandler(() => void logout('refreshFailed'));
  return { signIn, restore, adopt, logout };
}

/** The signed-in user's workspace context: loaded, applied, and owed while it cannot be. */
interface WorkspaceContextLoader {
  /** Loads and applies it; throws when it cannot be loaded. */
  load(user: LoggedUser): Promise<void>;
  /** The stored copy of it, if it is this user's. */
  storedCopy(user: LoggedUser): Promise<WorkspaceContext | null>;
  /** It could not be loaded: load it again later, on a backoff or when the socket connects. */
  owe(user: LoggedUser): void;
  /** Signed out: nothing is owed any more. */
  forget(): void;
}

function createWorkspaceContextLoader(
  deps: SessionServiceDeps,
  stored: StoredSessionStore,
): WorkspaceContextLoader {
  const { api } = deps;
  /**
   * spec: session 4 steps 4-5 — load the workspace, the agent and the CRM org. Lookups are
   * the data layer's cached queries, loaded by the screens that read them (app/query).
   */
  async function loadWorkspaceContext(user: LoggedUser): Promise<void> {
    stopContextRetry();
    applyContext(user, await fetchWorkspaceContext(user));
  }

  async function fetchWorkspaceContext(
    user: LoggedUser,
    options?: { silent: boolean },
  ): Promise<WorkspaceContext> {
    if (!user.workspace) return { workspace: null, agent: null, crmOrganization: null };
    const workspace = await getWorkspace(api, user.workspace, options);
    const [agent, crmOrganization] = await Promise.all([
      findAgent(api, user),
      loadCrmOrganization(api, workspace),
    ]);
    return { workspace, agent, crmOrganization };
  }

  function applyContext(user: LoggedUser, context: WorkspaceContext): void {
    useSessionStore.setState(context);
    const { workspace, agent, crmOrganization } = context;
    // Kept for a restore that cannot reach the server (issue #28); best effort.
    if (workspace) {
      void stored
        .saveContext({ userId: user.id, workspace, agent, crmOrganization })
        .catch(() => {});
    }
  }

  // --- a workspace context that could not be loaded (issue #28) ------------------------
  // A session restored while the server is down (the extension's worker restarted by the
  // browser during an outage) used to stay without its workspace for good: the
  // background never listened for calls again. It now starts with the stored copy, if
  // any, and loads the context again: when the socket connects, and on a backoff.
  /** The user whose context is still to be loaded; null when it is loaded. */
  let contextOwed: LoggedUser | null = null;
  let contextAttempt = 0;
  let cancelContextRetry: (() => void) | null = null;
  let contextLoading: Promise<void> | null = null;
  const retryTimer =
    deps.retryTimer ??
    ((run: () => void, delayMs: number) => {
      const timer = setTimeout(run, delayMs);
      return () => clearTimeout(timer);
    });

  function stopContextRetry(): void {
    cancelContextRetry?.();
    cancelContextRetry = null;
    contextOwed = null;
    contextAttempt = 0;
  }

  function owesContext(user: LoggedUser): void {
    stopContextRetry();
    contextOwed = user;
    scheduleContextRetry();
  }

  function scheduleContextRetry(): void {
    if (!contextOwed || cancelContextRetry) return;
    contextAttempt += 1;
    cancelContextRetry = retryTimer(() => {
      cancelContextRetry = null;
      void retryContext();
    }, socketReconnectDelayMs(contextAttempt));
  }

  function retryContext(): Promise<void> {
    contextLoading ??= (async () => {
      const user = contextOwed;
      if (!user) return;
      try {
        const context = await fetchWorkspaceContext(user, { silent: true });
        // Signed out, or another user, meanwhile: not theirs to get.
        const now = useSessionStore.getState();
        if (contextOwed !== user || now.status !== 'signed-in' || now.user?.id !== user.id) return;
        stopContextRetry();
        applyContext(user, context);
      } catch {
        scheduleContextRetry();
      }
    })().finally(() => {
      contextLoading = null;
    });
    return contextLoading;
  }

  // The workspace changed on the server (its CRM connected, say): load it again, quietly;
  // a failure leaves the context as it was and tries again on the backoff.
  deps.connection?.subscribe(WORKSPACE_CHANGED_EVENT, (payload) => {
    const changed = workspaceChangedSchema.safeParse(payload);
    const { user, status } = useSessionStore.getState();
    if (!changed.success || status !== 'signed-in' || !user) return;
    if (user.workspace !== changed.data.workspaceId) return;
    stopContextRetry();
    contextOwed = user;
    void retryContext();
  });

  // Whose socket has connected since their context was loaded: a later connect is a
  // reconnect, after which a workspace:changed said while it was down may have been missed.
  let connectedFor: string | null = null;
  deps.connection?.subscribe(CONNECTION_STATUS_EVENT, (status) => {
    if (status !== 'connected') return;
    const { user, status: sessionStatus } = useSessionStore.getState();
    const reconnected = connectedFor !== null && connectedFor === user?.id;
    connectedFor = user?.id ?? null;
    if (!contextOwed && reconnected && sessionStatus === 'signed-in' && user) {
      // Loaded again, quietly, as for workspace:changed (the server may have restarted
      // with the workspace's CRM connected meanwhile, say).
      contextOwed = user;
    }
    if (!contextOwed) return;
    // The server answers again: no need to wait for the backoff.
    cancelContextRetry?.();
    cancelContextRetry = null;
    void retryContext();
  });

  return {
    load: loadWorkspaceContext,
    storedCopy: (user) => storedContext(stored, user),
    owe: owesContext,
    forget: () => {
      stopContextRetry();
      connectedFor = null;
    },
  };
}

/** What enter() shows when the context cannot be loaded: the stored copy, if it fits. */
async function storedContext(
  stored: StoredSessionStore,
  user: LoggedUser,
): Promise<WorkspaceContext | null> {
  const copy = await stored.readContext().catch(() => null);
  if (!copy || copy.userId !== user.id || copy.workspace.id !== user.workspace) return null;
  return { workspace: copy.workspace, agent: copy.agent, crmOrganization: copy.crmOrganization };
}

async function findAgent(api: ApiClient, user: LoggedUser): Promise<Agent | null> {
  if (!user.personId || user.role === 'system') return null;
  try {
    const agents = await fetchLookup(api, 'agents', user.workspace ?? '');
    return agents.find((agent) => agent.personId === user.personId) ?? null;
  } catch {
    return null;
  }
}

async function loadCrmOrganization(
  api: ApiClient,
  workspace: Workspace,
): Promise<CrmOrganization | null> {
  const { settings } = workspace.attributes;
  const crm = workspace.attributes.isZoho ? 'zoho' : settings.ifsOrgId ? 'ifs' : null;
  if (!crm) return null;
  try {
    return await getCrmOrganization(api, workspace.id, crm);
  } catch {
    // A CRM connection problem must not keep the user out; links just stay blank.
    return null;
  }
}

/** The hand-over's own pair and user, found without touching the current session. */
async function checkHandoff(
  api: ApiClient,
  handoff: SessionHandoff,
  candidateApi: (tokens: SessionTokens) => CandidateApi,
): Promise<{ user: LoggedUser; tokens: SessionTokens }> {
  let tokens: SessionTokens;
  if (handoff.kind === 'refresh-token') {
    // Anonymous and never refreshed: no Bearer of ours, no sign-out on a refusal.
    const rotated = await api.call(
      authResponseSchema,
      {
        method: 'PATCH',
        path: 'auth',
        body: refreshRequestSchema.parse({
          username: handoff.username,
          token: handoff.refreshToken,
        }),
        anonymous: true,
        skipAuthRefresh: true,
      },
      { silent: true },
    );
    const { AccessToken, RefreshToken } = rotated.data.attributes;
    tokens = { username: handoff.username, accessToken: AccessToken, refreshToken: RefreshToken };
  } else {
    tokens = { username: '', accessToken: handoff.accessToken, refreshToken: NO_REFRESH_TOKEN };
  }
  const candidate = candidateApi(tokens);
  const user = toLoggedUser(await getMe(candidate.api, { silent: true }));
  return { user, tokens: { ...candidate.tokens(), username: user.username } };
}

/**
 * Best effort (issue 9 item 7): started before local state is cleared, bounded by
 * REVOKE_TIMEOUT_MS, and never in the way of the local sign-out.
 */
async function revokeOnServer(api: ApiClient, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken || refreshToken === NO_REFRESH_TOKEN) return;
  try {
    await revokeSession(api, refreshToken);
  } catch {
    // Offline, or an older server without auth/revoke: the token then dies when it expires.
  }
}

/** spec: session 4 steps 2-3, 6-7 — the active authorization decides role and workspace. */
export function toLoggedUser(me: MeResponse): LoggedUser {
  const { authorizations, person } = me.included;
  const active = authorizations.find((auth) => auth.status === 'active');
  if (!active) {
    throw authorizations.length > 0
      ? new SignInError('inactive', en.INACTIVE_USER)
      : new SignInError('noRole', en.NO_ROLE_ASSOCIATED);
  }
  const { attributes } = me.data;
  return {
    id: me.data.id,
    picture: attributes.picture,
    role: active.role ?? DEFAULT_ROLE,
    username: attributes.username,
    workspace: active.workspaceId,
    language: attributes.language,
    timezone: attributes.timezone,
    email: attributes.email,
    name: person ? `${person.firstName} ${person.lastName}`.trim() : attributes.username,
    personId: person?.id ?? null,
    customerSuccessAccountId: attributes.customerSuccessAccountId,
    calendarType: attributes.calendarType,
    edition: active.edition,
  };
}
