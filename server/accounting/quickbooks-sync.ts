import { type Selectable, sql } from 'kysely';
import { dayInTimezone } from '@/shared/domain/workspace-day';
import { createOutboxWorker, type OutboxWorker } from '../connectors/outbox-worker';
import { VendorError } from '../connectors/vendor-http';
import { CrmOAuthUnavailable } from '../crm/crm-oauth';
import { type Db, engineOf } from '../db/database';
import type { AccountingConnectionTable } from '../db/schema';
import {
  type AccountingConnections,
  AccountingReconnectNeeded,
  QUICKBOOKS_COPY_TABLES,
} from './accounting-connections';
import type { QuickBooksClient } from './quickbooks/quickbooks-client';
import { type QuickBooksCopy, quickBooksCopy } from './quickbooks/quickbooks-copy';

// The local copy of each connected company's books (issue #33 "QuickBooks Online … with a
// local cache refreshed on a schedule and on demand, so reports stay fast"): read whole
// from QuickBooks every SYNC_EVERY_MS, at once after connecting, and when someone asks
// (Refresh now), one workspace at a time per server and one server at a time per
// workspace (a claim, as the outboxes'). A reading replaces the copy in one transaction,
// so reports see the books before or after it, never half; the bank balances are kept per
// day, so a month-end balance stays known. A failed reading keeps the last copy and says
// why on the connection (tried again after RETRY_MS); a grant Intuit ended waits for the
// owner to reconnect.

type Row = Selectable<AccountingConnectionTable>;

/** How often the books are read again. */
export const SYNC_EVERY_MS = 30 * 60 * 1000;
/** How long a failed reading waits before the next try. */
export const RETRY_MS = 5 * 60 * 1000;
/** How long a reading may take before another server may start it again. */
export const CLAIM_MS = 10 * 60 * 1000;
/** How often due readings are looked for. */
export const POLL_MS = 30_000;
/** Rows per insert (PostgreSQL takes at most 65,535 parameters a statement). */
const CHUNK = 500;

export interface QuickBooksSyncOptions {
  db: Db;
  connections: AccountingConnections;
  /** The company's client, its tokens from the connection. */
  clientOf(row: Row): Promise<QuickBooksClient>;
  now: () => Date;
  log(message: string, error?: unknown): void;
  pollMs?: number;
}

export type QuickBooksSync = OutboxWorker;

async function replaceCopy(db: Db, workspaceId: string, copy: QuickBooksCopy, today: string) {
  await db.transaction().execute(async (trx) => {
    for (const table of QUICKBOOKS_COPY_TABLES) {
      if (table === 'qbo_balances') continue;
      await trx.deleteFrom(table).where('workspace_id', '=', workspaceId).execute();
    }
    // Balances are kept per day: today's reading replaces today's only.
    await trx
      .deleteFrom('qbo_balances')
      .where('workspace_id', '=', workspaceId)
      .where('day', '=', today)
      .execute();
    const insert = async <T extends keyof QuickBooksCopy>(
      table: 'qbo_customers' | 'qbo_invoices' | 'qbo_payment_lines' | 'qbo_plans' | 'qbo_balances',
      rows: QuickBooksCopy[T],
    ) => {
      for (let at = 0; at < rows.length; at += CHUNK) {
        await trx
          .insertInto(table)
          .values(rows.slice(at, at + CHUNK) as never)
          .execute();
      }
    };
    await insert('qbo_customers', copy.customers);
    await insert('qbo_invoices', copy.invoices);
    await insert('qbo_payment_lines', copy.paymentLines);
    await insert('qbo_plans', copy.plans);
    await insert('qbo_balances', copy.balances);
  });
}

