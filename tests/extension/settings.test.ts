import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  normalizeServerOrigin,
  resolveSettings,
  resolveTrustedSettings,
} from '@/extension/lib/settings';

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

  it('takes plain http only for loopback hosts; everything else needs https (issue #9)', () => {
    for (const loopback of [
      'http://localhost:8080',
      'http://127.0.0.1:3000',
      'http://[::1]:8080',
    ]) {
      expect(normalizeServerOrigin(loopback)).toBe(loopback);
    }
    for (const exposed of [
      'http://intake.example.com',
      'http://192.168.1.20:8080',
      'http://localhost.evil.com',
      'http://127.0.0.1.nip.io',
      'http://10.0.0.1',
    ]) {
      expect(normalizeServerOrigin(exposed)).toBeNull();
    }
    expect(normalizeServerOrigin('https://192.168.1.20:8443')).toBe('https://192.168.1.20:8443');
    // A stored or managed http address for another host falls back to the default.
    expect(resolveSettings({ serverOrigin: 'http://intake.example.com' }, {}).settings).toEqual(
      DEFAULT_SETTINGS,
    );
  });

  it('ignores a server address a content script wrote into storage.local (issue #9)', () => {
    const planted = { serverOrigin: 'https://attacker.example', sites: { ctm: false } };
    const resolved = resolveTrustedSettings(planted, {}, undefined);
    expect(resolved.settings.serverOrigin).toBe(DEFAULT_SETTINGS.serverOrigin);
    // The harmless choices still count: which sites get the panel.
    expect(resolved.settings.sites.ctm).toBe(false);
    expect(
      resolveTrustedSettings(planted, {}, 'https://intake.example.com').settings.serverOrigin,
    ).toBe('https://intake.example.com');
    expect(
      resolveTrustedSettings(planted, { serverOrigin: 'https://corp.example.com' }, undefined)
        .settings.serverOrigin,
    ).toBe('https://corp.example.com');
  });
});
