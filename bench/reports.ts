import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type SQLite from 'better-sqlite3';
import { PIPELINE_STAGES } from '@/shared/contracts/reports/pipeline-stages';
import { buildServer } from '../server/app';
import { migrateToLatest, openDatabase, sqliteHandle } from '../server/db/database';
import { addDays } from '../server/records/workspace-days';
import { dayInTimezone } from '@/shared/domain/workspace-day';
import { DEMO_PASSWORD } from '../server/seed/demo-accounts';
import { hasReportingRecords, seedDemoRecords } from '../server/seed/demo-records';
import { hasData, seedDemoData } from '../server/seed/demo-seed';
import { percentile } from './stats';

/**
 * `npm run bench:reports` (issue #3 Speed; a benchmark, never a timed test).
 *
 * Seeds (or reuses) a database of BENCH_CONTACTS contacts (default 1,000,000) in
 * bench-data/, starts the real server in this process on an ephemeral port, signs in as
 * owner@lakeside.test (Lakeside holds 80% of the contacts), and times 20 calls of each
 * report over real HTTP for a 30-day and a 365-day range: median and p95. For each it
 * also times the same numbers computed by a raw SQL aggregate over the record tables (no
 * rollups), and prints HTTP median / raw median. Last, the process's peak RSS.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA_DIR = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(root, 'bench-data'));
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const CALLS = 20;
const WARMUP = 2;
const RAW_RUNS = 5;
const WORKSPACE = 'ws_lakeside';

async function prepareData(): Promise<void> {
  const db = openDatabase(DATA_DIR);
  try {
    await migrateToLatest(db);
    const now = new Date();
    if (!(await hasData(db))) await seedDemoData(db, now);
    if (await hasReportingRecords(db)) {
      const row = await db
        .selectFrom('contacts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      console.log(`Reusing ${DATA_DIR}: ${Number(row.n).toLocaleString('en-US')} contacts.`);
      if (Number(row.n) < CONTACTS) {
        console.log(
          `  (fewer than ${CONTACTS.toLocaleString('en-US')}: delete ${DATA_DIR} to reseed)`,
        );
      }
      return;
    }
    console.log(`Seeding ${CONTACTS.toLocaleString('en-US')} contacts into ${DATA_DIR}...`);
    const started = Date.now();
    await seedDemoRecords(db, now, { contacts: CONTACTS, log: (line) => console.log(line) });
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await db.destroy();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

interface Bench {
  name: string;
  range: '30 days' | '365 days';
  call: () => Promise<Response>;
  raw: () => void;
}

async function main(): Promise<void> {
  if (!existsSync(DATA_DIR)) console.log(`${DATA_DIR} does not exist yet.`);
  await prepareData();

  const server = await buildServer({ dataDir: DATA_DIR, logLevel: 'silent', seedDemoData: false });
  const { url } = await server.listen(0, '127.0.0.1');
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  try {
    const signIn = await fetch(`${url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner@lakeside.test', password: DEMO_PASSWORD }),
    });
    const token = ((await signIn.json()) as { data: { attributes: { AccessToken: string } } }).data
      .attributes.AccessToken;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const base = `${url}/api/workspaces/${WORKSPACE}/reports`;
    const post = (p: string, body: unknown) => () =>
      fetch(`${base}/${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const get = (p: string, query: Record<string, string>) => () =>
      fetch(`${base}/${p}?${new URLSearchParams(query)}`, { headers });

    const sqlite: SQLite.Database = sqliteHandle(server.db);
    const hidden = (
      sqlite
        .prepare(`SELECT id FROM lead_sources WHERE workspace_id = ? AND label LIKE '%Test%'`)
        .all(WORKSPACE) as { id: string }[]
    ).map((r) => r.id);
    const notHidden = `(lead_source_id IS NULL OR lead_source_id NOT IN (${hidden.map(() => '?').join(', ') || "''"}))`;
    // The stage list lets SQLite use the (workspace_id, stage, day) index of the records.
    const stages = `stage IN (${PIPELINE_STAGES.map((stage) => `'${stage}'`).join(', ')})`;
    const rawPclc = sqlite.prepare(
      `SELECT stage, COUNT(*) AS n FROM pipeline_events WHERE workspace_id = ? AND ${stages} AND day BETWEEN ? AND ? AND ${notHidden} GROUP BY stage`,
    );
    const rawLeads = sqlite.prepare(
      `SELECT lead_source_id, COUNT(*) AS n FROM pipeline_events WHERE workspace_id = ? AND stage = 'new_lead' AND day BETWEEN ? AND ? AND ${notHidden} GROUP BY lead_source_id`,
    );
    const rawCompliance = sqlite.prepare(
      `SELECT agent_id, direction, COUNT(*) AS n, SUM(connected) AS c FROM calls WHERE workspace_id = ? AND day BETWEEN ? AND ? AND agent_id IS NOT NULL AND ${notHidden} GROUP BY agent_id, direction`,
    );
    const rawTrends = [
      sqlite.prepare(
        `SELECT day, stage, COUNT(*) AS n FROM pipeline_events WHERE workspace_id = ? AND ${stages} AND day BETWEEN ? AND ? AND ${notHidden} GROUP BY day, stage`,
      ),
      sqlite.prepare(
        `SELECT entered_day, stage, COUNT(*) AS n FROM pipeline_events WHERE workspace_id = ? AND ${stages} AND entered_day BETWEEN ? AND ? AND ${notHidden} GROUP BY entered_day, stage`,
      ),
    ];
    const rawSales = [
      sqlite.prepare(
        `SELECT consultant_id, stage, COUNT(*) AS n FROM pipeline_events WHERE workspace_id = ? AND stage IN ('show', 'hire') AND day BETWEEN ? AND ? AND ${notHidden} GROUP BY consultant_id, stage`,
      ),
      sqlite.prepare(
        `SELECT agent_id, COUNT(*) AS n, SUM(answered) AS a FROM calls WHERE workspace_id = ? AND direction = 'outbound' AND category = 'sales' AND day BETWEEN ? AND ? AND agent_id IS NOT NULL AND ${notHidden} GROUP BY agent_id`,
      ),
      sqlite.prepare(
        `SELECT agent_id, COUNT(*) AS n FROM pipeline_events WHERE workspace_id = ? AND stage = 'set' AND channel = 'outbound' AND day BETWEEN ? AND ? AND ${notHidden} GROUP BY agent_id`,
      ),
      sqlite.prepare(
        `SELECT COUNT(*) AS n, SUM(CASE WHEN a.status = 'cancelled' THEN 0 ELSE 1 END) AS f FROM appointments a JOIN contacts c ON c.id = a.contact_id WHERE a.workspace_id = ? AND a.scheduled_day BETWEEN ? AND ? AND (c.lead_source_id IS NULL OR c.lead_source_id NOT IN (${hidden.map(() => '?').join(', ') || "''"}))`,
      ),
      rawPclc,
    ];

    const timezone = (
      sqlite.prepare('SELECT timezone FROM workspaces WHERE id = ?').get(WORKSPACE) as {
        timezone: string;
      }
    ).timezone;
    const today = dayInTimezone(new Date(), timezone);
    const ranges = {
      '30 days': { startDate: addDays(today, -29), endDate: today },
      '365 days': { startDate: addDays(today, -364), endDate: today },
    } as const;
    const yearStart = `${today.slice(0, 4)}-01-01`;
    const monthStart = `${today.slice(0, 7)}-01`;

    const benches: Bench[] = [];
    for (const range of ['30 days', '365 days'] as const) {
      const r = ranges[range];
      const args = [WORKSPACE, r.startDate, r.endDate, ...hidden];
      benches.push(
        { name: 'pclc', range, call: post('pclc', r), raw: () => rawPclc.all(...args) },
        {
          name: 'leadsByLeadSource',
          range,
          call: get('leadsByLeadSource', r),
          raw: () => rawLeads.all(...args),
        },
        {
          name: 'ctm-call-compliance-by-agent',
          range,
          call: get('ctm-call-compliance-by-agent', r),
          raw: () => rawCompliance.all(...args),
        },
        {
          // Trends takes a time frame, not dates: month for the short row, year for the long.
          name: range === '30 days' ? 'trends (month)' : 'trends (year)',
          range,
          call: post('trends', { timeFrame: range === '30 days' ? 'month' : 'year' }),
          raw: () => {
            const from = range === '30 days' ? monthStart : yearStart;
            for (const q of rawTrends) q.all(WORKSPACE, from, today, ...hidden);
          },
        },
        {
          name: 'cid/salesperformance',
          range,
          call: post('cid/salesperformance', r),
          raw: () => {
            for (const q of rawSales) q.all(...args);
          },
        },
      );
    }

    const results: string[][] = [];
    for (const bench of benches) {
      for (let i = 0; i < WARMUP; i++) {
        const answer = await bench.call();
        if (answer.status !== 200)
          throw new Error(`${bench.name}: ${answer.status} ${await answer.text()}`);
        await answer.arrayBuffer();
      }
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const started = performance.now();
        const answer = await bench.call();
        await answer.arrayBuffer();
        times.push(performance.now() - started);
      }
      bench.raw();
      const rawTimes: number[] = [];
      for (let i = 0; i < RAW_RUNS; i++) {
        const started = performance.now();
        bench.raw();
        rawTimes.push(performance.now() - started);
      }
      const m = median(times);
      const raw = median(rawTimes);
      results.push([
        bench.name,
        bench.range,
        m.toFixed(1),
        percentile(times, 95).toFixed(1),
        raw.toFixed(1),
        (m / raw).toFixed(2),
      ]);
      console.log(`  ${bench.name} ${bench.range}: median ${m.toFixed(1)} ms`);
    }

    const header = ['report', 'range', 'median ms', 'p95 ms', 'raw SQL median ms', 'ratio'];
    const widths = header.map((h, i) => Math.max(h.length, ...results.map((r) => r[i].length)));
    const line = (cells: string[]) =>
      `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
    console.log(`\n${line(header)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
    for (const row of results) console.log(line(row));
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    console.log(
      `\n${CALLS} calls per row after ${WARMUP} warm-up calls, over HTTP to the in-process server; raw SQL = the same numbers from the record tables without rollups (median of ${RAW_RUNS}); ratio = HTTP median / raw SQL median.`,
    );
    console.log(
      `Peak RSS of this process (server and client): ${(peakRss / 1024 / 1024).toFixed(0)} MB.`,
    );
  } finally {
    clearInterval(sampler);
    await server.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('Benchmark failed:', error);
    process.exit(1);
  },
);
