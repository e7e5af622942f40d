import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createAppCallSession } from '@/app/calls/app-call-session';
import { ConfirmHost } from '@/app/components/confirm-dialog/confirm-dialog';
import { AutomatedIntakePage } from '@/app/features/call-flow/automated-intake-page';
import { CrmRecordsPage } from '@/app/features/call-flow/crm-records-page';
import { SystemNotificationsPage } from '@/app/features/system-notifications/system-notifications-page';
import { TopBar } from '@/app/shell/top-bar/top-bar';
import type { CrmRecord } from '@/shared/contracts/call-flow-api';
import type { PlaceTestCall } from '@/shared/contracts/call-tracking';
import type { Agent } from '@/shared/contracts/lookups';
import { makeUser, makeWorkspace } from '../../shared/domain/fixtures';
import { fakeApi, type Handler } from '../fake-api';
import { fakeSessionService, makeHost, renderWithHost } from '../helpers';
import {
  agentWorkspace,
  callFlowHost,
  fakeCallCentre,
} from '../features/call-flow/call-flow-test-kit';
import { NUMBERS, trackedCall } from './click-to-call/click-to-call-kit';

// issue #13 in the standalone app's screens: the top bar's hang-up while a call is live,
// call buttons in the CRM records table, and the System area's "Place a test call".

const WS = 'ws_lakeside';

describe('top bar hang-up (spec: session 2 Top bar; issue #13)', () => {
  function renderTopBarWithCalls(workspace = makeHost().session.workspace) {
    window.sessionStorage.clear();
    const openWizard = vi.fn();
    const calls = createAppCallSession({
      api: fakeApi({}),
      store: window.sessionStorage,
      scope: () => ({ userId: 'u_agent', workspaceId: WS }),
      openWizard,
    });
    renderWithHost(
      <MemoryRouter>
        <TopBar />
        <ConfirmHost />
      </MemoryRouter>,
      {
        host: makeHost({ calls, session: { ...makeHost().session, workspace } }),
        services: { session: fakeSessionService() },
      },
    );
    return { calls, openWizard };
  }

  it('asks "Hang up?" itself in a Zoho-vendor workspace, where no wizard could open (issue #28)', async () => {
    const { calls, openWizard } = renderTopBarWithCalls(agentWorkspace({ zohoVendor: true }));
    act(() =>
      calls.apply({
        type: 'incoming',
        userId: 'u_agent',
        workspaceId: WS,
        call: {
          leadName: 'Dana Reyes',
          phone: '+15125550147',
          callId: 'call_in_1',
          direction: 'inbound',
          trackingNumber: null,
        },
        trackingInfo: null,
        receivedAt: new Date().toISOString(),
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Hang up the call' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Hang up?' });
    expect(openWizard).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep the call' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.get().call?.endedAt).toBeNull();
  });

  it('shows the ongoing-call button only while a call is live, and asks for the hang-up', () => {
    const { calls, openWizard } = renderTopBarWithCalls();
    expect(screen.queryByRole('button', { name: 'Hang up the call' })).toBeNull();

    act(() =>
      calls.apply({
        type: 'incoming',
        userId: 'u_agent',
        workspaceId: WS,
        call: {
          leadName: 'Dana Reyes',
          phone: '+15125550147',
          callId: 'call_in_1',
          direction: 'inbound',
          trackingNumber: null,
        },
        trackingInfo: null,
        receivedAt: new Date(Date.now() - 75_000).toISOString(),
      }),
    );
    const button = screen.getByRole('button', { name: 'Hang up the call' });
    // The running m:ss since the call started (spec 9).
    // The time shows in the pill, beside the button (its name stays "Hang up the call").
    expect(button.closest('.ic-hang-up-pill')?.textContent).toMatch(/^1:1\d$/);

    // Nobody on this page answers: the app opens the automated intake, where the wizard is.
    fireEvent.click(button);
    expect(openWizard).toHaveBeenCalledTimes(1);
    const answer = vi.fn(() => true);
    calls.onHangUpRequest(answer);
    fireEvent.click(button);
    expect(answer).toHaveBeenCalledTimes(1);
    expect(openWizard).toHaveBeenCalledTimes(1);

    act(() =>
      calls.apply({
        type: 'ended',
        callId: 'call_in_1',
        at: new Date().toISOString(),
        by: 'agent',
      }),
    );
    expect(screen.queryByRole('button', { name: 'Hang up the call' })).toBeNull();
  });
});

describe('call buttons in the CRM records table (issue #13 click-to-call)', () => {
  const contact: CrmRecord = {
    id: 'crm_1',
    workspace: WS,
    type: 'CONTACT',
    contactId: 'crm_1',
    processExecutionHistoryId: null,
    payload: {
      given_name: 'Dana',
      family_name: 'Reyes',
      phone_numbers: [{ number: '(312) 555-0142', field: 'PHONE1' }],
    },
    createdAt: '2026-03-02T15:03:00.000Z',
  };

  function callCentre() {
    return fakeCallCentre({
      [`GET workspaces/${WS}/crm-records`]: () => ({
        data: [contact],
        meta: { total: 1, limit: 25, offset: 0 },
      }),
      [`GET workspaces/${WS}/ctm/numbers`]: () => ({
        data: NUMBERS,
        meta: { total: NUMBERS.length, limit: NUMBERS.length, offset: 0 },
      }),
      [`POST workspaces/${WS}/ctm/calls`]: () => ({ data: trackedCall() }),
      [`PUT workspaces/${WS}/ctm/calls/call_9`]: () => ({
        data: trackedCall({ connected: true, status: 'in-progress' }),
      }),
    });
  }

  it('opens the number picker for the contact, and a started call becomes the active call', async () => {
    const api = callCentre();
    const host = callFlowHost(api, { role: 'owner' });
    const outbound = vi.fn(async () => {});
    host.calls = {
      ...createAppCallSession({ api, store: window.sessionStorage, scope: () => null }),
      outbound,
    };
    renderWithHost(<CrmRecordsPage />, { host });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Call Dana Reyes at (312) 555-0142' }),
    );
    const picker = await screen.findByRole('dialog', { name: 'Call Dana Reyes' });
    fireEvent.click(await within(picker).findByRole('radio', { name: /Google Ads/ }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Call' }));
    const outcome = screen.getByRole('dialog', { name: 'Calling Dana Reyes' });
    fireEvent.click(within(outcome).getByRole('button', { name: 'Call' }));
    await waitFor(() => expect(outbound).toHaveBeenCalledTimes(1));
    expect(outbound).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'call_9', connected: true }),
      'Dana Reyes',
    );
    expect(api.sent('POST', `workspaces/${WS}/ctm/calls`)[0].body).toMatchObject({
      call_number: '+13125550142',
    });
  });

  it('has no call button in a workspace without call tracking', async () => {
    const api = callCentre();
    renderWithHost(<CrmRecordsPage />, {
      host: callFlowHost(api, {
        role: 'owner',
        workspace: agentWorkspace({ ctmSetting: false }),
      }),
    });
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: /^Call Dana Reyes/ })).toBeNull();
  });
});

