import { useEffect, useState } from 'react';
import { Icon } from '@/app/components/icon/icon';
import { formatCallDuration } from '@/shared/domain/call-clock';
import './hang-up-pill.css';

/** Whole seconds on the call so far (never negative: a clock a little behind the server's). */
export function secondsSince(callStart: string, now: number): number {
  const start = Date.parse(callStart);
  if (Number.isNaN(start)) return 0;
  return Math.max(0, Math.floor((now - start) / 1000));
}

export interface HangUpPillProps {
  /** When the live call started (ISO instant): the pill counts m:ss from it. */
  callStart: string;
  onHangUp: () => void;
  /** Icon only (a collapsed panel's 32 px tab). */
  compact?: boolean;
}

/**
 * spec: session 2 Top bar — the hang-up button "shown with an ongoing-call style while a
 * call is ongoing": a red pill with a phone-off icon and the running m:ss (spec 9). The
 * host renders it only while a call is live.
 */
export function HangUpPill({ callStart, onHangUp, compact = false }: HangUpPillProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const time = formatCallDuration(secondsSince(callStart, now)).text;
  return (
    <button
      type="button"
      className={['ic-hang-up-pill', compact ? 'ic-hang-up-pill--compact' : '']
        .filter(Boolean)
        .join(' ')}
      aria-label="Hang up the call"
      title={`On a call for ${time}: hang up`}
      data-testid="hang-up-call"
      onClick={onHangUp}
    >
      <Icon name="phone-off" size="sm" />
      <span className="ic-hang-up-pill__time" aria-hidden="true">
        {time}
      </span>
    </button>
  );
}
