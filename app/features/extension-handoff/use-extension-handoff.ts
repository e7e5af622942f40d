import { useCallback, useEffect, useState } from 'react';
import { useHost } from '@/app/host/host';
import { openSecondSession } from '@/shared/api/auth';
import {
  EXTENSION_READY_EVENT,
  handOffToExtension,
  installedExtensionId,
  pingExtension,
} from './extension-bridge';

export type HandoffState = 'absent' | 'available' | 'working' | 'done';

/**
 * "Use this sign-in in your CRM tabs" (issue: widgets and extension): offered only when
 * the extension is installed and answers; hands it a session of its own.
 */
export function useExtensionHandoff() {
  const host = useHost();
  const [extensionId, setExtensionId] = useState<string | null>(null);
  const [state, setState] = useState<HandoffState>('absent');

  useEffect(() => {
    let cancelled = false;
    async function detect() {
      const id = installedExtensionId();
      if (!id || !(await pingExtension(id)) || cancelled) return;
      setExtensionId(id);
      setState((current) => (current === 'absent' ? 'available' : current));
    }
    void detect();
    // The bridge may mark the page after the app has started.
    window.addEventListener(EXTENSION_READY_EVENT, detect);
    return () => {
      cancelled = true;
      window.removeEventListener(EXTENSION_READY_EVENT, detect);
    };
  }, []);

  const handOff = useCallback(async () => {
    const username = host.session.user?.username;
    if (!extensionId || !username) return;
    setState('working');
    try {
      const { attributes } = (await openSecondSession(host.api)).data;
      const answer = await handOffToExtension(extensionId, username, attributes.RefreshToken);
      if (!answer.ok || !answer.signedIn) throw new Error('The extension could not sign in.');
      host.notify('success', 'Your CRM tabs now use this sign-in.');
      setState('done');
    } catch (error) {
      // A failed server call has already shown its toast; extension failures say why here.
      if (error instanceof Error && !('status' in error)) host.notify('danger', error.message);
      setState('available');
    }
  }, [extensionId, host]);

  return { state, handOff };
}
