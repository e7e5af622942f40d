import { z } from 'zod';
import { agentSchema } from '@/shared/contracts/lookups';
import { loggedUserSchema, type LoggedUser } from '@/shared/contracts/user';
import { crmOrganizationSchema, workspaceSchema } from '@/shared/contracts/workspace';
import type { KeyValueStorage } from '@/shared/storage/storage';
import type { SessionTokens } from '@/shared/transport/direct-transport';
import { decodeStored, encodeStored } from './encoding';

/**
 * The session's stored format, owned here alone (issue #10 item 4): the app's
 * localStorage, the extension background's storage.session and a script-tag widget's
 * memory all hold a session this way, and only the session service writes it.
 */

/** Storage keys (spec: session 3 — the user under "user"; the app version). */
export const STORAGE_KEYS = {
  user: 'user',
  appVersion: 'appVersion',
  workspaceContext: 'workspaceContext',
} as const;
/** Preferences that outlive a session: a logout should not flip the theme back. */
export const KEPT_ON_LOGOUT = ['theme', 'miniMenu'] as const;

/** spec: session 3 — the logged user and the token pair in one encoded value. */
const storedUserSchema = loggedUserSchema.extend({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
});

/**
 * The workspace context last loaded for the stored user (issue #28): what a session
 * restored while the server cannot be reached starts with (the extension's worker is
 * restarted by the browser at any time), instead of a session without a workspace.
 */
const storedWorkspaceContextSchema = z.object({
  userId: z.string(),
  workspace: workspaceSchema,
  agent: agentSchema.nullable(),
  crmOrganization: crmOrganizationSchema.nullable(),
});
export type StoredWorkspaceContext = z.infer<typeof storedWorkspaceContextSchema>;

export type StoredSessionRead =
  | { state: 'absent' }
  /** Something is stored but it is not a session (another format, edited by hand). */
  | { state: 'unreadable' }
  | { state: 'stored'; user: LoggedUser; tokens: SessionTokens };

export interface StoredSessionStore {
  read(): Promise<StoredSessionRead>;
  /** Just the token pair (what other tabs rotated to; issue 9 item 6). */
  readTokens(): Promise<SessionTokens | null>;
  save(user: LoggedUser, tokens: SessionTokens): Promise<void>;
  /** The last workspace context loaded; null when none, or not readable. */
  readContext(): Promise<StoredWorkspaceContext | null>;
  saveContext(context: StoredWorkspaceContext): Promise<void>;
  /** The app version the stored session was made by (spec: session 4 step 10). */
  version(): Promise<string | null>;
  setVersion(appVersion: string): Promise<void>;
  /** Drops the session only (a sign-in that failed half-way). */
  forget(): Promise<void>;
  /** spec: session 4 step 9 — everything goes but KEPT_ON_LOGOUT; the version stays known. */
  clear(appVersion: string): Promise<void>;
}

export function createStoredSessionStore(storage: KeyValueStorage): StoredSessionStore {
  async function read(): Promise<StoredSessionRead> {
    const raw = await storage.get(STORAGE_KEYS.user);
    if (!raw) return { state: 'absent' };
    const stored = storedUserSchema.safeParse(decodeStored(raw));
    if (!stored.success) return { state: 'unreadable' };
    const { accessToken, refreshToken, ...user } = stored.data;
    return {
      state: 'stored',
      user,
      tokens: { username: user.username, accessToken, refreshToken },
    };
  }

  return {
    read,
    async readTokens() {
      const stored = await read();
      return stored.state === 'stored' ? stored.tokens : null;
    },
    async save(user, tokens) {
      const { accessToken, refreshToken } = tokens;
      await storage.set(STORAGE_KEYS.user, encodeStored({ ...user, accessToken, refreshToken }));
    },
    async readContext() {
      const raw = await storage.get(STORAGE_KEYS.workspaceContext);
      const parsed = storedWorkspaceContextSchema.safeParse(raw ? decodeStored(raw) : null);
      return parsed.success ? parsed.data : null;
    },
    saveContext: (context) => storage.set(STORAGE_KEYS.workspaceContext, encodeStored(context)),
    version: () => storage.get(STORAGE_KEYS.appVersion),
    setVersion: (appVersion) => storage.set(STORAGE_KEYS.appVersion, appVersion),
    async forget() {
      await storage.remove(STORAGE_KEYS.user);
      await storage.remove(STORAGE_KEYS.workspaceContext);
    },
    async clear(appVersion) {
      const kept = await Promise.all(
        KEPT_ON_LOGOUT.map(async (key) => [key, await storage.get(key)] as const),
      );
      await storage.clear();
      for (const [key, value] of kept) if (value !== null) await storage.set(key, value);
      await storage.set(STORAGE_KEYS.appVersion, appVersion);
    },
  };
}
