import { afterEach, describe, expect, it } from 'vitest';
import {
  EXTENSION_ID_ATTRIBUTE,
  installedExtensionId,
  pingExtension,
} from '@/app/features/extension-handoff/extension-bridge';

describe('finding the browser extension from the app', () => {
  afterEach(() => document.documentElement.removeAttribute(EXTENSION_ID_ATTRIBUTE));

  it('reads the id the bridge wrote on <html>', () => {
    document.documentElement.setAttribute(
      EXTENSION_ID_ATTRIBUTE,
      'abcdefghijklmnopabcdefghijklmnop',
    );
    expect(installedExtensionId()).toBe('abcdefghijklmnopabcdefghijklmnop');
  });

  it('ignores a missing or malformed id', () => {
    expect(installedExtensionId()).toBeNull();
    document.documentElement.setAttribute(EXTENSION_ID_ATTRIBUTE, 'javascript:alert(1)');
    expect(installedExtensionId()).toBeNull();
  });

  it('answers "not installed" when the page has no extension runtime to talk to', async () => {
    expect(await pingExtension('abcdefghijklmnopabcdefghijklmnop')).toBe(false);
  });
});
