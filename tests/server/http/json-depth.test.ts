import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@/shared/contracts/common';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH } from '@/shared/domain/intake-limits';
import { startTestServer, type TestServer } from '../helpers/test-server';

// Issue #29 point 4: a case variable nested ~1,560 levels deep overflowed the contracts'
// recursive JSON validator and answered 500. Every JSON body is now measured when it is
// parsed (server/http/json-body.ts), before any route or hook: too deep is a 400.

const HARBOR = 'ws_harbor';
const NOW = new Date().toISOString();

/** A value nested `levels` deep: `[[[ ... ]]]` (a scalar inside `levels` arrays). */
function nested(levels: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

const startCase = (variables: Record<string, unknown>) => ({
  process: 'pi-intake',
  tas_uid: 'pi-caller',
  variables,
  workspaceId: HARBOR,
});

const history = (processVariables: Record<string, unknown>) => ({
  workspace: HARBOR,
  user: 'agent-1',
  process: 'pi-intake',
  subProcess: null,
  status: 'started',
  startTime: NOW,
  endTime: null,
  executionHistory: { processVariables, steps: [] },
});

describe('JSON nesting depth', () => {
  let t: TestServer;
  let agent: string;
  let owner: string;

  beforeAll(async () => {
    t = await startTestServer();
    agent = (await t.signIn('intake@harbor.test')).accessToken;
    owner = (await t.signIn('owner@harbor.test')).accessToken;
  });
  afterAll(() => t.close());

  const expectTooDeep = (answer: { status: number; body: unknown }) => {
    expect(answer.status).toBe(400);
    expect(apiErrorSchema.parse(answer.body).message).toBe(JSON_TOO_DEEP_MESSAGE);
  };

  it('answers a 2,000-deep case variable with a 400, never a 500: start case and create execution history', async () => {
    expectTooDeep(
      await t.api('/call-center/processes/pi-intake', {
        method: 'POST',
        token: agent,
        body: startCase({ notes: nested(2_000) }),
      }),
    );
    expectTooDeep(
      await t.api('/call-center/process-execution-history', {
        method: 'POST',
        token: agent,
        body: history({ 'pi-intake': { notes: nested(2_000) } }),
      }),
    );
    // The server is fine afterwards.
    expect((await t.api('/api/health')).status).toBe(200);
  });

  it('answers a 2,000-deep body with a 400 on any route: signed in or not, any method, a larger body limit', async () => {
    const deep = nested(2_000);
    const calls: [string, string, string | undefined][] = [
      ['/api/auth', 'POST', undefined],
      [`/api/workspaces/${HARBOR}/settings`, 'PUT', owner],
      ['/call-center/error-notification', 'POST', agent],
      ['/call-center/service-processes/sendEmail', 'POST', agent],
      ['/call-center/process-execution-history/not-an-execution/parked', 'PUT', agent],
      ['/call-center/no-such-route', 'POST', agent],
    ];
    for (const [path, method, token] of calls) {
      const answer = await t.api(path, { method, token, body: { value: deep } });
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(apiErrorSchema.parse(answer.body).message, `${method} ${path}`).toBe(
        JSON_TOO_DEEP_MESSAGE,
      );
    }
  });

  it(`takes a body exactly ${MAX_JSON_DEPTH} levels deep and refuses one level more`, async () => {
    // The body is 1 level, `variables` 2, so the value adds MAX_JSON_DEPTH - 2 arrays.
    const atLimit = await t.api('/call-center/processes/pi-intake', {
      method: 'POST',
      token: agent,
      body: startCase({ notes: nested(MAX_JSON_DEPTH - 2) }),
    });
    expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(200);
    expectTooDeep(
      await t.api('/call-center/processes/pi-intake', {
        method: 'POST',
        token: agent,
        body: startCase({ notes: nested(MAX_JSON_DEPTH - 1) }),
      }),
    );
  });
});
