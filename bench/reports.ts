import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RawBuilder, sql } from 'kysely';
import { PIPELINE_STAGES } from '@/shared/contracts/reports/pipeline-stages';
import { dayInTimezone } from '@/shared/domain/workspace-day';
import { type Db, engineOf, migrateToLatest, openDatabase } from '../server/db/database';
import { addDays } from '../server/records/workspace-days';
import { cashFlow } from '../server/reports/cash-flow';
import { quickBooksCashFlow } from '../server/reports/quickbooks-cash-flow';
import { dateScope, loadLookupSet } from '../server/reports/report-scope';
import { DEMO_PASSWORD } from '../server/seed/demo-accounts';
import { hasReportingRecords, seedDemoRecords } from '../server/seed/demo-records';
import { hasData, seedDemoData } from '../server/seed/demo-seed';
import { percentile, ratio, summary } from './stats';

/**
 * `npm run bench:reports` (issue #17; a benchmark, never a timed test).
 *
 * Every report call of spec dashboards 7 (and our two contact-list calls), each without
 * filters and with each filter it takes (office, sub case type, campaign, agent), over the
 * last 365 days, as owner@lakeside.test (80% of the contacts), over real HTTP to the real
 * server in a process of its own: median and p95 of BENCH_CALLS calls after 2 warm-ups.
 * Beside each, "raw SQL": the report's core numbers computed by one aggregate over the
 * record tables (no rollups), through the same engine (Kysely `sql`, median of 3), and
 * the ratio HTTP median / raw median. Last, each server's peak RSS (VmHWM).
 *
 * QuickBooks (issue #33: "the cache, not the vendor, serves the reports"): the workspace's
 * payments, plans and balances copied into the QuickBooks tables (copyToQuickBooks), then
 * the Cash Flow report over the seeded tables (cashFlow) and over the copy
 * (quickBooksCashFlow) called directly in this process on the same database, alternately,
 * median and p95 of BENCH_CALLS calls each after 2 warm-ups, their ratio, and whether the two
 * answers agree (they must: the copy says the same as the seeded tables).
 *
 * Engines: SQLite in BENCH_DATA_DIR (default bench-data/) always; PostgreSQL at
 * DATABASE_URL when it is set, side by side. Each is seeded with BENCH_CONTACTS contacts
 * (default 1,000,000) when it has no records yet, else reused.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA_DIR = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(root, 'bench-data'));
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 20);
/** Only the rows whose name contains one of these (e.g. BENCH_ONLY=pclc,roi). */
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean);
/** Only these engines (e.g. BENCH_ENGINES=postgres); default every one available. */
const ENGINE_NAMES = process.env.BENCH_ENGINES?.split(',').filter(Boolean);
const WARMUP = 2;
/** Raw aggregates take seconds each at 1M contacts: a second run only under a second. */
const RAW_RUNS = Number(process.env.BENCH_RAW_RUNS ?? 3);
const WORKSPACE = 'ws_lakeside';
const RANGE_DAYS = 365;

interface Engine {
  name: 'sqlite' | 'postgres';
  url?: string;
}

const ENGINES: Engine[] = [
  { name: 'sqlite' as const },
  ...(DATABASE_URL ? [{ name: 'postgres' as const, url: DATABASE_URL }] : []),
].filter((engine) => !ENGINE_NAMES || ENGINE_NAMES.includes(engine.name));

const openEngine = (engine: Engine): Db => openDatabase({ dataDir: DATA_DIR, url: engine.url });

