import { describe, expect, it } from 'vitest';
import { ROLES } from '@/shared/contracts/roles';
import { landingPathFor } from '@/shared/domain/landing';
import {
  checkRouteAccess,
  notAllowedPathFor,
  requirementFor,
  UPGRADE_ILLUSTRATION,
} from '@/shared/domain/route-access';
import { makeUser, makeWorkspace } from './fixtures';

describe('checkRouteAccess: sign-in guard (spec: session 6, session 8 "No authenticated user")', () => {
  it('sends an unauthenticated user to /login from any /app path', () => {
    expect(checkRouteAccess('/app/dashboards/dashboard', null, null)).toEqual({
      kind: 'redirect',
      to: '/login',
    });
    expect(checkRouteAccess('/app', null, null)).toEqual({ kind: 'redirect', to: '/login' });
    expect(checkRouteAccess('/app/profile/user-info', null, null)).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('leaves paths outside /app to the router', () => {
    expect(checkRouteAccess('/login', null, null)).toEqual({ kind: 'allow' });
    expect(checkRouteAccess('/application', null, null)).toEqual({ kind: 'allow' });
  });

  it('sends /app alone to the landing page', () => {
    const workspace = makeWorkspace({ cockpit: true });
    expect(checkRouteAccess('/app/', makeUser({ role: 'owner' }), workspace)).toEqual({
      kind: 'redirect',
      to: '/app/dashboards/cockpit',
    });
  });
});

describe('checkRouteAccess: role guard (spec: session 6 "sent to their landing page"; dashboards 6 table)', () => {
  const workspace = makeWorkspace({
    edition: 'enterprise',
    ctmAccount: 'a',
    ctmSetting: true,
    cockpit: true,
  });

  it('sends an operator away from the manager-only classic dashboard to the agent dashboard', () => {
    const user = makeUser({ role: 'operator', edition: 'enterprise' });
    expect(checkRouteAccess('/app/dashboards/dashboard', user, workspace)).toEqual({
      kind: 'redirect',
      to: '/app/dashboards/agent',
    });
  });

  it('lets operators into the agent dashboard and call flows', () => {
    const user = makeUser({ role: 'operator', edition: 'enterprise' });
    expect(checkRouteAccess('/app/dashboards/agent', user, workspace)).toEqual({ kind: 'allow' });
    expect(checkRouteAccess('/app/automated-intake', user, workspace)).toEqual({ kind: 'allow' });
  });

  it('opens the call-flow designer to owners, admins and system users, not to agents (issue #34)', () => {
    const path = '/app/automated-intake/designer/pi-intake';
    for (const role of ['owner', 'admin'] as const) {
      expect(checkRouteAccess(path, makeUser({ role, edition: 'enterprise' }), workspace)).toEqual({
        kind: 'allow',
      });
    }
    const system = makeUser({ role: 'system', edition: 'enterprise', workspace: null });
    expect(checkRouteAccess('/app/automated-intake/designer', system, null)).toEqual({
      kind: 'allow',
    });
    const agent = makeUser({ role: 'operator', edition: 'enterprise' });
    expect(checkRouteAccess(path, agent, workspace)).toEqual({
      kind: 'redirect',
      to: '/app/dashboards/agent',
    });
  });

  it('keeps owners and admins out of the system area', () => {
    expect(
      checkRouteAccess('/app/system/workspaces', makeUser({ role: 'admin' }), workspace),
    ).toEqual({
      kind: 'redirect',
      to: '/app/dashboards/cockpit',
    });
  });

  it('keeps the system role out of workspace reports but lets it upload training videos', () => {
    const system = makeUser({ role: 'system', edition: null, workspace: null });
    expect(checkRouteAccess('/app/settings/users-parameters', system, null)).toEqual({
      kind: 'redirect',
      to: '/app/system/workspaces',
    });
    // issue #16: the system user administers the users of a workspace it picks.
    expect(checkRouteAccess('/app/settings/users-administration', system, null)).toEqual({
      kind: 'allow',
    });
    expect(checkRouteAccess('/app/coaching/upload-training-videos', system, null)).toEqual({
      kind: 'allow',
    });
    expect(checkRouteAccess('/app/coaching/training/immigration', system, null)).toEqual({
      kind: 'redirect',
      to: '/app/system/workspaces',
    });
  });

  it('sends a consultant to credentials from every area but profile', () => {
    const consultant = makeUser({ role: 'consultant' });
    expect(checkRouteAccess('/app/dashboards/agent', consultant, workspace)).toEqual({
      kind: 'redirect',
      to: '/app/profile/credentials',
    });
    expect(checkRouteAccess('/app/profile/user-info', consultant, workspace)).toEqual({
      kind: 'allow',
    });
  });

  it('opens the profile pages to every role', () => {
    for (const role of ROLES) {
      const user = makeUser({ role, edition: role === 'system' ? null : 'starter' });
      expect(
        checkRouteAccess('/app/profile/credentials', user, role === 'system' ? null : workspace),
      ).toEqual({
        kind: 'allow',
      });
    }
  });

  it('never redirects a user away from their own landing page (no redirect loops)', () => {
    const workspaces = [
      makeWorkspace({ edition: 'starter' }),
      makeWorkspace({ edition: 'starter', cockpit: true, ctmAccount: 'a', ctmSetting: true }),
      makeWorkspace({ edition: 'starter', zohoVendor: true, isZoho: true }),
    ];
    for (const ws of workspaces) {
      for (const role of ROLES) {
        const user = makeUser({ role, edition: role === 'system' ? null : 'starter' });
        const landing = landingPathFor(user, ws);
        expect(checkRouteAccess(landing, user, ws), `${role} → ${landing}`).toEqual({
          kind: 'allow',
        });
      }
    }
  });
});

describe('checkRouteAccess: edition guard (spec: session 6, dashboards 6 "redirect to not-allowed")', () => {
  it('sends a starter user from marketing to the not-allowed page with the required edition', () => {
    const user = makeUser({ role: 'owner', edition: 'starter' });
    const result = checkRouteAccess(
      '/app/marketing/lead-source-ranking-v2',
      user,
      makeWorkspace({ edition: 'starter' }),
    );
    expect(result.kind).toBe('redirect');
    const to = new URL((result as { to: string }).to, 'http://x');
    expect(to.pathname).toBe('/app/marketing/lead-source-ranking-v2/not-allowed');
    expect(to.searchParams.get('edition')).toBe('professional');
    expect(to.searchParams.get('imgSrc')).toBe(UPGRADE_ILLUSTRATION);
  });

  it('requires professional for the cash-flow pipeline and starter elsewhere', () => {
    expect(requirementFor('cash-flow-pipeline/collections')?.edition).toBe('professional');
    expect(requirementFor('marketing')?.edition).toBe('professional');
    expect(requirementFor('dashboards/dashboard')?.edition).toBe('starter');
    expect(requirementFor('settings/cockpit-goals')?.edition).toBe('starter');
  });

  it('lets professional and enterprise users into professional routes', () => {
    for (const edition of ['professional', 'enterprise'] as const) {
      const user = makeUser({ role: 'admin', edition });
      expect(
        checkRouteAccess('/app/marketing/marketing-plan-essentials', user, makeWorkspace()),
      ).toEqual({
        kind: 'allow',
      });
    }
  });

  it("falls back to the workspace's edition when the token carries none", () => {
    const user = makeUser({ role: 'owner', edition: null });
    expect(
      checkRouteAccess('/app/marketing', user, makeWorkspace({ edition: 'professional' })),
    ).toEqual({
      kind: 'allow',
    });
    expect(
      checkRouteAccess('/app/marketing', user, makeWorkspace({ edition: 'starter' })).kind,
    ).toBe('redirect');
  });

  it('checks the role before the edition', () => {
    const user = makeUser({ role: 'operator', edition: 'starter' });
    expect(checkRouteAccess('/app/marketing', user, makeWorkspace({ edition: 'starter' }))).toEqual(
      {
        kind: 'redirect',
        to: '/app/profile/user-info',
      },
    );
  });

  it('lets a signed-in user see any not-allowed page', () => {
    const user = makeUser({ role: 'owner', edition: 'starter' });
    expect(checkRouteAccess('/app/marketing/not-allowed', user, makeWorkspace())).toEqual({
      kind: 'allow',
    });
  });

  it('builds the not-allowed path by appending to the current path', () => {
    expect(notAllowedPathFor('/app/marketing/', 'professional')).toBe(
      `/app/marketing/not-allowed?edition=professional&imgSrc=${encodeURIComponent(UPGRADE_ILLUSTRATION)}`,
    );
  });
});

describe('checkRouteAccess: cockpit guard (spec: session 6 "Cockpit is allowed only with the cockpit setting")', () => {
  it('sends an owner to the classic dashboard when the cockpit setting is off', () => {
    const user = makeUser({ role: 'owner' });
    expect(
      checkRouteAccess('/app/dashboards/cockpit', user, makeWorkspace({ cockpit: false })),
    ).toEqual({
      kind: 'redirect',
      to: '/app/dashboards/dashboard',
    });
    expect(checkRouteAccess('/app/cockpit', user, makeWorkspace({ cockpit: false })).kind).toBe(
      'redirect',
    );
  });

  it('keeps the cockpit goals settings out of a workspace without the cockpit', () => {
    const owner = makeUser({ role: 'owner' });
    expect(
      checkRouteAccess('/app/settings/cockpit-goals', owner, makeWorkspace({ cockpit: false })),
    ).toEqual({ kind: 'redirect', to: '/app/dashboards/dashboard' });
    expect(
      checkRouteAccess('/app/settings/cockpit-goals', owner, makeWorkspace({ cockpit: true })),
    ).toEqual({ kind: 'allow' });
  });

  it('lets an owner in when the cockpit setting is on', () => {
    expect(
      checkRouteAccess(
        '/app/dashboards/cockpit',
        makeUser({ role: 'owner' }),
        makeWorkspace({ cockpit: true }),
      ),
    ).toEqual({ kind: 'allow' });
  });
});

describe('checkRouteAccess: call-flow guard (spec: session 4 "blocked when the workspace uses the zoho vendor")', () => {
  it('sends users of a Zoho-vendor workspace from call flows to their landing page', () => {
    const workspace = makeWorkspace({ zohoVendor: true, cockpit: true });
    expect(
      checkRouteAccess('/app/automated-intake', makeUser({ role: 'admin' }), workspace),
    ).toEqual({
      kind: 'redirect',
      to: '/app/dashboards/cockpit',
    });
  });

  it('sends a typed Agent dashboard or Tracking Numbers URL to the landing page without call tracking', () => {
    const off = makeWorkspace({ cockpit: true });
    for (const path of ['/app/dashboards/agent', '/app/agent', '/app/settings/tracking-numbers']) {
      expect(checkRouteAccess(path, makeUser({ role: 'admin' }), off)).toEqual({
        kind: 'redirect',
        to: '/app/dashboards/cockpit',
      });
    }
    expect(checkRouteAccess('/app/dashboards/agent', makeUser({ role: 'operator' }), off)).toEqual({
      kind: 'redirect',
      to: '/app/profile/user-info',
    });
    const on = makeWorkspace({ cockpit: true, ctmSetting: true, ctmAccount: 'acct_1' });
    for (const path of ['/app/dashboards/agent', '/app/settings/tracking-numbers']) {
      expect(checkRouteAccess(path, makeUser({ role: 'admin' }), on)).toEqual({ kind: 'allow' });
    }
  });

  it('lets call flows run in other workspaces', () => {
    expect(
      checkRouteAccess('/app/automated-intake', makeUser({ role: 'admin' }), makeWorkspace()),
    ).toEqual({
      kind: 'allow',
    });
  });
});

describe('requirementFor', () => {
  it('picks the most specific entry', () => {
    expect(requirementFor('coaching/upload-training-videos')?.roles).toEqual([
      'owner',
      'admin',
      'system',
    ]);
    expect(requirementFor('coaching')?.roles).toContain('system');
    expect(requirementFor('coaching/training/bankruptcy')?.roles).not.toContain('system');
  });

  it('does not match a sibling that only shares a prefix', () => {
    expect(requirementFor('dashboardsx')).toBeUndefined();
    expect(requirementFor('agents')).toBeUndefined();
  });
});
