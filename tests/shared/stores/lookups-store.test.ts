import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/client';
import type { Workspace } from '@/shared/contracts/workspace';
import {
  createLookupsLoader,
  LOOKUP_MAX_RETRIES,
  LOOKUP_RETRY_DELAY_MS,
  lookupsFor,
  resetLookups,
  useLookupsStore,
} from '@/shared/stores/lookups-store';
import {
  TransportError,
  type Transport,
  type TransportRequest,
} from '@/shared/transport/transport';

const workspace = {
  id: 'ws_summit',
  attributes: { isZoho: false, vendors: { callTrackingMetrics: { account: null } } },
} as unknown as Workspace;

/** A transport standing in for the server: campaigns fail until `campaignsUp` is set. */
function fakeServer() {
  const calls: string[] = [];
  const state = { campaignsUp: false };
  const transport: Transport = {
    async request(req: TransportRequest) {
      calls.push(req.path);
      if (req.path.endsWith('/campaigns') && !state.campaignsUp) {
        throw new TransportError('Service Unavailable', 503);
      }
      if (req.path.endsWith('/leadSources')) {
        const items = ['Yelp', 'avvo', 'Test Source - QA', 'Google Ads'].map((label, i) => ({
          id: `ls${i}`,
          key: `k${i}`,
          label,
          medium: null,
          active: true,
          Settings: null,
        }));
        return { data: items, meta: { total: 4, limit: 300, offset: 0 } };
      }
      if (req.path.endsWith('/campaigns')) {
        const item = {
          id: 'c1',
          key: 'c1',
          label: 'Spring',
          active: true,
          medium: null,
          leadSourceId: null,
        };
        return { data: [item], meta: { total: 1, limit: 1000, offset: 0 } };
      }
      return { data: [], meta: { total: 0, limit: 1000, offset: 0 } };
    },
    subscribe: () => () => {},
  };
  return { transport, calls, state };
}

describe('the lookups loader (spec: session 4 Lookups, 9 constants)', () => {
  beforeEach(() => {
    resetLookups();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('skips the CRM and call-tracking user lists a workspace does not have', () => {
    expect(lookupsFor(workspace)).not.toContain('zohoUsers');
    expect(lookupsFor(workspace)).not.toContain('ctmUsers');
    expect(lookupsFor(workspace)).toContain('leadSources');
  });

  it('hides Test lead sources and sorts the rest case-insensitively', async () => {
    const { transport } = fakeServer();
    const loader = createLookupsLoader({ api: createApiClient(transport, () => {}), workspace });
    await loader.load();
    loader.stop();
    expect(useLookupsStore.getState().lists.leadSources.map((s) => s.label)).toEqual([
      'avvo',
      'Google Ads',
      'Yelp',
    ]);
  });

  it('turns a failed list into an empty one and retries it after 5 minutes', async () => {
    const server = fakeServer();
    const notify = vi.fn();
    const loader = createLookupsLoader({
      api: createApiClient(server.transport, notify),
      workspace,
    });
    await loader.load();
    expect(useLookupsStore.getState().lists.campaigns).toEqual([]);
    expect(notify).not.toHaveBeenCalled();

    server.state.campaignsUp = true;
    await vi.advanceTimersByTimeAsync(LOOKUP_RETRY_DELAY_MS - 1);
    expect(useLookupsStore.getState().lists.campaigns).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(useLookupsStore.getState().lists.campaigns.map((c) => c.label)).toEqual(['Spring']);
    loader.stop();
  });

  it('gives up after 5 retries', async () => {
    const server = fakeServer();
    const loader = createLookupsLoader({
      api: createApiClient(server.transport, () => {}),
      workspace,
    });
    await loader.load();
    await vi.advanceTimersByTimeAsync(LOOKUP_RETRY_DELAY_MS * (LOOKUP_MAX_RETRIES + 3));
    const campaignCalls = server.calls.filter((path) => path.endsWith('/campaigns'));
    expect(campaignCalls).toHaveLength(1 + LOOKUP_MAX_RETRIES);
    loader.stop();
  });
});
