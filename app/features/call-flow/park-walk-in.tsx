import { useCallback, useState } from 'react';
import { Button } from '@/app/components/button/button';
import { Icon } from '@/app/components/icon/icon';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import { parkExecution, resumeParkedExecution } from '@/shared/api/call-flow';
import type { CallFlowEngine } from '@/shared/call-flow/engine';
import type { CallFlowState } from '@/shared/contracts/call-flow';
import type { ParkedExecution } from '@/shared/contracts/call-flow-api';
import { formatCallStart } from '@/shared/domain/active-call';
import { formatInternationalUs } from '@/shared/domain/phone-dialing';
import type { KeyValueStorage } from '@/shared/storage/storage';
import { TransportError } from '@/shared/transport/transport';
import { parkedExecutionsKey, parkedExecutionsQuery } from './call-flow-queries';
import type { IncomingCallPayload } from '@/app/calls/incoming-call';
import { flowHolderOf } from './use-call-flow-engine';
import './park-walk-in.css';

// issue #28 "Walk-ins never touch a real call": a real call arriving during a walk-in
// offers "Park this walk-in and take the call". The walk-in's flow is kept on the server
// (its execution stays open; the current step's typed answers are its server draft), the
// wizard is freed for the call, and the agent resumes the walk-in later from the Call
// Flows screen, on this computer or another.
// issue #28 "Unfinished intakes": the idle screen lists, beside the parked walk-ins, every
// intake of the agent still in progress whose latest state the server keeps (left on another
// computer, by a sign-out or a closed browser). Resume takes it here: the server gives this
// wizard the intake (its holder), and the wizard that ran it elsewhere lets it go on its
// next save (use-call-flow-engine.ts), so two wizards never go on with one intake.

export const PARK_WALK_IN = 'Park this walk-in and take the call';
export const FINISH_WALK_IN = 'Finish this walk-in and take the call';
export const PARKED_TITLE = 'Unfinished intakes';
export const KIND_LABELS: Record<ParkedExecution['kind'], string> = {
  parked: 'Parked for a call',
  open: 'Not finished — left on another computer or signed out',
};
/** Under an open one: it may still be on screen elsewhere, and Resume takes it from there. */
export const OPEN_ELSEWHERE_NOTE =
  'May be open in another tab or computer: resuming here closes it there.';

