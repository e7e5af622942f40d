import type {
  CallTrackingConnection,
  ConnectCtm,
} from '@/shared/contracts/call-tracking-connection';
import { callTrackingConnectionPaths } from '@/shared/contracts/call-tracking-connection';
import { toUsE164 } from '@/shared/domain/phone-dialing';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/errors';
import { setCallTrackingAccount } from '../../repositories/workspace-repository';
import type { SecretBox } from '../../secrets/secret-box';
import { VendorError } from '../../connectors/vendor-http';
import { type CtmClient, type CtmClientOptions, createCtmClient } from './ctm-client';
import {
  type ConnectionRow,
  deleteConnection,
  findConnection,
  recordHealth,
  saveConnection,
} from './ctm-connection-store';
import type { CtmNumber, CtmUser } from './ctm-schemas';

// Connecting a workspace to its CTM account (issue #32 "Connecting an account"): the keys
// are checked against CTM before anything is saved, the secret is sealed at rest, the
// account's users and tracking numbers are copied in (agents are linked to CTM's users;
// numbers keep their local labels), and every request to CTM afterwards records the
// connection's health. Disconnecting forgets the secret.

export interface CtmConnectionsOptions {
  db: Db;
  /** The secrets box, opened on first use (it may create the key file). */
  secrets: () => SecretBox;
  now: () => Date;
  /** CTM's API base (the tests' fake CTM); CTM_API_BASE by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
  retry?: CtmClientOptions['retry'];
}

/** A VendorError as the answer to the user: never a 500, always what CTM said. */
export function ctmHttpError(error: VendorError, doing: string): HttpError {
  switch (error.kind) {
    case 'auth':
      return new HttpError(
        400,
        `${doing}: CTM refused the account id, access key or secret key (${error.message}).`,
      );
    case 'not-found':
      return new HttpError(400, `${doing}: CTM has no such account or record (${error.message}).`);
    case 'bad-request':
      return new HttpError(400, `${doing}: CTM refused the request (${error.message}).`);
    case 'rate-limited':
      return new HttpError(
        503,
        `${doing}: CTM is rate limiting this account; try again in a minute.`,
      );
    case 'unavailable':
    case 'invalid-answer':
      return new HttpError(502, `${doing}: CTM could not be reached (${error.message}).`);
  }
}

/** A user's name as our lists show it. */
const nameOf = (user: CtmUser) => ({
  first: user.first_name?.trim() || user.email?.split('@')[0] || `CTM user ${user.id}`,
  last: user.last_name?.trim() ?? '',
});

/** The account's users copied in: CTM's list is the truth; agents of users gone are unlinked. */
async function copyUsersIn(trx: Db, workspaceId: string, users: CtmUser[]) {
  const userIds = users.map((u) => u.id);
  // Agents linked to users the account no longer has are unlinked, not left pointing nowhere.
  let gone = trx
    .updateTable('agents')
    .set({ ctm_user_id: null })
    .where('workspace_id', '=', workspaceId);
  if (userIds.length > 0) gone = gone.where('ctm_user_id', 'not in', userIds);
  await gone.where('ctm_user_id', 'is not', null).execute();
  let oldUsers = trx.deleteFrom('ctm_users').where('workspace_id', '=', workspaceId);
  if (userIds.length > 0) oldUsers = oldUsers.where('id', 'not in', userIds);
  await oldUsers.execute();
  for (const user of users) {
    const { first, last } = nameOf(user);
    const values = {
      first_name: first.slice(0, 100),
      last_name: last.slice(0, 100),
      email: (user.email ?? '').slice(0, 254),
    };
    const updated = await trx
      .updateTable('ctm_users')
      .set(values)
      .where('id', '=', user.id)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await trx
        .insertInto('ctm_users')
        .values({ id: user.id, workspace_id: workspaceId, uid: user.id, ...values })
        .execute();
    }
  }
}

