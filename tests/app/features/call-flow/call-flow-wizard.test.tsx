import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '@/app/components/confirm-dialog/confirm-dialog';
import { useConfirmStore } from '@/app/components/confirm-dialog/confirm-store';
import {
  CallFlowWizard,
  type CallFlowWizardProps,
} from '@/app/features/call-flow/call-flow-wizard';
import { resetSessionErrorReporter } from '@/app/calls/create-call-flow-effects';
import type { IncomingCallPayload } from '@/app/calls/incoming-call';
import { callFlowStateKey } from '@/app/calls/call-flow-state-storage';
import type { Host } from '@/app/host/host';
import { createMemoryStorage, type KeyValueStorage } from '@/shared/storage/storage';
import { renderWithHost } from '../../helpers';
import { callFlowHost, fakeCallCentre, type FakeCallCentre, INTAKE } from './call-flow-test-kit';

// spec: session 2 Automated intake screen and Dialogs, 3 Session state, 4 Call-flow engine
// (Start, Forward, Backward, Form submit, Hang up), 8 call-flow errors — the wizard against
// an in-memory call centre, with the real engine, forms and storage.

const CALL: IncomingCallPayload = {
  leadName: 'Dana Reyes',
  phone: '5125550147',
  process: 'pi-intake',
  callId: 'call_in_1',
};

interface Setup {
  api?: FakeCallCentre;
  host?: Host;
  stateStorage?: KeyValueStorage;
  props?: Partial<CallFlowWizardProps>;
}

function renderWizard(setup: Setup = {}) {
  const api = setup.api ?? fakeCallCentre();
  const host = setup.host ?? callFlowHost(api);
  const stateStorage = setup.stateStorage ?? createMemoryStorage();
  const onFinished = vi.fn();
  const onCallTaken = vi.fn();
  const result = renderWithHost(
    <>
      <CallFlowWizard
        incomingCall={CALL}
        stateStorage={stateStorage}
        environment="test"
        onFinished={onFinished}
        onCallTaken={onCallTaken}
        {...setup.props}
      />
      <ConfirmHost />
    </>,
    { host },
  );
  return { ...result, api, host, stateStorage, onFinished, onCallTaken };
}

const stepTitle = (name: string) => screen.findByRole('heading', { level: 2, name });

async function answerCaller(firstName = 'Dana') {
  await stepTitle('Caller details');
  fireEvent.change(screen.getByLabelText(/First name/), { target: { value: firstName } });
  fireEvent.click(screen.getByRole('button', { name: /Next/ }));
  await stepTitle('The accident');
}

beforeEach(() => {
  resetSessionErrorReporter();
  useConfirmStore.setState({ queue: [] });
});
afterEach(() => vi.restoreAllMocks());