function reasonOf(error: unknown): string {
  if (error instanceof TransportError && error.serverMessage) return error.serverMessage;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Parking the flow on screen, and resuming a parked one, for the wizard: both go through
 * useMutateAndInvalidate, and make the agent's list of unfinished intakes stale.
 */
export function useParkWalkIn(deps: {
  stateStorage: KeyValueStorage;
  stateKey: string;
  remount: () => void;
}) {
  const { stateStorage, stateKey, remount } = deps;
  const { api } = useHost();
  const scope = useQueryScope();
  const [problem, setProblem] = useState<string | null>(null);
  const parkedList = () => [parkedExecutionsKey(scope)];

  const parkWrite = useMutateAndInvalidate(
    async ({ engine, state }: { engine: CallFlowEngine; state: CallFlowState }) => {
      if (state.status === 'completed') {
        await engine.hangUp();
      } else if (state.processExecutionHistoryId) {
        await parkExecution(api, state.processExecutionHistoryId, state);
        await stateStorage.remove(stateKey);
      }
    },
    // The call waits for the wizard: the list reloads behind.
    { invalidates: parkedList, waitForReload: false },
  );

  // A refused resume (the intake may have been finished elsewhere) reloads the list too.
  const resumeWrite = useMutateAndInvalidate(
    async (parked: ParkedExecution) => {
      // Resumed with this wizard's holder: the server keeps it as open, held by it.
      const holder = await flowHolderOf(stateStorage, stateKey);
      const state = await resumeParkedExecution(api, parked.executionId, holder);
      await stateStorage.set(stateKey, JSON.stringify(state));
    },
    { invalidates: parkedList, invalidatesOnFailure: parkedList, waitForReload: false },
  );

  const { mutate: parkMutate } = parkWrite;
  const { mutate: resumeMutate } = resumeWrite;

  /**
   * Parks the flow (a completed one is finished instead: nothing is left to answer), then
   * frees the wizard, which starts the waiting call. Answers whether it did.
   */
  const park = useCallback(
    async (engine: CallFlowEngine, state: CallFlowState): Promise<boolean> => {
      setProblem(null);
      try {
        await parkMutate({ engine, state });
        remount();
        return true;
      } catch (error) {
        // Nothing was freed: the walk-in stays on screen with its answers, and the call waits.
        setProblem(`The walk-in could not be parked: ${reasonOf(error)}. Try again.`);
        return false;
      }
    },
    [parkMutate, remount],
  );

  /** Resumes an unfinished intake in this wizard (none runs: it is offered on the idle screen). */
  const resume = useCallback(
    async (parked: ParkedExecution): Promise<void> => {
      setProblem(null);
      try {
        await resumeMutate(parked);
        remount();
      } catch (error) {
        setProblem(`The intake could not be resumed: ${reasonOf(error)}.`);
      }
    },
    [resumeMutate, remount],
  );

  return { park, resume, busy: parkWrite.pending || resumeWrite.pending, problem };
}

/** Above a walk-in when a real call comes in: who is calling, and the way to take them. */
export function ParkOffer({
  caller,
  completed,
  busy,
  problem,
  onPark,
}: {
  caller: IncomingCallPayload;
  completed: boolean;
  busy: boolean;
  problem: string | null;
  onPark: () => void;
}) {
  const name = caller.leadName || 'A caller';
  return (
    <section
      className="ic-park-offer"
      aria-labelledby="ic-park-offer-title"
      data-testid="park-offer"
    >
      <span className="ic-park-offer__icon" aria-hidden="true">
        <Icon name="phone" size="md" />
      </span>
      <div className="ic-park-offer__text">
        <p className="ic-park-offer__title" id="ic-park-offer-title" role="alert">
          {name} is calling{caller.phone ? ` from ${formatInternationalUs(caller.phone)}` : ''}
        </p>
        <p className="ic-park-offer__body">
          {completed
            ? 'This walk-in is complete: finish it to start the call’s intake.'
            : 'The walk-in’s answers are kept. Resume it from Call Flows once the call is over.'}
        </p>
        {problem ? (
          <p className="ic-park-offer__error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <Button variant="primary" disabled={busy} onClick={onPark}>
        {busy ? 'Parking…' : completed ? FINISH_WALK_IN : PARK_WALK_IN}
      </Button>
    </section>
  );
}

/** What a row says of when: parked at, or (an open one) last saved at. */
function whenOf(item: ParkedExecution, timezone: string | null): string {
  const at = formatCallStart(item.parkedAt, timezone);
  return item.kind === 'parked' ? `parked at ${at}` : `last saved at ${at}`;
}

/** The agent's unfinished intakes (parked and open), each resumable, on the idle screen. */
export function ParkedWalkIns({
  workspaceId,
  onResume,
  problem,
}: {
  workspaceId: string;
  onResume: (parked: ParkedExecution) => void;
  problem: string | null;
}) {
  const { api, session } = useHost();
  const scope = useQueryScope();
  const parked = useDataQuery(parkedExecutionsQuery(scope, api, workspaceId));
  const list = parked.data ?? [];
  if (list.length === 0 && !problem) return null;
  const timezone = session.workspace?.attributes.timezone ?? null;
  return (
    <section className="ic-parked" aria-labelledby="ic-parked-title" data-testid="parked-walk-ins">
      <h2 className="ic-parked__title" id="ic-parked-title">
        {PARKED_TITLE}
      </h2>
      {problem ? (
        <p className="ic-parked__error" role="alert">
          {problem}
        </p>
      ) : null}
      <ul className="ic-parked__list">
        {list.map((item) => (
          <li
            key={item.executionId}
            className="ic-parked__item"
            data-kind={item.kind}
            data-execution={item.executionId}
          >
            <div className="ic-parked__text">
              <p className="ic-parked__name">{item.leadName || 'Walk-in'}</p>
              <p className="ic-parked__kind">{KIND_LABELS[item.kind]}</p>
              <p className="ic-parked__meta">
                {[
                  item.processName,
                  item.phone ? formatInternationalUs(item.phone) : '',
                  item.stepTitle ? `at “${item.stepTitle}”` : '',
                  whenOf(item, timezone),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              {item.kind === 'open' ? (
                <p className="ic-parked__note">{OPEN_ELSEWHERE_NOTE}</p>
              ) : null}
            </div>
            <Button
              variant="primary"
              onClick={() => onResume(item)}
              aria-label={`Resume the intake of ${item.leadName || 'the caller'}`}
            >
              Resume
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
