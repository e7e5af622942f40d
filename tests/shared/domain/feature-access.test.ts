import { describe, expect, it } from 'vitest';
import {
  checkFeatureAccess,
  FEATURE_ACCESS,
  REPORT_ROUTE_FEATURES,
  reportFeatureFor,
} from '@/shared/domain/feature-access';
import { requirementFor } from '@/shared/domain/route-access';
import { makeWorkspace } from './fixtures';

describe('the report feature table (issue #9 item 5)', () => {
  const full = makeWorkspace({
    edition: 'enterprise',
    cockpit: true,
    ctmSetting: true,
    ctmAccount: '412233',
    quickBooks: true,
  });

  it('lets owners and admins read every workspace report of a fully equipped enterprise workspace', () => {
    for (const feature of new Set(Object.values(REPORT_ROUTE_FEATURES))) {
      for (const role of ['owner', 'admin'] as const) {
        expect(checkFeatureAccess(feature, role, full), `${role} ${feature}`).toEqual({
          allowed: true,
        });
      }
    }
  });

  it('refuses the cash flow to operators and consultants, and to everyone without QuickBooks', () => {
    expect(checkFeatureAccess('cashFlow', 'operator', full)).toMatchObject({ reason: 'role' });
    expect(checkFeatureAccess('cashFlow', 'consultant', full)).toMatchObject({ reason: 'role' });
    expect(checkFeatureAccess('cashFlow', 'owner', full)).toEqual({ allowed: true });
    const noQuickBooks = makeWorkspace({ edition: 'enterprise', quickBooks: false });
    expect(checkFeatureAccess('cashFlow', 'owner', noQuickBooks)).toEqual({
      allowed: false,
      reason: 'workspace',
      message: 'The Cash Flow report needs QuickBooks connected for this workspace.',
    });
  });

  it('holds a starter workspace below the marketing edition, but not the system role', () => {
    const starter = makeWorkspace({ edition: 'starter' });
    expect(checkFeatureAccess('marketing', 'owner', starter)).toMatchObject({
      reason: 'edition',
    });
    expect(
      checkFeatureAccess(
        'cashFlow',
        'system',
        makeWorkspace({ edition: 'starter', quickBooks: true }),
      ),
    ).toEqual({ allowed: true });
  });

  it('needs the cockpit and the module for a cockpit card', () => {
    const off = makeWorkspace({ edition: 'enterprise', cockpit: false });
    expect(checkFeatureAccess('communications', 'owner', off)).toMatchObject({
      reason: 'workspace',
      message: expect.stringContaining('the cockpit enabled'),
    });
  });

  it('lets operators read call compliance only where call tracking is on', () => {
    expect(checkFeatureAccess('callCompliance', 'operator', full)).toEqual({ allowed: true });
    const noTracking = makeWorkspace({ edition: 'enterprise' });
    expect(checkFeatureAccess('callCompliance', 'operator', noTracking)).toMatchObject({
      reason: 'workspace',
    });
  });

  it('gives no report to the consultant role', () => {
    for (const feature of new Set(Object.values(REPORT_ROUTE_FEATURES))) {
      expect(checkFeatureAccess(feature, 'consultant', full).allowed, feature).toBe(false);
    }
  });

  it('knows no feature for a path it does not list, even one named like an Object method', () => {
    expect(reportFeatureFor('constructor')).toBeUndefined();
    expect(reportFeatureFor('pclc')).toBe('funnel');
  });

  it('is the source of the route guards for the screens that show the reports', () => {
    const pairs = [
      ['dashboards/dashboard', 'funnel'],
      ['perspectives', 'funnel'],
      ['dashboards/agent', 'callCompliance'],
      ['team/compliance', 'team'],
      ['sales-pipeline/total-pipeline', 'salesPipeline'],
      ['marketing/lead-source-ranking-v2', 'marketing'],
      ['settings/cockpit-goals', 'cockpitGoals'],
    ] as const;
    for (const [path, feature] of pairs) {
      expect(requirementFor(path)?.roles, path).toEqual(FEATURE_ACCESS[feature].roles);
      expect(requirementFor(path)?.edition, path).toBe(FEATURE_ACCESS[feature].edition);
    }
    expect(requirementFor('cash-flow-pipeline/quickbooks')?.roles).toEqual(
      FEATURE_ACCESS.cashFlow.roles,
    );
  });
});