/** The account's tracking numbers copied in: CTM's list is the truth, local labels stay. */
async function copyNumbersIn(trx: Db, workspaceId: string, numbers: CtmNumber[], at: string) {
  const numberIds = numbers.map((n) => n.id);
  let oldNumbers = trx.deleteFrom('ctm_tracking_numbers').where('workspace_id', '=', workspaceId);
  if (numberIds.length > 0) oldNumbers = oldNumbers.where('id', 'not in', numberIds);
  await oldNumbers.execute();
  for (const [index, number] of numbers.entries()) {
    const e164 = toUsE164(number.number) ?? number.number;
    const updated = await trx
      .updateTable('ctm_tracking_numbers')
      .set({ number: e164.slice(0, 40) })
      .where('id', '=', number.id)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await trx
        .insertInto('ctm_tracking_numbers')
        .values({
          id: number.id,
          workspace_id: workspaceId,
          number: e164.slice(0, 40),
          label: (number.name?.trim() || number.formatted?.trim() || e164).slice(0, 200),
          campaign_id: null,
          lead_source_id: null,
          sort_order: index,
          created_at: at,
        })
        .execute();
    }
  }
}

/** The account's users and numbers copied in, together. */
export async function copyAccountIn(
  db: Db,
  workspaceId: string,
  users: CtmUser[],
  numbers: CtmNumber[],
  at: string,
) {
  await db.transaction().execute(async (trx) => {
    await copyUsersIn(trx, workspaceId, users);
    await copyNumbersIn(trx, workspaceId, numbers, at);
  });
  return { users: users.length, numbers: numbers.length };
}

/** How long a copy of the account's users is fresh enough for the link dialog. */
export const USERS_FRESH_MS = 30_000;

