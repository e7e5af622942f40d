import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * The HS256 signing secret: generated on first start and kept in `${dataDir}/jwt-secret`
 * (mode 0600) so tokens survive restarts. Created with the exclusive flag so two servers
 * starting on one data directory cannot overwrite each other's secret.
 */
export function loadOrCreateJwtSecret(dataDir: string): Uint8Array {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, JWT_SECRET_FILE);
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // Keep it private even if it was copied in with looser permissions.
  chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new Error(
      `${file} holds a secret shorter than 32 characters; delete it to generate a new one`,
    );
  }
  return new TextEncoder().encode(secret);
}
