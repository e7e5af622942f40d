import { describe, expect, it } from 'vitest';
import {
  cockpitModuleStatus,
  isCockpitModuleEnabled,
  lockedMessage,
} from '@/shared/domain/cockpit-status';
import { makeWorkspace } from './fixtures';

describe('cockpit module status (spec: dashboards 4)', () => {
  it('is disabled when the module is off, warning when an error is recorded, else operational', () => {
    expect(cockpitModuleStatus({ enabled: false, errorRecorded: true })).toBe('disabled');
    expect(cockpitModuleStatus({ enabled: true, errorRecorded: true })).toBe('warning');
    expect(cockpitModuleStatus({ enabled: true, errorRecorded: false })).toBe('operational');
  });
});

describe('which cockpit cards are unlocked (spec: dashboards 2.3, 6)', () => {
  it('follows the workspace cockpit modules; Lead Flow needs only the cockpit', () => {
    const workspace = makeWorkspace({ cockpit: true, quickBooks: true });
    expect(isCockpitModuleEnabled('leadFlow', workspace)).toBe(true);
    expect(isCockpitModuleEnabled('salesPerformance', workspace)).toBe(true);
    expect(isCockpitModuleEnabled('communications', workspace)).toBe(true);
    // The fixture has the cashFlow module off.
    expect(isCockpitModuleEnabled('cashFlow', workspace)).toBe(false);
  });

  it('locks Cash Flow without QuickBooks even when its module is on', () => {
    const withModule = (quickBooks: boolean) => {
      const workspace = makeWorkspace({ cockpit: true, quickBooks });
      workspace.attributes.settings.cockpit.modules.cashFlow = true;
      return workspace;
    };
    expect(isCockpitModuleEnabled('cashFlow', withModule(true))).toBe(true);
    expect(isCockpitModuleEnabled('cashFlow', withModule(false))).toBe(false);
  });

  it('locks everything without a workspace or with the cockpit off', () => {
    expect(isCockpitModuleEnabled('leadFlow', null)).toBe(false);
    expect(isCockpitModuleEnabled('communications', makeWorkspace({ cockpit: false }))).toBe(false);
  });

  it('uses the upgrade text for the CRM modules and the QuickBooks text for Cash Flow', () => {
    expect(lockedMessage('salesPerformance')).toBe('Upgrade your CRM to unlock this feature!');
    expect(lockedMessage('communications')).toBe('Upgrade your CRM to unlock this feature!');
    expect(lockedMessage('cashFlow')).toBe('QuickBooks helps to monitor your cash flow!');
  });
});
