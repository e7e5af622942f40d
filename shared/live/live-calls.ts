/**
 * The count out of a `ctmcallsdata` payload (spec: session 4 Sockets). The reference
 * server sends `{ count }` (shared/contracts/notification.ts); a plain number, numeric
 * text or `{ total | calls | data }` are read too, as other call-tracking bridges send
 * them. Anything else answers null and is ignored.
 */
export function readLiveCallCount(payload: unknown): number | null {
  const asCount = (value: unknown): number | null => {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
  };
  if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
    const record = payload as Record<string, unknown>;
    for (const key of ['count', 'total', 'calls', 'data']) {
      const value = asCount(record[key]);
      if (value !== null) return value;
    }
    return null;
  }
  if (typeof payload === 'string') {
    try {
      return readLiveCallCount(JSON.parse(payload));
    } catch {
      return asCount(payload);
    }
  }
  return asCount(payload);
}
