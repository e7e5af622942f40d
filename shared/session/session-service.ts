import { z } from 'zod';
import type { StoreApi } from 'zustand';
import { login, getMe, revokeSession } from '@/shared/api/auth';
import type { ApiClient } from '@/shared/api/client';
import { fetchLookup } from '@/shared/api/lookups';
import { getCrmOrganization, getWorkspace } from '@/shared/api/workspaces';
import { AUTH_ERRORS, loginRequestSchema } from '@/shared/contracts/auth';
import type { Agent } from '@/shared/contracts/lookups';
import { DEFAULT_ROLE } from '@/shared/contracts/roles';
import { loggedUserSchema, type LoggedUser, type MeResponse } from '@/shared/contracts/user';
import type { CrmOrganization, Workspace } from '@/shared/contracts/workspace';
import { en } from '@/shared/i18n/en';
import type { KeyValueStorage } from '@/shared/storage/storage';
import {
  createLookupsLoader,
  resetLookups,
  type LookupsLoader,
} from '@/shared/stores/lookups-store';
import {
  initialSessionState,
  useSessionStore,
  type SessionState,
} from '@/shared/stores/session-store';
import type {
  RefreshCoordinator,
  SessionTokens,
  TokenSource,
} from '@/shared/transport/direct-transport';
import { TransportError } from '@/shared/transport/transport';
import { decodeStored, encodeStored } from './encoding';

/** Local storage keys (spec: session 3 — the user under "user"; the app version). */
export const STORAGE_KEYS = { user: 'user', appVersion: 'appVersion' } as const;
/** Preferences that outlive a session: a logout should not flip the theme back. */
export const KEPT_ON_LOGOUT = ['theme', 'miniMenu'] as const;

export type SignInErrorCode = 'invalid' | 'inactive' | 'noRole' | 'rateLimited' | 'network';

export class SignInError extends Error {
  constructor(
    readonly code: SignInErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

const storedUserSchema = loggedUserSchema.extend({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
});

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
      if (user)
        await storage.set(STORAGE_KEYS.user, encodeStored({ ...user, ...pickTokens(tokens) }));
    },
    async readShared() {
      const raw = await storage.get(STORAGE_KEYS.user);
      const stored = raw ? storedUserSchema.safeParse(decodeStored(raw)) : null;
      if (!stored?.success) return null;
      const { username, accessToken, refreshToken } = stored.data;
      return { username, accessToken, refreshToken };
    },
    onAuthFailure: () => onFailure(),
    setAuthFailureHandler(handler) {
      onFailure = handler;
    },
  };
}

function pickTokens(tokens: SessionTokens) {
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}

export interface SessionService {
  signIn(username: string, password: string): Promise<LoggedUser>;
  /** Brings back the stored session, or signs out (no session, or another app version). */
  restore(): Promise<LoggedUser | null>;
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
  /** Lookup retry timing; tests shorten it. */
  lookupRetryDelayMs?: number;
  /**
   * The other tabs of the app (issue 9 item 6): their sign-outs are followed, and this
   * tab's sign-outs told to them. The same coordinator the transport refreshes under.
   */
  coordinator?: RefreshCoordinator;
}

