import { useLiveSnapshot } from './live-context';
import '@/app/components/visually-hidden/visually-hidden.css';

// Styles: app/live/live-call-count.css (imported by whoever renders it; see the centre).

/** "3 live calls", "1 live call". */
export function liveCallsText(count: number): string {
  return `${count} live ${count === 1 ? 'call' : 'calls'}`;
}

/**
 * spec: session 4 Sockets — `ctmcallsdata`, the workspace's current calls (issue #12), in
 * the top bar and the extension's panel. Nothing shows before the first count: a
 * workspace without call tracking (and a system user, who has none) never gets one, and
 * a count that is not known is not zero.
 */
export function LiveCallCount({ className }: { className?: string }) {
  const { liveCalls } = useLiveSnapshot();
  if (liveCalls === null) return null;
  const label = `Live calls: ${liveCalls}`;
  return (
    <span
      className={['ic-live-calls', className].filter(Boolean).join(' ')}
      data-testid="live-calls"
      data-count={liveCalls}
      data-active={liveCalls > 0 ? 'true' : 'false'}
      title={label}
    >
      <span className="ic-live-calls__dot" aria-hidden="true" />
      <span aria-hidden="true">{liveCallsText(liveCalls)}</span>
      {/* Not a live region: counts change often and would talk over everything. */}
      <span className="ic-visually-hidden">{label}</span>
    </span>
  );
}
