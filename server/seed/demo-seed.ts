import type { Insertable } from 'kysely';
import { hashPassword, PASSWORD_COST, type ScryptCost } from '../auth/passwords';
import type { Db } from '../db/database';
import { readMeta, writeMeta } from '../db/meta';
import type { FoundationDatabase } from '../db/schema';
import {
  storedGoalsSchema,
  storedProcessesSchema,
  storedSettingsSchema,
  storedVendorsSchema,
} from '../repositories/workspace-repository';
import { writeJson } from '../repositories/json-column';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount, demoAccountSlug } from './demo-accounts';
import {
  DEMO_COACHING_CATEGORIES,
  DEMO_WORKSPACES,
  type DemoWorkspace,
  FIRST_NAMES,
  LAST_NAMES,
} from './demo-workspaces';
import { seedDemoCallFlowsIfMissing } from './call-flows/demo-call-flows';
import { seedDemoRecordsIfMissing } from './demo-records';
import { seedDemoCoachingIfMissing } from './demo-coaching';
import { seedDemoSchedulingIfMissing } from './demo-scheduling';
import { seedDemoTrackingNumbersIfMissing } from './demo-tracking-numbers';
import { seedDemoUsersParametersIfMissing } from './demo-users-parameters';
import { seedDemoAsyncErrorsIfMissing } from './demo-async-errors';
import { mulberry32, type Random } from './random';

/** The fixed seed of the demo data (ARCHITECTURE.md: deterministic demo seed). */
export const DEMO_RANDOM_SEED = 20_240_601;
/** meta key written when the seed ran; its presence means "never seed again". */
export const SEED_META_KEY = 'demo_seed';

type Rows = { [T in keyof FoundationDatabase]: Insertable<FoundationDatabase[T]>[] };
/** Every row of the demo, users still without their password hash. */
export type DemoRows = Omit<Rows, 'users'> & {
  users: Omit<Insertable<FoundationDatabase['users']>, 'password_hash'>[];
};

