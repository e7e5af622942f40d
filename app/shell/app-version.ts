import { version } from '@/package.json';

/** spec: session 2 Sidebar — the version shows as major.minor.patch. */
export function formatVersion(version: string): string {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return match ? `${match[1]}.${match[2]}.${match[3]}` : version.trim();
}

// The package version is the app version (docs/behaviour-notes.md); Vite keeps only this
// one field of package.json in the bundle.
export const APP_VERSION = formatVersion(version);
