import { hashPassword } from '@/server/auth/passwords';
import type { Db } from '@/server/db/database';
import {
  recordAppointments,
  recordBankBalances,
  recordCallbacks,
  recordCalls,
  recordContacts,
  recordMarketingSpend,
  recordObjections,
  recordOutboundTasks,
  recordPaymentPlans,
  recordTransitions,
  type NewCall,
  type NewContact,
  type NewTransition,
} from '@/server/records/record-writer';
import { writeJson } from '@/server/repositories/json-column';
import {
  storedGoalsSchema,
  storedProcessesSchema,
  storedSettingsSchema,
  storedVendorsSchema,
} from '@/server/repositories/workspace-repository';
import { DEMO_PASSWORD } from '@/server/seed/demo-accounts';
import { DEMO_WORKSPACES } from '@/server/seed/demo-workspaces';
import {
  startTestServer,
  TEST_PASSWORD_COST,
  type TestServer,
  type TestServerOptions,
} from '../helpers/test-server';

/**
 * A hand-built reporting fixture (issue #3: "a small hand-built fixture database whose
 * expected numbers are computed by hand in the test"). The clock is Friday 2026-03-20,
 * 13:00 in Chicago; the report range R is Monday 03-16 to Friday 03-20.
 *
 * Workspace ws_fix (Zoho, America/Chicago):
 *   lead sources  ls_a Alpha (weekly goal leadsMin 10 / leadsMax 20), ls_b Beta,
 *                 ls_test "Test Source" (hidden everywhere)
 *   campaigns     cmp_a1 (Alpha, active), cmp_a2 (Alpha, inactive), cmp_b1 (Beta, active),
 *                 cmp_t (Test)
 *   offices       off_1, off_2
 *   case types    bankruptcy > chapter-7, chapter-13 (ids ct_bk, ct_ch7, ct_ch13)
 *   agents        agt_1 Ada Agent, agt_2 Bo Agent; consultants cns_1 Cy Closer, cns_2 Di Doubt
 *
 * Contacts (day = Chicago day; c9's qualification and c4's set fall in R though they
 * entered before it):
 *   c1 Ana Able   Alpha cmp_a1 off_1 bankruptcy/chapter-7  agt_1  new 16, qualified 16,
 *                 set 17 (outbound), show 18 (cns_1), hire 18, filed 19
 *   c2 Ben Baker  Alpha cmp_a2 off_2 bankruptcy/chapter-13 agt_2  new 17, qualified 17,
 *                 set 17 (inbound), show 19 + unqualified at appointment 19 (cns_2)
 *   c3 Cal Cole   Beta  cmp_b1 off_1 (no case type)        agt_1  new 18, unqualified 18
 *   c4 Dee Dunn   Beta  -      off_1 bankruptcy             agt_2  new 03-10, qualified
 *                 03-10, set 16 (outbound), show 17 (cns_1), no hire 17
 *   c5 Eve Test   Test  cmp_t  off_1                        agt_1  new 17, qualified 17, set 17
 *   c6 Fay Fox    Alpha cmp_a1 off_2 bankruptcy             agt_1  new 03-15, qualified 03-15
 *   c7 Gus Gray   Beta  cmp_b1 off_1 (no case type)         agt_1  new 20, qualified 20
 *   c8 Hal Hunt   (no lead source, campaign, office, type)  -      new 19
 *   c9 Ivy Irwin  Beta  cmp_b1 off_2 bankruptcy             agt_2  new 03-13, qualified 16
 */
export const NOW = new Date('2026-03-20T18:00:00.000Z');
export const R = { startDate: '2026-03-16', endDate: '2026-03-20' } as const;
export const WS = 'ws_fix';
export const OTHER_WS = 'ws_other';

/** 10:00 Chicago (CDT, UTC-5) on a March 2026 day, plus minutes. */
export const at = (day: string, minutes = 0) =>
  new Date(Date.parse(`2026-03-${day}T15:00:00.000Z`) + minutes * 60_000).toISOString();

