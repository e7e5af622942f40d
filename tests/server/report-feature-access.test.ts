import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportRouter } from '@/server/routes/report-route';
import type { ServerContext } from '@/server/context';
import { DEMO_ACCOUNTS } from '@/server/seed/demo-accounts';
import { addDays } from '@/server/records/workspace-days';
import { dayInTimezone } from '@/shared/domain/workspace-day';
import { DEMO_WORKSPACES } from '@/server/seed/demo-workspaces';
import { apiErrorSchema } from '@/shared/contracts/common';
import type { Workspace } from '@/shared/contracts/workspace';
import { findWorkspace } from '@/server/repositories/workspace-repository';
import {
  checkFeatureAccess,
  REPORT_ROUTE_FEATURES,
  reportFeatureFor,
} from '@/shared/domain/feature-access';
import { startTestServer, type TestServer } from './helpers/test-server';

/**
 * issue #9 item 5: every report route enforces role, edition and workspace module from the
 * shared table. The route list is the table, and the table is every registered route: the
 * server refuses to register a report the table does not name (last test), and each entry
 * must be a registered route (first test), so a new report cannot be left out.
 */

/** A range every demo workspace accepts (ending yesterday in the earliest timezone). */
function range() {
  const end = addDays(dayInTimezone(new Date(), 'Pacific/Pago_Pago'), -1);
  return { startDate: addDays(end, -13), endDate: end };
}

/** One valid input per report route, by its table key ([method, input, concrete path]). */
function inputFor(
  path: string,
  agentId: string,
): [method: 'GET' | 'POST', input: object, url: string] {
  const R = range();
  const table: Record<string, ['GET' | 'POST', object, string?]> = {
    pclc: ['POST', R],
    'pclc/contacts': ['POST', { ...R, stat: 'LEADS' }],
    conversion: ['POST', R],
    'pclc-by-leadsource': ['GET', R],
    leadsByLeadSource: ['GET', R],
    trends: ['POST', {}],
    'total-pipeline': ['GET', R],
    inbound: ['POST', R],
    outbound: ['POST', R],
    roi: ['POST', R],
    objections: ['GET', R],
    noShows: ['GET', R],
    'ctm-call-compliance': ['GET', R],
    'ctm-call-compliance-by-agent': ['GET', R],
    compliance: ['POST', R],
    'staff-compliance': ['GET', R],
    'people/agents': ['GET', {}],
    'relationships/agents': ['GET', {}],
    'people/:tab': ['POST', { ...R, agent: agentId }, 'people/agent'],
    'cid/salesperformance': ['POST', R],
    'cid/communications': ['POST', R],
    quickbooks: ['GET', R],
    'leadsource-ranking-v2': ['POST', {}],
    'leadsource-ranking': ['POST', R],
    'marketing-intelligence': ['GET', {}],
    'marketing-intelligence/overview': ['GET', {}],
  };
  const entry = table[path];
  if (!entry) throw new Error(`No test input for report route "${path}": add one here.`);
  return [entry[0], entry[1], entry[2] ?? path];
}

/** Who reads which workspace: every demo role, each in its own workspace; system in all. */
const READERS: ReadonlyArray<readonly [username: string, workspaceId: string]> = [
  ...DEMO_ACCOUNTS.filter((a) => a.status === 'active' && a.workspaceId !== null).map(
    (a) => [a.username, a.workspaceId!] as const,
  ),
  ...DEMO_WORKSPACES.map((w) => ['system@intake.test', w.id] as const),
];

