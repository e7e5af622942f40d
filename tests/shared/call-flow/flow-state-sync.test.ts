import { describe, expect, it } from 'vitest';
import { initialCallFlowState } from '@/shared/call-flow/engine';
import { createFlowStateSync, FLOW_STATE_DELAY_MS } from '@/shared/call-flow/flow-state-sync';
import type { CallFlowState } from '@/shared/contracts/call-flow';
import { TransportError } from '@/shared/transport/transport';
import { FakeScheduler } from './fakes';

// Issue #28 "Unfinished intakes": the wizard's state reaches the server a second after the
// agent moves (the last state wins), only while a step is on screen of a known execution,
// only on a change of execution, step or variables, silently, retried on the next change,
// and a 409 (resumed elsewhere) lets the flow go.

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function atForm(executionId: string, currentIndex = 0, firstName = 'Dana'): CallFlowState {
  return {
    ...initialCallFlowState(),
    status: 'at-form',
    processExecutionHistoryId: executionId,
    stepTraversed: {
      ...initialCallFlowState().stepTraversed,
      steps: ['pi-caller', 'pi-details'].slice(0, currentIndex + 1),
      currentIndex,
    },
    processVariables: { 'pi-intake': { firstName } },
  };
}

function setup() {
  const scheduler = new FakeScheduler();
  const saves: { executionId: string; state: CallFlowState }[] = [];
  const takenOver: string[] = [];
  let failWith: unknown = null;
  const sync = createFlowStateSync({
    scheduler,
    save: async (executionId, state) => {
      if (failWith) throw failWith;
      saves.push({ executionId, state });
    },
    onTakenOver: (executionId) => takenOver.push(executionId),
  });
  const fail = (error: unknown) => {
    failWith = error;
  };
  return { scheduler, saves, takenOver, sync, fail };
}

