import type SQLite from 'better-sqlite3';
import type { Insertable } from 'kysely';
import type { Database } from '../db/schema';
import {
  appointmentRollupRow,
  callbackRollupRow,
  callRollupRow,
  contactRollupRows,
  outboundTaskRollupRow,
  paymentRollupRow,
  PIPELINE_ROLLUPS,
  pipelineRollupRows,
  ROLLUPS,
  type RollupRow,
  type RollupSpec,
  type RollupTable,
} from '../records/rollups';

/** The one list of rollups, re-exported for the PostgreSQL loader. */
export { ROLLUPS };

export type ContactRow = Insertable<Database['contacts']>;
export type EventRow = Omit<Insertable<Database['pipeline_events']>, 'id'>;
export type AppointmentRow = Omit<Insertable<Database['appointments']>, 'id'>;
export type CallRow = Omit<Insertable<Database['calls']>, 'id'>;
export type CallbackRow = Omit<Insertable<Database['callbacks']>, 'id'>;
export type OutboundTaskRow = Omit<Insertable<Database['outbound_tasks']>, 'id'>;
export type PaymentPlanRow = Insertable<Database['payment_plans']>;
export type PaymentRow = Insertable<Database['payments']>;
export type BankBalanceRow = Insertable<Database['bank_balances']>;
export type MarketingSpendRow = Insertable<Database['marketing_spend']>;
export type ObjectionRow = Insertable<Database['objections']>;

/** Where the record generator puts rows. */
export interface RecordSink {
  objection(row: ObjectionRow): void;
  contact(row: ContactRow): void;
  event(row: EventRow): void;
  appointment(row: AppointmentRow): void;
  call(row: CallRow): void;
  callback(row: CallbackRow): void;
  outboundTask(row: OutboundTaskRow): void;
  paymentPlan(row: PaymentPlanRow): void;
  payment(row: PaymentRow): void;
  bankBalance(row: BankBalanceRow): void;
  marketingSpend(row: MarketingSpendRow): void;
  /**
   * The generator promises no event, call or appointment of this workspace will come for
   * a day before `day`: the rollups of earlier days are complete and can be written.
   */
  advanceTo(workspaceId: string, day: string): void;
  /** Writes everything still held for the workspace. */
  finishWorkspace(workspaceId: string): void;
}

/** The columns the bulk path writes, per table (generated ids left to the database). */
export const COLUMNS = {
  objections: ['id', 'workspace_id', 'name', 'type'],
  contacts: [
    'id',
    'workspace_id',
    'crm_id',
    'module',
    'first_name',
    'last_name',
    'lead_source_id',
    'campaign_id',
    'office_id',
    'case_type_key',
    'sub_case_type_key',
    'agent_id',
    'consultant_id',
    'created_at',
    'entered_pipeline_at',
    'entered_day',
    'qualification',
    'status',
  ],
  pipeline_events: [
    'workspace_id',
    'contact_id',
    'stage',
    'occurred_at',
    'day',
    'entered_day',
    'parent_day',
    'first_name',
    'last_name',
    'lead_source_id',
    'campaign_id',
    'office_id',
    'case_type_key',
    'sub_case_type_key',
    'agent_id',
    'consultant_id',
    'channel',
    'objection_id',
  ],
  appointments: [
    'workspace_id',
    'contact_id',
    'lead_source_id',
    'campaign_id',
    'contact_office_id',
    'case_type_key',
    'sub_case_type_key',
    'contact_agent_id',
    'office_id',
    'consultant_id',
    'set_by_agent_id',
    'booked_at',
    'scheduled_at',
    'scheduled_day',
    'status',
  ],
  calls: [
    'workspace_id',
    'call_sid',
    'direction',
    'category',
    'agent_id',
    'contact_id',
    'lead_source_id',
    'campaign_id',
    'tracking_number',
    'started_at',
    'day',
    'answered',
    'connected',
    'missed',
    'abandoned',
    'wait_seconds',
    'duration_seconds',
  ],
  callbacks: [
    'workspace_id',
    'contact_id',
    'agent_id',
    'requested_at',
    'requested_day',
    'returned_at',
    'returned_day',
  ],
  outbound_tasks: [
    'workspace_id',
    'kind',
    'contact_id',
    'agent_id',
    'due_day',
    'made_at',
    'made_day',
  ],
  payment_plans: [
    'id',
    'workspace_id',
    'contact_id',
    'first_due_day',
    'last_due_day',
    'total_cents',
    'installment_cents',
    'created_at',
  ],
  payments: [
    'id',
    'workspace_id',
    'plan_id',
    'contact_id',
    'lead_source_id',
    'campaign_id',
    'contact_office_id',
    'case_type_key',
    'sub_case_type_key',
    'contact_agent_id',
    'due_day',
    'amount_due_cents',
    'amount_paid_cents',
    'paid_day',
    'status',
  ],
  bank_balances: ['workspace_id', 'account', 'day', 'balance_cents'],
  marketing_spend: ['workspace_id', 'lead_source_id', 'month', 'amount_cents'],
  // The rollup tables' columns: their key then their sums, from the one list of rollups.
  ...(Object.fromEntries(
    ROLLUPS.map((spec) => [spec.table, [...spec.key, ...spec.sums]]),
  ) as unknown as Record<RollupTable, readonly string[]>),
} satisfies { [T in keyof Database]?: readonly string[] };

