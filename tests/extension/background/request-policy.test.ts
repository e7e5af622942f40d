import { describe, expect, it } from 'vitest';
import { isRequestAllowed, namesAuth } from '@/extension/entrypoints/background/request-policy';
import type { PortRequest } from '@/shared/transport/port-protocol';

const WS = 'ws_lakeside';
const fromPage = (request: PortRequest, workspaceId: string | null = WS) =>
  isRequestAllowed('content-script', request, workspaceId);
const fromPopup = (request: PortRequest) => isRequestAllowed('extension-page', request, WS);

describe('which requests a CRM page may have the background send (issue #9 item 1)', () => {
  it.each<PortRequest>([
    { method: 'GET', path: `workspaces/${WS}` },
    { method: 'GET', path: `workspaces/${WS}/leadSources`, query: { limit: 300 } },
    { method: 'GET', path: `workspaces/${WS}/voip/providers/ctm/users` },
    { method: 'GET', path: 'agents' },
    { method: 'GET', path: 'workspaces/coaching-videos/category' },
    { method: 'GET', path: `workspaces/${WS}/reports/ctm-call-compliance` },
    { method: 'GET', path: `workspaces/${WS}/reports/ctm-call-compliance-by-agent` },
    { method: 'POST', path: `workspaces/${WS}/reports/pclc`, body: { dateRange: {} } },
    { method: 'POST', path: `workspaces/${WS}/reports/pclc/contacts` },
    { method: 'POST', path: `workspaces/${WS}/reports/cid/salesperformance` },
    { method: 'GET', path: `workspaces/${WS}/reports/quickbooks` },
    { method: 'PUT', path: `workspaces/${WS}/cockpit-goals`, body: { goals: [] } },
    { method: 'POST', path: `workspaces/${WS}/ctm/calls`, base: 'callCenter' },
    { method: 'PUT', path: `workspaces/${WS}/ctm/calls/2148293840`, base: 'callCenter' },
    {
      method: 'GET',
      path: `workspaces/${WS}/ctm/tracking-info/%2B15551234567`,
      base: 'callCenter',
    },
    {
      method: 'GET',
      path: 'processes/intake',
      base: 'callCenter',
      query: { workspace: WS, processName: 'intake' },
    },
    {
      method: 'POST',
      path: 'process-execution-history',
      base: 'callCenter',
      body: { workspaceId: WS },
    },
    { method: 'PATCH', path: 'process-execution-history/peh_1', base: 'callCenter' },
    { method: 'DELETE', path: `ctm/${WS}/2148293840/deleteCall` },
    // The rest of the lookups the widgets' filter panels read.
    ...[
      'campaigns',
      'practiceAreas',
      'offices',
      'casetypes',
      'crm/zoho/users',
      'crm/zoho/organization',
      'ifs/organization',
    ].map((lookup): PortRequest => ({ method: 'GET', path: `workspaces/${WS}/${lookup}` })),
    ...[
      'users/roles',
      'workspaces/editions',
      'timezones',
      'languages',
      'addresses/countries',
      'addresses/regions',
      'consultants',
    ].map((path): PortRequest => ({ method: 'GET', path })),
    { method: 'GET', path: `workspaces/${WS}/cockpit-goals` },
    // Issue #32: the cockpit's call-tracking outage warning reads the connection.
    { method: 'GET', path: `workspaces/${WS}/call-tracking/connection` },
    // <intake-agent>, the operators' panel widget.
    { method: 'GET', path: `workspaces/${WS}/agents/me/summary`, query: { period: 'day' } },
    { method: 'GET', path: `workspaces/${WS}/ctm/calls/2148293840`, base: 'callCenter' },
    { method: 'GET', path: `workspaces/${WS}/ctm/numbers`, base: 'callCenter' },
    { method: 'POST', path: 'processes/intake', base: 'callCenter', body: { workspace: WS } },
    { method: 'PUT', path: 'processes/intake', base: 'callCenter', body: { workspace: WS } },
    { method: 'PUT', path: 'processmaker/app_1', base: 'callCenter' },
    { method: 'POST', path: 'process-execution-steps-history', base: 'callCenter' },
    { method: 'POST', path: `workspaces/${WS}/async-records/peh_1`, base: 'callCenter' },
    // <intake-call-flow>: the process of a call that names none, a flow started by hand.
    { method: 'GET', path: `workspaces/${WS}/processes`, base: 'callCenter' },
    // The wizard's EMAIL trigger and its error copy for support (issue #13).
    { method: 'POST', path: 'service-processes/sendEmail', base: 'callCenter' },
    { method: 'POST', path: 'error-notification', base: 'callCenter' },
    // The call flow's consultation booking (issue #16).
    { method: 'GET', path: 'calendars' },
    { method: 'GET', path: 'calendars/cal_1/events', query: { startDate: '2030-01-07' } },
    { method: 'POST', path: 'events', body: { calendarId: 'cal_1' } },
    { method: 'PUT', path: 'events/evt_1' },
    { method: 'DELETE', path: 'events/evt_1', query: { executionId: 'peh_1' } },
    // The agent's own Users parameters (issue #16): their consultant, their practice areas.
    { method: 'GET', path: `workspaces/${WS}/users-parameters/me` },
    // Issue #30: the support contact the widgets' error views name.
    { method: 'GET', path: 'public-config' },
    // Issue #28: the panel's wizard keeps typed values on the server and parks walk-ins.
    { method: 'PUT', path: 'process-execution-history/peh_1/drafts/step_1', base: 'callCenter' },
    { method: 'GET', path: 'process-execution-history/peh_1/drafts/step_1', base: 'callCenter' },
    { method: 'DELETE', path: 'process-execution-history/peh_1/drafts/step_1', base: 'callCenter' },
    { method: 'PUT', path: 'process-execution-history/peh_1/parked', base: 'callCenter' },
    { method: 'PUT', path: 'process-execution-history/peh_1/flow-state', base: 'callCenter' },
    { method: 'POST', path: 'process-execution-history/peh_1/parked/resume', base: 'callCenter' },
    { method: 'GET', path: `workspaces/${WS}/parked-executions`, base: 'callCenter' },
  ])('allows $method $path ($base)', (request) => {
    expect(fromPage(request)).toBe(true);
  });

  it.each<PortRequest>([
    { method: 'GET', path: 'users/me' },
    { method: 'GET', path: 'workspaces' },
    // Issue #32: the CTM connection is read, never changed, from a CRM page.
    { method: 'PUT', path: `workspaces/${WS}/call-tracking/connection`, body: {} },
    { method: 'DELETE', path: `workspaces/${WS}/call-tracking/connection` },
    { method: 'POST', path: `workspaces/${WS}/call-tracking/sync` },
    { method: 'GET', path: 'workspaces/ws_other/call-tracking/connection' },
    { method: 'GET', path: 'system/reports/pclc' },
    { method: 'PATCH', path: `workspaces/${WS}` },
    { method: 'DELETE', path: `workspaces/${WS}/reports/pclc` },
    { method: 'POST', path: `workspaces/${WS}/leadSources` },
    { method: 'GET', path: `workspaces/${WS}/ctm/calls/1` }, // call-centre path on the main API
    { method: 'GET', path: `workspaces/${WS}/reports/pclc`, base: 'callCenter' },
    { method: 'POST', path: 'sendEmail', base: 'callCenter' },
    { method: 'POST', path: 'service-processes/sendEmail' }, // main API base
    { method: 'GET', path: 'service-processes/outbox', base: 'callCenter' }, // system users'
    { method: 'GET', path: 'error-notification', base: 'callCenter' },
    { method: 'GET', path: `workspaces/${WS}/reports` },
    // Issue #12/#13: the system user's sends, and the notification list (the panel reads
    // the background's one feed over its port, never the HTTP list).
    { method: 'POST', path: 'system/notifications' },
    { method: 'POST', path: 'system/test-calls' },
    { method: 'GET', path: `workspaces/${WS}/notifications` },
    { method: 'PUT', path: `workspaces/${WS}/notifications/read` },
    { method: 'GET', path: `workspaces/${WS}/agents/someone-else/summary` },
    // The CRM sync and the process list live on the call-centre base only.
    { method: 'POST', path: `workspaces/${WS}/async-records/peh_1` },
    { method: 'GET', path: `workspaces/${WS}/processes` },
    // Saving a process definition is the Call Flows area's, not a widget's.
    { method: 'PUT', path: `workspaces/${WS}/processes/p1`, base: 'callCenter' },
    // Bookings: no deleting a calendar's whole list, no event calls on the call-centre base.
    { method: 'DELETE', path: 'calendars/cal_1/events' },
    { method: 'POST', path: 'events', base: 'callCenter' },
    // Users parameters: only the agent's own, read; never the list or a save.
    { method: 'GET', path: `workspaces/${WS}/users-parameters` },
    { method: 'PUT', path: `workspaces/${WS}/users-parameters/me` },
    { method: 'PUT', path: `workspaces/${WS}/users-parameters/ag_1` },
    { method: 'GET', path: `workspaces/ws_other/users-parameters/me` },
    // Drafts and parked intakes: on the call-centre base only, no lists of every draft.
    { method: 'PUT', path: 'process-execution-history/peh_1/drafts/step_1' },
    { method: 'GET', path: 'process-execution-history/peh_1/drafts', base: 'callCenter' },
    { method: 'DELETE', path: 'process-execution-history/peh_1/parked', base: 'callCenter' },
    { method: 'GET', path: `workspaces/ws_other/parked-executions`, base: 'callCenter' },
    { method: 'GET', path: `workspaces/${WS}/parked-executions` },
  ])('refuses $method $path ($base): not a call the widgets make', (request) => {
    expect(fromPage(request)).toBe(false);
  });

  it.each(['ws_other', 'WS_LAKESIDE', 'ws_lakeside%00', 'ws_lakeside.', '%77s_lakeside%2F..'])(
    'refuses a path naming another workspace (%s)',
    (other) => {
      expect(fromPage({ method: 'GET', path: `workspaces/${other}/reports/pclc` })).toBe(false);
      expect(fromPage({ method: 'GET', path: `workspaces/${other}` })).toBe(false);
      expect(fromPage({ method: 'GET', path: `workspaces/${other}/agents/me/summary` })).toBe(
        false,
      );
      // The call-tracking delete and the call flow's CRM write name the workspace too.
      expect(fromPage({ method: 'DELETE', path: `ctm/${other}/2148293840/deleteCall` })).toBe(
        false,
      );
      expect(
        fromPage({
          method: 'POST',
          path: `workspaces/${other}/async-records/peh_1`,
          base: 'callCenter',
        }),
      ).toBe(false);
      expect(
        fromPage({ method: 'GET', path: `workspaces/${other}/processes`, base: 'callCenter' }),
      ).toBe(false);
      expect(
        fromPage({ method: 'GET', path: `workspaces/${other}/ctm/numbers`, base: 'callCenter' }),
      ).toBe(false);
    },
  );

  it('accepts the signed-in workspace percent-encoded the way encodeURIComponent writes it', () => {
    expect(
      isRequestAllowed('content-script', { method: 'GET', path: 'workspaces/ws%20a' }, 'ws a'),
    ).toBe(true);
  });

  it('refuses another workspace named in the query or the body', () => {
    expect(
      fromPage({
        method: 'GET',
        path: 'processes/intake',
        base: 'callCenter',
        query: { workspace: 'ws_other' },
      }),
    ).toBe(false);
    expect(
      fromPage({
        method: 'POST',
        path: 'process-execution-history',
        base: 'callCenter',
        body: { workspaceId: 'ws_other' },
      }),
    ).toBe(false);
  });

  it('refuses every workspace-scoped call while no one is signed in', () => {
    expect(fromPage({ method: 'GET', path: `workspaces/${WS}/reports/pclc` }, null)).toBe(false);
  });

  it.each([
    'workspaces/ws_lakeside/reports/..',
    'workspaces/ws_lakeside/reports/%2e%2e/%2e%2e/%2e%2e/auth',
    'workspaces/ws_lakeside/reports/.%2E',
    'workspaces/ws_lakeside/reports/a%2Fb',
    'workspaces/ws_lakeside/reports/a%5Cb',
    'workspaces/ws_lakeside/reports/pclc?workspace=ws_other',
    'workspaces/ws_lakeside/reports/pclc#x',
    'workspaces/ws_lakeside/reports//pclc',
    'workspaces/ws_lakeside/reports/pclc/',
    '/workspaces/ws_lakeside/reports/pclc',
    './workspaces/ws_lakeside/reports/pclc',
    'workspaces/ws_lakeside/reports/%E0%A4%A',
  ])('refuses a path that could be read as another one: %s', (path) => {
    expect(fromPage({ method: 'GET', path })).toBe(false);
  });

  it('refuses unknown methods', () => {
    const request = { method: 'TRACE', path: 'agents' } as unknown as PortRequest;
    expect(fromPage(request)).toBe(false);
    expect(fromPage({ method: 'HEAD', path: 'agents' } as unknown as PortRequest)).toBe(false);
  });
});

