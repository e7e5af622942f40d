import { describe, expect, it } from 'vitest';
import { landingPathFor } from '@/shared/domain/landing';
import { makeWorkspace } from './fixtures';

// spec: session 2 "Landing page after sign-in, by role"; dashboards 6 Landing after login.
describe('landingPathFor', () => {
  it('sends owners and admins to the cockpit when the cockpit setting is enabled', () => {
    const workspace = makeWorkspace({ cockpit: true });
    expect(landingPathFor({ role: 'owner' }, workspace)).toBe('/app/dashboards/cockpit');
    expect(landingPathFor({ role: 'admin' }, workspace)).toBe('/app/dashboards/cockpit');
  });

  it('sends owners and admins to the classic dashboard otherwise', () => {
    const workspace = makeWorkspace({ cockpit: false });
    expect(landingPathFor({ role: 'owner' }, workspace)).toBe('/app/dashboards/dashboard');
    expect(landingPathFor({ role: 'admin' }, workspace)).toBe('/app/dashboards/dashboard');
    expect(landingPathFor({ role: 'owner' }, null)).toBe('/app/dashboards/dashboard');
  });

  it('sends operators to the agent dashboard when call tracking has an account and its setting', () => {
    const workspace = makeWorkspace({ ctmAccount: 'acct_1', ctmSetting: true });
    expect(landingPathFor({ role: 'operator' }, workspace)).toBe('/app/dashboards/agent');
  });

  it('sends operators to their user info when the call-tracking account or setting is missing', () => {
    expect(
      landingPathFor(
        { role: 'operator' },
        makeWorkspace({ ctmAccount: 'acct_1', ctmSetting: false }),
      ),
    ).toBe('/app/profile/user-info');
    expect(
      landingPathFor({ role: 'operator' }, makeWorkspace({ ctmAccount: null, ctmSetting: true })),
    ).toBe('/app/profile/user-info');
  });

  it('sends consultants to their credentials', () => {
    expect(landingPathFor({ role: 'consultant' }, makeWorkspace())).toBe(
      '/app/profile/credentials',
    );
  });

  it('sends the system role to the workspaces list', () => {
    expect(landingPathFor({ role: 'system' }, null)).toBe('/app/system/workspaces');
  });
});
