import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/app/components/button/button';
import { useConfirm } from '@/app/components/confirm-dialog/use-confirm';
import { Icon } from '@/app/components/icon/icon';
import { useHost } from '@/app/host/host';
import { useCallSnapshot } from '@/app/calls/use-active-call';
import type { DraftStorage } from '@/shared/call-flow/drafts';
import type { CallSession } from '@/shared/calls/call-session';
import type { WaitingCall } from '@/shared/contracts/active-call';
import { isCallLive } from '@/shared/domain/call-clock';
import { formatCallStart } from '@/shared/domain/active-call';
import { formatInternationalUs } from '@/shared/domain/phone-dialing';
import type { KeyValueStorage } from '@/shared/storage/storage';
import { finishEndedCallFlow } from '@/app/calls/finish-ended-call-flow';
import './waiting-call-card.css';

// issue #28 "While on a call, a second incoming call shows as a waiting call that the agent
// can take (the first call's answers are kept as partial) or leave (it becomes a missed
// call)". The card sits where the agent works (under the app's top bar on every page, and at
// the head of the panel's call-flow widget), so a second caller is never lost unseen.

export const WAITING_CALL_TITLE = 'Call waiting';
export const TAKE_WAITING_CALL = 'Hang up and take';
export const TAKE_CALL = 'Take call';
export const LEAVE_WAITING_CALL = 'Leave';

/** The confirm before the live call ends for the waiting one. */
export function takeWaitingConfirm(current: string, waiting: string) {
  return {
    icon: 'warning',
    title: `Take ${waiting}'s call?`,
    subtitle: `${current}'s call ends now.`,
    body: 'What was answered so far in the call flow is kept in the execution history as partial-complete.',
    cancelText: 'Stay on this call',
    submitText: TAKE_WAITING_CALL,
    submitColor: 'danger',
  } as const;
}

export interface TakeWaitingCallDeps {
  calls: CallSession;
  /** Where the call's wizard keeps its state (the tab's sessionStorage, or the background's). */
  stateStorage: KeyValueStorage;
  /** Where the wizard keeps the signed-in user's step drafts. */
  draftStorage: DraftStorage;
}

/**
 * Take and leave, for the waiting card: taking a call while another is live asks first,
 * finishes the live call's flow as on a hang-up (partial-complete, every answer kept, the
 * unsent ones of the current step included), then the session ends that call at the
 * provider and the waiting one becomes the active call, whose intake opens.
 */
export function useWaitingCall(deps: TakeWaitingCallDeps) {
  const { calls, stateStorage, draftStorage: drafts } = deps;
  const { api, session } = useHost();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const user = session.user;

  const take = useCallback(async () => {
    const { call: held, waiting } = calls.get();
    if (!waiting) return;
    if (isCallLive(held)) {
      const current = held.callData.leadName || 'The current caller';
      const next = waiting.call.leadName || 'the waiting caller';
      if ((await confirm(takeWaitingConfirm(current, next))) !== 1) return;
    }
    setBusy(true);
    setProblem(null);
    try {
      if (held?.wizard && user && held.endedAt === null) {
        await finishEndedCallFlow({
          api,
          stateStorage,
          drafts,
          userId: user.id,
          agentName: user.name || user.username,
          workspaceId: held.workspaceId,
          executionId: held.wizard.executionId,
        });
      }
      await calls.takeWaiting();
    } catch {
      setProblem('The waiting call could not be taken. Try again.');
    } finally {
      setBusy(false);
    }
  }, [api, calls, confirm, drafts, stateStorage, user]);

  const leave = useCallback(() => calls.leaveWaiting(), [calls]);
  return { take, leave, busy, problem };
}

/** The waiting call's card, or nothing while no call waits. */
export function WaitingCallCard(props: TakeWaitingCallDeps & { compact?: boolean }) {
  const snapshot = useCallSnapshot(props.calls);
  const waiting = snapshot.waiting;
  const actions = useWaitingCall(props);
  if (!waiting) return null;
  return (
    <WaitingCallView
      waiting={waiting}
      onCall={isCallLive(snapshot.call)}
      compact={props.compact ?? false}
      {...actions}
    />
  );
}

function WaitingCallView({
  waiting,
  onCall,
  compact,
  take,
  leave,
  busy,
  problem,
}: {
  waiting: WaitingCall;
  onCall: boolean;
  compact: boolean;
  take: () => Promise<void>;
  leave: () => void;
  busy: boolean;
  problem: string | null;
}) {
  const { session } = useHost();
  const timezone = session.workspace?.attributes.timezone ?? null;
  const { call, trackingInfo } = waiting;
  const name = call.leadName || 'Unknown caller';
  const tracking = trackingInfo?.trackingNumber ?? call.trackingNumber;
  const titleId = `ic-waiting-call-${call.callId}`;
  const card = useRef<HTMLElement>(null);
  // Into view when a caller starts waiting: the card comes above the call being taken,
  // where the panel (scrolled to that call's wizard) and the browser's scroll anchoring
  // would otherwise keep it out of sight. 'nearest': the least move of the agent's form.
  useEffect(() => {
    card.current?.scrollIntoView?.({ block: 'nearest' });
  }, [call.callId]);
  return (
    <section
      ref={card}
      className={['ic-waiting-call', compact ? 'ic-waiting-call--compact' : '']
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={titleId}
      data-testid="waiting-call"
    >
      <span className="ic-waiting-call__icon" aria-hidden="true">
        <Icon name="phone" size="md" />
      </span>
      <div className="ic-waiting-call__text">
        {/* Announced once, when the card appears: a second caller must not go unnoticed. */}
        <p className="ic-waiting-call__title" id={titleId} role="alert">
          {WAITING_CALL_TITLE}: {name}
        </p>
        <p className="ic-waiting-call__facts">
          {call.phone ? <span>{formatInternationalUs(call.phone)}</span> : null}
          {tracking ? <span>on {formatInternationalUs(tracking)}</span> : null}
          <span>since {formatCallStart(waiting.receivedAt, timezone)}</span>
        </p>
        {problem ? (
          <p className="ic-waiting-call__error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="ic-waiting-call__actions">
        <Button variant={onCall ? 'danger' : 'primary'} disabled={busy} onClick={() => void take()}>
          <Icon name="phone" size="sm" />
          {busy ? 'Taking…' : onCall ? TAKE_WAITING_CALL : TAKE_CALL}
        </Button>
        <Button
          disabled={busy}
          onClick={leave}
          title="It rings out and is listed in your missed calls, to call back."
        >
          {LEAVE_WAITING_CALL}
        </Button>
      </div>
    </section>
  );
}
