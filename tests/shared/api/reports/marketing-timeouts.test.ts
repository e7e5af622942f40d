import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/shared/api/client';
import {
  fetchMarketingIntelligence,
  fetchMarketingOverview,
  MARKETING_INTELLIGENCE_TIMEOUT_MS,
} from '@/shared/api/reports/marketing';
import { TransportError, type TransportRequest } from '@/shared/transport/transport';

// spec: dashboards 9 "marketing intelligence 30 s" (issue #30): both marketing-intelligence
// calls carry their own timeout instead of the 60 s default.

function recording() {
  const requests: TransportRequest[] = [];
  const api = createApiClient(
    {
      request: async (request) => {
        requests.push(request);
        throw new TransportError('Service Unavailable', 503);
      },
      subscribe: () => () => {},
    },
    () => {},
  );
  return { api, requests };
}

describe('marketing intelligence calls', () => {
  it('ask with a 30 s timeout', async () => {
    const { api, requests } = recording();
    await expect(fetchMarketingIntelligence(api, 'ws_1', {})).rejects.toThrow();
    await expect(fetchMarketingOverview(api, 'ws_1', 'all')).rejects.toThrow();
    expect(MARKETING_INTELLIGENCE_TIMEOUT_MS).toBe(30_000);
    expect(requests.map((request) => [request.path, request.timeoutMs])).toEqual([
      ['workspaces/ws_1/reports/marketing-intelligence', 30_000],
      ['workspaces/ws_1/reports/marketing-intelligence/overview', 30_000],
    ]);
  });
});
