import { useEffect, useState } from 'react';
import type { PublicSessionState } from '@/shared/transport/port-protocol';
import type { PortTransport } from '@/shared/transport/port-transport';

/** The background's public session state, live. */
export function useSessionState(transport: PortTransport): PublicSessionState | null {
  const [state, setState] = useState<PublicSessionState | null>(transport.sessionState());
  useEffect(() => transport.onSessionState(setState), [transport]);
  return state;
}