export function createSessionService(deps: SessionServiceDeps): SessionService {
  const { api, storage, tokenSource } = deps;
  let lookups: LookupsLoader | null = null;

  async function persist(user: LoggedUser, tokens: SessionTokens): Promise<void> {
    await storage.set(STORAGE_KEYS.user, encodeStored({ ...user, ...pickTokens(tokens) }));
    await storage.set(STORAGE_KEYS.appVersion, deps.appVersion);
  }

  /** spec: session 4 steps 4-5 — load the workspace; non-system users get lookups and the CRM org. */
  async function loadWorkspaceContext(user: LoggedUser): Promise<void> {
    if (!user.workspace) {
      useSessionStore.setState({ workspace: null, agent: null, crmOrganization: null });
      return;
    }
    const workspace = await getWorkspace(api, user.workspace);
    const [agent, crmOrganization] = await Promise.all([
      findAgent(user),
      loadCrmOrganization(workspace),
    ]);
    useSessionStore.setState({ workspace, agent, crmOrganization });
    if (user.role !== 'system') {
      lookups?.stop();
      lookups = createLookupsLoader({ api, workspace, retryDelayMs: deps.lookupRetryDelayMs });
      void lookups.load();
    }
  }

  async function findAgent(user: LoggedUser): Promise<Agent | null> {
    if (!user.personId || user.role === 'system') return null;
    try {
      const agents = await fetchLookup(api, 'agents', user.workspace ?? '');
      return agents.find((agent) => agent.personId === user.personId) ?? null;
    } catch {
      return null;
    }
  }

  async function loadCrmOrganization(workspace: Workspace): Promise<CrmOrganization | null> {
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
      await loadWorkspaceContext(user);
      useSessionStore.setState({ status: 'signed-in' });
      deps.socket?.connectSocket();
      return user;
    } catch (error) {
      useSessionStore.setState({ ...initialSessionState, status: 'signed-out' });
      await storage.remove(STORAGE_KEYS.user);
      throw toSignInError(error);
    }
  }

  async function restore(): Promise<LoggedUser | null> {
    const storedVersion = await storage.get(STORAGE_KEYS.appVersion);
    const raw = await storage.get(STORAGE_KEYS.user);
    const stored = raw ? storedUserSchema.safeParse(decodeStored(raw)) : null;
    // spec: session 4 step 10 — another app version forces logout, except on an invite path.
    const versionChanged = storedVersion !== null && storedVersion !== deps.appVersion;
    if (!stored?.success || (versionChanged && !/\/invite(\/|$)/.test(deps.currentPath()))) {
      if (raw || versionChanged) await logout();
      else useSessionStore.setState({ ...initialSessionState, status: 'signed-out' });
      return null;
    }
    const { accessToken, refreshToken, ...user } = stored.data;
    useSessionStore.setState({
      user,
      tokens: { username: user.username, accessToken, refreshToken },
    });
    try {
      await loadWorkspaceContext(user);
    } catch (error) {
      // A refused refresh has already signed the user out; anything else keeps the session.
      if (error instanceof TransportError && error.authFailed) return null;
    }
    if (!useSessionStore.getState().user) return null;
    useSessionStore.setState({ status: 'signed-in' });
    deps.socket?.connectSocket();
    return user;
  }

  /**
   * Best effort (issue 9 item 7): started before local state is cleared, bounded by
   * REVOKE_TIMEOUT_MS, and never in the way of the local sign-out.
   */
  async function revokeOnServer(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    try {
      await revokeSession(api, refreshToken);
    } catch {
      // Offline, or an older server without auth/revoke: the token then dies when it expires.
    }
  }

  /** Ends the session in this tab only: memory, socket, lookups — storage is left alone. */
  function signOutHere(logoutMessage: string | null): void {
    lookups?.stop();
    lookups = null;
    deps.socket?.disconnectSocket();
    resetLookups();
    useSessionStore.setState({ ...initialSessionState, status: 'signed-out', logoutMessage });
  }

  /** spec: session 4 step 9. */
  async function logout(reason?: 'refreshFailed'): Promise<void> {
    const revoked = revokeOnServer(useSessionStore.getState().tokens?.refreshToken);
    signOutHere(reason === 'refreshFailed' ? en.AUTH_PATCH_ERROR : null);
    const kept = await Promise.all(
      KEPT_ON_LOGOUT.map(async (key) => [key, await storage.get(key)] as const),
    );
    await storage.clear();
    for (const [key, value] of kept) if (value !== null) await storage.set(key, value);
    await storage.set(STORAGE_KEYS.appVersion, deps.appVersion);
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
  return { signIn, restore, logout };
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

function toSignInError(error: unknown): SignInError {
  if (error instanceof SignInError) return error;
  if (error instanceof TransportError) {
    if (error.status === 401) return new SignInError('invalid', en.INVALID_CREDENTIALS);
    if (error.serverMessage === AUTH_ERRORS.inactive)
      return new SignInError('inactive', en.INACTIVE_USER);
    if (error.serverMessage === AUTH_ERRORS.noRole)
      return new SignInError('noRole', en.NO_ROLE_ASSOCIATED);
    if (error.status === 429) {
      return new SignInError('rateLimited', error.serverMessage ?? AUTH_ERRORS.tooManyAttempts);
    }
    if (error.status >= 400 && error.status < 500 && error.serverMessage) {
      return new SignInError('invalid', error.serverMessage);
    }
    return new SignInError(
      'network',
      error.status === 0 || error.status === 408 ? error.message : en.GENERIC_HTTP_ERROR,
    );
  }
  return new SignInError('network', en.GENERIC_HTTP_ERROR);
}