async function insertWorkspace(
  db: Db,
  id: string,
  name: string,
  settings: { quickBooks: boolean },
) {
  const demo = DEMO_WORKSPACES[0];
  await db
    .insertInto('workspaces')
    .values({
      id,
      name,
      timezone: 'America/Chicago',
      edition: 'enterprise',
      is_zoho: 1,
      settings: writeJson(storedSettingsSchema, demo.settings),
      vendors: writeJson(storedVendorsSchema, { ...demo.vendors, quickBooks: settings.quickBooks }),
      processes: writeJson(storedProcessesSchema, demo.processes),
      goals: writeJson(storedGoalsSchema, demo.goals),
      created_at: '2025-01-01T00:00:00.000Z',
    })
    .execute();
}

async function insertUser(db: Db, slug: string, role: string, workspaceId: string | null) {
  await db
    .insertInto('users')
    .values({
      id: `usr_${slug}`,
      username: `${slug}@fix.test`,
      email: `${slug}@fix.test`,
      password_hash: await hashPassword(DEMO_PASSWORD, TEST_PASSWORD_COST),
      picture: null,
      language: 'en',
      timezone: 'America/Chicago',
      calendar_type: null,
      cs_account_id: null,
      person_id: null,
      created_at: '2025-01-01T00:00:00.000Z',
    })
    .execute();
  await db
    .insertInto('authorizations')
    .values({
      id: `auth_${slug}`,
      user_id: `usr_${slug}`,
      workspace_id: workspaceId,
      role,
      status: 'active',
      created_at: '2025-01-01T00:00:00.000Z',
    })
    .execute();
}

async function insertLookups(db: Db) {
  const created_at = '2025-01-01T00:00:00.000Z';
  await db
    .insertInto('lead_sources')
    .values([
      {
        id: 'ls_a',
        workspace_id: WS,
        key: 'alpha',
        label: 'Alpha',
        medium: 'cpc',
        active: 1,
        settings: JSON.stringify({ leadGen: { leadsMin: 10, leadsMax: 20 } }),
        created_at,
      },
      {
        id: 'ls_b',
        workspace_id: WS,
        key: 'beta',
        label: 'Beta',
        medium: 'referral',
        active: 1,
        settings: null,
        created_at,
      },
      {
        id: 'ls_test',
        workspace_id: WS,
        key: 'test',
        label: 'Test Source',
        medium: null,
        active: 1,
        settings: null,
        created_at,
      },
    ])
    .execute();
  await db
    .insertInto('campaigns')
    .values([
      {
        id: 'cmp_a1',
        workspace_id: WS,
        lead_source_id: 'ls_a',
        key: 'a1',
        label: 'Alpha One',
        medium: 'cpc',
        active: 1,
        created_at,
      },
      {
        id: 'cmp_a2',
        workspace_id: WS,
        lead_source_id: 'ls_a',
        key: 'a2',
        label: 'Alpha Two',
        medium: 'cpc',
        active: 0,
        created_at,
      },
      {
        id: 'cmp_b1',
        workspace_id: WS,
        lead_source_id: 'ls_b',
        key: 'b1',
        label: 'Beta One',
        medium: 'referral',
        active: 1,
        created_at,
      },
      {
        id: 'cmp_t',
        workspace_id: WS,
        lead_source_id: 'ls_test',
        key: 't',
        label: 'Test One',
        medium: null,
        active: 1,
        created_at,
      },
    ])
    .execute();
  await db
    .insertInto('offices')
    .values([
      {
        id: 'off_1',
        workspace_id: WS,
        key: 'one',
        label: 'Office One',
        name: 'Office One',
        timezone: 'America/Chicago',
        created_at,
      },
      {
        id: 'off_2',
        workspace_id: WS,
        key: 'two',
        label: 'Office Two',
        name: 'Office Two',
        timezone: null,
        created_at,
      },
    ])
    .execute();
  await db
    .insertInto('case_types')
    .values([
      {
        id: 'ct_bk',
        workspace_id: WS,
        key: 'bankruptcy',
        label: 'Bankruptcy',
        parent_key: null,
        sort_order: 0,
      },
      {
        id: 'ct_ch7',
        workspace_id: WS,
        key: 'chapter-7',
        label: 'Chapter 7',
        parent_key: 'bankruptcy',
        sort_order: 1,
      },
      {
        id: 'ct_ch13',
        workspace_id: WS,
        key: 'chapter-13',
        label: 'Chapter 13',
        parent_key: 'bankruptcy',
        sort_order: 2,
      },
    ])
    .execute();
  await db
    .insertInto('practice_areas')
    .values([
      { id: 'pa_1', workspace_id: WS, name: 'Bankruptcy', parent: null, sort_order: 0 },
      { id: 'pa_2', workspace_id: WS, name: 'Chapter 7', parent: 'Bankruptcy', sort_order: 1 },
    ])
    .execute();
  await db
    .insertInto('agents')
    .values([
      {
        id: 'agt_1',
        workspace_id: WS,
        person_id: null,
        name: 'Ada Agent',
        ctm_user_id: null,
        zoho_user_id: null,
        active: 1,
        created_at,
      },
      {
        id: 'agt_2',
        workspace_id: WS,
        person_id: null,
        name: 'Bo Agent',
        ctm_user_id: null,
        zoho_user_id: null,
        active: 1,
        created_at,
      },
    ])
    .execute();
  await db
    .insertInto('consultants')
    .values([
      { id: 'cns_1', workspace_id: WS, person_id: null, name: 'Cy Closer', active: 1, created_at },
      { id: 'cns_2', workspace_id: WS, person_id: null, name: 'Di Doubt', active: 1, created_at },
    ])
    .execute();
}

