import { describe, expect, it } from 'vitest';
import { isKnownTimezone, type WizardValues } from '@/shared/contracts/system-workspaces';
import {
  applyWorkspaceEdit,
  canOpenStep,
  createRequestFrom,
  crmOf,
  editableSettingsOf,
  firstIncompleteStep,
  isStepComplete,
  newWorkspaceParts,
  nextStep,
  previousStep,
  resumeStep,
  workspaceProblems,
  type HealthFacts,
} from '@/shared/domain/workspace-wizard';
import { makeWorkspace } from './fixtures';

// spec: session 3 "workspace wizard state"; issue #16 (name → timezone → edition → CRM
// and organisation → call tracking → first owner → review).

const COMPLETE: WizardValues = {
  name: 'Prairie Immigration',
  timezone: 'America/Denver',
  edition: 'starter',
  crm: { kind: 'none' },
  callTracking: { enabled: false, account: null },
  owner: { firstName: 'Dana', lastName: 'Ortiz', email: 'dana@prairie.test' },
};

describe('workspace wizard steps', () => {
  it('walks name → timezone → edition → crm → callTracking → owner → review, and stops at the ends', () => {
    expect(nextStep('name')).toBe('timezone');
    expect(nextStep('callTracking')).toBe('owner');
    expect(nextStep('owner')).toBe('review');
    expect(nextStep('review')).toBe('review');
    expect(previousStep('timezone')).toBe('name');
    expect(previousStep('name')).toBe('name');
  });

  it('a step is complete only with a value its contract accepts', () => {
    expect(isStepComplete('name', {})).toBe(false);
    expect(isStepComplete('name', { name: 'X' })).toBe(true);
    expect(isStepComplete('timezone', { timezone: 'Mars/Olympus' })).toBe(false);
    expect(isStepComplete('crm', { crm: { kind: 'zoho', zohoOrgId: 'abc' } })).toBe(false);
    expect(isStepComplete('callTracking', { callTracking: { enabled: true, account: null } })).toBe(
      false,
    );
    expect(isStepComplete('review', COMPLETE)).toBe(true);
  });

  it('the first incomplete step is where a new value is needed; review once all are there', () => {
    expect(firstIncompleteStep({})).toBe('name');
    expect(firstIncompleteStep({ name: 'X', timezone: 'America/Chicago' })).toBe('edition');
    expect(firstIncompleteStep(COMPLETE)).toBe('review');
  });

  it('only steps up to the first incomplete one can be opened from the trail', () => {
    const values = { name: 'X', timezone: 'America/Chicago' };
    expect(canOpenStep('timezone', values)).toBe(true);
    expect(canOpenStep('edition', values)).toBe(true);
    expect(canOpenStep('crm', values)).toBe(false);
  });

  it('resumes at the saved step, or earlier when an earlier value is missing, or the first step with no draft', () => {
    expect(resumeStep(null)).toBe('name');
    expect(resumeStep({ step: 'owner', values: COMPLETE })).toBe('owner');
    // Went back to edit the timezone: resumes there, not at review.
    expect(resumeStep({ step: 'timezone', values: COMPLETE })).toBe('timezone');
    // Says "review" but the owner is missing: resumes at the owner step.
    const noOwner = { ...COMPLETE, owner: undefined };
    expect(resumeStep({ step: 'review', values: noOwner })).toBe('owner');
  });

  it('builds the create request only when every step is complete', () => {
    expect(createRequestFrom({ ...COMPLETE, owner: undefined })).toBeNull();
    expect(createRequestFrom(COMPLETE)).toEqual({
      name: 'Prairie Immigration',
      timezone: 'America/Denver',
      edition: 'starter',
      crm: { kind: 'none' },
      callTracking: { enabled: false, account: null },
    });
  });

  it('knows IANA time zones and refuses others', () => {
    expect(isKnownTimezone('America/Chicago')).toBe(true);
    expect(isKnownTimezone('Mars/Olympus')).toBe(false);
    expect(isKnownTimezone('')).toBe(false);
  });
});

