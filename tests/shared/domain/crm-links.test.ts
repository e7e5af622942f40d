import { describe, expect, it } from 'vitest';
import { workspaceSchema } from '@/shared/contracts/workspace';
import { crmLinkSettings, crmRecordLink, safeBaseUrl, zohoWebUrl } from '@/shared/domain/crm-links';
import { makeWorkspace } from './fixtures';

// spec: dashboards 9 "CRM record link".
describe('crmRecordLink (spec: dashboards 9)', () => {
  it('links the organisation-id CRM (Zoho) as base/org{orgId}/tab/{module}/{id}', () => {
    const settings = { kind: 'zoho' as const, orgId: '700000123', baseUrl: 'https://crm.zoho.com' };
    expect(crmRecordLink(settings, { id: '4100001', module: 'Leads' })).toBe(
      'https://crm.zoho.com/org700000123/tab/Leads/4100001',
    );
  });

  it('is blank for Zoho without an org id', () => {
    expect(
      crmRecordLink(
        { kind: 'zoho', orgId: null, baseUrl: 'https://crm.zoho.com' },
        { id: '1', module: 'Leads' },
      ),
    ).toBe('');
  });

  it('links the organisation-host CRM (Keap) as {orgHost}/{module}/manage{module}.jsp?view=edit&ID={id}', () => {
    const settings = { kind: 'keap' as const, orgHost: 'https://hb417.infusionsoft.com/' };
    expect(crmRecordLink(settings, { id: '88', module: 'Contact' })).toBe(
      'https://hb417.infusionsoft.com/Contact/manageContact.jsp?view=edit&ID=88',
    );
  });

  it('is blank for Keap without an org host, and with no CRM', () => {
    expect(crmRecordLink({ kind: 'keap', orgHost: null }, { id: '88', module: 'Contact' })).toBe(
      '',
    );
    expect(crmRecordLink({ kind: 'none' }, { id: '88', module: 'Contact' })).toBe('');
  });

  it('encodes ids and never produces a script or relative link', () => {
    const settings = { kind: 'zoho' as const, orgId: '1', baseUrl: 'https://crm.zoho.com' };
    expect(crmRecordLink(settings, { id: 'a/b?c', module: 'Leads' })).toBe(
      'https://crm.zoho.com/org1/tab/Leads/a%2Fb%3Fc',
    );
    expect(safeBaseUrl('javascript:alert(1)')).toBe('');
    expect(safeBaseUrl('hb417.infusionsoft.com')).toBe('https://hb417.infusionsoft.com');
    expect(
      crmRecordLink(
        { kind: 'keap', orgHost: 'javascript:alert(1)//' },
        { id: '1', module: 'Contact' },
      ),
    ).toBe('');
  });
});

describe('crmLinkSettings', () => {
  it('reads Zoho from a Zoho workspace and Keap from the org host', () => {
    const zoho = makeWorkspace({ isZoho: true });
    zoho.attributes.settings.zohoOrgId = '700000123';
    expect(crmLinkSettings(zoho)).toEqual({
      kind: 'zoho',
      orgId: '700000123',
      baseUrl: 'https://crm.zoho.com',
    });

    const keap = workspaceSchema.parse(makeWorkspace());
    keap.attributes.settings.ifsOrgId = 'hb417';
    keap.attributes.settings.ifsOrgHost = 'https://hb417.infusionsoft.com';
    expect(crmLinkSettings(keap)).toEqual({
      kind: 'keap',
      orgHost: 'https://hb417.infusionsoft.com',
    });

    expect(crmLinkSettings(makeWorkspace())).toEqual({ kind: 'none' });
    expect(crmLinkSettings(null)).toEqual({ kind: 'none' });
  });
});

// Issue #33: a workspace connected to Zoho links its records at its organisation's own
// data centre, named by the location Zoho's accounts server gave at the connection.
describe('zohoWebUrl (issue #33 Multi DC)', () => {
  it.each([
    ['us', 'https://crm.zoho.com'],
    ['eu', 'https://crm.zoho.eu'],
    ['in', 'https://crm.zoho.in'],
    ['au', 'https://crm.zoho.com.au'],
    ['jp', 'https://crm.zoho.jp'],
    ['ca', 'https://crm.zohocloud.ca'],
    ['EU', 'https://crm.zoho.eu'],
  ])('opens %s records at %s', (location, url) => {
    expect(zohoWebUrl(location)).toBe(url);
  });

  it('falls back to the US address for no location or one it does not know', () => {
    for (const location of [null, undefined, '', 'mars', 'constructor', '__proto__']) {
      expect(zohoWebUrl(location)).toBe('https://crm.zoho.com');
    }
  });

  it('links a connected workspace at its data centre, over the default address', () => {
    const zoho = makeWorkspace({ isZoho: true });
    zoho.attributes.settings.zohoOrgId = '700000123';
    zoho.attributes.crmWebUrl = 'https://crm.zoho.eu';
    const settings = crmLinkSettings(zoho);
    expect(crmRecordLink(settings, { id: '57257', module: 'Contacts' })).toBe(
      'https://crm.zoho.eu/org700000123/tab/Contacts/57257',
    );
  });
});