function contact(
  id: string,
  name: string,
  day: string,
  fields: Partial<NewContact> = {},
): NewContact {
  const [firstName, lastName] = name.split(' ');
  return { id, workspaceId: WS, firstName, lastName, enteredPipelineAt: at(day), ...fields };
}

async function insertRecords(db: Db) {
  await recordObjections(db, [
    { id: 'obj_elig', workspace_id: WS, name: 'Does not qualify', type: 'eligibility' },
    { id: 'obj_price', workspace_id: WS, name: 'Fee too high', type: 'price' },
  ]);
  const alpha = { leadSourceId: 'ls_a' };
  const beta = { leadSourceId: 'ls_b' };
  await recordContacts(db, [
    contact('c1', 'Ana Able', '16', {
      ...alpha,
      campaignId: 'cmp_a1',
      officeId: 'off_1',
      caseTypeKey: 'bankruptcy',
      subCaseTypeKey: 'chapter-7',
      agentId: 'agt_1',
    }),
    contact('c2', 'Ben Baker', '17', {
      ...alpha,
      campaignId: 'cmp_a2',
      officeId: 'off_2',
      caseTypeKey: 'bankruptcy',
      subCaseTypeKey: 'chapter-13',
      agentId: 'agt_2',
    }),
    contact('c3', 'Cal Cole', '18', {
      ...beta,
      campaignId: 'cmp_b1',
      officeId: 'off_1',
      agentId: 'agt_1',
    }),
    contact('c4', 'Dee Dunn', '10', {
      ...beta,
      officeId: 'off_1',
      caseTypeKey: 'bankruptcy',
      agentId: 'agt_2',
    }),
    contact('c5', 'Eve Test', '17', {
      leadSourceId: 'ls_test',
      campaignId: 'cmp_t',
      officeId: 'off_1',
      agentId: 'agt_1',
    }),
    contact('c6', 'Fay Fox', '15', {
      ...alpha,
      campaignId: 'cmp_a1',
      officeId: 'off_2',
      caseTypeKey: 'bankruptcy',
      agentId: 'agt_1',
    }),
    contact('c7', 'Gus Gray', '20', {
      ...beta,
      campaignId: 'cmp_b1',
      officeId: 'off_1',
      agentId: 'agt_1',
    }),
    contact('c8', 'Hal Hunt', '19'),
    contact('c9', 'Ivy Irwin', '13', {
      ...beta,
      campaignId: 'cmp_b1',
      officeId: 'off_2',
      caseTypeKey: 'bankruptcy',
      agentId: 'agt_2',
    }),
  ]);
  const t = (
    contactId: string,
    stage: NewTransition['stage'],
    day: string,
    minutes: number,
    who: Partial<NewTransition> = {},
  ): NewTransition => ({ contactId, stage, occurredAt: at(day, minutes), ...who });
  await recordTransitions(db, [
    t('c1', 'qualified', '16', 10, { agentId: 'agt_1' }),
    t('c1', 'set', '17', 0, { agentId: 'agt_1', channel: 'outbound' }),
    t('c1', 'show', '18', 0, { agentId: 'agt_1', consultantId: 'cns_1' }),
    t('c1', 'hire', '18', 60, { agentId: 'agt_1', consultantId: 'cns_1' }),
    t('c1', 'filed', '19', 0, { agentId: 'agt_1', consultantId: 'cns_1' }),
    t('c2', 'qualified', '17', 10, { agentId: 'agt_2' }),
    t('c2', 'set', '17', 20, { agentId: 'agt_2', channel: 'inbound' }),
    t('c2', 'show', '19', 0, { agentId: 'agt_2', consultantId: 'cns_2' }),
    t('c2', 'unqualified_at_appt', '19', 0, {
      agentId: 'agt_2',
      consultantId: 'cns_2',
      objectionId: 'obj_elig',
    }),
    t('c3', 'unqualified_at_lead', '18', 15, { agentId: 'agt_1', objectionId: 'obj_elig' }),
    t('c4', 'qualified', '10', 10, { agentId: 'agt_2' }),
    t('c4', 'set', '16', 0, { agentId: 'agt_2', channel: 'outbound' }),
    t('c4', 'show', '17', 0, { agentId: 'agt_2', consultantId: 'cns_1' }),
    t('c4', 'no_hire', '17', 60, {
      agentId: 'agt_2',
      consultantId: 'cns_1',
      objectionId: 'obj_price',
    }),
    t('c5', 'qualified', '17', 10, { agentId: 'agt_1' }),
    t('c5', 'set', '17', 20, { agentId: 'agt_1', channel: 'outbound' }),
    t('c6', 'qualified', '15', 10, { agentId: 'agt_1' }),
    t('c7', 'qualified', '20', 10, { agentId: 'agt_1' }),
    t('c9', 'qualified', '16', 30, { agentId: 'agt_2' }),
  ]);

  const call = (
    callSid: string,
    day: string,
    fields: Partial<NewCall> & Pick<NewCall, 'direction' | 'category'>,
  ): NewCall => ({ workspaceId: WS, callSid, startedAt: at(day, 30), ...fields });
  const talk = { answered: true, connected: true };
  await recordCalls(db, [
    call('CA1', '16', {
      direction: 'inbound',
      category: 'sales',
      agentId: 'agt_1',
      contactId: 'c1',
      leadSourceId: 'ls_a',
      ...talk,
      waitSeconds: 10,
      durationSeconds: 300,
    }),
    call('CA2', '17', {
      direction: 'inbound',
      category: 'client',
      agentId: 'agt_1',
      missed: true,
      waitSeconds: 20,
    }),
    call('CA3', '17', {
      direction: 'outbound',
      category: 'sales',
      agentId: 'agt_1',
      contactId: 'c1',
      leadSourceId: 'ls_a',
      ...talk,
    }),
    call('CA4', '18', {
      direction: 'outbound',
      category: 'sales',
      agentId: 'agt_1',
      contactId: 'c3',
      leadSourceId: 'ls_b',
    }),
    call('CA5', '18', {
      direction: 'inbound',
      category: 'other',
      agentId: 'agt_2',
      ...talk,
      waitSeconds: 30,
    }),
    call('CA6', '19', {
      direction: 'outbound',
      category: 'sales',
      agentId: 'agt_2',
      contactId: 'c4',
      leadSourceId: 'ls_b',
      answered: true,
    }),
    call('CA7', '19', {
      direction: 'inbound',
      category: 'sales',
      abandoned: true,
      waitSeconds: 90,
    }),
    call('CA8', '10', {
      direction: 'inbound',
      category: 'sales',
      agentId: 'agt_1',
      ...talk,
      waitSeconds: 5,
    }),
    call('CA9', '17', {
      direction: 'outbound',
      category: 'sales',
      agentId: 'agt_1',
      contactId: 'c5',
      leadSourceId: 'ls_test',
      ...talk,
    }),
  ]);

  await recordOutboundTasks(db, [
    {
      workspaceId: WS,
      kind: 'relationship',
      dueDay: '2026-03-17',
      madeAt: at('17', 60),
      agentId: 'agt_1',
      contactId: 'c1',
    },
    {
      workspaceId: WS,
      kind: 'relationship',
      dueDay: '2026-03-19',
      agentId: 'agt_2',
      contactId: 'c4',
    },
    {
      workspaceId: WS,
      kind: 'relationship',
      dueDay: '2026-03-20',
      agentId: 'agt_1',
      contactId: 'c1',
    },
    {
      workspaceId: WS,
      kind: 'relationship',
      dueDay: '2026-03-25',
      agentId: 'agt_1',
      contactId: 'c1',
    },
    {
      workspaceId: WS,
      kind: 'relationship',
      dueDay: '2026-03-01',
      madeAt: at('02'),
      agentId: 'agt_1',
      contactId: 'c1',
    },
    {
      workspaceId: WS,
      kind: 'collection',
      dueDay: '2026-03-18',
      madeAt: at('18', 90),
      agentId: 'agt_2',
      contactId: 'c1',
    },
  ]);
  await recordCallbacks(db, [
    { workspaceId: WS, requestedAt: at('16', 5), returnedAt: at('16', 50), agentId: 'agt_1' },
    { workspaceId: WS, requestedAt: at('19', 5), agentId: 'agt_2' },
    { workspaceId: WS, requestedAt: at('12', 5), returnedAt: at('12', 45), agentId: 'agt_1' },
  ]);
  await recordAppointments(db, [
    {
      workspaceId: WS,
      contactId: 'c1',
      bookedAt: at('17'),
      scheduledAt: at('18'),
      status: 'showed',
      consultantId: 'cns_1',
    },
    {
      workspaceId: WS,
      contactId: 'c2',
      bookedAt: at('17'),
      scheduledAt: at('19'),
      status: 'showed',
      consultantId: 'cns_2',
    },
    {
      workspaceId: WS,
      contactId: 'c4',
      bookedAt: at('16'),
      scheduledAt: at('17'),
      status: 'showed',
      consultantId: 'cns_1',
    },
    {
      workspaceId: WS,
      contactId: 'c9',
      bookedAt: at('16'),
      scheduledAt: at('18', 120),
      status: 'no_show',
      consultantId: 'cns_2',
    },
    {
      workspaceId: WS,
      contactId: 'c6',
      bookedAt: at('16'),
      scheduledAt: at('19', 120),
      status: 'cancelled',
      consultantId: 'cns_2',
    },
    {
      workspaceId: WS,
      contactId: 'c7',
      bookedAt: at('20'),
      scheduledAt: at('21'),
      status: 'scheduled',
      consultantId: 'cns_1',
    },
  ]);
  await recordPaymentPlans(db, [
    {
      id: 'p1',
      workspaceId: WS,
      contactId: 'c1',
      createdAt: at('18', 60),
      installmentCents: 30_000,
      payments: [
        {
          id: 'p1a',
          dueDay: '2026-03-10',
          amountDueCents: 30_000,
          amountPaidCents: 30_000,
          paidDay: '2026-03-10',
          status: 'collected',
        },
        { id: 'p1b', dueDay: '2026-03-17', amountDueCents: 30_000, status: 'missed' },
        {
          id: 'p1c',
          dueDay: '2026-03-18',
          amountDueCents: 30_000,
          amountPaidCents: 10_000,
          paidDay: '2026-03-18',
          status: 'partial',
        },
        { id: 'p1d', dueDay: '2026-04-17', amountDueCents: 30_000, status: 'scheduled' },
      ],
    },
    {
      id: 'p2',
      workspaceId: WS,
      contactId: 'c4',
      createdAt: at('10'),
      installmentCents: 20_000,
      payments: [
        {
          id: 'p2a',
          dueDay: '2026-03-16',
          amountDueCents: 20_000,
          amountPaidCents: 20_000,
          paidDay: '2026-03-17',
          status: 'collected',
        },
        { id: 'p2b', dueDay: '2026-04-16', amountDueCents: 20_000, status: 'scheduled' },
      ],
    },
  ]);
  await recordBankBalances(db, [
    { workspace_id: WS, account: 'operating', day: '2026-03-15', balance_cents: 500_000 },
    { workspace_id: WS, account: 'operating', day: '2026-03-19', balance_cents: 600_000 },
    { workspace_id: WS, account: 'operating', day: '2026-03-20', balance_cents: 650_000 },
    { workspace_id: WS, account: 'profit', day: '2026-03-01', balance_cents: 100_000 },
  ]);
  await recordMarketingSpend(db, [
    { workspace_id: WS, lead_source_id: 'ls_a', month: '2026-03', amount_cents: 310_000 },
  ]);
}

