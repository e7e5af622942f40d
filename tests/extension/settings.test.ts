import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, normalizeServerOrigin, resolveSettings } from '@/extension/lib/settings';

describe('extension settings', () => {
  it("defaults to the reference server's address and every site family", () => {
    expect(resolveSettings(undefined, undefined)).toEqual({
      settings: DEFAULT_SETTINGS,
      managed: [],
    });
    expect(DEFAULT_SETTINGS.serverOrigin).toBe('http://localhost:8080');
  });

  it('takes what the user saved, field by field, ignoring what does not parse', () => {
    const { settings } = resolveSettings(
      {
        serverOrigin: 'https://intake.example.com/app/',
        sites: { keap: false },
        extraKeapHosts: ['CRM.Example.com', 'bad host'],
      },
      {},
    );
    expect(settings).toEqual({
      serverOrigin: 'https://intake.example.com',
      sites: { zoho: true, keap: false, ctm: true },
      extraKeapHosts: ['crm.example.com'],
    });
    expect(resolveSettings({ serverOrigin: 'javascript:alert(1)' }, {}).settings.serverOrigin).toBe(
      DEFAULT_SETTINGS.serverOrigin,
    );
  });

  it('lets policy (storage.managed) win, and reports which keys it locks', () => {
    const resolved = resolveSettings(
      { serverOrigin: 'https://mine.example.com', sites: { zoho: false } },
      { serverOrigin: 'https://corp.example.com', sites: { zoho: true, ctm: false } },
    );
    expect(resolved.settings.serverOrigin).toBe('https://corp.example.com');
    expect(resolved.settings.sites).toEqual({ zoho: true, keap: true, ctm: false });
    expect(resolved.managed.sort()).toEqual(['serverOrigin', 'sites']);
  });

  it('normalises server addresses to an origin', () => {
    expect(normalizeServerOrigin(' http://localhost:8080/ ')).toBe('http://localhost:8080');
    expect(normalizeServerOrigin('ftp://x.example')).toBeNull();
    expect(normalizeServerOrigin('https://user:pass@x.example')).toBeNull();
    expect(normalizeServerOrigin('nonsense')).toBeNull();
  });
});
