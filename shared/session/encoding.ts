/**
 * spec: session 3 — the logged user is stored in local storage "as an encoded string".
 * Base64 of UTF-8 JSON: not secrecy (nothing in the browser is), just an opaque value
 * that survives names with accents and keeps casual readers from editing it.
 */
export function encodeStored(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeStored(text: string): unknown {
  try {
    const binary = atob(text);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}
