import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Connector secrets at rest (issue #32 "stores the secret encrypted at rest (AES-256-GCM
// with a key from DATA_DIR or SECRETS_KEY)"): the CTM API secret, and any later
// provider's. The key is SECRETS_KEY (base64 of 32 bytes) when set, so a cluster of
// servers shares one, else a file made once in the data directory beside jwt-secret.

/** The key file in the data directory (mode 0600), created on first use. */
export const SECRETS_KEY_FILE = 'secrets-key';
/** The environment variable that overrides the key file: base64 of exactly 32 bytes. */
export const SECRETS_KEY_ENV = 'SECRETS_KEY';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Ciphertexts are "v1:" + base64(iv | tag | data); a later format gets another prefix. */
const VERSION = 'v1:';

/** A secret that cannot be opened, or a key that cannot be used: the message says why. */
export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

export interface SecretBox {
  /** "v1:…", different each time (random IV) for the same plaintext. */
  seal(plaintext: string): string;
  /** The plaintext; throws SecretBoxError when the text was altered or sealed by another key. */
  open(sealed: string): string;
}

function decodeKey(base64: string, from: string): Buffer {
  const text = base64.trim();
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : null;
  if (key === null || key.length !== KEY_BYTES) {
    throw new SecretBoxError(
      `${from} must be the base64 of exactly ${KEY_BYTES} random bytes` +
        ` (for example: openssl rand -base64 ${KEY_BYTES}).`,
    );
  }
  return key;
}

/**
 * The key from SECRETS_KEY if set (a malformed value is an error, never silently
 * replaced), else from `${dataDir}/secrets-key`, created with the exclusive flag so two
 * servers starting on one data directory cannot overwrite each other's key.
 */
export function loadOrCreateSecretsKey(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Buffer {
  const fromEnv = env[SECRETS_KEY_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== '') return decodeKey(fromEnv, SECRETS_KEY_ENV);
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  try {
    writeFileSync(file, randomBytes(KEY_BYTES).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  return decodeKey(readFileSync(file, 'utf8'), file);
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) {
    throw new SecretBoxError(`A secrets key is ${KEY_BYTES} bytes, not ${key.length}.`);
  }
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith(VERSION)) {
        throw new SecretBoxError('The stored secret is not in a known format (expected "v1:").');
      }
      const raw = Buffer.from(sealed.slice(VERSION.length), 'base64');
      if (raw.length < IV_BYTES + TAG_BYTES) {
        throw new SecretBoxError('The stored secret is truncated.');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        const data = raw.subarray(IV_BYTES + TAG_BYTES);
        return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError(
          'The stored secret cannot be opened: it was altered, or sealed with another key ' +
            `(was ${SECRETS_KEY_ENV} or the secrets-key file changed?).`,
        );
      }
    },
  };
}

/**
 * The secret box of `dataDir`'s key, opened on first use: a server that never keeps a
 * secret writes no key file.
 */
export function lazySecretBox(dataDir: string): () => SecretBox {
  let box: SecretBox | null = null;
  return () => (box ??= createSecretBox(loadOrCreateSecretsKey(dataDir)));
}
