import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Finds a Chromium that can load unpacked extensions, in this order (TOOLCHAIN.md):
 * PUPPETEER_EXECUTABLE_PATH, Debian's real binary (/usr/lib/chromium/chromium; the
 * /usr/bin wrapper adds flags), then Chrome for Testing in Puppeteer's cache. Branded
 * Google Chrome 137+ ignores --load-extension, so it is never used.
 */
export function findChromium(): string {
  const fromEnv = process.env.PUPPETEER_EXECUTABLE_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const debian = '/usr/lib/chromium/chromium';
  if (existsSync(debian)) return debian;
  const cache = join(homedir(), '.cache', 'puppeteer', 'chrome');
  if (existsSync(cache)) {
    for (const version of readdirSync(cache).sort().reverse()) {
      const candidate = join(cache, version, 'chrome-linux64', 'chrome');
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error(
    "No Chromium found. Install Debian's: apt-get update && apt-get install -y chromium, " +
      'or set PUPPETEER_EXECUTABLE_PATH.',
  );
}
