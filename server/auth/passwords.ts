import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes: scrypt from node:crypto with a random 16-byte salt per hash, stored as
 * `scrypt$N$r$p$salt$hash` (base64url) so the cost can be raised without breaking stored
 * hashes: a sign-in whose stored hash is cheaper than the configured cost writes a new one
 * (issue 9 item 10, `needsRehash`).
 */
export interface ScryptCost {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's Password Storage Cheat Sheet asks for at least N=2^17, r=8, p=1 (issue 9 item
 * 10). It needs 128 MiB per hash (128·N·r bytes) and takes about 0.3-0.5 s here.
 */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** Hashes above this memory (2^18 with r=8) are refused rather than allowed to exhaust RAM. */
const MAX_MEM_BYTES = 256 * 1024 * 1024 + 1024 * 1024;
/** Stored parameters outside this range are a corrupt or hostile hash, not a cost. */
const MAX_N = 2 ** 18;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: MAX_MEM_BYTES }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(
  password: string,
  cost: ScryptCost = PASSWORD_COST,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

function parseStored(stored: string): { cost: ScryptCost; salt: Buffer; expected: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > MAX_N || r > 32 || p > 16)
    return null;
  // scrypt itself throws for an N that is not a power of two above 1, or for a cost that
  // needs more memory than we allow (128·N·r bytes): a corrupt or hostile stored hash is a
  // wrong password, never a 500 at sign-in or a failed start.
  if (N < 2 || (N & (N - 1)) !== 0 || 128 * N * r > MAX_MEM_BYTES) return null;
  return {
    cost: { N, r, p },
    salt: Buffer.from(parts[4], 'base64url'),
    expected: Buffer.from(parts[5], 'base64url'),
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.cost);
  // timingSafeEqual throws on length mismatch; lengths only differ for a corrupt hash.
  return actual.length === parsed.expected.length && timingSafeEqual(actual, parsed.expected);
}

/** True when the stored hash is cheaper than `cost` in any parameter (rehash on sign-in). */
export function needsRehash(stored: string, cost: ScryptCost = PASSWORD_COST): boolean {
  const parsed = parseStored(stored);
  if (!parsed) return true;
  return parsed.cost.N < cost.N || parsed.cost.r < cost.r || parsed.cost.p < cost.p;
}

/**
 * A hash of nothing anybody knows, verified against when the username does not exist, so
 * a wrong username costs the same time as a wrong password (no user enumeration by
 * timing). One per cost, made at the same cost as real hashes.
 */
const decoyHashes = new Map<string, Promise<string>>();
export function decoyPasswordHash(cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let decoy = decoyHashes.get(key);
  if (!decoy) {
    decoy = hashPassword(randomBytes(18).toString('base64url'), cost);
    decoyHashes.set(key, decoy);
  }
  return decoy;
}