describe('role × edition × module on every report route (issue #9 item 5)', () => {
  let t: TestServer;
  const tokens = new Map<string, string>();
  const workspaces = new Map<string, Workspace>();
  const agentOf = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestServer({ reportRateLimit: { max: 10_000, windowMs: 60_000 } });
    for (const [username] of READERS) {
      if (!tokens.has(username)) tokens.set(username, (await t.signIn(username)).accessToken);
    }
    for (const w of DEMO_WORKSPACES) {
      workspaces.set(w.id, (await findWorkspace(t.server.db, w.id))!);
      const agent = await t.server.db
        .selectFrom('agents')
        .select('id')
        .where('workspace_id', '=', w.id)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      agentOf.set(w.id, agent.id);
    }
  });
  afterAll(() => t.close());

  async function read(username: string, workspaceId: string, path: string) {
    const [method, input, concrete] = inputFor(path, agentOf.get(workspaceId)!);
    const base = `/api/workspaces/${workspaceId}/reports/${concrete}`;
    return method === 'GET'
      ? t.api(`${base}?${new URLSearchParams(input as Record<string, string>)}`, {
          token: tokens.get(username),
        })
      : t.api(base, { method, token: tokens.get(username), body: input });
  }

  it('has every route of the table registered on the server', () => {
    for (const path of Object.keys(REPORT_ROUTE_FEATURES)) {
      const [method] = inputFor(path, 'agt_x');
      const url = `/api/workspaces/:id/reports/${path}`;
      expect(t.server.app.hasRoute({ method, url }), `${method} ${url}`).toBe(true);
    }
  });

  it('answers each reader exactly what the shared table allows, 403 with its reason otherwise', async () => {
    const outcomes: string[] = [];
    for (const path of Object.keys(REPORT_ROUTE_FEATURES)) {
      const feature = reportFeatureFor(path)!;
      for (const [username, workspaceId] of READERS) {
        const role = DEMO_ACCOUNTS.find((a) => a.username === username)!.role;
        const expected = checkFeatureAccess(feature, role, workspaces.get(workspaceId)!);
        const answer = await read(username, workspaceId, path);
        const label = `${username} → ${workspaceId} ${path}: ${JSON.stringify(answer.body).slice(0, 200)}`;
        if (expected.allowed) {
          expect(answer.status, label).toBe(200);
        } else {
          expect(answer.status, label).toBe(403);
          expect(apiErrorSchema.parse(answer.body).message, label).toBe(expected.message);
        }
        outcomes.push(`${expected.allowed ? 'allow' : expected.reason}`);
      }
    }
    // The demo covers every branch: allowed, and refused for role, edition and workspace.
    expect(new Set(outcomes)).toEqual(new Set(['allow', 'role', 'edition', 'workspace']));
  });

  it.each([
    // The examples.
    ['agent@lakeside.test', 'ws_lakeside', 'quickbooks', 403],
    ['owner@summit.test', 'ws_summit', 'cid/salesperformance', 403],
    ['owner@summit.test', 'ws_summit', 'quickbooks', 403],
    // Summit's one unlocked cockpit module, and its edition below marketing.
    ['owner@summit.test', 'ws_summit', 'cid/communications', 200],
    ['owner@summit.test', 'ws_summit', 'leadsource-ranking-v2', 403],
    // Harbor's cockpit is off; its call tracking is on.
    ['owner@harbor.test', 'ws_harbor', 'cid/communications', 403],
    ['agent@harbor.test', 'ws_harbor', 'ctm-call-compliance', 200],
    // What operators' screens fetch: the compliance widget and the agent dashboard.
    ['agent@lakeside.test', 'ws_lakeside', 'ctm-call-compliance', 200],
    ['agent@lakeside.test', 'ws_lakeside', 'ctm-call-compliance-by-agent', 200],
    ['agent@lakeside.test', 'ws_lakeside', 'pclc', 403],
    ['agent@lakeside.test', 'ws_lakeside', 'people/:tab', 403],
    ['consultant@lakeside.test', 'ws_lakeside', 'ctm-call-compliance', 403],
    // Cash flow is the one workspace report for the system role (spec: dashboards 2.2).
    ['system@intake.test', 'ws_lakeside', 'quickbooks', 200],
    ['system@intake.test', 'ws_lakeside', 'pclc', 403],
    ['owner@lakeside.test', 'ws_lakeside', 'quickbooks', 200],
  ] as const)('%s reading %s %s answers %i', async (username, workspaceId, path, status) => {
    const answer = await read(username, workspaceId, path);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  });

  it('names what is missing in the 403', async () => {
    const role = await read('agent@lakeside.test', 'ws_lakeside', 'quickbooks');
    expect(apiErrorSchema.parse(role.body).message).toBe(
      'The Cash Flow report is not available to the operator role.',
    );
    const edition = await read('owner@summit.test', 'ws_summit', 'marketing-intelligence');
    expect(apiErrorSchema.parse(edition.body).message).toBe(
      'The marketing report needs the Professional edition; this workspace has Starter.',
    );
    const module = await read('owner@summit.test', 'ws_summit', 'cid/salesperformance');
    expect(apiErrorSchema.parse(module.body).message).toBe(
      'The Sales Performance report needs the Sales Performance cockpit module for this workspace.',
    );
  });

  it('refuses the system report to everyone but the system role, from the same table', async () => {
    const R = range();
    const query = `?startDate=${R.startDate}&endDate=${R.endDate}`;
    const owner = await t.api(`/api/system/reports/pclc${query}`, {
      token: tokens.get('owner@lakeside.test'),
    });
    expect(owner.status).toBe(403);
    expect(apiErrorSchema.parse(owner.body).message).toBe(
      'The system report is not available to the owner role.',
    );
    const system = await t.api(`/api/system/reports/pclc${query}`, {
      token: tokens.get('system@intake.test'),
    });
    expect(system.status).toBe(200);
  });
});

describe('registering a report route', () => {
  it('fails at start-up for a route the feature table does not name', () => {
    const api = Fastify();
    const router = createReportRouter(api, {} as ServerContext, () => undefined);
    expect(() =>
      router.get('brand-new-report', apiErrorSchema, apiErrorSchema, async () => ({
        statusCode: 200,
        error: '',
        message: '',
      })),
    ).toThrow('Report route "brand-new-report" has no entry in REPORT_ROUTE_FEATURES.');
  });
});
