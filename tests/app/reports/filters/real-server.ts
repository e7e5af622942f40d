import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { buildServer, type IntakeServer } from '@/server/app';
import { createApiClient, type ApiClient } from '@/shared/api/client';
import { getWorkspace } from '@/shared/api/workspaces';
import { authResponseSchema } from '@/shared/contracts/auth';
import type { Workspace } from '@/shared/contracts/workspace';
import { TransportError, type Transport } from '@/shared/transport/transport';

export interface ReportServer {
  api: ApiClient;
  workspace: Workspace;
  server: IntakeServer;
  close(): Promise<void>;
}

/**
 * The real reference server (fresh seeded database) for component tests, reached through
 * Fastify's inject instead of the network: the screens' real API calls, the server's real
 * report code and contracts, no ports and no CORS in happy-dom.
 */
export async function startReportServer(
  username = 'owner@lakeside.test',
  workspaceId = 'ws_lakeside',
): Promise<ReportServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'intake-report-test-'));
  const server = await buildServer({ dataDir, logLevel: 'silent', seedDemoData: true });
  const signIn = await server.app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { username, password: 'demo-password' },
  });
  const token = authResponseSchema.parse(signIn.json()).data.attributes.AccessToken;
  const transport: Transport = {
    async request(req) {
      const query: Record<string, string | string[]> = {};
      for (const [key, value] of Object.entries(req.query ?? {})) {
        if (value === undefined || value === null) continue;
        query[key] = Array.isArray(value) ? value.map(String) : String(value);
      }
      const response = await server.app.inject({
        method: req.method,
        url: `/api/${req.path}`,
        query,
        ...(req.body === undefined ? {} : { payload: req.body as object }),
        headers: { authorization: `Bearer ${token}` },
      });
      const body = response.body ? (response.json() as { message?: string }) : null;
      if (response.statusCode >= 400) {
        throw new TransportError(
          response.statusMessage,
          response.statusCode,
          body?.message ?? null,
        );
      }
      return body;
    },
    subscribe: () => () => {},
  };
  const api = createApiClient(transport, vi.fn());
  const workspace = await getWorkspace(api, workspaceId);
  return {
    api,
    workspace,
    server,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
