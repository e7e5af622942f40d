import { useState } from 'react';
import { Button } from '@/app/components/button/button';
import type { CallTabs } from '@/shared/calls/call-session';
import './call-elsewhere-notice.css';

export const CALL_ELSEWHERE_TITLE = 'This call is open in another tab';
export const CALL_ELSEWHERE_BODY =
  'Its call flow runs there. Move it here to continue in this tab.';
export const MOVE_IT_HERE = 'Move it here';

/**
 * issue #28: the call of a tab that does not run its wizard (another tab of the app won the
 * call, or took it with "Move it here"). "Move it here" brings the wizard over, at the same
 * step; a refusal is said here, not as a toast.
 */
export function CallElsewhereNotice({ tabs, moving }: { tabs: CallTabs; moving: boolean }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const waiting = busy || moving;

  async function move() {
    setBusy(true);
    setProblem(null);
    try {
      setProblem(await tabs.moveHere());
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="ic-call-elsewhere" role="status">
      <p className="ic-call-elsewhere__text">
        <span className="ic-call-elsewhere__title">{CALL_ELSEWHERE_TITLE}</span>
        <br />
        {CALL_ELSEWHERE_BODY}
      </p>
      <Button variant="primary" disabled={waiting} onClick={() => void move()}>
        {waiting ? 'Moving…' : MOVE_IT_HERE}
      </Button>
      {problem ? (
        <p className="ic-call-elsewhere__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
