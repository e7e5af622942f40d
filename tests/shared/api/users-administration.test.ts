import { describe, expect, it } from 'vitest';
import {
  acceptInvitation,
  fetchInvitation,
  inviteUser,
  saveUserLinks,
  updateWorkspaceUser,
} from '@/shared/api/users-administration';
import { saveCampaignApportion, saveTrackingNumber } from '@/shared/api/workspace-settings';
import { ShapeMismatchError } from '@/shared/api/client';
import type { WorkspaceUser } from '@/shared/contracts/users-administration';
import { recordingApi } from './recording-api';

const user: WorkspaceUser = {
  id: 'usr_1',
  username: 'nora@firm.test',
  email: 'nora@firm.test',
  firstName: 'Nora',
  lastName: 'Reyes',
  authorizationId: 'auth_1',
  role: 'operator',
  status: 'active',
  pending: true,
  invitation: {
    sentAt: '2026-05-01T00:00:00.000Z',
    expiresAt: '2026-05-08T00:00:00.000Z',
    expired: false,
  },
  agent: null,
  createdAt: '2026-05-01T00:00:00.000Z',
};

const recording = (answer: unknown) => recordingApi(() => answer);

describe('users administration client calls', () => {
  it('sends each call to its path with its method and body', async () => {
    const { api, requests } = recording({ data: user });
    await inviteUser(api, {
      workspaceId: 'ws 1',
      email: 'nora@firm.test',
      firstName: 'Nora',
      lastName: 'Reyes',
      role: 'operator',
    });
    await updateWorkspaceUser(api, 'ws 1', 'usr_1', { status: 'inactive' });
    await saveUserLinks(api, 'ws 1', 'usr_1', { crmUserId: null, ctmUserId: 'ctm_9' });
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', 'users'],
      ['PATCH', 'workspaces/ws%201/users/usr_1'],
      ['PUT', 'workspaces/ws%201/users/usr_1/links'],
    ]);
    expect(requests[2].body).toEqual({ crmUserId: null, ctmUserId: 'ctm_9' });
  });

  it('reads and accepts an invite without a session and without refreshing one', async () => {
    const token = 'A'.repeat(43);
    const info = recording({
      data: {
        username: 'nora@firm.test',
        firstName: 'Nora',
        lastName: 'Reyes',
        workspaceName: 'Firm',
        expiresAt: '2026-05-08T00:00:00.000Z',
      },
    });
    expect((await fetchInvitation(info.api, token)).workspaceName).toBe('Firm');
    expect(info.requests[0]).toMatchObject({
      method: 'GET',
      path: `users/${token}/password`,
      anonymous: true,
      skipAuthRefresh: true,
    });
    const accepted = recording({ data: { username: 'nora@firm.test' } });
    await acceptInvitation(accepted.api, { token, password: 'a long enough secret' });
    expect(accepted.requests[0]).toMatchObject({
      method: 'POST',
      path: 'users/password/confirm',
      anonymous: true,
      body: { token, password: 'a long enough secret' },
    });
  });

  it('checks answers against their contracts', async () => {
    const { api } = recording({ data: { ...user, role: 'boss' } });
    await expect(updateWorkspaceUser(api, 'ws', 'usr_1', { role: 'admin' })).rejects.toBeInstanceOf(
      ShapeMismatchError,
    );
  });

  it('puts tracking numbers and apportions at their settings paths', async () => {
    const number = recording({
      data: {
        id: 'num_1',
        number: '+13125550142',
        formatted: '+1 312-555-0142',
        label: 'Main',
        valid: true,
        campaign: null,
        leadSource: null,
      },
    });
    await saveTrackingNumber(number.api, 'ws_1', 'num_1', {
      label: 'Main',
      leadSourceId: null,
      campaignId: null,
    });
    expect(number.requests[0]).toMatchObject({
      method: 'PUT',
      path: 'workspaces/ws_1/tracking-numbers/num_1',
    });
    const apportion = recording({
      data: {
        campaignId: 'cmp_1',
        campaign: 'Spring',
        leadSourceId: null,
        active: true,
        spend: 10,
        apportioned: 10,
        shares: [{ leadSourceId: 'src_1', leadSource: 'Web', month: '2026-03', amount: 10 }],
        updatedAt: '2026-05-01T00:00:00.000Z',
      },
    });
    const saved = await saveCampaignApportion(apportion.api, 'ws_1', 'cmp_1', {
      spend: 10,
      shares: [{ leadSourceId: 'src_1', month: '2026-03', amount: 10 }],
    });
    expect(saved.apportioned).toBe(10);
    expect(apportion.requests[0]).toMatchObject({
      method: 'PUT',
      path: 'workspaces/ws_1/campaigns/cmp_1/apportion',
    });
  });
});