async function prepareData(engine: Engine): Promise<void> {
  const db = openEngine(engine);
  try {
    await migrateToLatest(db);
    const now = new Date();
    if (!(await hasData(db))) await seedDemoData(db, now);
    if (await hasReportingRecords(db)) {
      const row = await db
        .selectFrom('contacts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      console.log(`${engine.name}: reusing ${Number(row.n).toLocaleString('en-US')} contacts.`);
      return;
    }
    console.log(`${engine.name}: seeding ${CONTACTS.toLocaleString('en-US')} contacts...`);
    const started = Date.now();
    await seedDemoRecords(db, now, { contacts: CONTACTS, log: (line) => console.log(line) });
    console.log(`${engine.name}: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await db.destroy();
  }
}

/** The report server in a process of its own (bench/report-server.ts). */
async function startServer(engine: Engine): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench', 'report-server.ts')],
    {
      cwd: root,
      env: { ...process.env, BENCH_DATA_DIR: DATA_DIR, BENCH_DATABASE_URL: engine.url ?? '' },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LISTENING (\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`report server exited with ${code}`)));
  });
  return { url, child };
}

/** Peak resident set of a process (Linux), in MB. */
function peakRssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status);
    return kb ? Number(kb[1]) / 1024 : null;
  } catch {
    return null;
  }
}

const median = (xs: number[]) => percentile(xs, 50);

type Filter = 'none' | 'office' | 'subCaseType' | 'campaign' | 'agent';
const ALL_FILTERS: readonly Filter[] = ['none', 'office', 'subCaseType', 'campaign', 'agent'];

interface Picks {
  today: string;
  startDate: string;
  office: string;
  subCaseType: string;
  campaign: string;
  agent: string;
  consultant: string;
  hidden: string[];
}

interface Row {
  name: string;
  filter: Filter;
  method: 'GET' | 'POST';
  path: string;
  /** Query or body (GET lists are repeated keys). */
  input: Record<string, unknown>;
  raw: RawBuilder<unknown>;
  /** Sign in as the system user (system/reports/pclc). */
  system?: boolean;
}

/** The report input of a filter (the report filters' names). */
function filterInput(filter: Filter, p: Picks): Record<string, unknown> {
  switch (filter) {
    case 'none':
      return {};
    case 'office':
      return { offices: [p.office] };
    case 'subCaseType':
      return { subCaseTypes: [p.subCaseType] };
    case 'campaign':
      return { campaigns: [p.campaign] };
    case 'agent':
      return { agents: [p.agent] };
  }
}

/** The same filter on a record table that carries the contact's attribution. */
function filterSql(filter: Filter, p: Picks, alias = ''): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  switch (filter) {
    case 'none':
      return sql``;
    case 'office':
      return sql`AND ${column('office_id')} = ${p.office}`;
    case 'subCaseType':
      return sql`AND ${column('sub_case_type_key')} = ${p.subCaseType}`;
    case 'campaign':
      return sql`AND ${column('campaign_id')} = ${p.campaign}`;
    case 'agent':
      return sql`AND ${column('agent_id')} = ${p.agent}`;
  }
}

/** Every report call: the rows of the table. */
function benchRows(p: Picks): Row[] {
  const q = benchQueries(p);
  const rows = [
    ...pipelineRows(p, q),
    ...callRows(p, q),
    ...rankingRows(p, q),
    ...peopleRows(p, q),
  ];
  return ONLY ? rows.filter((row) => ONLY.some((part) => row.name.includes(part))) : rows;
}

type BenchQueries = ReturnType<typeof benchQueries>;

/** The raw queries the rows are compared with, over the picks' range and hidden sources. */
function benchQueries(p: Picks) {
  const ws = WORKSPACE;
  const range = { startDate: p.startDate, endDate: p.today };
  const stages = sql.join(PIPELINE_STAGES.map((stage) => sql.lit(stage)));
  const notHidden = (alias = '') => {
    const column = sql.ref(alias ? `${alias}.lead_source_id` : 'lead_source_id');
    return p.hidden.length > 0
      ? sql`AND (${column} IS NULL OR ${column} NOT IN (${sql.join(p.hidden)}))`
      : sql``;
  };
  const inRange = (column = 'day') => sql`${sql.ref(column)} BETWEEN ${p.startDate} AND ${p.today}`;
  // The funnel's transitions by stage (and a group), from the records.
  const funnel = (f: Filter, group?: string, day = 'day') =>
    sql`SELECT stage, ${group ? sql`${sql.ref(group)},` : sql``} COUNT(*) AS n FROM pipeline_events
      WHERE workspace_id = ${ws} AND stage IN (${stages}) AND ${inRange(day)} ${notHidden()}
      ${filterSql(f, p)} GROUP BY stage ${group ? sql`, ${sql.ref(group)}` : sql``}`;
  const callsByAgent = (f: Filter, extra = sql``) =>
    sql`SELECT agent_id, direction, COUNT(*) AS n, SUM(connected) AS c FROM calls
      WHERE workspace_id = ${ws} AND ${inRange()} AND agent_id IS NOT NULL ${notHidden()}
      ${f === 'agent' ? sql`AND agent_id = ${p.agent}` : sql``} ${extra}
      GROUP BY agent_id, direction`;
  const contactList = (f: Filter, stage: string, day = 'day') =>
    sql`SELECT c.id, c.first_name, c.last_name, c.lead_source_id, c.campaign_id
      FROM pipeline_events t JOIN contacts c ON c.id = t.contact_id
      WHERE t.workspace_id = ${ws} AND t.stage = ${stage} AND ${inRange(`t.${day}`)}
      ${notHidden('t')} ${filterSql(f, p, 't')}
      ORDER BY c.first_name, c.last_name, c.id LIMIT 1000`;
  return { range, stages, notHidden, ws, inRange, funnel, callsByAgent, contactList };
}

/** Rows and the step that adds one per filter. */
function collector() {
  const rows: Row[] = [];
  const each = (filters: readonly Filter[], make: (f: Filter) => Omit<Row, 'filter'>): void => {
    for (const f of filters) rows.push({ ...make(f), filter: f });
  };
  return { rows, each };
}

/** The funnel, its contacts and the pipeline totals. */
function pipelineRows(p: Picks, q: BenchQueries): Row[] {
  const { range, stages, notHidden, ws, inRange, funnel, contactList } = q;
  const { rows, each } = collector();
  const full = ALL_FILTERS;
  each(full, (f) => ({
    name: 'pclc',
    method: 'POST',
    path: 'pclc',
    input: { ...range, ...filterInput(f, p) },
    raw: funnel(f),
  }));
  each(full, (f) => ({
    name: 'pclc (conversion)',
    method: 'POST',
    path: 'pclc',
    input: { ...range, type: 'intakePCLC', ...filterInput(f, p) },
    raw: funnel(f, undefined, 'entered_day'),
  }));
  each(full, (f) => ({
    name: 'pclc/contacts LEADS',
    method: 'POST',
    path: 'pclc/contacts',
    input: { ...range, stat: 'LEADS', ...filterInput(f, p) },
    raw: contactList(f, 'new_lead'),
  }));
  each(full, (f) => ({
    name: 'conversion',
    method: 'POST',
    path: 'conversion',
    input: { ...range, type: 'intakePCLC', contactsLimit: 1000, ...filterInput(f, p) },
    raw: contactList(f, 'show', 'entered_day'),
  }));
  each(full, (f) => ({
    name: 'pclc-by-leadsource',
    method: 'GET',
    path: 'pclc-by-leadsource',
    input: { ...range, ...filterInput(f, p) },
    raw: funnel(f, 'lead_source_id'),
  }));
  each(full, (f) => ({
    name: 'total-pipeline',
    method: 'GET',
    path: 'total-pipeline',
    input: { ...range, ...filterInput(f, p) },
    raw: sql`SELECT status, COUNT(*) AS n FROM contacts WHERE workspace_id = ${ws}
      AND ${inRange('entered_day')} ${notHidden()} ${filterSql(f, p)} GROUP BY status`,
  }));
  each(full, (f) => ({
    name: 'leadsByLeadSource',
    method: 'GET',
    path: 'leadsByLeadSource',
    input: { ...range, ...filterInput(f, p) },
    raw: sql`SELECT lead_source_id, COUNT(*) AS n FROM pipeline_events WHERE workspace_id = ${ws}
      AND stage = 'new_lead' AND ${inRange()} ${notHidden()} ${filterSql(f, p)}
      GROUP BY lead_source_id`,
  }));
  each(['none', 'office', 'subCaseType', 'campaign'], (f) => {
    const input = filterInput(f, p);
    return {
      name: 'trends (year)',
      method: 'POST',
      path: 'trends',
      input: { timeFrame: 'year', ...input },
      raw: sql`SELECT day, stage, COUNT(*) AS n FROM pipeline_events WHERE workspace_id = ${ws}
        AND stage IN (${stages}) AND day BETWEEN ${`${p.today.slice(0, 4)}-01-01`} AND ${p.today}
        ${notHidden()} ${filterSql(f, p)} GROUP BY day, stage`,
    };
  });
  return rows;
}

/** Calls and outbound tasks: compliance, inbound and outbound, communications. */
function callRows(p: Picks, q: BenchQueries): Row[] {
  const { range, notHidden, ws, inRange, funnel, callsByAgent } = q;
  const { rows, each } = collector();
  const full = ALL_FILTERS;
  each(full, (f) => ({
    name: 'ctm-call-compliance',
    method: 'GET',
    path: 'ctm-call-compliance',
    input: { ...range, ...filterInput(f, p) },
    raw: callsByAgent(f),
  }));
  each(full, (f) => ({
    name: 'ctm-call-compliance-by-agent',
    method: 'GET',
    path: 'ctm-call-compliance-by-agent',
    input: { ...range, ...filterInput(f, p) },
    raw: callsByAgent(f),
  }));
  each(['none', 'agent'], (f) => ({
    name: 'compliance',
    method: 'POST',
    path: 'compliance',
    input: { ...range, ...(f === 'agent' ? { agent: p.agent } : {}) },
    raw: sql`SELECT agent_id, kind, COUNT(*) AS due, COUNT(made_day) AS made FROM outbound_tasks
      WHERE workspace_id = ${ws} AND ${inRange('due_day')}
      ${f === 'agent' ? sql`AND agent_id = ${p.agent}` : sql``} GROUP BY agent_id, kind`,
  }));
  each(['none', 'office'], (f) => ({
    name: 'staff-compliance',
    method: 'GET',
    path: 'staff-compliance',
    input: { ...range, ...(f === 'office' ? { offices: [p.office] } : {}) },
    raw: callsByAgent('none'),
  }));
  for (const direction of ['inbound', 'outbound'] as const) {
    each(['none'], () => ({
      name: direction,
      method: 'POST',
      path: direction,
      input: range,
      raw: callsByAgent('none', sql`AND direction = ${direction} AND category = 'sales'`),
    }));
  }
  each(full, (f) => ({
    name: 'cid/salesperformance',
    method: 'POST',
    path: 'cid/salesperformance',
    input: { ...range, ...filterInput(f, p) },
    raw: funnel(f, 'consultant_id'),
  }));
  each(full, (f) => ({
    name: 'cid/communications',
    method: 'POST',
    path: 'cid/communications',
    input: { ...range, ...filterInput(f, p) },
    raw: sql`SELECT direction, category, COUNT(*) AS n, SUM(missed) AS m, SUM(abandoned) AS a,
      SUM(wait_seconds) AS w FROM calls WHERE workspace_id = ${ws} AND ${inRange()} ${notHidden()}
      ${f === 'agent' ? sql`AND agent_id = ${p.agent}` : sql``} GROUP BY direction, category`,
  }));
  return rows;
}

/** Return on spend, rankings, marketing intelligence and objections. */
function rankingRows(p: Picks, q: BenchQueries): Row[] {
  const { range, notHidden, ws, inRange, funnel } = q;
  const { rows, each } = collector();
  const full = ALL_FILTERS;
  each(full, (f) => ({
    name: 'roi',
    method: 'POST',
    path: 'roi',
    input: { ...range, ...filterInput(f, p) },
    raw: funnel(f, 'lead_source_id'),
  }));
  each(['none'], () => ({
    name: 'quickbooks',
    method: 'GET',
    path: 'quickbooks',
    input: range,
    raw: sql`SELECT status, COUNT(*) AS n, SUM(amount_paid_cents) AS paid FROM payments
      WHERE workspace_id = ${ws} AND ${inRange('due_day')} GROUP BY status`,
  }));
  each(['none'], () => ({
    name: 'leadsource-ranking-v2 (12 months)',
    method: 'POST',
    path: 'leadsource-ranking-v2',
    input: { months: 12 },
    raw: funnel('none', 'lead_source_id'),
  }));
  each(['none'], () => ({
    name: 'leadsource-ranking',
    method: 'POST',
    path: 'leadsource-ranking',
    input: range,
    raw: funnel('none', 'lead_source_id'),
  }));
  each(['none'], () => ({
    name: 'marketing-intelligence (12 months)',
    method: 'GET',
    path: 'marketing-intelligence',
    input: { months: '12', practiceArea: '1' },
    raw: funnel('none', 'lead_source_id'),
  }));
  each(['none'], () => ({
    name: 'marketing-intelligence/overview',
    method: 'GET',
    path: 'marketing-intelligence/overview',
    input: { practiceArea: '1' },
    raw: funnel('none', 'case_type_key'),
  }));
  for (const by of ['objection', 'agent', 'leadSource'] as const) {
    const column =
      by === 'objection' ? 'objection_id' : by === 'agent' ? 'agent_id' : 'lead_source_id';
    each(['none'], () => ({
      name: `objections by ${by}`,
      method: 'GET',
      path: 'objections',
      input: { ...range, by, order: 'desc' },
      raw: sql`SELECT ${sql.ref(column)}, COUNT(*) AS n FROM pipeline_events WHERE workspace_id = ${ws}
        AND stage IN ('unqualified_at_lead', 'unqualified_at_appt', 'no_hire') AND ${inRange()}
        AND objection_id IS NOT NULL ${notHidden()} GROUP BY ${sql.ref(column)}`,
    }));
  }
  return rows;
}

/** Appointments, people and the system report. */
function peopleRows(p: Picks, q: BenchQueries): Row[] {
  const { range, stages, notHidden, ws, inRange, funnel } = q;
  const { rows, each } = collector();
  each(['none'], () => ({
    name: 'noShows',
    method: 'GET',
    path: 'noShows',
    input: range,
    raw: sql`SELECT a.status, COUNT(*) AS n FROM appointments a JOIN contacts c ON c.id = a.contact_id
      WHERE a.workspace_id = ${ws} AND ${inRange('a.scheduled_day')}
      AND a.status IN ('showed', 'no_show') ${notHidden('c')} GROUP BY a.status`,
  }));
  each(['none'], () => ({
    name: 'people/agents',
    method: 'GET',
    path: 'people/agents',
    input: {},
    raw: sql`SELECT id, name FROM agents WHERE workspace_id = ${ws} ORDER BY name`,
  }));
  each(['none'], () => ({
    name: 'relationships/agents',
    method: 'GET',
    path: 'relationships/agents',
    input: { include: 'person' },
    raw: sql`SELECT agent_id, COUNT(*) AS n FROM outbound_tasks WHERE workspace_id = ${ws}
      AND kind = 'relationship' GROUP BY agent_id`,
  }));
  each(['none'], () => ({
    name: 'people/team',
    method: 'POST',
    path: 'people/team',
    input: { ...range, inactiveUsers: true },
    raw: funnel('none', 'agent_id'),
  }));
  each(['none'], () => ({
    name: 'people/consultants',
    method: 'POST',
    path: 'people/consultants',
    input: { ...range, inactiveUsers: true },
    raw: funnel('none', 'consultant_id'),
  }));
  each(['agent'], (f) => ({
    name: 'people/agent',
    method: 'POST',
    path: 'people/agent',
    input: { ...range, agent: p.agent },
    raw: funnel(f, 'day'),
  }));
  each(['none'], () => ({
    name: 'system/reports/pclc',
    method: 'GET',
    path: '/api/system/reports/pclc',
    input: range,
    system: true,
    raw: sql`SELECT workspace_id, stage, COUNT(*) AS n FROM pipeline_events
      WHERE stage IN (${stages}) AND ${inRange()} GROUP BY workspace_id, stage`,
  }));
  return rows;
}

/** The filter values: the first office, sub case type, campaign and agent of Lakeside. */
async function pick(db: Db): Promise<Picks> {
  const ws = await db
    .selectFrom('workspaces')
    .select('timezone')
    .where('id', '=', WORKSPACE)
    .executeTakeFirstOrThrow();
  const today = dayInTimezone(new Date(), ws.timezone);
  const first = async (query: RawBuilder<{ id: string }>) => {
    const row = (await query.execute(db)).rows[0];
    if (!row) throw new Error('The benchmark database has no lookups: delete it and reseed.');
    return row.id;
  };
  const hidden = (
    await db
      .selectFrom('lead_sources')
      .select('id')
      .where('workspace_id', '=', WORKSPACE)
      .where('label', 'like', '%Test%')
      .execute()
  ).map((r) => r.id);
  return {
    today,
    startDate: addDays(today, -(RANGE_DAYS - 1)),
    office: await first(
      sql`SELECT id FROM offices WHERE workspace_id = ${WORKSPACE} ORDER BY id LIMIT 1`,
    ),
    subCaseType: await first(
      sql`SELECT key AS id FROM case_types WHERE workspace_id = ${WORKSPACE}
        AND parent_key IS NOT NULL ORDER BY key LIMIT 1`,
    ),
    campaign: await first(
      sql`SELECT c.id FROM campaigns c JOIN lead_sources s ON s.id = c.lead_source_id
        WHERE c.workspace_id = ${WORKSPACE} AND c.active = 1 AND s.label NOT LIKE '%Test%'
        ORDER BY c.id LIMIT 1`,
    ),
    agent: await first(
      sql`SELECT id FROM agents WHERE workspace_id = ${WORKSPACE} AND active = 1
        ORDER BY id LIMIT 1`,
    ),
    consultant: await first(
      sql`SELECT id FROM consultants WHERE workspace_id = ${WORKSPACE} ORDER BY id LIMIT 1`,
    ),
    hidden,
  };
}

interface Measured {
  median: number;
  p95: number;
  raw: number;
}

/** The QuickBooks copy's tables (migration 0033). */
const QBO_TABLES = [
  'qbo_customers',
  'qbo_invoices',
  'qbo_payment_lines',
  'qbo_plans',
  'qbo_balances',
] as const;

/**
 * The workspace's Cash Flow records as a QuickBooks copy of the same size (the mapping of
 * shared/domain/quickbooks-cash-flow.ts): a payment is an invoice due on its day of its
 * amount, still owing what was not paid; what was paid is one payment line on the day it
 * was paid; a plan is a recurring template every 30 days (the seed's step) from its first
 * to its last due day; a bank account's balances keep their days, the account naming its
 * kind. Replaces the workspace's copy (and analyzes it on PostgreSQL); answers how many
 * invoices it holds.
 */
async function copyToQuickBooks(db: Db): Promise<number> {
  const ws = WORKSPACE;
  await db.transaction().execute(async (tx) => {
    for (const table of QBO_TABLES) {
      await tx.deleteFrom(table).where('workspace_id', '=', ws).execute();
    }
    await sql`INSERT INTO qbo_customers (workspace_id, id, name, email, phone)
      SELECT workspace_id, id, first_name || ' ' || last_name, NULL, NULL FROM contacts
      WHERE workspace_id = ${ws}
        AND id IN (SELECT contact_id FROM payment_plans WHERE workspace_id = ${ws})`.execute(tx);
    await sql`INSERT INTO qbo_invoices (workspace_id, id, customer_id, doc_number, txn_day,
        due_day, total_cents, balance_cents, plan_id)
      SELECT workspace_id, id, contact_id, NULL, due_day, due_day, amount_due_cents,
        amount_due_cents - amount_paid_cents, plan_id FROM payments
      WHERE workspace_id = ${ws}`.execute(tx);
    await sql`INSERT INTO qbo_payment_lines (workspace_id, payment_id, line, invoice_id,
        customer_id, txn_day, amount_cents)
      SELECT workspace_id, id, 1, id, contact_id, paid_day, amount_paid_cents FROM payments
      WHERE workspace_id = ${ws} AND amount_paid_cents > 0 AND paid_day IS NOT NULL`.execute(tx);
    await sql`INSERT INTO qbo_plans (workspace_id, id, name, customer_id, active, interval_type,
        num_interval, start_day, end_day, next_day, amount_cents)
      SELECT workspace_id, id, id, contact_id, 1, 'Daily', 30, first_due_day, last_due_day,
        NULL, installment_cents FROM payment_plans
      WHERE workspace_id = ${ws}`.execute(tx);
    await sql`INSERT INTO qbo_balances (workspace_id, account_id, day, name, kind, balance_cents)
      SELECT workspace_id, account, day, account, account, balance_cents FROM bank_balances
      WHERE workspace_id = ${ws}`.execute(tx);
  });
  // As after the records' bulk load (server/seed/postgres-record-load.ts): a fresh copy
  // has no statistics for the planner yet.
  if (engineOf(db) === 'postgres') {
    for (const table of QBO_TABLES) await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(db);
  }
  const row = await db
    .selectFrom('qbo_invoices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', ws)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

interface CopyMeasured {
  seeded: number[];
  copy: number[];
  /** 'same' or the figures on which the two answers differ. */
  answers: string;
}

const QUICKBOOKS_COPY = !ONLY || ONLY.some((part) => 'quickbooks copy'.includes(part));

/** cashFlow over the seeded tables against quickBooksCashFlow over their copy. */
async function benchQuickBooksCopy(db: Db, picks: Picks, engineName: string) {
  const started = performance.now();
  const invoices = await copyToQuickBooks(db);
  console.log(
    `  ${engineName} quickbooks copy: ${invoices.toLocaleString('en-US')} invoices copied in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const workspace = await loadLookupSet(db, WORKSPACE);
  const scope = dateScope(
    workspace,
    { startDate: picks.startDate, endDate: picks.today },
    new Date(),
  );
  const seededAnswer = await cashFlow(db, scope);
  const copyAnswer = await quickBooksCashFlow(db, scope);
  const differing = (Object.keys(seededAnswer) as (keyof typeof seededAnswer)[]).filter(
    (key) => JSON.stringify(seededAnswer[key]) !== JSON.stringify(copyAnswer[key]),
  );
  const measured: CopyMeasured = {
    seeded: [],
    copy: [],
    answers: differing.length === 0 ? 'same' : `differ: ${differing.join(', ')}`,
  };
  const timed = async (call: () => Promise<unknown>) => {
    const at = performance.now();
    await call();
    return performance.now() - at;
  };
  for (let i = 0; i < WARMUP + CALLS; i++) {
    const seeded = await timed(() => cashFlow(db, scope));
    const copy = await timed(() => quickBooksCashFlow(db, scope));
    if (i < WARMUP) continue;
    measured.seeded.push(seeded);
    measured.copy.push(copy);
  }
  console.log(
    `  ${engineName} quickbooks copy: cashFlow ${summary(measured.seeded)}; quickBooksCashFlow ${summary(measured.copy)} (${ratio(measured.copy, measured.seeded)}); answers ${measured.answers}`,
  );
  return measured;
}

async function signIn(url: string, username: string): Promise<string> {
  const answer = await fetch(`${url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (answer.status !== 200) throw new Error(`sign-in ${username}: ${answer.status}`);
  return ((await answer.json()) as { data: { attributes: { AccessToken: string } } }).data
    .attributes.AccessToken;
}

function requestOf(url: string, row: Row, token: string): () => Promise<Response> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const target = row.path.startsWith('/')
    ? `${url}${row.path}`
    : `${url}/api/workspaces/${WORKSPACE}/reports/${row.path}`;
  if (row.method === 'POST') {
    const body = JSON.stringify(row.input);
    return () => fetch(target, { method: 'POST', headers, body });
  }
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(row.input)) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item));
  }
  return () => fetch(`${target}?${query}`, { headers });
}

/**
 * people/agent from 0001-01-01, refused with a 400 (tests/server/request-bounds.test.ts
 * checks the answer): how long the refusal takes, and /api/health asked beside it against
 * /api/health alone, CALLS times each; printed, never asserted (issue #31 item 8).
 */
async function benchRefusedRange(url: string, token: string, picks: Picks, engineName: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const body = JSON.stringify({
    startDate: '0001-01-01',
    endDate: picks.today,
    agent: picks.agent,
  });
  const timed = async (call: () => Promise<Response>, status: number) => {
    const started = performance.now();
    const answer = await call();
    const text = await answer.text();
    if (answer.status !== status) throw new Error(`${answer.status} ${text.slice(0, 300)}`);
    return performance.now() - started;
  };
  const refused = () =>
    fetch(`${url}/api/workspaces/${WORKSPACE}/reports/people/agent`, {
      method: 'POST',
      headers,
      body,
    });
  const health = () => fetch(`${url}/api/health`);
  const refusals: number[] = [];
  const healthBeside: number[] = [];
  const healthAlone: number[] = [];
  for (let i = 0; i < WARMUP + CALLS; i++) {
    const alone = await timed(health, 200);
    const [refusal, beside] = await Promise.all([timed(refused, 400), timed(health, 200)]);
    if (i < WARMUP) continue;
    healthAlone.push(alone);
    refusals.push(refusal);
    healthBeside.push(beside);
  }
  console.log(
    `  ${engineName} people/agent from 0001-01-01 (400): ${summary(refusals)}; /api/health beside it ${summary(healthBeside)}, alone ${summary(healthAlone)} (${ratio(healthBeside, healthAlone)})`,
  );
}

interface EngineRun {
  results: Map<string, Measured>;
  rows: Row[];
  peakMb: number | null;
  quickBooks: CopyMeasured | null;
}

async function benchEngine(engine: Engine): Promise<EngineRun> {
  await prepareData(engine);
  const db = openEngine(engine);
  const { url, child } = await startServer(engine);
  const results = new Map<string, Measured>();
  let rows: Row[] = [];
  try {
    const picks = await pick(db);
    rows = benchRows(picks);
    const owner = await signIn(url, 'owner@lakeside.test');
    const system = await signIn(url, 'system@intake.test');
    console.log(
      `${engine.name}: ${rows.length} rows, ${RANGE_DAYS} days to ${picks.today}; office ${picks.office}, sub case type ${picks.subCaseType}, campaign ${picks.campaign}, agent ${picks.agent}`,
    );
    for (const row of rows) {
      const call = requestOf(url, row, row.system ? system : owner);
      for (let i = 0; i < WARMUP; i++) {
        const answer = await call();
        const text = await answer.text();
        if (answer.status !== 200) {
          throw new Error(`${row.name} (${row.filter}): ${answer.status} ${text.slice(0, 300)}`);
        }
      }
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const started = performance.now();
        const answer = await call();
        await answer.arrayBuffer();
        times.push(performance.now() - started);
      }
      const rawTimes: number[] = [];
      for (let i = 0; i < RAW_RUNS; i++) {
        const started = performance.now();
        await row.raw.execute(db);
        rawTimes.push(performance.now() - started);
        if (rawTimes[0] > 1000) break;
      }
      const measured = {
        median: median(times),
        p95: percentile(times, 95),
        raw: rawTimes.length > 0 ? median(rawTimes) : NaN,
      };
      results.set(`${row.name}|${row.filter}`, measured);
      console.log(
        `  ${engine.name} ${row.name} [${row.filter}]: median ${measured.median.toFixed(1)} ms, p95 ${measured.p95.toFixed(1)} ms, raw ${measured.raw.toFixed(1)} ms`,
      );
    }
    const quickBooks = QUICKBOOKS_COPY ? await benchQuickBooksCopy(db, picks, engine.name) : null;
    await benchRefusedRange(url, owner, picks, engine.name);
    return { results, rows, peakMb: peakRssMb(child.pid!), quickBooks };
  } finally {
    child.stdin!.end();
    await new Promise((resolve) => {
      if (child.exitCode !== null) resolve(null);
      else child.once('exit', resolve);
    });
    await db.destroy();
  }
}

/** A Markdown table: the first `textColumns` cells padded right, the others left. */
function printTable(header: string[], table: string[][], textColumns: number): void {
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < textColumns ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(`\n${line(header)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const cells of table) console.log(line(cells));
}

/** The Cash Flow report over the seeded tables and over their QuickBooks copy, per engine. */
function printQuickBooksCopy(measured: { engine: Engine; quickBooks: CopyMeasured | null }[]) {
  const runs = measured.filter((m) => m.quickBooks !== null);
  if (runs.length === 0) return;
  printTable(
    [
      'engine',
      'cashFlow median ms',
      'cashFlow p95 ms',
      'quickBooksCashFlow median ms',
      'quickBooksCashFlow p95 ms',
      'ratio',
      'answers',
    ],
    runs.map(({ engine, quickBooks: q }) => [
      engine.name,
      percentile(q!.seeded, 50).toFixed(1),
      percentile(q!.seeded, 95).toFixed(1),
      percentile(q!.copy, 50).toFixed(1),
      percentile(q!.copy, 95).toFixed(1),
      (percentile(q!.copy, 50) / Math.max(percentile(q!.seeded, 50), 0.001)).toFixed(2),
      q!.answers,
    ]),
    1,
  );
  console.log(
    `\nQuickBooks copy (issue #33): ${CALLS} calls each after ${WARMUP} warm-ups, called directly in the benchmark's process (not over HTTP), alternately, ${RANGE_DAYS} days; cashFlow over the seeded payments, quickBooksCashFlow over their copy in the qbo_* tables; ratio = quickBooksCashFlow median / cashFlow median.`,
  );
}

async function main(): Promise<void> {
  const measured: (Omit<EngineRun, 'rows'> & { engine: Engine })[] = [];
  let rows: Row[] = [];
  for (const engine of ENGINES) {
    // One engine failing (a seed that cannot finish, a server that does not start) still
    // prints the other's table.
    try {
      const { rows: engineRows, ...run } = await benchEngine(engine);
      measured.push({ engine, ...run });
      rows = engineRows;
    } catch (error) {
      console.error(`${engine.name}: benchmark failed:`, error);
    }
  }
  if (measured.length === 0) throw new Error('No engine could be measured.');

  const header = ['report', 'filter'];
  for (const { engine } of measured) {
    header.push(
      `${engine.name} median ms`,
      `${engine.name} p95 ms`,
      `${engine.name} raw ms`,
      `${engine.name} ratio`,
    );
  }
  const table = rows.map((row) => {
    const cells = [row.name, row.filter];
    for (const { results } of measured) {
      const m = results.get(`${row.name}|${row.filter}`);
      cells.push(
        m ? m.median.toFixed(1) : '-',
        m ? m.p95.toFixed(1) : '-',
        m && !Number.isNaN(m.raw) ? m.raw.toFixed(1) : '-',
        m && !Number.isNaN(m.raw) ? (m.median / Math.max(m.raw, 0.001)).toFixed(2) : '-',
      );
    }
    return cells;
  });
  printTable(header, table, 2);
  console.log(
    `\n${CALLS} calls per row after ${WARMUP} warm-up calls, over HTTP to the server in its own process, ${RANGE_DAYS} days; raw = one aggregate over the record tables without rollups, through the same engine (median of ${RAW_RUNS}); ratio = HTTP median / raw median.`,
  );
  printQuickBooksCopy(measured);
  for (const { engine, results, peakMb } of measured) {
    const worst = [...results.entries()].sort((a, b) => b[1].p95 - a[1].p95)[0];
    console.log(
      `${engine.name}: server peak RSS ${peakMb === null ? 'unknown' : `${peakMb.toFixed(0)} MB`}; slowest p95 ${worst ? `${worst[1].p95.toFixed(1)} ms (${worst[0].replace('|', ' ')})` : '-'}; rows over 300 ms p95: ${[...results.values()].filter((m) => m.p95 >= 300).length}.`,
    );
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('Benchmark failed:', error);
    process.exit(1);
  },
);
