import { useLiveSnapshot } from './live-context';

// Styles: app/live/live-call-count.css (imported by whoever renders it; see the centre).

/** "3 live calls", "1 live call". */
export function liveCallsText(count: number): string {
  return `${count} live ${count === 1 ? 'call' : 'calls'}`;
}

/**
 * spec: session 4 Sockets — `ctmcallsdata`, the workspace's current calls (issue #12), in
 * the top bar and the extension's panel. Before the first count it shows "—" with
 * data-count="" (nothing known yet, not zero).
 */
export function LiveCallCount({ className }: { className?: string }) {
  const { liveCalls } = useLiveSnapshot();
  const known = liveCalls !== null;
  const label = known ? `Live calls: ${liveCalls}` : 'Live calls: not known yet';
  return (
    <span
      className={['ic-live-calls', className].filter(Boolean).join(' ')}
      data-testid="live-calls"
      data-count={known ? liveCalls : ''}
      data-active={known && liveCalls > 0 ? 'true' : 'false'}
      title={label}
    >
      <span className="ic-live-calls__dot" aria-hidden="true" />
      <span aria-hidden="true">{known ? liveCallsText(liveCalls) : '—'}</span>
      {/* Not a live region: counts change often and would talk over everything. */}
      <span className="ic-live-calls__sr">{label}</span>
    </span>
  );
}
