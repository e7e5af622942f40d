import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CTM_NOT_LINKED_HINT,
  CTM_NOT_LINKED_MESSAGE,
  CTM_NOT_LINKED_STATUS,
} from '@/shared/contracts/call-tracking';
import { NON_US_NUMBER_WARNING } from '@/shared/domain/phone-dialing';
import { ON_A_CALL_TEXT } from '@/app/calls/click-to-call/use-click-to-call';
import { fakeCallSession, liveCall } from '../../../widgets/fake-call-session';
import { deferred } from '../../fake-api';
import {
  callButton,
  callTrackingApi,
  LINKED_AGENT,
  pressCallButton,
  renderCallPage,
} from './click-to-call-kit';

async function openPicker() {
  const trigger = pressCallButton();
  const picker = await screen.findByRole('dialog', { name: 'Call Dana Lee' });
  await within(picker).findByText('Main office line');
  return { trigger, picker };
}

function chooseCustom(picker: HTMLElement, value: string) {
  fireEvent.click(within(picker).getByRole('radio', { name: 'Custom number' }));
  fireEvent.change(within(picker).getByRole('textbox', { name: 'Custom number' }), {
    target: { value },
  });
}

describe('click-to-call during a call', () => {
  it('opens no picker while a call is live, and says why', async () => {
    const { host } = renderCallPage({ calls: fakeCallSession({ call: liveCall() }) });
    pressCallButton();
    await waitFor(() => expect(host.notify).toHaveBeenCalledWith('info', ON_A_CALL_TEXT));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the picker once the call has ended', async () => {
    renderCallPage({
      calls: fakeCallSession({ call: liveCall({ endedAt: '2026-11-23T15:09:00.000Z' }) }),
    });
    await openPicker();
  });
});

