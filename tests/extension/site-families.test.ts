import { describe, expect, it } from 'vitest';
import {
  isCtmCallPage,
  isKeapContactPage,
  isSiteOrigin,
  isSupportedPage,
  isValidExtraHost,
  isZohoRecordPage,
} from '@/extension/lib/site-families';

describe('isZohoRecordPage', () => {
  it.each([
    'https://crm.zoho.com/crm/org60012345/tab/Contacts/4876876000000421001',
    'https://crm.zoho.com/crm/org60012345/tab/Leads/4876876000000421001',
    'https://crm.zoho.com/crm/org60012345/tab/Potentials/4876876000000421001/',
    'https://crm.zoho.com/crm/tab/Deals/4876876000000421001',
    'https://crm.zoho.eu/crm/org20071234/tab/Contacts/112233000000045001',
    'https://crm.zoho.in/crm/org60012345/tab/Leads/4876876000000421001?sub_module=',
    'https://crm.zoho.com.au/crm/tab/Contacts/4876876000000421001',
    'https://crm.zohocloud.ca/crm/org1/tab/Leads/4876876000000421001',
    'https://crm.zoho.com/crm/EntityInfo.do?module=Leads&id=4876876000000421001',
  ])('is a record page: %s', (url) => {
    expect(isZohoRecordPage(url)).toBe(true);
  });

  it.each([
    'https://crm.zoho.com/crm/org60012345/tab/Contacts/custom-view/4876876000000087501/list',
    'https://crm.zoho.com/crm/org60012345/tab/Contacts/create',
    'https://crm.zoho.com/crm/org60012345/tab/Accounts/4876876000000421001',
    'https://crm.zoho.com/crm/org60012345/tab/Home/begin',
    'https://crm.zoho.com/crm/org60012345/tab/Contacts/4876876000000421001/edit',
    'http://crm.zoho.com/crm/tab/Contacts/4876876000000421001',
    'https://crm.zoho.com.evil.example/crm/tab/Contacts/4876876000000421001',
    'https://mail.zoho.com/crm/tab/Contacts/4876876000000421001',
    'not a url',
  ])('is not: %s', (url) => {
    expect(isZohoRecordPage(url)).toBe(false);
  });
});

describe('isKeapContactPage', () => {
  it.each([
    'https://ab123.infusionsoft.com/Contact/manageContact.jsp?view=edit&ID=12345',
    'https://ab123.infusionsoft.com/Contact/manageContact.jsp?ID=7&view=edit',
    'https://keap.app/contacts/list/contact/12345',
    'https://keap.app/contacts/list/all/contact/12345',
    'https://ab123.keap.app/contacts/details/12345',
  ])('is a contact page: %s', (url) => {
    expect(isKeapContactPage(url)).toBe(true);
  });

  it.each([
    'https://ab123.infusionsoft.com/Contact/manageContact.jsp?view=add',
    'https://ab123.infusionsoft.com/app/nav/home',
    'https://keap.app/contacts/list',
    'https://infusionsoft.com.evil.example/Contact/manageContact.jsp?ID=1',
    'https://crm.example.com/contacts/details/12345',
  ])('is not: %s', (url) => {
    expect(isKeapContactPage(url)).toBe(false);
  });

  it("also serves an admin's extra hosts", () => {
    expect(
      isKeapContactPage('https://crm.example.com/contacts/details/12345', ['crm.example.com']),
    ).toBe(true);
  });
});

describe('isCtmCallPage', () => {
  it.each([
    'https://app.calltrackingmetrics.com/calls/2148293840',
    'https://app.calltrackingmetrics.com/accounts/52011/calls/2148293840',
    'https://app.calltrackingmetrics.com/calls/CAL2148293840ABC/',
  ])('is a call page: %s', (url) => {
    expect(isCtmCallPage(url)).toBe(true);
  });

  it.each([
    'https://app.calltrackingmetrics.com/calls',
    'https://app.calltrackingmetrics.com/accounts/52011/calls/2148293840/recording',
    'https://app.calltrackingmetrics.com/reports/calls',
    'https://calltrackingmetrics.com/calls/2148293840',
  ])('is not: %s', (url) => {
    expect(isCtmCallPage(url)).toBe(false);
  });
});

describe('isSupportedPage and extra hosts', () => {
  it('asks the right detector for each family', () => {
    expect(isSupportedPage('zoho', 'https://crm.zoho.com/crm/tab/Leads/4876876000000421001')).toBe(
      true,
    );
    expect(isSupportedPage('ctm', 'https://crm.zoho.com/crm/tab/Leads/4876876000000421001')).toBe(
      false,
    );
  });

  it('accepts plain host names only', () => {
    expect(isValidExtraHost('crm.example.com')).toBe(true);
    expect(isValidExtraHost('https://crm.example.com')).toBe(false);
    expect(isValidExtraHost('crm.example.com/path')).toBe(false);
    expect(isValidExtraHost('*.example.com')).toBe(false);
    expect(isValidExtraHost('localhost')).toBe(false);
  });
});

describe('isSiteOrigin (issue #9: who may open a content-script port)', () => {
  it.each([
    'https://crm.zoho.com',
    'https://crm.zohocloud.ca',
    'https://ab123.infusionsoft.com',
    'https://keap.app',
    'https://ab123.keap.app',
    'https://app.calltrackingmetrics.com',
  ])('accepts %s', (origin) => {
    expect(isSiteOrigin(origin)).toBe(true);
  });

  it.each([
    'https://random.infusionsoft.com.evil.com',
    'https://evil.com',
    'http://zoho.com.attacker.net',
    'http://crm.zoho.com',
    'https://crm.zoho.com:8443',
    'https://crm.zoho.com.evil.com',
    'https://zoho.com',
    'https://calltrackingmetrics.com',
    'http://localhost:8080',
    'null',
    'https://crm.zoho.com/',
  ])('refuses %s', (origin) => {
    expect(isSiteOrigin(origin)).toBe(false);
  });

  it("accepts an admin's extra Keap host only when it is listed", () => {
    expect(isSiteOrigin('https://crm.lawfirm.example')).toBe(false);
    expect(isSiteOrigin('https://crm.lawfirm.example', ['crm.lawfirm.example'])).toBe(true);
    expect(isSiteOrigin('https://x.crm.lawfirm.example', ['crm.lawfirm.example'])).toBe(false);
  });
});
