import { describe, expect, it } from 'vitest';
import { ShapeMismatchError } from '@/shared/api/client';
import {
  fetchOwnAgentParameters,
  fetchUsersParameters,
  saveAgentParameters,
} from '@/shared/api/users-parameters';
import type { AgentParameters, AgentParametersUpdate } from '@/shared/contracts/users-parameters';
import { recordingApi } from './recording-api';

// The Users parameters client calls (issue #16, docs/users-parameters.md).

const update: AgentParametersUpdate = {
  officeId: 'off_1',
  practiceAreaIds: ['pa_1'],
  consultantId: null,
  minimums: {
    outboundCallsPerWeek: 50,
    outboundAnswersPerWeek: null,
    outboundSetsPerWeek: null,
    compliancePercent: 60,
  },
};
const saved: AgentParameters = {
  agentId: 'agt 1',
  agentName: 'Ada Agent',
  active: true,
  ...update,
  updatedAt: '2026-11-26T10:00:00.000Z',
};

const recording = (answer: unknown) => recordingApi(() => answer);

describe('users parameters client calls', () => {
  it('sends each call to its path with its method and body', async () => {
    const { api, requests } = recording({ data: saved });
    expect(await saveAgentParameters(api, 'ws 1', 'agt 1', update)).toEqual(saved);
    await fetchOwnAgentParameters(api, 'ws 1');
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['PUT', 'workspaces/ws%201/users-parameters/agt%201'],
      ['GET', 'workspaces/ws%201/users-parameters/me'],
    ]);
    expect(requests[0]!.body).toEqual(update);
  });

  it('refuses an answer that is not the contract', async () => {
    const { api } = recording({ data: { agents: 'nope' } });
    await expect(fetchUsersParameters(api, 'ws_1')).rejects.toBeInstanceOf(ShapeMismatchError);
  });
});
