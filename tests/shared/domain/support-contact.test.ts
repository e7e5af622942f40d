import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SUPPORT_CONTACT,
  supportContactFromSettings,
  supportTicketHref,
} from '@/shared/domain/support-contact';

describe('the support contact (issue #30)', () => {
  it('is the default address when neither SUPPORT_EMAIL nor SUPPORT_URL is set, empty or blank included', () => {
    expect(supportContactFromSettings({})).toEqual(DEFAULT_SUPPORT_CONTACT);
    expect(supportContactFromSettings({ email: '  ', url: '' })).toEqual(DEFAULT_SUPPORT_CONTACT);
  });

  it('takes the address alone, without a page', () => {
    expect(supportContactFromSettings({ email: 'help@firm.example' })).toEqual({
      email: 'help@firm.example',
      url: null,
    });
  });

  it('takes the page alone, without the default address beside it', () => {
    expect(supportContactFromSettings({ url: 'http://intranet.firm.example/help' })).toEqual({
      email: null,
      url: 'http://intranet.firm.example/help',
    });
  });

  it('refuses what is not an e-mail address or an http(s) page, naming the variable', () => {
    expect(() => supportContactFromSettings({ email: 'help@' })).toThrow(
      'SUPPORT_EMAIL must be an e-mail address such as help@example.com, got "help@"',
    );
    expect(() => supportContactFromSettings({ url: 'ftp://files.example.com' })).toThrow(
      /^SUPPORT_URL must be an http or https address/,
    );
    expect(() => supportContactFromSettings({ url: 'mailto:help@firm.example' })).toThrow(
      /^SUPPORT_URL/,
    );
  });

  it('leads "contact support" to the page when there is one, else to a message with the ticket subject', () => {
    expect(
      supportTicketHref({ email: 'help@firm.example', url: 'https://desk.firm.example/' }),
    ).toBe('https://desk.firm.example/');
    expect(supportTicketHref({ email: 'help@firm.example', url: null })).toBe(
      'mailto:help@firm.example?subject=Support%20ticket%3A%20Intake%20Cockpit',
    );
  });
});
