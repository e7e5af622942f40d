import type { AgentComplianceRow } from '@/shared/contracts/reports/call-compliance';
import type { ConversionContactRow, ConversionData } from '@/shared/contracts/reports/conversion';
import type { PclcContactRow, PclcData } from '@/shared/contracts/reports/pclc';
import type { Workspace } from '@/shared/contracts/workspace';
import { TransportError } from '@/shared/transport/transport';
import { makeWorkspace } from '../../../shared/domain/fixtures';
import { fakeApi, type FakeApi, type Handler } from '../../fake-api';

export const PCLC: PclcData = {
  LEADS: 150,
  QUALIFIED: 120,
  QUALIFIEDLEADS: 120,
  UNQUALIFIED: 40,
  UNQUALIFIEDATLEAD: 30,
  SETS: 60,
  SETRATE: 50,
  SHOWS: 40,
  QUALIFIEDSHOWS: 30,
  UNQUALIFIEDATAPPT: 10,
  SHOWRATE: 66.67,
  HIRES: 12,
  HIRERATE: 40,
  NOHIRES: 18,
  FILED: 3,
  FILEDRATE: 25,
  RATEBASES: {
    SETRATE: { numerator: 60, denominator: 120 },
    SHOWRATE: { numerator: 40, denominator: 60 },
    HIRERATE: { numerator: 12, denominator: 30 },
    FILEDRATE: { numerator: 3, denominator: 12 },
  },
};

export const CONTACTS: PclcContactRow[] = [
  {
    id: '4100001',
    module: 'Leads',
    name: 'Bea Brown',
    leadSource: 'Google',
    campaign: 'Spring',
    caseType: 'Chapter 7',
    status: 'Hired',
  },
  {
    id: '4100002',
    module: 'Contacts',
    name: 'Al Adams',
    leadSource: 'Yelp',
    campaign: null,
    caseType: 'Chapter 13',
    status: 'Hired',
  },
  {
    id: '4100003',
    module: 'Leads',
    name: 'Cy Clark',
    leadSource: 'Avvo',
    campaign: 'Radio',
    caseType: null,
    status: 'Hired',
  },
];

export const LEADS_BY_SOURCE = [
  { LEADSOURCEID: 'ls_1', LEADSOURCE: 'Google', LEADS: '30' },
  { LEADSOURCEID: 'ls_2', LEADSOURCE: 'Avvo', LEADS: '12' },
  { LEADSOURCEID: 'ls_3', LEADSOURCE: 'Referral', LEADS: '10' },
  { LEADSOURCEID: 'ls_4', LEADSOURCE: 'Yelp', LEADS: '4' },
  { LEADSOURCEID: null, LEADSOURCE: 'Unknown', LEADS: '2' },
];

const agent = (
  id: string | null,
  name: string,
  inbound: [number, number],
  outbound: [number, number],
): AgentComplianceRow => ({
  AGENT_ID: id,
  AGENT_NAME: name,
  INBOUND_CONNECTED: inbound[0],
  INBOUND_TOTAL: inbound[1],
  INBOUND_PERCENT: inbound[1] ? Math.round((inbound[0] / inbound[1]) * 100) : 0,
  OUTBOUND_CONNECTED: outbound[0],
  OUTBOUND_TOTAL: outbound[1],
  OUTBOUND_PERCENT: outbound[1] ? Math.round((outbound[0] / outbound[1]) * 100) : 0,
});

export const AGENTS: AgentComplianceRow[] = [
  agent(null, 'All Agents', [15, 20], [1, 20]),
  agent('ag_1', 'Dana Diaz', [9, 10], [0, 10]),
  agent('ag_2', 'Ari Amos', [6, 10], [1, 10]),
];

const crow = (name: string, newLead: string, status: string, id: string): ConversionContactRow => [
  'Chapter 7',
  'Google',
  name,
  newLead,
  status,
  'Spring',
  id,
  'Leads',
];