describe('the server copy of the wizard state (issue #28 Unfinished intakes)', () => {
  it('saves a second after the last change, once, with the latest state', async () => {
    const { scheduler, saves, sync } = setup();
    sync.push(atForm('peh_1', 0, 'D'));
    scheduler.advance(FLOW_STATE_DELAY_MS - 1);
    sync.push(atForm('peh_1', 0, 'Da'));
    scheduler.advance(FLOW_STATE_DELAY_MS - 1);
    expect(saves).toEqual([]);
    scheduler.advance(1);
    await settle();
    expect(saves).toHaveLength(1);
    expect(saves[0]?.executionId).toBe('peh_1');
    expect(saves[0]?.state.processVariables['pi-intake']).toEqual({ firstName: 'Da' });
  });

  it('sends nothing for busy flips, idle, ended or unknown executions', async () => {
    const { scheduler, saves, sync } = setup();
    sync.push(initialCallFlowState());
    sync.push({ ...atForm('peh_1'), processExecutionHistoryId: null });
    sync.push({ ...atForm('peh_1'), status: 'completed' });
    scheduler.advance(FLOW_STATE_DELAY_MS * 2);
    await settle();
    expect(saves).toEqual([]);

    sync.push(atForm('peh_1'));
    scheduler.advance(FLOW_STATE_DELAY_MS);
    await settle();
    expect(saves).toHaveLength(1);
    // A move's busy flips change nothing worth keeping.
    sync.push({ ...atForm('peh_1'), busy: true });
    sync.push(atForm('peh_1'));
    scheduler.advance(FLOW_STATE_DELAY_MS * 2);
    await settle();
    expect(saves).toHaveLength(1);
    expect(scheduler.pending).toBe(0);
  });

  it('sends the next step and a new execution, saved as resting (never busy)', async () => {
    const { scheduler, saves, sync } = setup();
    sync.push({ ...atForm('peh_1', 1), busy: true });
    scheduler.advance(FLOW_STATE_DELAY_MS);
    await settle();
    sync.push(atForm('peh_2'));
    scheduler.advance(FLOW_STATE_DELAY_MS);
    await settle();
    expect(
      saves.map((s) => [s.executionId, s.state.stepTraversed.currentIndex, s.state.busy]),
    ).toEqual([
      ['peh_1', 1, false],
      ['peh_2', 0, false],
    ]);
  });

  it('retries a failed save on the next change, without a word to the agent', async () => {
    const { scheduler, saves, sync, fail, takenOver } = setup();
    fail(new TransportError('Network error', 0));
    sync.push(atForm('peh_1', 0, 'Dana'));
    scheduler.advance(FLOW_STATE_DELAY_MS);
    await settle();
    expect(saves).toEqual([]);
    fail(null);
    sync.push(atForm('peh_1', 0, 'Dana R'));
    scheduler.advance(FLOW_STATE_DELAY_MS);
    await settle();
    expect(saves.map((s) => s.state.processVariables['pi-intake'])).toEqual([
      { firstName: 'Dana R' },
    ]);
    expect(takenOver).toEqual([]);
  });

  it('lets the flow go on a 409 (resumed elsewhere) and sends nothing more', async () => {
    const { scheduler, saves, sync, fail, takenOver } = setup();
    fail(new TransportError('Conflict', 409, 'This intake was resumed elsewhere.'));
    sync.push(atForm('peh_1'));
    scheduler.advance(FLOW_STATE_DELAY_MS);
    await settle();
    expect(takenOver).toEqual(['peh_1']);
    fail(null);
    sync.push(atForm('peh_1', 1));
    scheduler.advance(FLOW_STATE_DELAY_MS);
    await settle();
    expect(saves).toEqual([]);
  });

  it('sends the unchanged state again when the agent comes back, and lets go on its 409', async () => {
    const { scheduler, saves, sync, fail, takenOver } = setup();
    sync.push(atForm('peh_1'));
    scheduler.advance(FLOW_STATE_DELAY_MS);
    await settle();
    sync.recheck();
    await settle();
    expect(saves).toHaveLength(2);
    fail(new TransportError('Conflict', 409, 'This intake was resumed elsewhere.'));
    sync.recheck();
    await settle();
    expect(takenOver).toEqual(['peh_1']);
    // Nothing to check with no step on screen.
    const idle = setup();
    idle.sync.push(initialCallFlowState());
    idle.sync.recheck();
    await settle();
    expect(idle.saves).toEqual([]);
  });

  it("drops the last step's waiting save when the flow completes, and stays (no late 409)", async () => {
    const { scheduler, saves, takenOver, sync } = setup();
    sync.push(atForm('peh_1', 1));
    scheduler.advance(FLOW_STATE_DELAY_MS / 2);
    // Next on the last step: the intake is complete before the save was due.
    sync.push({ ...atForm('peh_1', 1), status: 'completed' });
    scheduler.advance(FLOW_STATE_DELAY_MS * 2);
    await settle();
    expect(saves).toEqual([]);
    expect(takenOver).toEqual([]);
  });

  it('does not let a completed flow go when its last save, already sent, is refused', async () => {
    const scheduler = new FakeScheduler();
    const takenOver: string[] = [];
    let refuse: (error: unknown) => void = () => {};
    const sync = createFlowStateSync({
      scheduler,
      // The save is on its way when the flow completes; the server then refuses it (409).
      save: () =>
        new Promise<void>((_, reject) => {
          refuse = reject;
        }),
      onTakenOver: (executionId) => takenOver.push(executionId),
    });
    sync.push(atForm('peh_1', 1));
    scheduler.advance(FLOW_STATE_DELAY_MS);
    await settle();
    sync.push({ ...atForm('peh_1', 1), status: 'completed' });
    refuse(new TransportError('Conflict', 409, 'This intake has ended.'));
    await settle();
    expect(takenOver).toEqual([]);
  });

  it('waits for a move under way: the Next that completed the flow keeps it', async () => {
    const { scheduler, sync, fail, takenOver } = setup();
    sync.push(atForm('peh_1', 1));
    // Next on the last step: the move is under way (busy) when the save goes, and the
    // server, which has just completed the execution for that Next, refuses it.
    sync.push({ ...atForm('peh_1', 1), busy: true });
    fail(new TransportError('Conflict', 409, 'This call flow has ended.'));
    scheduler.advance(FLOW_STATE_DELAY_MS);
    await settle();
    expect(takenOver).toEqual([]);
    sync.push({ ...atForm('peh_1', 1), status: 'completed' });
    expect(takenOver).toEqual([]);
  });

  it('lets go once a move under way settles on a step of the refused execution', async () => {
    const { scheduler, sync, fail, takenOver } = setup();
    sync.push(atForm('peh_1'));
    sync.push({ ...atForm('peh_1'), busy: true });
    fail(new TransportError('Conflict', 409, 'This intake was resumed elsewhere.'));
    scheduler.advance(FLOW_STATE_DELAY_MS);
    await settle();
    expect(takenOver).toEqual([]);
    // The move lands on the next step (or fails back to this one): still theirs elsewhere.
    sync.push({ ...atForm('peh_1', 1), busy: true });
    expect(takenOver).toEqual([]);
    sync.push(atForm('peh_1', 1));
    expect(takenOver).toEqual(['peh_1']);
    sync.push(atForm('peh_1', 1, 'Dan'));
    expect(takenOver).toEqual(['peh_1']);
  });

  it('drops a waiting save when disposed (the wizard parked the flow or went away)', async () => {
    const { scheduler, saves, sync } = setup();
    sync.push(atForm('peh_1'));
    sync.dispose();
    scheduler.advance(FLOW_STATE_DELAY_MS);
    await settle();
    expect(saves).toEqual([]);
    expect(scheduler.pending).toBe(0);
  });
});
