/**
 * Which reverse proxies may tell us the client's address through X-Forwarded-For
 * (issue 9 item 10). Without one, every request behind a proxy has the proxy's address
 * and the sign-in budgets would be shared by everyone; trusting X-Forwarded-For from
 * anybody would let a client pick the address it is counted by. So the default trusts
 * nobody, and TRUST_PROXY names the proxies:
 * - a hop count ("1": the nearest proxy), or
 * - a comma-separated list of addresses or CIDR ranges ("127.0.0.1", "10.0.0.0/8,::1",
 *   or the names "loopback", "linklocal", "uniquelocal").
 * The value goes to Fastify's `trustProxy` (proxy-addr semantics).
 */
export type TrustedProxy = false | number | string[];

export function parseTrustProxy(value: string | undefined): TrustedProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true' || text === '*') {
    throw new Error(
      'TRUST_PROXY=true would trust X-Forwarded-For from anybody; give a hop count or the proxy addresses',
    );
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  for (const entry of entries) {
    if (
      !/^[0-9a-fA-F.:/]+$/.test(entry) &&
      !['loopback', 'linklocal', 'uniquelocal'].includes(entry)
    )
      throw new Error(`TRUST_PROXY: "${entry}" is not an address, a CIDR range or a hop count`);
  }
  return entries;
}
