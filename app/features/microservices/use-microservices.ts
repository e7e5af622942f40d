import { useCallback, useEffect, useRef, useState } from 'react';
import { useHost } from '@/app/host/host';
import { fetchMicroservices } from '@/shared/api/microservices';
import type { MicroservicesReport } from '@/shared/contracts/microservices';
import { MICROSERVICES_REFRESH_MS } from '@/shared/domain/microservices';
import { withSignal } from '@/shared/query/api-with-signal';

export interface MicroservicesState {
  /** The last answer (kept on screen while the next check runs or after it fails). */
  report: MicroservicesReport | null;
  /** A check is running. */
  checking: boolean;
  /** Why the last check failed; null when it answered. */
  error: string | null;
  /** Checks now (the "Check again" button); does nothing while a check runs. */
  checkAgain: () => void;
}

const isVisible = () => document.visibilityState !== 'hidden';

const reasonOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The check did not answer.';

/**
 * The server's health, checked on open, on demand, and every `refreshMs` while the page
 * is visible: a hidden tab pauses (no polling nobody sees), and coming back after the
 * interval checks at once. Failures are shown by the page, not as toasts (a toast every
 * 30 s would bury the screen).
 */
export function useMicroservices(refreshMs: number = MICROSERVICES_REFRESH_MS): MicroservicesState {
  const { api } = useHost();
  const [report, setReport] = useState<MicroservicesReport | null>(null);
  const [checking, setChecking] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const checkNow = useRef<() => void>(() => {});

  useEffect(() => {
    let alive = true;
    let running: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastCheck = 0;

    const clearTimer = () => {
      if (timer) clearTimeout(timer);
      timer = null;
    };
    const schedule = (delay: number) => {
      clearTimer();
      if (alive && isVisible()) timer = setTimeout(() => void check(), Math.max(0, delay));
    };

    async function check() {
      if (running || !alive) return;
      clearTimer();
      const controller = new AbortController();
      running = controller;
      setChecking(true);
      try {
        const next = await fetchMicroservices(withSignal(api, controller.signal), {
          silent: true,
        });
        if (!alive) return;
        setReport(next);
        setError(null);
      } catch (failure) {
        if (!alive) return;
        setError(reasonOf(failure));
      } finally {
        running = null;
        if (alive) {
          lastCheck = Date.now();
          setChecking(false);
          schedule(refreshMs);
        }
      }
    }

    const onVisibility = () => {
      if (!isVisible()) clearTimer();
      else if (!running) schedule(refreshMs - (Date.now() - lastCheck));
    };

    checkNow.current = () => void check();
    void check();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      alive = false;
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimer();
      running?.abort();
    };
  }, [api, refreshMs]);

  const checkAgain = useCallback(() => checkNow.current(), []);
  return { report, checking, error, checkAgain };
}