export type RecordTable = keyof typeof COLUMNS;
type Table = RecordTable;

/** Every table the record seed writes: what a redo of an interrupted seed empties. */
export const RECORD_TABLES = Object.keys(COLUMNS) as readonly Table[];

/** The record tables whose secondary indexes are built after a bulk load. */
const DEFERRED_INDEX_TABLES: readonly Table[] = [
  'contacts',
  'pipeline_events',
  'appointments',
  'calls',
  'callbacks',
  'outbound_tasks',
  'payment_plans',
  'payments',
];

/** Rows per multi-row INSERT (one statement call instead of one per row). */
const BATCH_ROWS = 64;

function insertSql(table: Table, rows: number, upsert?: RollupSpec<{ day: string }>) {
  const columns = COLUMNS[table];
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const values = Array.from({ length: rows }, () => tuple).join(', ');
  let sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}`;
  if (upsert) {
    // Same ON CONFLICT syntax as PostgreSQL; only matters if rollup rows already exist.
    sql += ` ON CONFLICT (${upsert.key.join(', ')}) DO UPDATE SET ${upsert.sums
      .map((c) => `${c} = ${table}.${c} + excluded.${c}`)
      .join(', ')}`;
  }
  return sql;
}

/** Inserts one table's rows BATCH_ROWS at a time. */
class TableWriter {
  private readonly buffer: unknown[] = [];
  private buffered = 0;
  private readonly batch: SQLite.Statement;
  private readonly single: SQLite.Statement;
  private readonly columns: readonly string[];
  count = 0;
  constructor(
    sqlite: SQLite.Database,
    readonly table: Table,
    upsert?: RollupSpec<{ day: string }>,
  ) {
    this.columns = COLUMNS[table];
    this.batch = sqlite.prepare(insertSql(table, BATCH_ROWS, upsert));
    this.single = sqlite.prepare(insertSql(table, 1, upsert));
  }
  add(row: object) {
    const record = row as Record<string, unknown>;
    for (const column of this.columns) this.buffer.push(record[column] ?? null);
    this.added();
  }
  /** A row given as its values in the table's column order. */
  addValues(values: readonly unknown[]) {
    for (const value of values) this.buffer.push(value);
    this.added();
  }
  private added() {
    this.count += 1;
    if (++this.buffered === BATCH_ROWS) this.flush();
  }
  flush() {
    if (this.buffered === BATCH_ROWS) {
      this.batch.run(this.buffer);
    } else {
      const width = this.columns.length;
      for (let i = 0; i < this.buffered; i++) {
        this.single.run(this.buffer.slice(i * width, (i + 1) * width));
      }
    }
    this.buffer.length = 0;
    this.buffered = 0;
  }
}

const S = '\u0001';

/**
 * Rollup rows held per day until the generator has moved past that day, summed by the
 * spec's key columns but the day (joined with \u0001 into one string key). The rows come
 * from the functions of server/records/rollups.ts, the same ones the Kysely writers use.
 */
class DayCounter<Row extends { day: string }> {
  private readonly byDay = new Map<string, Map<string, number[]>>();
  private readonly dayIndex: number;
  private readonly keyColumns: readonly (keyof Row & string)[];
  constructor(readonly spec: RollupSpec<Row>) {
    this.dayIndex = spec.key.indexOf('day' as keyof Row & string);
    this.keyColumns = spec.key.filter((column) => column !== 'day');
  }
  add(row: Row) {
    let bucket = this.byDay.get(row.day);
    if (!bucket) {
      bucket = new Map();
      this.byDay.set(row.day, bucket);
    }
    let key = '';
    for (let i = 0; i < this.keyColumns.length; i++) {
      key += (i === 0 ? '' : S) + String(row[this.keyColumns[i]]);
    }
    const sums = this.spec.sums;
    const current = bucket.get(key);
    if (current === undefined) {
      bucket.set(
        key,
        sums.map((column) => row[column] as number),
      );
    } else {
      for (let i = 0; i < sums.length; i++) current[i] += row[sums[i]] as number;
    }
  }
  /** Rows (column values in table order) of the days before `day`; all when undefined. */
  *drainBefore(day: string | undefined): Generator<unknown[]> {
    for (const [bucketDay, bucket] of this.byDay) {
      if (day !== undefined && bucketDay >= day) continue;
      for (const [key, sums] of bucket) {
        const values: unknown[] = key.split(S);
        values.splice(this.dayIndex, 0, bucketDay);
        for (const sum of sums) values.push(sum);
        yield values;
      }
      this.byDay.delete(bucketDay);
    }
  }
}

export interface BulkSinkOptions {
  /**
   * Trade durability for speed (the scale seed): no fsync while loading. The write-ahead
   * log stays on, so a killed process still leaves a consistent database (the records
   * seed state then says the load is to be redone, issue 9 item 9); only a power cut or
   * an operating-system crash could lose or damage what was written.
   */
  fast?: boolean;
  /** Rows per transaction. */
  rowsPerTransaction?: number;
}

/**
 * The bulk write path (README "Reporting engine"): prepared better-sqlite3 statements
 * inserting BATCH_ROWS rows each, committed every `rowsPerTransaction` rows, with the
 * rollups counted in the same pass (held per day, written once the generator has moved
 * past the day). The secondary indexes of empty record tables are built once at the end,
 * and foreign-key checks are off while it runs (the generator only makes rows that point
 * at rows it made or read).
 */
export class BulkRecordSink implements RecordSink {
  private readonly writers = new Map<Table, TableWriter>();
  // One day counter per entry of ROLLUPS, fed with the rows of pipelineRollupRows,
  // contactRollupRows, callRollupRow, appointmentRollupRow, paymentRollupRow,
  // outboundTaskRollupRow and callbackRollupRow (server/records/rollups.ts), the
  // functions the Kysely write path uses. A payment's paid day and a task's due day may be
  // later than the generator's day: their rows are held until then (or the end).
  private readonly counters = new Map<RollupTable, DayCounter<RollupRow>>(
    ROLLUPS.map((spec) => [spec.table, new DayCounter(spec)]),
  );
  private pending = 0;
  private open = false;
  private readonly rowsPerTransaction: number;
  private readonly saved: {
    foreignKeys: number;
    synchronous: number;
    cacheSize: number;
  };
  /** CREATE INDEX statements dropped for the bulk load, recreated by close(). */
  private readonly deferredIndexes: string[] = [];

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly options: BulkSinkOptions = {},
  ) {
    this.rowsPerTransaction = options.rowsPerTransaction ?? 500_000;
    this.saved = {
      foreignKeys: sqlite.pragma('foreign_keys', { simple: true }) as number,
      synchronous: sqlite.pragma('synchronous', { simple: true }) as number,
      cacheSize: sqlite.pragma('cache_size', { simple: true }) as number,
    };
    sqlite.pragma('foreign_keys = OFF');
    sqlite.pragma('cache_size = -262144');
    // journal_mode = OFF (the old fast mode) made a killed load a corrupt database.
    if (options.fast) sqlite.pragma('synchronous = OFF');
    for (const table of Object.keys(COLUMNS) as Table[]) {
      const rollup = ROLLUPS.find((spec) => spec.table === table);
      this.writers.set(table, new TableWriter(sqlite, table, rollup));
    }
    this.begin();
    // Inside the first transaction: a load killed before its first commit keeps its indexes
    // (and one killed later gets them back from the startup check, server/db/integrity.ts).
    this.deferIndexes();
  }

  /**
   * Into empty record tables, rows load several times faster without their secondary
   * indexes: drop them now, build each once in close() (a sort instead of a million
   * random B-tree inserts). Unique constraints stay (the rollup upserts need them).
   */
  private deferIndexes() {
    const tables = DEFERRED_INDEX_TABLES.filter(
      (table) => this.sqlite.prepare(`SELECT 1 FROM ${table} LIMIT 1`).get() === undefined,
    );
    if (tables.length === 0) return;
    const indexes = this.sqlite
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${tables
          .map(() => '?')
          .join(', ')})`,
      )
      .all(...tables) as { name: string; sql: string }[];
    for (const index of indexes) {
      this.deferredIndexes.push(index.sql);
      this.sqlite.exec(`DROP INDEX ${index.name}`);
    }
  }

  /** Rebuilds the dropped indexes and puts the settings back, whatever else failed. */
  private restore() {
    try {
      for (const create of this.deferredIndexes.splice(0)) {
        this.sqlite.exec(create.replace(/^CREATE INDEX /i, 'CREATE INDEX IF NOT EXISTS '));
      }
    } finally {
      this.sqlite.pragma(`foreign_keys = ${this.saved.foreignKeys ? 'ON' : 'OFF'}`);
      this.sqlite.pragma(`cache_size = ${this.saved.cacheSize}`);
      if (this.options.fast) this.sqlite.pragma(`synchronous = ${this.saved.synchronous}`);
    }
  }

  private begin() {
    this.sqlite.exec('BEGIN');
    this.open = true;
  }

  private write(table: Table, row: object) {
    this.writers.get(table)!.add(row);
    this.countPending();
  }

  private countPending() {
    if (++this.pending >= this.rowsPerTransaction) {
      for (const writer of this.writers.values()) writer.flush();
      this.sqlite.exec('COMMIT');
      this.pending = 0;
      this.begin();
    }
  }

  objection(row: ObjectionRow) {
    this.write('objections', row);
  }
  contact(row: ContactRow) {
    this.write('contacts', row);
    for (const rollup of contactRollupRows(row)) this.counter('contacts_daily').add(rollup);
  }
  event(row: EventRow) {
    this.write('pipeline_events', row);
    const rollups = pipelineRollupRows(row);
    for (const spec of PIPELINE_ROLLUPS) {
      const counter = this.counter(spec.table);
      for (const rollup of rollups[spec.table]) counter.add(rollup);
    }
  }
  appointment(row: AppointmentRow) {
    this.write('appointments', row);
    this.counter('appointments_daily').add(appointmentRollupRow(row));
  }
  call(row: CallRow) {
    this.write('calls', row);
    this.counter('calls_daily').add(callRollupRow(row));
  }
  callback(row: CallbackRow) {
    this.write('callbacks', row);
    this.counter('callbacks_daily').add(callbackRollupRow(row));
  }
  outboundTask(row: OutboundTaskRow) {
    this.write('outbound_tasks', row);
    this.counter('outbound_tasks_daily').add(outboundTaskRollupRow(row));
  }
  paymentPlan(row: PaymentPlanRow) {
    this.write('payment_plans', row);
  }
  payment(row: PaymentRow) {
    this.write('payments', row);
    const rollup = paymentRollupRow(row);
    if (rollup) this.counter('payments_daily').add(rollup);
  }
  bankBalance(row: BankBalanceRow) {
    this.write('bank_balances', row);
  }
  marketingSpend(row: MarketingSpendRow) {
    this.write('marketing_spend', row);
  }

  private counter(table: RollupTable): DayCounter<RollupRow> {
    return this.counters.get(table)!;
  }

  private flushRollups(before: string | undefined) {
    for (const counter of this.counters.values()) this.flushCounter(counter, before);
  }

  private flushCounter<Row extends { day: string }>(
    counter: DayCounter<Row>,
    before: string | undefined,
  ) {
    const writer = this.writers.get(counter.spec.table)!;
    for (const values of counter.drainBefore(before)) {
      writer.addValues(values);
      this.countPending();
    }
  }

  advanceTo(_workspaceId: string, day: string) {
    this.flushRollups(day);
  }

  finishWorkspace(_workspaceId: string) {
    this.flushRollups(undefined);
  }

  /** Commits, builds the deferred indexes, restores the settings; answers rows per table. */
  close(): Record<string, number> {
    try {
      this.flushRollups(undefined);
      for (const writer of this.writers.values()) writer.flush();
      if (this.open) this.sqlite.exec('COMMIT');
      this.open = false;
    } catch (error) {
      this.abort();
      throw error;
    }
    this.restore();
    const counts: Record<string, number> = {};
    for (const writer of this.writers.values()) {
      if (writer.count > 0) counts[writer.table] = writer.count;
    }
    return counts;
  }

  /** Rolls back the open transaction (rows committed before stay) and restores settings. */
  abort(): void {
    try {
      if (this.open && this.sqlite.inTransaction) this.sqlite.exec('ROLLBACK');
    } finally {
      this.open = false;
      this.restore();
    }
  }
}
