import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ParkedWalkIns, useParkWalkIn } from '@/app/features/call-flow/park-walk-in';
import type { CallFlowEngine } from '@/shared/call-flow/engine';
import type { CallFlowState } from '@/shared/contracts/call-flow';
import { ALREADY_RESUMED_MESSAGE, type ParkedExecution } from '@/shared/contracts/call-flow-api';
import { createMemoryStorage } from '@/shared/storage/storage';
import { renderWithHost } from '../../helpers';
import { callFlowHost, fakeCallCentre } from './call-flow-test-kit';

// Parking and resuming (issue #28) write through useMutateAndInvalidate: each makes the
// agent's list of unfinished intakes stale, so the idle screen reads it again.

const WANDA: ParkedExecution = {
  executionId: 'peh_9',
  processName: 'PI intake',
  leadName: 'Wanda Walkin',
  phone: '',
  parkedAt: '2026-11-26T10:00:00.000Z',
  kind: 'parked',
  stepTitle: 'The accident',
};

const LIST_PATH = 'workspaces/ws_lakeside/parked-executions';

function Harness({ remount, onParked }: { remount: () => void; onParked: (ok: boolean) => void }) {
  const parking = useParkWalkIn({ stateStorage: createMemoryStorage(), stateKey: 'flow', remount });
  const engine = { hangUp: () => Promise.resolve() } as unknown as CallFlowEngine;
  const completed = { status: 'completed' } as CallFlowState;
  return (
    <>
      <button
        type="button"
        disabled={parking.busy}
        onClick={() => void parking.park(engine, completed).then(onParked)}
      >
        Park
      </button>
      <ParkedWalkIns
        workspaceId="ws_lakeside"
        onResume={(parked) => void parking.resume(parked)}
        problem={parking.problem}
      />
    </>
  );
}

function renderHarness(resume: () => unknown) {
  const api = fakeCallCentre({
    [`GET ${LIST_PATH}`]: () => ({ data: [WANDA] }),
    'POST process-execution-history/peh_9/parked/resume': resume,
  });
  const remount = vi.fn();
  const onParked = vi.fn();
  renderWithHost(<Harness remount={remount} onParked={onParked} />, {
    host: callFlowHost(api),
  });
  const listReads = () => api.sent('GET', LIST_PATH).length;
  return { api, remount, onParked, listReads };
}

describe('parking and resuming walk-ins', () => {
  it('a refused resume says why, keeps the wizard as it is, and reads the list again', async () => {
    const { remount, listReads } = renderHarness(() => ({
      fail: 409,
      message: ALREADY_RESUMED_MESSAGE,
    }));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Resume the intake of Wanda Walkin' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      `The intake could not be resumed: ${ALREADY_RESUMED_MESSAGE}`,
    );
    await waitFor(() => expect(listReads()).toBe(2));
    expect(remount).not.toHaveBeenCalled();
  });

  it('parking (a completed walk-in is finished) frees the wizard and reads the list again', async () => {
    const { remount, onParked, listReads } = renderHarness(() => ({ fail: 500 }));
    await screen.findByRole('button', { name: 'Resume the intake of Wanda Walkin' });
    expect(listReads()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Park' }));
    await waitFor(() => expect(onParked).toHaveBeenCalledWith(true));
    expect(remount).toHaveBeenCalledTimes(1);
    expect(listReads()).toBe(2);
  });
});