export const CONVERSION: ConversionData = {
  LEADS: 2,
  SHOWS: 2,
  HIRES: 1,
  FILED: 0,
  NOHIRES: 1,
  LEADSCONTACTS: [
    crow('Ann Ames', 'true', 'New Lead', 'c1'),
    crow('Ben Boyd', 'false', 'Qualified', 'c2'),
    crow('Cal Cole', 'true', 'Unqualified', 'c3'),
  ],
  SHOWSCONTACTS: [
    crow('Dee Dunn', 'false', 'Qualified', 'c4'),
    crow('Eve East', 'false', 'Unqualified', 'c5'),
  ],
  HIRESCONTACTS: [crow('Fay Fox', 'false', 'Hired', 'c6')],
  FILEDCONTACTS: [],
  NOHIRESCONTACTS: [crow('Gus Gray', 'false', 'Not Hired', 'c7')],
  TRUNCATED: false,
};

const list = <T>(data: T[]) => ({ data, meta: { total: data.length, limit: 1000, offset: 0 } });

export const LOOKUPS = {
  leadSources: list([
    { id: 'ls_1', key: 'google', label: 'Google', medium: null, active: true, Settings: null },
    { id: 'ls_2', key: 'avvo', label: 'Avvo', medium: null, active: true, Settings: null },
    { id: 'ls_t', key: 'test', label: 'Test Source', medium: null, active: true, Settings: null },
  ]),
  campaigns: list([
    {
      id: 'cp_1',
      key: 'spring',
      label: 'Spring',
      active: true,
      medium: null,
      leadSourceId: 'ls_1',
    },
    {
      id: 'cp_2',
      key: 'winter',
      label: 'Winter (old)',
      active: false,
      medium: null,
      leadSourceId: 'ls_1',
    },
  ]),
  offices: list([
    {
      id: 'of_1',
      key: 'downtown',
      label: 'Downtown',
      attributes: { name: 'Downtown', timezone: 'America/Chicago' },
    },
    {
      id: 'of_2',
      key: 'nowhere',
      label: 'Nowhere',
      attributes: { name: 'Nowhere', timezone: null },
    },
  ]),
  casetypes: list([
    { id: 'ct_1', key: 'bk', label: 'Bankruptcy', parent: null },
    { id: 'ct_2', key: 'pi', label: 'Personal Injury', parent: null },
    { id: 'ct_3', key: 'ch7', label: 'Chapter 7', parent: 'bk' },
    { id: 'ct_4', key: 'auto', label: 'Auto Accident', parent: 'pi' },
  ]),
};

/** The report routes of a healthy Lakeside-like workspace (answers of the one fake API kit). */
export function reportRoutes(): [string, Handler][] {
  return [
    ['/reports/pclc', () => ({ data: PCLC })],
    [
      '/reports/pclc/contacts',
      (req) => {
        const body = req.body as { limit: number; offset: number };
        const rows = CONTACTS.slice(body.offset, body.offset + body.limit);
        return {
          data: rows,
          meta: { total: CONTACTS.length, limit: body.limit, offset: body.offset },
        };
      },
    ],
    ['/reports/leadsByLeadSource', () => ({ data: LEADS_BY_SOURCE })],
    [
      '/reports/ctm-call-compliance-by-agent',
      () => ({ data: { CTM_COMPLIANCE_BY_AGENTS_ZOHO: { data: AGENTS } } }),
    ],
    ['/reports/conversion', () => ({ data: CONVERSION })],
    ['/leadSources', () => LOOKUPS.leadSources],
    ['/campaigns', () => LOOKUPS.campaigns],
    ['/offices', () => LOOKUPS.offices],
    ['/casetypes', () => LOOKUPS.casetypes],
  ];
}

/** The fake API answering the report routes; `overrides` replace answers by path suffix. */
export function reportApi(overrides: [string, Handler][] = []): FakeApi {
  return fakeApi(reportRoutes(), overrides);
}

/** Lakeside-like: Zoho with an org id, Bankruptcy, call tracking on unless told. */
export function reportWorkspace(
  options: { callTracking?: boolean; bankruptcy?: boolean } = {},
): Workspace {
  const workspace = makeWorkspace({
    isZoho: true,
    ctmAccount: options.callTracking === false ? null : '412233',
    ctmSetting: options.callTracking !== false,
  });
  workspace.attributes.settings.zohoOrgId = '700000123';
  workspace.attributes.settings.primaryPracticeArea =
    options.bankruptcy === false ? 'Personal Injury' : 'Bankruptcy';
  return workspace;
}

export const serverError = () => {
  throw new TransportError('Internal Server Error', 500);
};
