import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConfirmStore } from '@/app/components/confirm-dialog/confirm-store';
import { CallFlowWidgetScreen } from '@/app/features/call-flow/call-flow-widget-screen';
import { resetSessionErrorReporter } from '@/app/calls/create-call-flow-effects';
import { callFlowStateKey } from '@/app/calls/call-flow-state-storage';
import { draftKey } from '@/shared/call-flow/drafts';
import type { Workspace } from '@/shared/contracts/workspace';
import { createMemoryStorage } from '@/shared/storage/storage';
import { renderWithHost } from '../../helpers';
import {
  fakeCallSession,
  type FakeCallSession,
  liveCall,
} from '../../../widgets/fake-call-session';
import {
  agentWorkspace,
  callFlowHost,
  fakeCallCentre,
  type FakeCallCentre,
  type Handler,
} from './call-flow-test-kit';

// issue #13 `<intake-call-flow>`: the widget's screen over a CallSession (the background's
// call as a CRM tab sees it), with the real wizard, engine and forms against the in-memory
// call centre.

function renderScreen(
  calls: FakeCallSession | null,
  options: {
    api?: FakeCallCentre;
    workspace?: Workspace;
    overrides?: Record<string, Handler>;
  } = {},
) {
  const api = options.api ?? fakeCallCentre(options.overrides);
  const base = callFlowHost(api, { workspace: options.workspace });
  const host = calls ? { ...base, calls } : base;
  const result = renderWithHost(<CallFlowWidgetScreen />, { host });
  return { ...result, api, view: within(result.container) };
}

const heading = (view: ReturnType<typeof within>, name: string) =>
  view.findByRole('heading', { level: 2, name }, { timeout: 5000 });

async function answer(view: ReturnType<typeof within>, label: RegExp, value: string) {
  fireEvent.change(view.getByLabelText(label), { target: { value } });
  fireEvent.click(view.getByRole('button', { name: /Next/ }));
}

beforeEach(() => {
  resetSessionErrorReporter();
  useConfirmStore.setState({ queue: [] });
});
afterEach(() => vi.restoreAllMocks());