describe("the active call's hang-up and the caller's CRM records (issue #13)", () => {
  const hangUp = (path: string, method: PortRequest['method'] = 'POST'): PortRequest => ({
    method,
    path,
    base: 'callCenter',
  });

  it('lets a CRM page hang up a call of the signed-in workspace, and look up its caller', () => {
    expect(fromPage(hangUp(`workspaces/${WS}/ctm/calls/2148293840/hangup`))).toBe(true);
    expect(
      fromPage({
        method: 'GET',
        path: `workspaces/${WS}/crm-records/caller`,
        base: 'callCenter',
        query: { phone: '+1 512 555 0147' },
      }),
    ).toBe(true);
    // The caller's records, not the whole list of what the CRM holds.
    expect(
      fromPage({ method: 'GET', path: `workspaces/${WS}/crm-records`, base: 'callCenter' }),
    ).toBe(false);
  });

  it.each(['ws_other', 'WS_LAKESIDE', 'ws_lakeside.', '%77s_lakeside%2F..', '..'])(
    'refuses the hang-up and the records of another workspace (%s)',
    (other) => {
      expect(fromPage(hangUp(`workspaces/${other}/ctm/calls/2148293840/hangup`))).toBe(false);
      expect(
        fromPage({
          method: 'GET',
          path: `workspaces/${other}/crm-records/caller`,
          base: 'callCenter',
        }),
      ).toBe(false);
    },
  );

  it('refuses the hang-up while no one is signed in', () => {
    expect(
      isRequestAllowed(
        'content-script',
        hangUp(`workspaces/${WS}/ctm/calls/2148293840/hangup`),
        null,
      ),
    ).toBe(false);
  });

  it.each<PortRequest['method']>(['GET', 'PUT', 'PATCH', 'DELETE'])(
    'refuses %s on the hang-up path',
    (method) => {
      expect(fromPage(hangUp(`workspaces/${WS}/ctm/calls/2148293840/hangup`, method))).toBe(false);
    },
  );

  it('refuses the hang-up on the main API, and writes to the CRM records', () => {
    expect(fromPage({ method: 'POST', path: `workspaces/${WS}/ctm/calls/2148293840/hangup` })).toBe(
      false,
    );
    expect(fromPage({ method: 'GET', path: `workspaces/${WS}/crm-records/caller` })).toBe(false);
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      expect(
        fromPage({ method, path: `workspaces/${WS}/crm-records/caller`, base: 'callCenter' }),
      ).toBe(false);
    }
  });

  it.each([
    `workspaces/${WS}/ctm/calls/../hangup`,
    `workspaces/${WS}/ctm/calls/./hangup`,
    `workspaces/${WS}/ctm/calls/%2e%2e/hangup`,
    `workspaces/${WS}/ctm/calls/.%2E/hangup`,
    `workspaces/${WS}/ctm/calls/1/hangup/..`,
    `workspaces/${WS}/ctm/calls/1/../../../ws_other/ctm/calls/1/hangup`,
    `workspaces/${WS}/ctm/calls/a%2Fb/hangup`,
    `workspaces/${WS}/ctm/calls/1/hangup/`,
    `workspaces/${WS}/ctm/calls//hangup`,
    `workspaces/${WS}/ctm/calls/1/hangup?workspace=ws_other`,
    `workspaces/${WS}/ctm/calls/1/HANGUP`,
    `workspaces/${WS}/ctm/calls/1/hangup/extra`,
  ])('refuses a hang-up path that could be read as another one: %s', (path) => {
    expect(fromPage(hangUp(path))).toBe(false);
  });
});