export type SeedSummary = { [T in keyof FoundationDatabase]?: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');
const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Builds every demo row in memory. Pure apart from the clock it is given: the same `now`
 * gives the same rows (dates are relative to it, so the demo always looks recent).
 * Password hashes are added later because scrypt salts are random on purpose.
 */
export function buildDemoRows(now: Date): DemoRows {
  const b: DemoBuild = {
    random: mulberry32(DEMO_RANDOM_SEED),
    now,
    usedNames: new Set(DEMO_ACCOUNTS.map((a) => `${a.firstName} ${a.lastName}`)),
    rows: emptyRows(),
  };
  for (const ws of DEMO_WORKSPACES) addWorkspace(b, ws);
  const system = DEMO_ACCOUNTS.find((a) => a.role === 'system');
  if (system) addAccount(b, system, 'America/Chicago', null);
  return b.rows;
}

/** What the steps of buildDemoRows share: the one random sequence, the clock, the rows. */
interface DemoBuild {
  random: Random;
  now: Date;
  /** Full names given so far: every drawn person is someone new. */
  usedNames: Set<string>;
  rows: DemoRows;
}

function emptyRows(): DemoRows {
  return {
    meta: [],
    workspaces: [],
    persons: [],
    users: [],
    authorizations: [],
    refresh_tokens: [],
    agents: [],
    consultants: [],
    lead_sources: [],
    campaigns: [],
    offices: [],
    practice_areas: [],
    case_types: [],
    ctm_users: [],
    crm_users: [],
    coaching_categories: DEMO_COACHING_CATEGORIES.map((name, i) => ({
      id: `cc_${pad(i + 1)}`,
      name,
      sort_order: i,
    })),
  };
}

const daysAgo = ({ random, now }: DemoBuild, min: number, max: number) =>
  new Date(now.getTime() - random.int(min, max) * DAY_MS).toISOString();

function freshName({ random, usedNames }: DemoBuild): [string, string] {
  for (;;) {
    const name: [string, string] = [random.pick(FIRST_NAMES), random.pick(LAST_NAMES)];
    const full = name.join(' ');
    if (!usedNames.has(full)) {
      usedNames.add(full);
      return name;
    }
  }
}

function addAccount(
  b: DemoBuild,
  account: DemoAccount,
  timezone: string,
  calendarType: string | null,
): string {
  const { rows } = b;
  const slug = demoAccountSlug(account.username);
  const personId = `per_${slug}`;
  const createdAt = daysAgo(b, 200, 700);
  rows.persons.push({
    id: personId,
    workspace_id: account.workspaceId,
    first_name: account.firstName,
    last_name: account.lastName,
    email: account.username,
    created_at: createdAt,
  });
  rows.users.push({
    id: `usr_${slug}`,
    username: account.username,
    email: account.username,
    picture: null,
    language: 'en',
    timezone,
    calendar_type: calendarType,
    cs_account_id: account.workspaceId
      ? `CS-${account.workspaceId.slice(3).toUpperCase()}-001`
      : null,
    person_id: personId,
    created_at: createdAt,
  });
  rows.authorizations.push({
    id: `auth_${slug}`,
    user_id: `usr_${slug}`,
    workspace_id: account.workspaceId,
    role: account.role,
    status: account.status,
    created_at: createdAt,
  });
  return personId;
}

function addWorkspace(b: DemoBuild, ws: DemoWorkspace): void {
  const createdAt = daysAgo(b, 700, 900);
  addWorkspaceLookups(b.rows, ws, createdAt);
  addLeadSources(b, ws);
  addWorkspacePeople(b, ws);
}

/** The workspace row, its practice areas, case types and offices (no draws). */
function addWorkspaceLookups(rows: DemoRows, ws: DemoWorkspace, createdAt: string): void {
  rows.workspaces.push({
    id: ws.id,
    name: ws.name,
    timezone: ws.timezone,
    edition: ws.edition,
    is_zoho: ws.isZoho ? 1 : 0,
    settings: writeJson(storedSettingsSchema, ws.settings),
    vendors: writeJson(storedVendorsSchema, ws.vendors),
    processes: writeJson(storedProcessesSchema, ws.processes),
    goals: writeJson(storedGoalsSchema, ws.goals),
    created_at: createdAt,
  });
  ws.practiceAreas.forEach(([name, parent], i) =>
    rows.practice_areas.push({
      id: `pa_${ws.slug}_${pad(i + 1)}`,
      workspace_id: ws.id,
      name,
      parent,
      sort_order: i,
    }),
  );
  ws.caseTypes.forEach(([key, label, parent], i) =>
    rows.case_types.push({
      id: `ct_${ws.slug}_${key}`,
      workspace_id: ws.id,
      key,
      label,
      parent_key: parent,
      sort_order: i,
    }),
  );
  ws.offices.forEach((office, i) =>
    rows.offices.push({
      id: `off_${ws.slug}_${pad(i + 1)}`,
      workspace_id: ws.id,
      key: slugify(office.name),
      label: office.name,
      name: office.name,
      timezone: office.timezone,
      created_at: createdAt,
    }),
  );
}

/** A CRM id in the workspace's CRM's shape. */
const crmId = ({ random }: DemoBuild, ws: DemoWorkspace) =>
  ws.crm === 'zoho' ? `4150868000${random.digits(9)}` : random.digits(5);

function addLeadSources(b: DemoBuild, ws: DemoWorkspace): void {
  const { rows, random: rnd } = b;
  ws.leadSources.forEach((src, i) => {
    const sourceId = `ls_${ws.slug}_${pad(i + 1)}`;
    const isTest = src.label.includes('Test');
    // Per-source weekly lead goals (spec: dashboards 3 Settings.leadGen) for the first two
    // sources always, for other active ones by chance; some have Settings without leadGen.
    let settings: string | null = null;
    if (src.active && !isTest && (i < 2 || rnd.chance(0.4))) {
      const leadsMin = rnd.int(5, 40);
      settings = JSON.stringify({ leadGen: { leadsMin, leadsMax: leadsMin + rnd.int(5, 20) } });
    } else if (rnd.chance(0.3)) {
      settings = JSON.stringify({ leadGen: null });
    }
    rows.lead_sources.push({
      id: sourceId,
      workspace_id: ws.id,
      key: slugify(src.label),
      label: src.label,
      medium: src.medium,
      active: src.active ? 1 : 0,
      settings,
      created_at: daysAgo(b, 100, 600),
    });
    const campaigns = isTest ? 1 : rnd.int(1, 3);
    const firstTheme = rnd.int(0, ws.campaignThemes.length - 1);
    for (let c = 0; c < campaigns; c++) {
      const theme = ws.campaignThemes[(firstTheme + c) % ws.campaignThemes.length];
      rows.campaigns.push({
        id: `cmp_${ws.slug}_${pad(i + 1)}_${pad(c + 1)}`,
        workspace_id: ws.id,
        lead_source_id: sourceId,
        key: ws.crm ? crmId(b, ws) : `cmp-${ws.slug}-${pad(i + 1)}-${pad(c + 1)}`,
        label: `${src.label} - ${theme}`,
        medium: src.medium,
        active: src.active && (c === 0 || rnd.chance(0.7)) ? 1 : 0,
        created_at: daysAgo(b, 30, 400),
      });
    }
  });
}

/** One workspace's people being added: the build, the workspace and its counters. */
interface WorkspacePeople {
  b: DemoBuild;
  ws: DemoWorkspace;
  crmUsers: number;
  agents: number;
  consultants: number;
}

/** The workspace's accounts, then its extra agents and consultants. */
function addWorkspacePeople(b: DemoBuild, ws: DemoWorkspace): void {
  const p: WorkspacePeople = { b, ws, crmUsers: 0, agents: 0, consultants: 0 };
  const calendarType = ws.crm === 'zoho' ? 'google' : ws.crm === 'ifs' ? 'outlook' : null;
  for (const account of DEMO_ACCOUNTS.filter((a) => a.workspaceId === ws.id)) {
    const personId = addAccount(b, account, ws.timezone, calendarType);
    const { firstName: first, lastName: last } = account;
    if (account.agent) {
      const active = account.status === 'active';
      addAgent(p, personId, first, last, account.agent.ctmLinked, true, active);
    } else if (account.consultant) {
      addConsultant(p, personId, first, last);
    } else {
      addCrmUser(p, first, last);
    }
  }
  for (let i = 0; i < ws.extraAgents; i++) {
    const [first, last] = freshName(b);
    const personId = addPerson(p, first, last);
    // Most agents are linked to their call-tracking and CRM users; a few are not, so
    // the "not linked" warnings of spec session 6/8 have something to show.
    const isLast = i === ws.extraAgents - 1;
    const rnd = b.random;
    addAgent(p, personId, first, last, i < 2 || rnd.chance(0.6), i < 2 || rnd.chance(0.8), !isLast);
  }
  // A call-tracking user that no agent is linked to (a shared front-desk line).
  if (ws.settings.ctm) addCtmUser(p, 'Front', 'Desk');
  for (let i = 0; i < ws.extraConsultants; i++) {
    const [first, last] = freshName(b);
    addConsultant(p, addPerson(p, first, last), first, last);
  }
}

const emailOf = (ws: DemoWorkspace, first: string, last: string) =>
  `${slugify(first)}.${slugify(last)}@${ws.slug}.test`;

function addCtmUser({ b, ws }: WorkspacePeople, first: string, last: string): string {
  const id = b.random.digits(6);
  b.rows.ctm_users.push({
    id,
    workspace_id: ws.id,
    uid: b.random.digits(7),
    first_name: first,
    last_name: last,
    email: emailOf(ws, first, last),
  });
  return id;
}

/** The next CRM user (numbered even when the workspace has no CRM); its external id. */
function addCrmUser(p: WorkspacePeople, first: string, last: string): string | null {
  const { b, ws } = p;
  const n = ++p.crmUsers;
  if (!ws.crm) return null;
  const externalId = crmId(b, ws);
  b.rows.crm_users.push({
    id: `crm_${ws.slug}_${pad(n)}`,
    workspace_id: ws.id,
    provider: ws.crm,
    external_id: externalId,
    name: `${first} ${last}`,
    email: emailOf(ws, first, last),
  });
  return externalId;
}

function addAgent(
  p: WorkspacePeople,
  personId: string,
  first: string,
  last: string,
  linkCtm: boolean,
  linkCrm: boolean,
  active: boolean,
): void {
  const { b, ws } = p;
  p.agents += 1;
  const crmUserId = linkCrm ? addCrmUser(p, first, last) : null;
  b.rows.agents.push({
    id: `agt_${ws.slug}_${pad(p.agents)}`,
    workspace_id: ws.id,
    person_id: personId,
    name: `${first} ${last}`,
    ctm_user_id: ws.settings.ctm && linkCtm ? addCtmUser(p, first, last) : null,
    // Only Zoho users are linked on the agent (spec: session 6 "Agent not linked to Zoho User").
    zoho_user_id: ws.crm === 'zoho' ? crmUserId : null,
    active: active ? 1 : 0,
    created_at: daysAgo(b, 60, 500),
  });
}

function addPerson({ b, ws }: WorkspacePeople, first: string, last: string): string {
  const { rows } = b;
  const id = `per_${ws.slug}_${pad(rows.persons.filter((p) => p.workspace_id === ws.id).length + 1)}`;
  rows.persons.push({
    id,
    workspace_id: ws.id,
    first_name: first,
    last_name: last,
    email: emailOf(ws, first, last),
    created_at: daysAgo(b, 60, 500),
  });
  return id;
}

function addConsultant(p: WorkspacePeople, personId: string, first: string, last: string): void {
  const { b, ws } = p;
  p.consultants += 1;
  b.rows.consultants.push({
    id: `cns_${ws.slug}_${pad(p.consultants)}`,
    workspace_id: ws.id,
    person_id: personId,
    name: `${first} ${last}`,
    active: 1,
    created_at: daysAgo(b, 60, 500),
  });
}

/** True when the demo seed already ran, or someone put users in by other means. */
export async function hasData(db: Db): Promise<boolean> {
  if ((await readMeta(db, SEED_META_KEY)) !== null) return true;
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface DemoSeedOptions {
  /** scrypt cost of the demo password's hash; default PASSWORD_COST. */
  passwordCost?: ScryptCost;
}

/**
 * The demo password's hash, made once per process and cost: at N=2^17 one hash takes
 * about 0.4 s, and every test server seeds ten accounts (issue 9 item 10). The demo
 * accounts therefore share one salt — acceptable for demo data only, whose password is
 * published anyway; real accounts get their own salt from hashPassword.
 */
const demoHashes = new Map<string, Promise<string>>();
function demoPasswordHash(cost: ScryptCost): Promise<string> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let hash = demoHashes.get(key);
  if (!hash) {
    hash = hashPassword(DEMO_PASSWORD, cost);
    hash.catch(() => demoHashes.delete(key));
    demoHashes.set(key, hash);
  }
  return hash;
}

/** Seeds the demo data in one transaction; the caller checks hasData first. */
export async function seedDemoData(
  db: Db,
  now: Date,
  options: DemoSeedOptions = {},
): Promise<SeedSummary> {
  const built = buildDemoRows(now);
  const passwordHash = await demoPasswordHash(options.passwordCost ?? PASSWORD_COST);
  const users = built.users.map((user) => ({ ...user, password_hash: passwordHash }));
  const rows: Rows = { ...built, users };
  // Insertion order follows the foreign keys.
  const order: (keyof FoundationDatabase)[] = [
    'workspaces',
    'persons',
    'users',
    'authorizations',
    'lead_sources',
    'campaigns',
    'offices',
    'practice_areas',
    'case_types',
    'ctm_users',
    'crm_users',
    'agents',
    'consultants',
    'coaching_categories',
  ];
  const summary: SeedSummary = {};
  await db.transaction().execute(async (trx) => {
    for (const table of order) {
      const values = rows[table];
      if (values.length === 0) continue;
      // One table's rows at a time; the cast pairs each table name with its own row type.
      await trx
        .insertInto(table)
        .values(values as never)
        .execute();
      summary[table] = values.length;
    }
    await writeMeta(
      trx,
      SEED_META_KEY,
      JSON.stringify({ seed: DEMO_RANDOM_SEED, seededAt: now.toISOString() }),
    );
  });
  return summary;
}

/**
 * Seeds only an empty database: data is never replaced on restart. The reporting records
 * (server/seed/demo-records.ts) are seeded once too, also into a database made before
 * they existed.
 */
export async function seedIfEmpty(
  db: Db,
  now: Date,
  options: DemoSeedOptions = {},
): Promise<SeedSummary | null> {
  const summary = (await hasData(db)) ? null : await seedDemoData(db, now, options);
  await seedDemoRecordsIfMissing(db, now);
  await seedDemoCallFlowsIfMissing(db, now);
  await seedDemoTrackingNumbersIfMissing(db, now);
  await seedDemoUsersParametersIfMissing(db, now);
  await seedDemoAsyncErrorsIfMissing(db, now);
  await seedDemoSchedulingIfMissing(db, now);
  await seedDemoCoachingIfMissing(db, now);
  return summary;
}
