import { describe, expect, it } from 'vitest';
import {
  agentNotLinkedToZoho,
  checkDialNumber,
  crmNeedsAuthorization,
  DIAL_NUMBER_CHARACTERS,
  DIAL_NUMBER_REQUIRED,
  DIAL_NUMBER_TOO_SHORT,
  knownNotLinkedToCallTracking,
} from '@/shared/domain/click-to-call';
import { NON_US_NUMBER_WARNING } from '@/shared/domain/phone-dialing';
import { workspaceSchema } from '@/shared/contracts/workspace';
import { makeWorkspace } from './fixtures';

describe('checkDialNumber (spec: session 5 custom dial number)', () => {
  it('accepts 10 digits or more with an optional leading plus, separators removed', () => {
    expect(checkDialNumber('+1 312 555 0142')).toEqual({ ok: true, number: '+13125550142' });
    expect(checkDialNumber('3125550142')).toEqual({ ok: true, number: '+13125550142' });
    expect(checkDialNumber(' (312) 555-0142 ')).toEqual({ ok: true, number: '+13125550142' });
  });

  it('refuses empty, letters, fewer than 10 digits and a plus that is not leading', () => {
    expect(checkDialNumber('  ')).toEqual({ ok: false, reason: DIAL_NUMBER_REQUIRED });
    expect(checkDialNumber('312-555-CALL')).toEqual({ ok: false, reason: DIAL_NUMBER_CHARACTERS });
    expect(checkDialNumber('312555014')).toEqual({ ok: false, reason: DIAL_NUMBER_TOO_SHORT });
    expect(checkDialNumber('1+3125550142')).toEqual({
      ok: false,
      reason: DIAL_NUMBER_CHARACTERS,
    });
  });

  it('refuses a well-formed number outside the US with the non-US warning', () => {
    expect(checkDialNumber('+44 20 7946 0958')).toEqual({
      ok: false,
      reason: NON_US_NUMBER_WARNING,
    });
  });
});

describe('who may call, and the CRM alerts (spec: session 4, 6, 8)', () => {
  it('knows an agent is not linked to call tracking only from an agent record without one', () => {
    expect(knownNotLinkedToCallTracking({ ctmUserId: null })).toBe(true);
    expect(knownNotLinkedToCallTracking({ ctmUserId: 'ctm_7' })).toBe(false);
    expect(knownNotLinkedToCallTracking(null)).toBe(false);
  });

  it('flags a Zoho workspace agent without a Zoho user, and only there', () => {
    const zoho = makeWorkspace({ isZoho: true });
    expect(agentNotLinkedToZoho(zoho, { zohoUserId: null })).toBe(true);
    expect(agentNotLinkedToZoho(zoho, { zohoUserId: 'z_1' })).toBe(false);
    expect(agentNotLinkedToZoho(makeWorkspace(), { zohoUserId: null })).toBe(false);
    expect(agentNotLinkedToZoho(zoho, null)).toBe(false);
  });

  it('says the CRM needs authorization when the vendors list one', () => {
    const workspace = makeWorkspace();
    expect(crmNeedsAuthorization(workspace)).toBe(false);
    const needing = workspaceSchema.parse({
      ...workspace,
      attributes: {
        ...workspace.attributes,
        vendors: { ...workspace.attributes.vendors, needsAuth: ['ifs'] },
      },
    });
    expect(crmNeedsAuthorization(needing)).toBe(true);
    expect(crmNeedsAuthorization(null)).toBe(false);
  });
});
