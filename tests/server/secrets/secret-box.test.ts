import { randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createSecretBox,
  loadOrCreateSecretsKey,
  SECRETS_KEY_FILE,
  SecretBoxError,
} from '@/server/secrets/secret-box';

/** issue #32: connector secrets sealed with AES-256-GCM, key from SECRETS_KEY or DATA_DIR. */
describe('secret box', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'intake-secrets-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('seals to a versioned text that hides the secret and opens back to it', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal('ctm-secret-value');
    expect(sealed.startsWith('v1:')).toBe(true);
    expect(sealed).not.toContain('ctm-secret-value');
    expect(Buffer.from(sealed.slice(3), 'base64').toString('latin1')).not.toContain('ctm-secret');
    // A fresh IV each time: the same secret never seals to the same text.
    expect(box.seal('ctm-secret-value')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('ctm-secret-value');
  });

  it('refuses an altered ciphertext, another key, and an unknown format', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal('s3cret');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] ^= 0x01;
    const tampered = 'v1:' + raw.toString('base64');
    expect(() => box.open(tampered)).toThrow(SecretBoxError);
    expect(() => box.open(tampered)).toThrow(/altered, or sealed with another key/);
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow(/altered/);
    expect(() => box.open('v2:' + sealed.slice(3))).toThrow(/not in a known format/);
    expect(() => box.open('v1:AAAA')).toThrow(/truncated/);
  });

  it('creates the key file once, mode 0600, and reads the same key after', () => {
    const first = loadOrCreateSecretsKey(dir, {});
    const file = path.join(dir, SECRETS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first).toHaveLength(32);
    const again = loadOrCreateSecretsKey(dir, {});
    expect(again.equals(first)).toBe(true);
    // A secret sealed before a restart opens after it.
    const sealed = createSecretBox(first).seal('kept');
    expect(createSecretBox(again).open(sealed)).toBe('kept');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('base64'));
  });

  it('prefers SECRETS_KEY over the file and refuses a malformed one clearly', () => {
    const key = randomBytes(32);
    const fromEnv = loadOrCreateSecretsKey(dir, { SECRETS_KEY: key.toString('base64') });
    expect(fromEnv.equals(key)).toBe(true);
    expect(() => loadOrCreateSecretsKey(dir, { SECRETS_KEY: 'too-short' })).toThrow(
      /SECRETS_KEY must be the base64 of exactly 32 random bytes/,
    );
    expect(() => loadOrCreateSecretsKey(dir, { SECRETS_KEY: '***not base64***' })).toThrow(
      SecretBoxError,
    );
  });

  it('refuses a key file that was damaged', () => {
    writeFileSync(path.join(dir, SECRETS_KEY_FILE), 'short', { mode: 0o600 });
    expect(() => loadOrCreateSecretsKey(dir, {})).toThrow(/secrets-key must be the base64/);
  });
});