describe('<intake-call-flow> screen with the background’s call', () => {
  it('claims the call offered to its page and starts the wizard for it', async () => {
    const calls = fakeCallSession({ call: liveCall(), offered: true });
    const { api, view } = renderScreen(calls);
    await heading(view, 'Caller details');
    expect(calls.claim).toHaveBeenCalledTimes(1);
    expect(calls.claim).toHaveBeenCalledWith('call_1');
    expect(api.sent('POST', 'processes/pi-intake')).toHaveLength(1);
    // The wizard keeps its state in the call's shared storage and says where it is.
    expect(await calls.flowStorage.get(callFlowStateKey('u_agent'))).toContain('caller');
    await waitFor(() =>
      expect(calls.wizardMoved).toHaveBeenCalledWith('call_1', 'peh_1', 'caller'),
    );
    // The active-call card: no tracking info reads "None Associated", the start in the
    // workspace's timezone (America/Chicago: 15:05 UTC is 09:05 AM).
    const card = view.getByRole('region', { name: 'Incoming call: Dana Reyes' });
    expect(within(card).getAllByText('None Associated')).toHaveLength(3);
    expect(within(card).getByText('09:05 AM').isConnected).toBe(true);
    // A live call has no duration or recording yet.
    expect(within(card).queryByText('Duration')).toBeNull();
  });

  it('heads the call’s flow with one caller card: who, the flow, the call’s facts, the time, Hang up (issue #28)', async () => {
    const calls = fakeCallSession({ call: liveCall(), offered: true });
    const { view } = renderScreen(calls);
    await heading(view, 'Caller details');
    // One card names the caller: no second header repeats them above the step.
    const cards = view.getAllByRole('region', { name: /Dana Reyes/ });
    expect(cards).toHaveLength(1);
    const card = cards[0];
    expect(card.getAttribute('aria-label')).toBe('Incoming call: Dana Reyes');
    expect(view.getAllByText('Dana Reyes')).toHaveLength(1);
    expect(within(card).getByText('Personal Injury intake').isConnected).toBe(true);
    expect(within(card).getByRole('link', { name: '+1 512-555-0147' }).getAttribute('href')).toBe(
      'tel:5125550147',
    );
    expect(within(card).getByText('Tracking number').isConnected).toBe(true);
    expect(within(card).getByText('Lead source').isConnected).toBe(true);
    // The running time is a timer, which a screen reader does not announce every second.
    const timer = within(card).getByRole('timer');
    expect(timer.textContent).toMatch(/^\d+:\d\d$/);
    expect(timer.closest('[aria-live]')).toBeNull();
    // Its Hang up is the wizard's: the confirm, then the partial-complete history.
    fireEvent.click(within(card).getByRole('button', { name: 'Hang up' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hang up?' });
    expect(within(dialog).getByText('The call flow ends here.').isConnected).toBe(true);
  });

  it('does not start a call that was not offered to its page: it shows the call and waits', async () => {
    const calls = fakeCallSession({ call: liveCall(), offered: false });
    const { api, view } = renderScreen(calls);
    await heading(view, 'The intake has not started here');
    expect(calls.claim).not.toHaveBeenCalled();
    expect(api.sent('POST', 'processes/pi-intake')).toHaveLength(0);
    expect(api.sent('POST', 'process-execution-history')).toHaveLength(0);
    expect(view.getByText('Dana Reyes').isConnected).toBe(true);
  });

  it('never starts a second wizard when the claim is refused', async () => {
    const calls = fakeCallSession({ call: liveCall(), offered: true }, { grant: false });
    const { api, view } = renderScreen(calls);
    await heading(view, 'The intake is open on another page');
    expect(calls.claim).toHaveBeenCalledWith('call_1');
    expect(api.sent('POST', 'processes/pi-intake')).toHaveLength(0);
    expect(view.queryByRole('button', { name: 'Start the intake here' })).toBeNull();
  });

  it('starts the call once when another tab writes the shared flow while the start is on its way', async () => {
    // The CI flake of stop 50: a rebuild mid-start gave a second wizard the same incoming
    // call, which started it again; the first execution stayed "started" for ever.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let created = 0;
    const calls = fakeCallSession({ call: liveCall(), offered: true });
    const { api, view } = renderScreen(calls, {
      overrides: {
        'POST process-execution-history': async () => {
          created += 1;
          const id = `peh_${created}`;
          await held;
          return { id };
        },
      },
    });
    await waitFor(() => expect(api.sent('POST', 'process-execution-history')).toHaveLength(1));
    // Another tab writes (its wizard's holder, a draft): a foreign flowRevision.
    act(() => calls.push({ flowRevision: 7, flowWrittenHere: false }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    release();
    await heading(view, 'Caller details');
    await waitFor(() =>
      expect(calls.wizardMoved).toHaveBeenCalledWith('call_1', 'peh_1', 'caller'),
    );
    expect(api.sent('POST', 'process-execution-history')).toHaveLength(1);
    expect(api.sent('POST', 'processes/pi-intake')).toHaveLength(1);
    // The change it waited for is read once the start is done: the wizard is rebuilt over
    // the stored flow (the same execution), not started again.
    expect(await calls.flowStorage.get(callFlowStateKey('u_agent'))).toContain('peh_1');
    expect(created).toBe(1);
  });

  it('continues in another tab, and reloads when the other tab moves the step (a foreign flowRevision)', async () => {
    const shared = createMemoryStorage();
    const api = fakeCallCentre();
    const tabA = fakeCallSession({ call: liveCall(), offered: true }, { flowStorage: shared });
    const a = renderScreen(tabA, { api });
    await heading(a.view, 'Caller details');
    await answer(a.view, /First name/, 'Dana');
    await heading(a.view, 'The accident');

    const atAccident = {
      executionId: 'peh_1',
      stepId: 'accident',
      draftKey: draftKey('peh_1', 'accident'),
    };
    const tabB = fakeCallSession(
      { call: liveCall({ wizard: atAccident }), offered: false, flowRevision: 4 },
      { flowStorage: shared },
    );
    const b = renderScreen(tabB, { api });
    // Same step, read from the shared storage: no second start.
    await heading(b.view, 'The accident');
    expect(api.sent('POST', 'processes/pi-intake')).toHaveLength(1);

    fireEvent.click(a.view.getByLabelText('Car accident'));
    fireEvent.click(a.view.getByRole('button', { name: /Next/ }));
    await heading(a.view, 'The vehicle');
    // Tab B is not told yet: it still shows the step it read.
    expect(b.view.getByRole('heading', { level: 2, name: 'The accident' }).isConnected).toBe(true);

    const atVehicle = {
      executionId: 'peh_1',
      stepId: 'vehicle',
      draftKey: draftKey('peh_1', 'vehicle'),
    };
    act(() =>
      tabB.push({ call: liveCall({ wizard: atVehicle }), flowRevision: 5, flowWrittenHere: false }),
    );
    await heading(b.view, 'The vehicle');
    // What this tab writes itself does not rebuild it.
    const plate = b.view.getByLabelText(/Licence plate/);
    act(() => tabB.push({ flowRevision: 6, flowWrittenHere: true }));
    expect(b.view.getByLabelText(/Licence plate/)).toBe(plate);
  });

  it('while the agent types on the same step, waits for the tab to be shown again', async () => {
    const shared = createMemoryStorage();
    const api = fakeCallCentre();
    const calls = fakeCallSession({ call: liveCall(), offered: true }, { flowStorage: shared });
    const { view } = renderScreen(calls, { api });
    await heading(view, 'Caller details');
    const field = view.getByLabelText(/First name/) as HTMLInputElement;
    act(() => field.focus());
    const atCaller = {
      executionId: 'peh_1',
      stepId: 'caller',
      draftKey: draftKey('peh_1', 'caller'),
    };
    act(() =>
      calls.push({ call: liveCall({ wizard: atCaller }), flowRevision: 3, flowWrittenHere: false }),
    );
    expect(view.getByLabelText(/First name/)).toBe(field);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(view.getByLabelText(/First name/)).not.toBe(field));
  });

  it('when the caller hangs up: the form goes even mid-typing, the card says so, Done puts it away (issue #28)', async () => {
    const shared = createMemoryStorage();
    const calls = fakeCallSession({ call: liveCall(), offered: true }, { flowStorage: shared });
    const { view } = renderScreen(calls);
    await heading(view, 'Caller details');
    act(() => (view.getByLabelText(/First name/) as HTMLInputElement).focus());
    // The background finished the flow (its stored state is gone) and ended the call.
    await shared.remove(callFlowStateKey('u_agent'));
    act(() =>
      calls.push({
        call: liveCall({ endedAt: '2026-03-02T15:09:00.000Z', endedBy: 'caller' }),
        flowRevision: 9,
        flowWrittenHere: false,
      }),
    );
    await waitFor(() => expect(view.queryByLabelText(/First name/)).toBeNull());
    const alert = view.getByRole('alert');
    expect(alert.textContent).toContain('The caller hung up');
    expect(alert.textContent).toContain('Dana Reyes ended the call at');
    // Nothing is hung up at the provider: the call is over there already.
    expect(calls.hangUp).not.toHaveBeenCalled();
    fireEvent.click(view.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(calls.reset).toHaveBeenCalled());
    expect(view.queryByRole('alert')).toBeNull();
  });

  it("answers the top bar's hang-up with the wizard's own confirm, then ends and forgets the call", async () => {
    const calls = fakeCallSession({ call: liveCall(), offered: true });
    const { api, view } = renderScreen(calls);
    await heading(view, 'Caller details');
    act(() => calls.requestHangUp());
    const dialog = await screen.findByRole('alertdialog', { name: 'Hang up?' });
    // Inside the widget's own root, where its styles are.
    expect(view.getByRole('alertdialog')).toBe(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hang up' }));
    await waitFor(() => expect(calls.reset).toHaveBeenCalled());
    expect(calls.hangUp).toHaveBeenCalled();
    expect(api.sent('PATCH', 'process-execution-history/peh_1').at(-1)?.body).toMatchObject({
      status: 'partial-complete',
    });
  });

  it('offers to open the caller’s CRM record found by phone', async () => {
    const base = agentWorkspace();
    const workspace: Workspace = {
      ...base,
      attributes: {
        ...base.attributes,
        settings: { ...base.attributes.settings, ifsOrgHost: 'https://ab123.infusionsoft.com' },
      },
    };
    const contact = (id: string, number: string) => ({
      id,
      workspace: 'ws_lakeside',
      type: 'CONTACT',
      contactId: id,
      processExecutionHistoryId: null,
      payload: {
        given_name: 'Dana',
        family_name: 'Reyes',
        phone_numbers: [{ number, field: 'PHONE1' }],
      },
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    const calls = fakeCallSession({ call: liveCall(), offered: false });
    const { view, api } = renderScreen(calls, {
      workspace,
      overrides: {
        'GET workspaces/ws_lakeside/crm-records/caller': () => ({
          data: [contact('crm_1', '+1 (512) 555-0147'), contact('crm_2', '5125550100')],
          meta: { source: 'simulator' },
        }),
      },
    });
    const link = await view.findByRole('link', { name: 'Open CRM record' });
    expect(link.getAttribute('href')).toBe(
      'https://ab123.infusionsoft.com/Contact/manageContact.jsp?view=edit&ID=crm_1',
    );
    // The caller's phone is asked for, once.
    const searches = api.sent('GET', 'workspaces/ws_lakeside/crm-records/caller');
    expect(searches).toHaveLength(1);
    expect(searches[0]?.query).toEqual({ phone: liveCall().callData.phone });
  });

  it('links the caller found in a connected Zoho CRM at its own data centre', async () => {
    const base = agentWorkspace();
    const workspace: Workspace = {
      ...base,
      attributes: {
        ...base.attributes,
        crmConnected: true,
        crmWebUrl: 'https://crm.zoho.eu',
        settings: { ...base.attributes.settings, zoho: true, zohoOrgId: '20071234' },
      },
    };
    const calls = fakeCallSession({ call: liveCall(), offered: false });
    const { view } = renderScreen(calls, {
      workspace,
      overrides: {
        'GET workspaces/ws_lakeside/crm-records/caller': () => ({
          data: [
            {
              id: '5725767000000524157',
              workspace: 'ws_lakeside',
              type: 'CONTACT',
              contactId: '5725767000000524157',
              processExecutionHistoryId: null,
              payload: {
                given_name: 'Dana',
                family_name: 'Reyes',
                phone_numbers: [{ number: liveCall().callData.phone, field: 'PHONE1' }],
              },
              createdAt: '2026-03-01T10:00:00.000Z',
            },
          ],
          meta: { source: 'zoho' },
        }),
      },
    });
    const link = await view.findByRole('link', { name: 'Open CRM record' });
    expect(link.getAttribute('href')).toBe(
      'https://crm.zoho.eu/org20071234/tab/Contacts/5725767000000524157',
    );
  });

  it('offers nothing, and says nothing, when the CRM contacts cannot be read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = fakeCallSession({ call: liveCall(), offered: false });
    const { view, api } = renderScreen(calls, {
      overrides: {
        'GET workspaces/ws_lakeside/crm-records/caller': () => ({
          fail: 502,
          message: 'Zoho CRM did not answer the query',
        }),
      },
    });
    await waitFor(() =>
      expect(api.sent('GET', 'workspaces/ws_lakeside/crm-records/caller')).toHaveLength(1),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(view.getByRole('region', { name: /Incoming call|Outgoing call/ })).toBeInTheDocument();
    expect(view.queryByRole('link', { name: 'Open CRM record' })).not.toBeInTheDocument();
    expect(api.notify).not.toHaveBeenCalled();
  });

  it('says the call has ended with its duration and recording, or 00:00 and not linked', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = fakeCallSession({
      call: liveCall({
        callId: 'call_ended',
        endedAt: '2026-03-02T15:07:00.000Z',
        duration: null,
        sid: null,
      }),
    });
    const { view } = renderScreen(calls);
    const card = await view.findByRole('region', { name: 'Incoming call: Dana Reyes' });
    expect(within(card).getByText('00:00').isConnected).toBe(true);
    expect(within(card).getByText('Call was not linked to CTM').isConnected).toBe(true);
    expect(warn).toHaveBeenCalledWith('Could not get call duration');

    act(() =>
      calls.push({
        call: liveCall({
          callId: 'call_2',
          endedAt: '2026-03-02T15:07:00.000Z',
          duration: 75,
          sid: 'CA9',
        }),
      }),
    );
    // Another call: its own card (the wizard is mounted again for it).
    const next = await view.findByRole('region', { name: 'Incoming call: Dana Reyes' });
    expect(within(next).getByText('1:15').isConnected).toBe(true);
    expect(
      within(next).getByRole('link', { name: 'Listen to the recording' }).getAttribute('href'),
    ).toBe('https://app.calltrackingmetrics.com/accounts/1/calls/CA9/recording');
  });

  it('explains instead of the wizard in a Zoho-vendor workspace, and claims nothing', async () => {
    const calls = fakeCallSession({ call: liveCall(), offered: true });
    const { api, view } = renderScreen(calls, { workspace: agentWorkspace({ zohoVendor: true }) });
    expect(
      view.getByRole('note', {
        name: 'Call flows are not available for workspaces that use Zoho.',
      }).isConnected,
    ).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.claim).not.toHaveBeenCalled();
    // No call flow runs: at most the caller's CRM record is looked up for the call's card.
    expect(api.requests.filter((req) => !req.path.includes('crm-records'))).toHaveLength(0);
  });

  it('shows the call of a Zoho-vendor workspace, and hangs it up from its pill (issue #28)', async () => {
    const calls = fakeCallSession({ call: liveCall(), offered: true });
    const { view } = renderScreen(calls, { workspace: agentWorkspace({ zohoVendor: true }) });
    expect(view.getByRole('region', { name: /Incoming call: Dana Reyes/ }).isConnected).toBe(true);
    // The panel's header pill asks the page: the widget answers with its own confirm.
    act(() => calls.requestHangUp());
    const dialog = await screen.findByRole('alertdialog', { name: 'Hang up?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hang up' }));
    await waitFor(() => expect(calls.reset).toHaveBeenCalled());
    expect(calls.hangUp).toHaveBeenCalled();
  });
});

const PROCESSES: Record<string, Handler> = {
  'GET workspaces/ws_lakeside/processes': () => ({
    data: [
      {
        id: 'pi-intake',
        name: 'Personal Injury intake',
        description: null,
        stepCount: 5,
        formStepCount: 4,
        version: 1,
        updatedAt: '2026-03-01T10:00:00.000Z',
      },
    ],
    meta: { total: 1, limit: 1000, offset: 0 },
  }),
};

async function startByHand(view: ReturnType<typeof within>) {
  fireEvent.click(
    await view.findByRole('button', { name: 'Start Personal Injury intake' }, { timeout: 5000 }),
  );
  // The caller dialog renders inside the widget's root, not the page's body.
  const dialog = view.getByRole('dialog', { name: 'Start Personal Injury intake' });
  fireEvent.change(within(dialog).getByLabelText('Caller name'), {
    target: { value: 'Walk In' },
  });
  fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '5125550199' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Start call flow' }));
}

describe('<intake-call-flow> with no call', () => {
  it('starts a flow by hand in place, in the call session’s storage, without claiming', async () => {
    const calls = fakeCallSession();
    const { api, view, host } = renderScreen(calls, { overrides: PROCESSES });
    await heading(view, 'No call in progress');
    await startByHand(view);
    await heading(view, 'Caller details');
    expect(host.navigate).not.toHaveBeenCalled();
    expect(calls.claim).not.toHaveBeenCalled();
    expect(api.sent('POST', 'processes/pi-intake')).toHaveLength(1);
    expect(await calls.flowStorage.get(callFlowStateKey('u_agent'))).toContain('Walk In');
    // A walk-in has no provider call: its header names the caller, with no call facts or time.
    const header = view.getByRole('region', { name: 'Caller: Walk In' });
    expect(within(header).getByText('Personal Injury intake').isConnected).toBe(true);
    expect(within(header).getByRole('link', { name: '+1 512-555-0199' }).isConnected).toBe(true);
    // Nothing to hang up: its button ends the intake.
    expect(within(header).getByRole('button', { name: 'End intake' }).isConnected).toBe(true);
    expect(within(header).queryByRole('button', { name: 'Hang up' })).toBeNull();
    expect(view.queryByRole('timer')).toBeNull();
    expect(view.queryByText('Tracking number')).toBeNull();
  });
});

describe('<intake-call-flow> screen in the script-tag embed (no host.calls)', () => {
  it('starts a flow by hand in place, kept in the page’s sessionStorage', async () => {
    sessionStorage.clear();
    const { view } = renderScreen(null, { overrides: PROCESSES });
    await heading(view, 'No call in progress');
    await startByHand(view);
    await heading(view, 'Caller details');
    expect(sessionStorage.getItem(callFlowStateKey('u_agent'))).toContain('Walk In');
    sessionStorage.clear();
  });
});