export function createCtmConnections(options: CtmConnectionsOptions) {
  const { db, now } = options;
  /** When each workspace's users were last read from CTM (the link dialog's freshness). */
  const usersReadAt = new Map<string, number>();

  function clientOf(row: Pick<ConnectionRow, 'account_id' | 'access_key'>, secretKey: string) {
    return createCtmClient({
      credentials: { accountId: row.account_id, accessKey: row.access_key, secretKey },
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      retry: options.retry,
    });
  }

  /** The workspace's CTM client, or null when it is not connected. */
  async function clientFor(
    workspaceId: string,
  ): Promise<{ client: CtmClient; row: ConnectionRow } | null> {
    const row = await findConnection(db, workspaceId);
    if (!row) return null;
    return { client: clientOf(row, options.secrets().open(row.secret_sealed)), row };
  }

  /**
   * Runs one request to CTM for the workspace and records how it went (the connection's
   * health); a VendorError is rethrown for the caller to map.
   */
  async function withClient<T>(
    workspaceId: string,
    work: (client: CtmClient) => Promise<T>,
  ): Promise<T> {
    const found = await clientFor(workspaceId);
    if (!found) throw new HttpError(409, 'This workspace is not connected to CallTrackingMetrics.');
    try {
      const answer = await work(found.client);
      await recordHealth(db, workspaceId, now(), null);
      return answer;
    } catch (error) {
      if (error instanceof VendorError) await recordHealth(db, workspaceId, now(), error.message);
      throw error;
    }
  }

  return {
    clientFor,
    withClient,

    /** The connection as answers show it (never the secret). */
    async view(workspaceId: string): Promise<CallTrackingConnection> {
      const row = await findConnection(db, workspaceId);
      if (!row) return { workspaceId, provider: 'simulator', ctm: null };
      return {
        workspaceId,
        provider: 'ctm',
        ctm: {
          accountId: row.account_id,
          accountName: row.account_name,
          accessKey: row.access_key,
          connectedAt: row.connected_at,
          status: row.status === 'failing' ? 'failing' : 'ok',
          checkedAt: row.checked_at,
          lastError: row.last_error,
          lastWebhookAt: row.last_webhook_at,
          webhookPaths: {
            start: `/api/${callTrackingConnectionPaths.webhook(workspaceId, 'start')}`,
            end: `/api/${callTrackingConnectionPaths.webhook(workspaceId, 'end')}`,
          },
        },
      };
    },

    /**
     * Checks the keys with CTM (GET accounts/{id}.json), then saves them (the secret sealed)
     * and copies the account's users and numbers in. Nothing is saved when CTM refuses.
     * An account already connected to another workspace is refused (CTM's user and number
     * ids are the account's: two workspaces cannot both hold them).
     */
    async connect(workspaceId: string, input: ConnectCtm, by: string) {
      const other = await db
        .selectFrom('call_tracking_connections')
        .select('workspace_id')
        .where('account_id', '=', input.accountId)
        .where('workspace_id', '!=', workspaceId)
        .executeTakeFirst();
      if (other) {
        throw new HttpError(
          409,
          `CTM account ${input.accountId} is connected to another workspace already.`,
        );
      }
      const client = clientOf(
        { account_id: input.accountId, access_key: input.accessKey },
        input.secretKey,
      );
      let account;
      let users: CtmUser[];
      let numbers: CtmNumber[];
      try {
        account = await client.checkCredentials();
        users = await client.listUsers();
        numbers = await client.listNumbers();
      } catch (error) {
        if (error instanceof VendorError) throw ctmHttpError(error, 'Not connected');
        throw error;
      }
      const at = now().toISOString();
      const previous = await findConnection(db, workspaceId);
      await saveConnection(db, {
        workspace_id: workspaceId,
        provider: 'ctm',
        account_id: input.accountId,
        access_key: input.accessKey,
        secret_sealed: options.secrets().seal(input.secretKey),
        account_name: account.name ?? null,
        connected_by: by,
        connected_at: at,
        checked_at: at,
        status: 'ok',
        last_error: null,
        last_webhook_at: previous?.account_id === input.accountId ? previous.last_webhook_at : null,
        // The catch-up reads from the moment of connecting on (earlier calls are history
        // the firm's reports did not hold before either).
        catch_up_cursor: previous?.account_id === input.accountId ? previous.catch_up_cursor : at,
        catch_up_claimed_until: null,
      });
      await copyAccountIn(db, workspaceId, users, numbers, now().toISOString());
      await setCallTrackingAccount(db, workspaceId, input.accountId);
    },

    /** Users and numbers again from CTM (after adding a user or buying a number there). */
    async sync(workspaceId: string) {
      try {
        const [users, numbers] = await withClient(
          workspaceId,
          async (client) => [await client.listUsers(), await client.listNumbers()] as const,
        );
        return await copyAccountIn(db, workspaceId, users, numbers, now().toISOString());
      } catch (error) {
        if (error instanceof VendorError) throw ctmHttpError(error, 'Not refreshed');
        throw error;
      }
    },

    /**
     * The account's users read from CTM again for the link dialog ("lists the account's
     * users from CTM"), unless read in the last USERS_FRESH_MS. CTM unreachable: the last
     * copy stays what the dialog lists, and the connection's health says why.
     */
    async refreshUsers(workspaceId: string): Promise<void> {
      const readAt = usersReadAt.get(workspaceId);
      if (readAt !== undefined && now().getTime() - readAt < USERS_FRESH_MS) return;
      if (!(await findConnection(db, workspaceId))) return;
      try {
        const users = await withClient(workspaceId, (client) => client.listUsers());
        await db.transaction().execute((trx) => copyUsersIn(trx, workspaceId, users));
        usersReadAt.set(workspaceId, now().getTime());
      } catch (error) {
        if (!(error instanceof VendorError)) throw error;
      }
    },

    /** Forgets the connection and its secret; the workspace goes back to the simulator. */
    disconnect(workspaceId: string) {
      usersReadAt.delete(workspaceId);
      return deleteConnection(db, workspaceId);
    },
  };
}

export type CtmConnections = ReturnType<typeof createCtmConnections>;
