import { create } from 'zustand';

// spec: session 4 Shell / 9 — the loader counts requests, hides at 0, safety reset after 10 s.
export const REQUEST_LOADER_SAFETY_RESET_MS = 10_000;

interface RequestLoaderState {
  pending: number;
}

export const useRequestLoaderStore = create<RequestLoaderState>()(() => ({ pending: 0 }));

let safetyTimer: ReturnType<typeof setTimeout> | null = null;

function disarm(): void {
  if (safetyTimer !== null) clearTimeout(safetyTimer);
  safetyTimer = null;
}

/**
 * A request began (the transport's onRequestStart). The safety reset is armed when the
 * loader appears: a request whose end is never reported cannot keep it up for more than
 * 10 s; later ends then stop at 0.
 */
export function requestStarted(): void {
  const { pending } = useRequestLoaderStore.getState();
  if (pending === 0) {
    disarm();
    safetyTimer = setTimeout(resetRequestLoader, REQUEST_LOADER_SAFETY_RESET_MS);
  }
  useRequestLoaderStore.setState({ pending: pending + 1 });
}

/** A request ended (the transport's onRequestEnd), whatever its outcome. */
export function requestEnded(): void {
  const pending = Math.max(0, useRequestLoaderStore.getState().pending - 1);
  if (pending === 0) disarm();
  useRequestLoaderStore.setState({ pending });
}

export function resetRequestLoader(): void {
  disarm();
  useRequestLoaderStore.setState({ pending: 0 });
}