export function createQuickBooksSync(options: QuickBooksSyncOptions): QuickBooksSync {
  const { db, now, log } = options;
  const later = (ms: number) => new Date(now().getTime() + ms).toISOString();

  /** Connections whose copy is due: asked for, never read, or read too long ago. */
  function due(at: Date) {
    const iso = at.toISOString();
    const stale = new Date(at.getTime() - SYNC_EVERY_MS).toISOString();
    return db
      .selectFrom('accounting_connections')
      .selectAll()
      .where('status', '=', 'ok')
      .where((eb) =>
        eb.or([eb('sync_claimed_until', 'is', null), eb('sync_claimed_until', '<=', iso)]),
      )
      .where((eb) =>
        eb.or([
          eb('sync_requested_at', 'is not', null),
          eb('synced_at', 'is', null),
          eb('synced_at', '<=', stale),
        ]),
      )
      .orderBy('workspace_id')
      .limit(10)
      .execute();
  }

  async function claim(row: Row, at: Date): Promise<boolean> {
    const result = await db
      .updateTable('accounting_connections')
      .set({ sync_claimed_until: new Date(at.getTime() + CLAIM_MS).toISOString() })
      .where('workspace_id', '=', row.workspace_id)
      .where((eb) =>
        row.sync_claimed_until === null
          ? eb('sync_claimed_until', 'is', null)
          : eb('sync_claimed_until', '=', row.sync_claimed_until),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  const finish = (row: Row, values: Partial<Row>) =>
    db
      .updateTable('accounting_connections')
      .set(values)
      .where('workspace_id', '=', row.workspace_id)
      .execute();

  /** One reading of the company's books into the copy; true when it was read. */
  async function read(row: Row): Promise<boolean> {
    try {
      const client = await options.clientOf(row);
      // One after another: Intuit allows 10 requests at once per company, shared with
      // whatever else the firm runs.
      const company = await client.companyInfo();
      const books = {
        customers: await client.customers(),
        invoices: await client.invoices(),
        payments: await client.payments(),
        plans: await client.recurringInvoices(),
        accounts: await client.bankAccounts(),
      };
      const workspace = await db
        .selectFrom('workspaces')
        .select('timezone')
        .where('id', '=', row.workspace_id)
        .executeTakeFirst();
      const today = dayInTimezone(now(), workspace?.timezone ?? 'UTC');
      await replaceCopy(
        db,
        row.workspace_id,
        quickBooksCopy(row.workspace_id, books, today),
        today,
      );
      // PostgreSQL plans the reports' queries from table statistics: a copy just written
      // would be read with the plans of the tables as they were (empty, at first).
      if (engineOf(db) === 'postgres') {
        await sql`ANALYZE ${sql.raw(QUICKBOOKS_COPY_TABLES.join(', '))}`.execute(db);
      }
      await finish(row, {
        company_name: company.CompanyName,
        synced_at: now().toISOString(),
        sync_error: null,
        sync_requested_at: null,
        sync_claimed_until: null,
      });
      return true;
    } catch (error) {
      await failed(row, error);
      return false;
    }
  }

  /** A reading that did not finish: the copy stays; the connection says why. */
  async function failed(row: Row, error: unknown) {
    if (error instanceof AccountingReconnectNeeded) {
      // The connection says "reconnect" already; nothing is read until the owner does.
      await finish(row, {
        sync_error: error.message,
        sync_requested_at: null,
        sync_claimed_until: null,
      });
      return;
    }
    if (error instanceof VendorError && error.kind === 'auth') {
      await options.connections.markReconnect(row.workspace_id, error.message);
      await finish(row, {
        sync_error: error.message,
        sync_requested_at: null,
        sync_claimed_until: null,
      });
      return;
    }
    const known = error instanceof VendorError || error instanceof CrmOAuthUnavailable;
    if (!known) log(`QuickBooks books of ${row.workspace_id} could not be read`, error);
    const words = known
      ? (error as Error).message
      : 'The books could not be read (see the server log).';
    await finish(row, {
      sync_error: `QuickBooks: ${words}`.slice(0, 2000),
      sync_requested_at: null,
      sync_claimed_until: later(RETRY_MS),
    });
  }

  return createOutboxWorker<Row>({
    source: { due, claim, send: read },
    now,
    pollMs: options.pollMs ?? POLL_MS,
    failureText: 'Could not read the QuickBooks books',
    log,
  });
}