const AUTH_VARIANTS = [
  'auth',
  '/auth',
  'auth/',
  'auth/sessions',
  '/auth/sessions',
  './auth',
  './auth/sessions',
  '%61uth',
  '%61uth/sessions',
  '%2561uth',
  'AUTH',
  'Auth/Sessions',
  'workspaces/../auth',
  'workspaces/%2e%2e/auth/sessions',
  'workspaces/ws_lakeside/reports/../../../auth/sessions',
  '//auth',
  'auth//sessions',
  './/auth',
  'auth?x=1',
  'auth/sessions?redirect=1',
  'auth#sessions',
  'workspaces\\..\\auth',
  '../api/auth',
  '../../auth',
];

describe('auth/* is refused from every port, extension pages included', () => {
  it.each(AUTH_VARIANTS)('sees "%s" as naming auth', (path) => {
    expect(namesAuth(path)).toBe(true);
  });

  it.each(AUTH_VARIANTS)(
    'refuses %s from a CRM page and from the popup, any method, any base',
    (path) => {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        for (const base of ['api', 'callCenter', undefined] as const) {
          expect(fromPage({ method, path, base })).toBe(false);
          expect(fromPopup({ method, path, base })).toBe(false);
        }
      }
    },
  );

  it('does not mistake paths that merely contain the letters for auth', () => {
    for (const path of ['authors', 'users/auth', 'workspaces/ws_lakeside/reports/author']) {
      expect(namesAuth(path)).toBe(false);
    }
  });

  it('lets our own pages send the other calls they need', () => {
    expect(fromPopup({ method: 'GET', path: 'users/me' })).toBe(true);
    expect(fromPopup({ method: 'GET', path: 'workspaces' })).toBe(true);
  });
});