describe('click-to-call number picker (spec: session 2 Call number picker, 5)', () => {
  it('is a labelled modal dialog listing the tracking numbers formatted, the non-US one flagged', async () => {
    renderCallPage();
    const { picker } = await openPicker();
    expect(picker.getAttribute('aria-modal')).toBe('true');
    const options = within(picker).getAllByRole('radio');
    expect(options.map((o) => o.closest('label')?.textContent)).toEqual([
      'Main office line+1 312-555-0100',
      'Google Ads+1 630-555-0111',
      'London referrals+442079460958Not a US number',
      'Dana Lee+1 312-555-0142',
      'Custom number',
    ]);
    // The first valid number and the clicked number are chosen: the call can go.
    expect((options[0] as HTMLInputElement).checked).toBe(true);
    expect((options[3] as HTMLInputElement).checked).toBe(true);
    expect(callButton().disabled).toBe(false);
    expect(within(picker).queryByText(NON_US_NUMBER_WARNING)).toBeNull();
  });

  it('shows the non-US warning for a number flagged not valid, which cannot be dialled', async () => {
    const { api } = renderCallPage();
    const { picker } = await openPicker();
    const london = within(picker).getByRole('radio', { name: /London referrals/ });
    fireEvent.click(london);
    const warning = within(picker).getByText(NON_US_NUMBER_WARNING);
    expect(london.getAttribute('aria-describedby')).toBe(warning.closest('p')?.id);
    expect(callButton().disabled).toBe(true);
    fireEvent.click(callButton());
    expect(screen.queryByRole('dialog', { name: 'Calling Dana Lee' })).toBeNull();
    expect(api.calls('ctm/calls')).toHaveLength(0);
  });

  it('checks a custom number: 9 digits and letters are refused with the reason, "+1 312 555 0142" is fine', async () => {
    renderCallPage();
    const { picker } = await openPicker();
    const field = () => within(picker).getByRole('textbox', { name: 'Custom number' });

    chooseCustom(picker, '312555014');
    expect(callButton().disabled).toBe(true);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(picker.textContent).toContain('Enter at least 10 digits.');

    chooseCustom(picker, '312-555-CALL');
    expect(callButton().disabled).toBe(true);
    expect(picker.textContent).toContain('Use digits only, with an optional leading plus.');

    chooseCustom(picker, '+44 20 7946 0958');
    expect(callButton().disabled).toBe(true);
    expect(picker.textContent).toContain(NON_US_NUMBER_WARNING);

    chooseCustom(picker, '+1 312 555 0142');
    expect(callButton().disabled).toBe(false);
    expect(field().getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps Tab inside, with each radio group one stop as the browser has it', async () => {
    renderCallPage();
    const { picker } = await openPicker();
    expect(picker.contains(document.activeElement)).toBe(true);
    const mainLine = within(picker).getByRole('radio', { name: /Main office line/ });
    fireEvent.click(within(picker).getByRole('radio', { name: /Google Ads/ }));
    const googleAds = within(picker).getByRole('radio', { name: /Google Ads/ });
    act(() => googleAds.focus());
    fireEvent.keyDown(googleAds, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(callButton());
    fireEvent.keyDown(callButton(), { key: 'Tab' });
    expect(document.activeElement).toBe(googleAds);
    expect(document.activeElement).not.toBe(mainLine);
  });

  it('offers only the custom entry when the host has no number, and Escape cancels it', async () => {
    const { api, onCallStarted } = renderCallPage({ phone: null });
    const { trigger, picker } = await openPicker();
    expect(within(picker).getByRole('radio', { name: 'Custom number' })).toHaveProperty(
      'checked',
      true,
    );
    expect(callButton().disabled).toBe(true);
    fireEvent.keyDown(picker, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(api.calls('ctm/calls')).toHaveLength(0);
    expect(onCallStarted).not.toHaveBeenCalled();
  });
});

describe('click-to-call outcome dialog (spec: session 2, 4 Click-to-call and active call)', () => {
  async function openOutcome() {
    const opened = await openPicker();
    fireEvent.click(within(opened.picker).getByRole('radio', { name: /Google Ads/ }));
    fireEvent.click(callButton());
    const outcome = screen.getByRole('dialog', { name: 'Calling Dana Lee' });
    return { ...opened, outcome };
  }

  it("shows 'Calling {name}', the number's label and value and the desk-phone note", async () => {
    renderCallPage();
    const { outcome } = await openOutcome();
    expect(outcome.getAttribute('aria-modal')).toBe('true');
    expect(outcome.textContent).toContain('Google Ads');
    expect(outcome.textContent).toContain('+1 630-555-0111');
    expect(outcome.textContent).toContain('+1 312-555-0142');
    const note = 'Answer your desk phone first, the customer will then be dialled automatically.';
    expect(outcome).toHaveAccessibleDescription(note);
    expect(
      within(outcome)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Call']);
    // Focus starts on Cancel (0): a stray Enter places no call.
    expect(document.activeElement?.textContent).toBe('Cancel');
  });

  it('choosing 0 (Cancel) starts no call and gives focus back to the call button', async () => {
    const { api, onCallStarted } = renderCallPage();
    const { trigger, outcome } = await openOutcome();
    fireEvent.click(within(outcome).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(api.calls('ctm/calls')).toHaveLength(0);
    expect(api.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
    expect(onCallStarted).not.toHaveBeenCalled();
  });

  it('an outcome starts the call, marks it connected, reports it and gives focus back', async () => {
    const { api, onCallStarted } = renderCallPage();
    const { trigger, outcome } = await openOutcome();
    fireEvent.click(within(outcome).getByRole('button', { name: 'Call' }));
    await waitFor(() => expect(onCallStarted).toHaveBeenCalledTimes(1));

    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET workspaces/ws_lakeside/ctm/numbers',
      'POST workspaces/ws_lakeside/ctm/calls',
      'PUT workspaces/ws_lakeside/ctm/calls/call_9',
    ]);
    expect(api.requests[1].base).toBe('callCenter');
    expect(api.requests[1].body).toEqual({
      from_number: '+16305550111',
      call_number: '+13125550142',
    });
    expect(api.requests[2].body).toEqual({ connected: true, fourIizAgent: LINKED_AGENT.id });

    expect(onCallStarted.mock.calls[0][0]).toMatchObject({
      callId: 'call_9',
      id: 'call_9',
      direction: 'outbound',
      connected: true,
      name: 'Dana Lee',
      phone: '+13125550142',
      outcome: 1,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('waits with its buttons disabled while the call is being placed', async () => {
    const api = callTrackingApi();
    const answer = deferred<unknown>();
    api.on('ctm/calls', () => answer.promise);
    const { onCallStarted } = renderCallPage({ api });
    const { outcome } = await openOutcome();
    fireEvent.click(within(outcome).getByRole('button', { name: 'Call' }));
    await within(outcome).findByText('Calling your desk phone…');
    expect(within(outcome).getByRole('button', { name: 'Cancel' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(onCallStarted).not.toHaveBeenCalled();
    // Only one POST however often the agent clicks.
    fireEvent.click(within(outcome).getByRole('button', { name: 'Call' }));
    expect(api.calls('ctm/calls')).toHaveLength(1);
    await act(async () => answer.resolve({ fail: 500 }));
  });

  it('is not dismissed by Escape (routing confirmation), and Tab stays inside it', async () => {
    renderCallPage();
    const { outcome } = await openOutcome();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Calling Dana Lee' })).toBe(outcome);

    const [cancel, call] = within(outcome).getAllByRole('button');
    act(() => call.focus());
    fireEvent.keyDown(call, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(call);
  });

  it('a refused call opens the call-again dialog with the reason; picking again keeps the custom number', async () => {
    const api = callTrackingApi();
    api.on('ctm/calls', () => ({ fail: 400, message: 'call_number: not a working number.' }));
    renderCallPage({ api });
    const { picker } = await openPicker();
    chooseCustom(picker, '+1 312 555 0199');
    fireEvent.click(callButton());
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Calling Dana Lee' })).getByRole('button', {
        name: 'Call',
      }),
    );
    const again = await screen.findByRole('alertdialog', {
      name: 'The call to Dana Lee did not start',
    });
    expect(again.textContent).toContain('call_number: not a working number.');
    expect(api.notify).not.toHaveBeenCalled();
    expect(api.calls('ctm/calls/call_9')).toHaveLength(0);

    fireEvent.click(within(again).getByRole('button', { name: 'Pick a number again' }));
    const reopened = await screen.findByRole('dialog', { name: 'Call Dana Lee' });
    expect(
      (within(reopened).getByRole('textbox', { name: 'Custom number' }) as HTMLInputElement).value,
    ).toBe('+1 312 555 0199');
  });
});

describe("'Uh oh!' for an agent without a call-tracking user (spec: session 4, 8)", () => {
  it(`shows on the server's ${CTM_NOT_LINKED_STATUS} and Acknowledge closes it`, async () => {
    const api = callTrackingApi();
    api.on('ctm/calls', () => ({ fail: CTM_NOT_LINKED_STATUS, message: CTM_NOT_LINKED_MESSAGE }));
    const { onCallStarted } = renderCallPage({ api, agent: null });
    const { trigger } = await openPicker();
    fireEvent.click(callButton());
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Calling Dana Lee' })).getByRole('button', {
        name: 'Call',
      }),
    );
    const uhOh = await screen.findByRole('alertdialog', { name: 'Uh oh!' });
    expect(uhOh.textContent).toContain(CTM_NOT_LINKED_MESSAGE);
    expect(uhOh.textContent).toContain(CTM_NOT_LINKED_HINT);
    expect(api.notify).not.toHaveBeenCalled();
    // The dialog moves the focus to its button once it has opened (after its first paint).
    await waitFor(() =>
      expect(within(uhOh).getByRole('button', { name: 'Acknowledge' })).toHaveFocus(),
    );
    fireEvent.click(within(uhOh).getByRole('button', { name: 'Acknowledge' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(onCallStarted).not.toHaveBeenCalled();
  });

  it('shows at once, asking nothing of the server, when the agent record has no call-tracking user', () => {
    const { api } = renderCallPage({ agent: { ...LINKED_AGENT, ctmUserId: null } });
    pressCallButton();
    expect(screen.getByRole('alertdialog', { name: 'Uh oh!' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Call Dana Lee' })).toBeNull();
    expect(api.requests).toHaveLength(0);
  });
});