describe('walk-ins never touch a real call (issue #28)', () => {
  const WALK_IN: IncomingCallPayload = {
    leadName: 'Wanda Walkin',
    phone: '5125550140',
    process: 'pi-intake',
  };

  it('a walk-in’s End intake asks to end the walk-in, and tells the host it had no call', async () => {
    const { onFinished } = renderWizard({ props: { incomingCall: WALK_IN } });
    await answerCaller('Wanda');
    // No call to hang up: the button says what it does.
    expect(screen.queryByRole('button', { name: 'Hang up' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'End intake' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End this walk-in?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End intake' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
    expect(onFinished).toHaveBeenCalledWith({ callId: null, executionId: 'peh_1' });
  });

  it('a call arriving over a walk-in offers to park it; parking keeps it on the server and starts the call', async () => {
    const stateStorage = createMemoryStorage();
    const { api, host, rerenderWithHost, onCallTaken, onFinished } = renderWizard({
      stateStorage,
      props: { incomingCall: WALK_IN },
    });
    await answerCaller('Wanda');
    const wizard = (incomingCall: IncomingCallPayload) => (
      <>
        <CallFlowWizard
          incomingCall={incomingCall}
          stateStorage={stateStorage}
          environment="test"
          onFinished={onFinished}
          onCallTaken={onCallTaken}
        />
        <ConfirmHost />
      </>
    );
    onCallTaken.mockClear();
    rerenderWithHost(host, wizard(CALL));
    // The walk-in stays on screen, the call is offered, nothing is started over it.
    const offer = await screen.findByTestId('park-offer');
    expect(offer.textContent).toContain('Dana Reyes is calling');
    expect(screen.getByRole('heading', { level: 2, name: 'The accident' }).isConnected).toBe(true);
    expect(onCallTaken).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Park this walk-in and take the call' }));
    await stepTitle('Caller details');
    const parked = api.sent('PUT', 'process-execution-history/peh_1/parked')[0].body as {
      state: { processExecutionHistoryId: string; callData: { leadName: string } };
    };
    expect(parked.state).toMatchObject({
      processExecutionHistoryId: 'peh_1',
      callData: { leadName: 'Wanda Walkin' },
    });
    // The walk-in was parked, not ended: no partial-complete for it.
    expect(api.sent('PATCH', 'process-execution-history/peh_1')).toHaveLength(0);
    // The call's intake runs, for its call.
    expect(screen.getByLabelText(/First name/)).toHaveProperty('value', 'Dana');
    expect(onCallTaken).toHaveBeenCalledTimes(1);
  });
});

describe('the automated intake wizard', () => {
  it('starts the call: the execution history, the case, then the first step with the caller shown', async () => {
    const { api, onCallTaken } = renderWizard();
    const title = await stepTitle('Caller details');
    expect(screen.getByText('Dana Reyes').isConnected).toBe(true);
    expect(screen.getByText('+1 512-555-0147').isConnected).toBe(true);
    expect(api.requests.slice(0, 3).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET processes/pi-intake',
      'POST process-execution-history',
      'POST processes/pi-intake',
    ]);
    // The engine's 60 s deadline reaches the transport as the request's signal.
    expect(api.sent('POST', 'processes/pi-intake')[0].signal).toBeInstanceOf(AbortSignal);
    expect(api.sent('POST', 'process-execution-history')[0].body).toMatchObject({
      status: 'started',
      process: 'pi-intake',
      user: 'u_agent',
    });
    // Focus and the live region follow the step (keyboard and screen-reader users).
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getByRole('status', { name: '' })?.textContent).toContain(
      'Step 1: Caller details',
    );
    expect(onCallTaken).toHaveBeenCalledTimes(1);
    // The first step has nowhere to go back to.
    expect(screen.queryByRole('button', { name: /Back/ })).toBeNull();
  });

  it('submits the form with Next and moves to the next step, keeping the trail', async () => {
    const { api } = renderWizard();
    await answerCaller();
    const submit = api.sent('PUT', 'processes/pi-intake');
    expect(submit).toHaveLength(1);
    expect(submit[0].body).toEqual({
      process: 'pi-intake',
      app_uid: 'app_1',
      dyn_uid: 'dyn-caller',
      del_index: 1,
      case_vars: { firstName: 'Dana' },
    });
    const trail = screen.getByRole('navigation', { name: 'Steps taken' });
    expect(trail?.textContent).toContain('Caller details');
    expect(trail.querySelector('[aria-current="step"]')?.textContent).toContain('The accident');
  });

  it('does not submit an invalid form: the required field is flagged and nothing is sent', async () => {
    const { api } = renderWizard();
    await stepTitle('Caller details');
    // issue #28: the first step starts with the caller's first name; the agent clears it.
    const firstName = screen.getByLabelText(/First name/) as HTMLInputElement;
    expect(firstName.value).toBe(CALL.leadName.split(' ')[0]);
    fireEvent.change(firstName, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect((await screen.findByText('1 field needs your attention.')).isConnected).toBe(true);
    expect(api.sent('PUT', 'processes/pi-intake')).toHaveLength(0);
  });

  it('takes the branch the answer chooses, and Back returns with the earlier answer restored', async () => {
    const { api } = renderWizard();
    await answerCaller();
    fireEvent.click(screen.getByRole('radio', { name: 'Car accident' }));
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await stepTitle('The vehicle');

    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    await stepTitle('The accident');
    expect((screen.getByRole('radio', { name: 'Car accident' }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Slip and fall' }));
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await stepTitle('Where they fell');

    const directions = api
      .sent('POST', 'process-execution-steps-history')
      .map(
        (r) =>
          `${(r.body as { direction: string }).direction} ${(r.body as { currentStepId: string }).currentStepId}`,
      );
    expect(directions).toEqual([
      'forward caller',
      'forward accident',
      'forward vehicle',
      'backward accident',
      'forward fall',
    ]);
  });

  it('hangs up only after the confirm, with the history partial-complete and the typed values', async () => {
    const { api, onFinished, stateStorage } = renderWizard();
    await answerCaller();

    fireEvent.click(screen.getByRole('button', { name: 'Hang up' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hang up?' });
    fireEvent.click(screen.getByRole('button', { name: 'Keep going' }));
    expect(dialog.isConnected).toBe(false);
    expect(api.sent('PATCH', 'process-execution-history/peh_1')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Hang up' }));
    await screen.findByRole('alertdialog', { name: 'Hang up?' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Hang up' }).at(-1)!);
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));

    const patch = api.sent('PATCH', 'process-execution-history/peh_1')[0].body as {
      status: string;
      executionHistory: { processVariables: Record<string, Record<string, unknown>> };
    };
    expect(patch.status).toBe('partial-complete');
    expect(patch.executionHistory.processVariables.pi).toMatchObject({ firstName: 'Dana' });
    const notice = api.sent('PUT', 'processmaker/pi-intake')[0];
    expect(notice.body).toMatchObject({ app_status: 'CALL_ENDED' });
    expect(notice.timeoutMs).toBe(20_000);
    // spec 4 Hang up 4: the session storage is reset.
    expect(await stateStorage.get(callFlowStateKey('u_agent'))).toBeNull();
  });

  it('resumes at the same step after a remount, with what was typed on it', async () => {
    const api = fakeCallCentre();
    const stateStorage = createMemoryStorage();
    const host = callFlowHost(api);
    const first = renderWizard({ api, host, stateStorage });
    await answerCaller();
    fireEvent.click(screen.getByRole('radio', { name: 'Slip and fall' }));
    // The draft is saved a moment after typing stops.
    await waitFor(async () =>
      expect(await host.storage.get('user:u_agent:call-flow-draft:peh_1:accident')).toContain(
        'fall',
      ),
    );
    first.unmount();

    renderWizard({ api, host, stateStorage, props: { incomingCall: null } });
    await stepTitle('The accident');
    await waitFor(() =>
      expect(
        (screen.getByRole('radio', { name: 'Slip and fall' }) as HTMLInputElement).checked,
      ).toBe(true),
    );
    expect(screen.getByText('Dana Reyes').isConnected).toBe(true);
    // Resumed, not started again.
    expect(api.sent('POST', 'process-execution-history')).toHaveLength(1);
  });

  it('completes at the END step and says so, with the history completed', async () => {
    const { api, onFinished } = renderWizard();
    await answerCaller();
    fireEvent.click(screen.getByRole('radio', { name: 'Slip and fall' }));
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await stepTitle('Where they fell');
    fireEvent.change(screen.getByLabelText(/Place/), { target: { value: 'Grocery store' } });
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await stepTitle('Intake complete');
    expect(api.sent('PATCH', 'process-execution-history/peh_1')[0].body).toMatchObject({
      status: 'completed',
    });
    expect(api.sent('PUT', 'processmaker/pi-intake')[0].body).toMatchObject({
      app_status: 'COMPLETED',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
  });

  it('shows a failed Next to the agent, keeps the step, and reports it once per session', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeCallCentre({
      'PUT processes/pi-intake': () => ({ fail: 503, message: 'The case service is down' }),
    });
    renderWizard({ api });
    await stepTitle('Caller details');
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Dana' } });
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    const alert = await screen.findByText(/The answers could not be saved/);
    expect(alert?.textContent).toContain('The case service is down');
    expect(screen.getByRole('heading', { level: 2, name: 'Caller details' }).isConnected).toBe(
      true,
    );
    await waitFor(() => expect(api.sent('POST', 'error-notification')).toHaveLength(1));
    // The second try, once the first has settled (Next is disabled while a move is in flight).
    const next = () => screen.getByRole<HTMLButtonElement>('button', { name: /Next/ });
    await waitFor(() => expect(next().disabled).toBe(false));
    fireEvent.click(next());
    await waitFor(() => expect(api.sent('PUT', 'processes/pi-intake')).toHaveLength(2));
    await waitFor(() => expect(next().disabled).toBe(false));
    expect(api.sent('POST', 'error-notification')).toHaveLength(1);
  });

  it('explains how to start a call when there is none, and leads to Call Flows', async () => {
    const { host } = renderWizard({ props: { incomingCall: null } });
    expect((await screen.findByRole('heading', { name: 'No call in progress' })).isConnected).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open Call Flows' }));
    expect(host.navigate).toHaveBeenCalledWith('/app/automated-intake');
  });

  it('says plainly when the incoming call cannot be read, instead of failing', async () => {
    renderWizard({
      props: { incomingCall: null, incomingCallError: 'The incoming call could not be read.' },
    });
    expect((await screen.findByRole('alert'))?.textContent).toContain(
      'The incoming call could not be read.',
    );
  });

  it("runs the workspace's only process for an incoming call that names none", async () => {
    const summary = (id: string) => ({
      id,
      name: id,
      description: null,
      stepCount: 5,
      formStepCount: 4,
      version: 1,
      updatedAt: '2026-03-01T00:00:00.000Z',
    });
    let processes = [summary('pi-intake')];
    const api = fakeCallCentre({
      'GET workspaces/ws_lakeside/processes': () => ({
        data: processes,
        meta: { total: processes.length, limit: 1000, offset: 0 },
      }),
    });
    const first = renderWizard({ api, props: { incomingCall: { leadName: 'Dana', phone: '' } } });
    await stepTitle('Caller details');
    first.unmount();

    // With a choice to make and no lead-generation process, the agent is told what to do.
    processes = [summary('pi-intake'), summary('imm-intake')];
    renderWizard({ api, props: { incomingCall: { leadName: 'Dana', phone: '' } } });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No call flow is set for incoming calls',
    );
  });

  it('offers Try again when the process cannot be loaded', async () => {
    let fail = true;
    const api = fakeCallCentre({
      'GET processes/pi-intake': () =>
        fail ? { fail: 404, message: 'Process not found.' } : { data: INTAKE },
    });
    renderWizard({ api });
    expect((await screen.findByText(/could not be loaded/))?.textContent).toContain(
      'Process not found.',
    );
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    await stepTitle('Caller details');
  });
});
