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
  // The button's name stays "Hang up the call" (it does not change every second); the time
  // is shown beside it, inside the same pill, which the button covers for the pointer. Inside
  // the button, the visible time would not be part of its name (WCAG 2.5.3 Label in Name).
  return (
    <span
      className={['ic-hang-up-pill', compact ? 'ic-hang-up-pill--compact' : '']
        .filter(Boolean)
        .join(' ')}
      title={`On a call for ${time}: hang up`}
    >
      <button
        type="button"
        className="ic-hang-up-pill__button"
        aria-label="Hang up the call"
        data-testid="hang-up-call"
        onClick={onHangUp}
      >
        <Icon name="phone-off" size="sm" />
      </button>
      <span className="ic-hang-up-pill__time" aria-hidden="true">
        {time}
      </span>
    </span>
  );
}
