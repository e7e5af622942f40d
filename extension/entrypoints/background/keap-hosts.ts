import { browser } from 'wxt/browser';
import { extraHostPattern } from '@/extension/lib/site-families';

/** The id of the dynamically registered Keap content script for an admin's own hosts. */
export const EXTRA_KEAP_SCRIPT_ID = 'keap-extra-hosts';
/** The built Keap content script (WXT output path). */
export const KEAP_SCRIPT_FILE = 'content-scripts/keap.js';

/**
 * Extra Keap / Infusionsoft hosts (options page): each needs its optional host
 * permission, asked for at run time; the hosts whose permission is granted get the Keap
 * content script registered dynamically. Runs on start, on settings changes and when
 * permissions change, so what is registered always matches what is granted.
 */
export async function syncExtraKeapHosts(hosts: readonly string[]): Promise<string[]> {
  const granted: string[] = [];
  for (const host of hosts) {
    if (await browser.permissions.contains({ origins: [extraHostPattern(host)] }))
      granted.push(host);
  }
  const existing = await browser.scripting.getRegisteredContentScripts({
    ids: [EXTRA_KEAP_SCRIPT_ID],
  });
  if (existing.length > 0)
    await browser.scripting.unregisterContentScripts({ ids: [EXTRA_KEAP_SCRIPT_ID] });
  if (granted.length > 0) {
    await browser.scripting.registerContentScripts([
      {
        id: EXTRA_KEAP_SCRIPT_ID,
        js: [KEAP_SCRIPT_FILE],
        matches: granted.map(extraHostPattern),
        runAt: 'document_idle', // as keap.content.ts
        persistAcrossSessions: true,
      },
    ]);
  }
  return granted;
}
