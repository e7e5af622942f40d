import { useEffect, useState } from 'react';
import { refusalMessage } from '@/shared/api/quiet-api';

/**
 * Connecting a vendor (issue #33: Zoho CRM, Keap, QuickBooks): ask our server for the
 * vendor's consent address, then leave the app for it; the vendor sends the owner back to
 * our callback page. While the address is asked for, `leaving` is true (the button says
 * so); a refusal stays on the page in the server's words (`onFailure`), nothing left;
 * back from the vendor by the browser's Back button (a page restored from its cache), the
 * button is usable again.
 */
export function useConsentRedirect(
  askConsentUrl: () => Promise<string>,
  options: { openConsent: (url: string) => void; onFailure: (message: string | null) => void },
): { leaving: boolean; connect: () => Promise<void> } {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);
  async function connect() {
    options.onFailure(null);
    setLeaving(true);
    try {
      options.openConsent(await askConsentUrl());
    } catch (error) {
      setLeaving(false);
      options.onFailure(refusalMessage(error));
    }
  }
  return { leaving, connect };
}