describe('System: place a test call (issue #13)', () => {
  const lakeside = {
    ...makeWorkspace(),
    id: WS,
    attributes: { ...makeWorkspace().attributes, name: 'Lakeside Law' },
  };
  const agents: Agent[] = [
    {
      id: 'ag_2',
      name: 'Avery NoLine',
      personId: 'p_2',
      ctmUserId: null,
      zohoUserId: null,
      active: true,
    },
    {
      id: 'ag_1',
      name: 'Ivy Intake',
      personId: 'p_1',
      ctmUserId: 'ctm_7',
      zohoUserId: null,
      active: true,
    },
  ];

  function renderPage(place?: Handler) {
    const sent: PlaceTestCall[] = [];
    const api = fakeApi({
      workspaces: () => ({ data: [lakeside], meta: { total: 1, limit: 100, offset: 0 } }),
      [`workspaces/${WS}/agents`]: () => ({
        data: agents,
        meta: { total: 2, limit: 300, offset: 0 },
      }),
      'system/test-calls':
        place ??
        ((req) => {
          sent.push(req.body as PlaceTestCall);
          return { data: trackedCall({ direction: 'inbound', leadName: 'Dana Reyes' }) };
        }),
    });
    const host = makeHost({
      api,
      session: {
        user: makeUser({ role: 'system', workspace: null }),
        workspace: null,
        agent: null,
      },
    });
    renderWithHost(<SystemNotificationsPage />, { host });
    const form = screen.getByRole('form', { name: 'Place a test call' });
    return { api, host, sent, form };
  }

  async function fill(form: HTMLElement, agentName: string, phone: string) {
    const workspace = within(form).getByRole('combobox', { name: /Agent's workspace/ });
    await waitFor(() => expect((workspace as HTMLSelectElement).disabled).toBe(false));
    fireEvent.change(workspace, { target: { value: WS } });
    // The second select: its label, "Agent", is also the start of the first one's.
    const agent = within(form).getAllByRole('combobox')[1] as HTMLSelectElement;
    await waitFor(() => expect(agent.disabled).toBe(false));
    fireEvent.change(agent, {
      target: { value: [...agent.options].find((o) => o.text.startsWith(agentName))!.value },
    });
    fireEvent.change(within(form).getByLabelText(/Lead name/), {
      target: { value: ' Dana Reyes ' },
    });
    fireEvent.change(within(form).getByLabelText(/Phone/), { target: { value: phone } });
  }

  it('says what is missing and sends nothing', async () => {
    const { api, form } = renderPage();
    fireEvent.change(within(form).getByLabelText(/Phone/), { target: { value: '555-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Place a test call' }));
    expect(within(form).getByText("Choose the agent's workspace.")).toBeInTheDocument();
    expect(within(form).getByText('Choose the agent to ring.')).toBeInTheDocument();
    expect(within(form).getByText('Enter the lead name.')).toBeInTheDocument();
    expect(within(form).getByText('Enter at least 10 digits.')).toBeInTheDocument();
    expect(api.calls('system/test-calls')).toHaveLength(0);
  });

  it('rings the chosen agent with the lead name and phone, and names the agent', async () => {
    const { host, sent, form } = renderPage();
    await fill(form, 'Ivy Intake', '(312) 555-0142');
    // Agents without a call-tracking user are listed, marked.
    expect(
      within(form)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Avery NoLine (no call-tracking user)');
    fireEvent.click(within(form).getByRole('button', { name: 'Place a test call' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      workspaceId: WS,
      agentId: 'ag_1',
      leadName: 'Dana Reyes',
      phone: '+13125550142',
    });
    await waitFor(() =>
      expect(host.notify).toHaveBeenCalledWith(
        'success',
        'Test call placed: Ivy Intake is being called by Dana Reyes.',
      ),
    );
  });

  it('shows the server’s refusal for an agent without a call-tracking user in the form', async () => {
    const said =
      'Avery NoLine (avery@lakeside.test) cannot take calls: their agent record is not linked to a CallTrackingMetrics User ID.';
    const { api, host, form } = renderPage(() => ({ fail: 409, message: said }));
    await fill(form, 'Avery NoLine', '312 555 0142');
    fireEvent.click(within(form).getByRole('button', { name: 'Place a test call' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('This agent cannot take calls');
    expect(alert.textContent).toContain(said);
    // Said once, in the form, not also as a toast.
    expect(api.notify).not.toHaveBeenCalled();
    expect(host.notify).not.toHaveBeenCalled();
    expect((within(form).getByLabelText(/Lead name/) as HTMLInputElement).value).toBe(
      ' Dana Reyes ',
    );
  });
});

describe('the automated intake page holds the app’s call (issue #13)', () => {
  it('shows the call, and the top bar’s hang-up asks, ends it at the provider and forgets it', async () => {
    window.sessionStorage.clear();
    const api = fakeCallCentre({
      [`GET workspaces/${WS}/processes`]: () => ({
        data: [],
        meta: { total: 0, limit: 100, offset: 0 },
      }),
      [`POST workspaces/${WS}/ctm/calls/call_9/hangup`]: () => ({
        data: trackedCall({ status: 'completed', endedAt: '2026-11-23T15:02:00.000Z' }),
      }),
      [`GET workspaces/${WS}/ctm/calls/call_9`]: () => ({
        data: trackedCall({
          status: 'completed',
          endedAt: '2026-11-23T15:02:00.000Z',
          duration: 120,
        }),
      }),
    });
    const host = callFlowHost(api, { role: 'operator' });
    const calls = createAppCallSession({
      api,
      store: window.sessionStorage,
      scope: () => ({ userId: 'u_agent', workspaceId: WS }),
    });
    host.calls = calls;
    await calls.outbound(trackedCall({ connected: true }), 'Dana Lee');
    renderWithHost(
      <MemoryRouter initialEntries={['/app/automated-intake']}>
        <AutomatedIntakePage />
        <ConfirmHost />
      </MemoryRouter>,
      { host },
    );
    expect(
      await screen.findByRole('region', { name: 'Outgoing call: Dana Lee' }),
    ).toBeInTheDocument();

    act(() => calls.requestHangUp());
    const confirm = await screen.findByRole('alertdialog', { name: 'Hang up?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Hang up' }));
    await waitFor(() => expect(calls.get().call).toBeNull());
    expect(api.sent('POST', `workspaces/${WS}/ctm/calls/call_9/hangup`)).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Outgoing call: Dana Lee' })).toBeNull();
  });
});