describe('workspace settings', () => {
  it('reads the CRM from the settings: Zoho, Keap (org id and host) or none', () => {
    expect(crmOf(makeWorkspace({ isZoho: true }))).toBe('zoho');
    expect(crmOf(makeWorkspace())).toBe('none');
    const keap = makeWorkspace();
    keap.attributes.settings.ifsOrgId = 'hb417';
    keap.attributes.settings.ifsOrgHost = 'https://hb417.infusionsoft.com';
    expect(crmOf(keap)).toBe('keap');
    expect(editableSettingsOf(keap).crm).toEqual({
      kind: 'keap',
      ifsOrgId: 'hb417',
      ifsOrgHost: 'https://hb417.infusionsoft.com',
    });
  });

  it('a change keeps what it does not name; switching CRM clears the other organisation and follows the Zoho vendor flag', () => {
    const parts = newWorkspaceParts({
      name: 'A',
      timezone: 'America/Chicago',
      edition: 'starter',
      crm: { kind: 'zoho', zohoOrgId: '700000001' },
      callTracking: { enabled: true, account: '12' },
    });
    expect(parts.isZoho).toBe(true);
    expect(parts.vendors.zoho).toBe(true);
    expect(parts.settings.cockpit.enabled).toBe(false);
    expect(parts.settings.ctm).toBe(true);
    expect(parts.vendors.callTrackingMetrics.account).toBe('12');

    const switched = applyWorkspaceEdit(parts, {
      crm: { kind: 'keap', ifsOrgId: 'ab1', ifsOrgHost: 'https://ab1.infusionsoft.com' },
      quickBooks: true,
    });
    expect(switched.isZoho).toBe(false);
    expect(switched.vendors.zoho).toBe(false);
    expect(switched.settings.zohoOrgId).toBeNull();
    expect(switched.settings.ifsOrgId).toBe('ab1');
    expect(switched.vendors.quickBooks).toBe(true);
    // Untouched: call tracking, edition, name. And the input is not mutated.
    expect(switched.settings.ctm).toBe(true);
    expect(switched.edition).toBe('starter');
    expect(parts.vendors.quickBooks).toBe(false);
  });
});

describe('workspace health', () => {
  const healthy: HealthFacts = {
    crm: 'zoho',
    crmOrganization: 'reachable',
    activeOwners: 1,
    pendingOwners: 0,
    callTrackingOn: true,
    callTrackingAccount: '1',
    failedAsyncRecords: 0,
  };

  it('is healthy with an active owner, a reachable CRM and nothing failed', () => {
    expect(workspaceProblems(healthy)).toEqual([]);
  });

  it('says what needs attention, in words', () => {
    expect(workspaceProblems({ ...healthy, activeOwners: 0, pendingOwners: 1 })).toEqual([
      'The owner has not accepted the invitation yet.',
    ]);
    expect(workspaceProblems({ ...healthy, activeOwners: 0 })).toEqual([
      'No active owner: invite one in Users administration.',
    ]);
    expect(workspaceProblems({ ...healthy, crm: 'keap', crmOrganization: 'unreachable' })).toEqual([
      'The Keap organisation cannot be reached: its id is not set.',
    ]);
    expect(workspaceProblems({ ...healthy, failedAsyncRecords: 3 })).toEqual([
      '3 CRM writes failed and wait in Async error resolution.',
    ]);
    // Issue #32: the CTM connection's last request failed.
    expect(workspaceProblems({ ...healthy, callTrackingFailure: 'Service Unavailable' })).toEqual([
      'CallTrackingMetrics cannot be reached: Service Unavailable',
    ]);
    expect(workspaceProblems({ ...healthy, callTrackingFailure: null })).toEqual([]);
    // Issue #33: Zoho ended the CRM connection's grant.
    expect(workspaceProblems({ ...healthy, crmReconnect: true })).toEqual([
      'Zoho CRM ended the connection: the owner must connect it again.',
    ]);
    expect(workspaceProblems({ ...healthy, crm: 'keap', crmReconnect: true })).toEqual([
      'Keap ended the connection: the owner must connect it again.',
    ]);
    // Issue #33: the firm ended the QuickBooks grant, or its books could not be read.
    expect(workspaceProblems({ ...healthy, quickBooksProblem: 'reconnect' })).toEqual([
      'QuickBooks ended the connection: the owner must connect it again.',
    ]);
    expect(
      workspaceProblems({ ...healthy, quickBooksProblem: 'QuickBooks: Throttled (429)' }),
    ).toEqual(['The QuickBooks books could not be read: QuickBooks: Throttled (429)']);
    expect(workspaceProblems({ ...healthy, quickBooksProblem: null })).toEqual([]);
  });
});
