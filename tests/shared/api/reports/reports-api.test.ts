import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@/shared/api/client';
import { fetchCallCompliance, fetchCallComplianceByAgent } from '@/shared/api/reports/compliance';
import { fetchConversion } from '@/shared/api/reports/conversion';
import { fetchAllPclcContacts, fetchPclc } from '@/shared/api/reports/funnel';
import { fetchLeadsByLeadSource } from '@/shared/api/reports/leads';
import type { TransportRequest } from '@/shared/transport/transport';
import { funnelData } from '@/shared/domain/funnel-rates';

function recordingApi(answer: (req: TransportRequest) => unknown) {
  const requests: TransportRequest[] = [];
  const api: ApiClient = {
    call: vi.fn(async (schema, req) => {
      requests.push(req);
      return schema.parse(answer(req));
    }) as ApiClient['call'],
    subscribe: vi.fn(() => () => {}),
  };
  return { api, requests };
}

const filters = { startDate: '2026-11-16', endDate: '2026-11-22', type: 'rjPclc' as const };
const zeros = funnelData({
  LEADS: 0,
  QUALIFIED: 0,
  UNQUALIFIEDATLEAD: 0,
  SETS: 0,
  SHOWS: 0,
  UNQUALIFIEDATAPPT: 0,
  HIRES: 0,
  NOHIRES: 0,
  FILED: 0,
});

// spec: dashboards 7 Calls made; paths from shared/contracts/reports.
describe('report API calls', () => {
  it('POSTs the funnel to workspaces/{id}/reports/pclc', async () => {
    const { api, requests } = recordingApi(() => ({ data: zeros }));
    await fetchPclc(api, 'ws_lakeside', filters);
    expect(requests[0]).toEqual({
      method: 'POST',
      path: 'workspaces/ws_lakeside/reports/pclc',
      body: filters,
    });
  });

  it('pages through a stat’s contacts until meta.total', async () => {
    const row = {
      id: '1',
      module: 'Leads',
      name: 'A',
      leadSource: null,
      campaign: null,
      caseType: null,
      status: 'Hired',
    };
    const { api, requests } = recordingApi((req) => {
      const { offset } = req.body as { offset: number; limit: number };
      const rows = offset === 0 ? Array.from({ length: 5000 }, () => row) : [row, row];
      return { data: rows, meta: { total: 5002, limit: 5000, offset } };
    });
    const page = await fetchAllPclcContacts(api, 'ws_lakeside', filters, 'HIRES', 'NOHIRES');
    expect(page.rows).toHaveLength(5002);
    expect(requests.map((r) => (r.body as { offset: number }).offset)).toEqual([0, 5000]);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: 'workspaces/ws_lakeside/reports/pclc/contacts',
      body: {
        stat: 'HIRES',
        collection: 'NOHIRES',
        limit: 5000,
        offset: 0,
        startDate: '2026-11-16',
      },
    });
  });

  it('GETs leads by lead source and call compliance with the filters as a query', async () => {
    const { api, requests } = recordingApi((req) =>
      req.path.endsWith('leadsByLeadSource')
        ? { data: [] }
        : req.path.endsWith('by-agent')
          ? {
              data: {
                CTM_COMPLIANCE_BY_AGENTS_ZOHO: {
                  data: [
                    {
                      AGENT_ID: null,
                      AGENT_NAME: 'All Agents',
                      INBOUND_CONNECTED: 0,
                      INBOUND_TOTAL: 0,
                      INBOUND_PERCENT: 0,
                      OUTBOUND_CONNECTED: 0,
                      OUTBOUND_TOTAL: 0,
                      OUTBOUND_PERCENT: 0,
                    },
                  ],
                },
              },
            }
          : {
              data: {
                INBOUND_TOTAL: 0,
                INBOUND_CONNECTED: 0,
                INBOUND_PERCENT: 0,
                OUTBOUND_TOTAL: 0,
                OUTBOUND_CONNECTED: 0,
                OUTBOUND_PERCENT: 0,
              },
            },
    );
    const query = { startDate: '2026-11-16', endDate: '2026-11-22', leadSources: ['a', 'b'] };
    await fetchLeadsByLeadSource(api, 'ws 1', query);
    const rows = await fetchCallComplianceByAgent(api, 'ws_lakeside', query);
    await fetchCallCompliance(api, 'ws_lakeside', query);
    expect(rows[0]!.AGENT_NAME).toBe('All Agents');
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['GET', 'workspaces/ws%201/reports/leadsByLeadSource'],
      ['GET', 'workspaces/ws_lakeside/reports/ctm-call-compliance-by-agent'],
      ['GET', 'workspaces/ws_lakeside/reports/ctm-call-compliance'],
    ]);
    expect(requests[0]!.query).toEqual(query);
  });

  it('POSTs the conversion report with the filters', async () => {
    const empty = {
      LEADS: 0,
      SHOWS: 0,
      HIRES: 0,
      FILED: 0,
      NOHIRES: 0,
      LEADSCONTACTS: [],
      SHOWSCONTACTS: [],
      HIRESCONTACTS: [],
      FILEDCONTACTS: [],
      NOHIRESCONTACTS: [],
      TRUNCATED: false,
    };
    const { api, requests } = recordingApi(() => ({ data: empty }));
    await fetchConversion(api, 'ws_lakeside', { ...filters, type: 'intakePCLC' });
    expect(requests[0]).toEqual({
      method: 'POST',
      path: 'workspaces/ws_lakeside/reports/conversion',
      body: { ...filters, type: 'intakePCLC' },
    });
  });
});
