import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/client';
import { listWorkspaceAgents } from '@/shared/api/workspaces';
import type { Agent } from '@/shared/contracts/lookups';
import type { Transport, TransportRequest } from '@/shared/transport/transport';

const agent = (id: string, name: string, active: boolean): Agent => ({
  id,
  name,
  personId: null,
  ctmUserId: null,
  zohoUserId: null,
  active,
});

describe('listWorkspaceAgents (the System area test-call form)', () => {
  it("reads the workspace's agents by its path and lists the active ones first, by name", async () => {
    const requests: TransportRequest[] = [];
    const transport: Transport = {
      request: async (req) => {
        requests.push(req);
        return {
          data: [
            agent('a3', 'Zed Park', true),
            agent('a1', 'Ann Low', false),
            agent('a2', 'Bo Yu', true),
          ],
          meta: { total: 3, limit: 300, offset: 0 },
        };
      },
      subscribe: () => () => {},
    };
    const agents = await listWorkspaceAgents(createApiClient(transport, vi.fn()), 'ws/1');
    expect(requests[0]).toMatchObject({ method: 'GET', path: 'workspaces/ws%2F1/agents' });
    expect(agents.map((a) => a.name)).toEqual(['Bo Yu', 'Zed Park', 'Ann Low']);
  });
});