export interface ReportFixture {
  t: TestServer;
  /** owner@fix.test (owner of ws_fix). */
  token: string;
  /** owner of ws_other, a workspace without records. */
  otherToken: string;
  systemToken: string;
  post(path: string, body: unknown, token?: string): Promise<{ status: number; body: unknown }>;
  get(
    path: string,
    query?: Record<string, string | string[]>,
    token?: string,
  ): Promise<{ status: number; body: unknown }>;
}

export async function startReportFixture(
  options: Omit<TestServerOptions, 'seedDemoData' | 'now'> = {},
): Promise<ReportFixture> {
  const t = await startTestServer({ ...options, seedDemoData: false, now: () => NOW });
  const { db } = t.server;
  await insertWorkspace(db, WS, 'Fixture Law', { quickBooks: true });
  await insertWorkspace(db, OTHER_WS, 'Other Law', { quickBooks: false });
  await insertUser(db, 'owner', 'owner', WS);
  await insertUser(db, 'other', 'owner', OTHER_WS);
  await insertUser(db, 'system', 'system', null);
  await insertLookups(db);
  await insertRecords(db);
  const [token, otherToken, systemToken] = await Promise.all(
    ['owner@fix.test', 'other@fix.test', 'system@fix.test'].map(
      async (u) => (await t.signIn(u)).accessToken,
    ),
  );
  return {
    t,
    token,
    otherToken,
    systemToken,
    post: (path, body, as = token) =>
      t.api(`/api/workspaces/${WS}/reports/${path}`, { method: 'POST', token: as, body }),
    get: (path, query = {}, as = token) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query))
        for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
      const qs = search.toString();
      return t.api(`/api/workspaces/${WS}/reports/${path}${qs ? `?${qs}` : ''}`, { token: as });
    },
  };
}
