import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  ConsultationBookingContext,
  createConsultationBooking,
  useConsultationBooking,
} from '@/app/features/call-flow/forms/consultation-booking';
import { StepForm } from '@/app/features/call-flow/forms/step-form';
import { valueText } from '@/app/features/call-flow/value-text';
import type { Variables } from '@/shared/contracts/call-flow';
import {
  createEventRequestSchema,
  EVENTS_TIMEOUT_MS,
  SCHEDULING_ERRORS,
} from '@/shared/contracts/scheduling';
import { en } from '@/shared/i18n/en';
import { deferred, fakeApi, type FakeApi } from '../../fake-api';
import { makeHost, renderWithHost } from '../../helpers';
import { reportWorkspace } from '../../reports/filters/fixtures';
import { makeForm } from './forms/form-fixtures';

// "Book a consultation" in a call flow (issue #16; spec: dashboards 7 calendars and events,
// 8 "Event save error: Rethrown to caller"). The real client functions and contracts under
// a fake transport.

const DAY = '2030-01-07'; // a Monday
const TZ = 'America/Chicago';
// 10:00 Chicago is taken on that day.
const TAKEN = {
  id: 'evt_taken',
  calendarId: 'cal_dana',
  title: 'Initial consultation',
  startTime: '2030-01-07T16:00:00.000Z',
  endTime: '2030-01-07T17:00:00.000Z',
  location: 'By phone',
  notes: '',
  executionId: null,
  appId: null,
};

const form = makeForm({
  dyn_uid: 'dyn-consult',
  title: 'Consultation booking',
  fields: [
    {
      type: 'consultation',
      name: 'consultation',
      label: 'Consultation',
      validators: [{ type: 'required' }],
    },
  ],
});

function schedulingApi(): FakeApi {
  return fakeApi({
    calendars: () => ({
      data: [
        { ID: 'cal_dana', NAME: 'Dana Reyes', TIMEZONE: TZ, consultantId: 'cns_1' },
        { ID: 'cal_lee', NAME: 'Lee Park', TIMEZONE: TZ, consultantId: 'cns_2' },
      ],
      meta: { total: 2, limit: 1000, offset: 0 },
    }),
    'cal_dana/events': (req) => ({
      calendarId: 'cal_dana',
      timezone: TZ,
      days: [{ date: String(req.query?.startDate), events: [TAKEN] }],
    }),
    events: (req) => {
      const body = req.body as Record<string, unknown>;
      return {
        data: {
          id: 'evt_new',
          calendarId: body.calendarId,
          title: body.title,
          startTime: body.startTime,
          endTime: body.endTime,
          location: '',
          notes: '',
          executionId: body.executionId ?? null,
          appId: body.appId ?? null,
        },
      };
    },
    'events/evt_new': () => ({ result: 'Event Deleted' }),
  });
}

function renderField(api: FakeApi, asyncLeadGeneration = true, workspaceId?: string) {
  const onSubmit = vi.fn();
  const booking = createConsultationBooking(api, {
    asyncLeadGeneration,
    executionId: 'exec-42',
    appId: 'app-42',
    callerName: 'Ana Diaz',
    workspaceId,
  });
  // The field reads through the host's query client (a fresh one per render).
  renderWithHost(
    <ConsultationBookingContext.Provider value={booking}>
      <StepForm form={form} onSubmit={onSubmit} submitLabel="Next" />
    </ConsultationBookingContext.Provider>,
    { host: makeHost({ api }) },
  );
  return onSubmit;
}

async function chooseDay() {
  const consultant = await screen.findByRole('combobox', { name: 'Consultant' });
  await waitFor(() => expect((consultant as HTMLSelectElement).disabled).toBe(false));
  fireEvent.change(consultant, { target: { value: 'cal_dana' } });
  fireEvent.change(screen.getByLabelText('Day'), { target: { value: DAY } });
  return screen.findByRole('group', { name: `Free times on 01/07/2030 (${TZ})` });
}

describe('the consultation booking field', () => {
  it("lists the consultant's free times for the chosen day, leaving out booked ones", async () => {
    const api = schedulingApi();
    renderField(api);
    const times = await chooseDay();
    const labels = within(times)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent);
    expect(labels[0]).toBe('9:00 AM');
    expect(labels).not.toContain('10:00 AM');
    expect(labels).toContain('11:00 AM');
    expect(labels.at(-1)).toBe('4:00 PM');
    // spec: dashboards 9 — the events call waits up to 120 000 ms.
    expect(api.calls('cal_dana/events')[0]).toMatchObject({
      timeoutMs: EVENTS_TIMEOUT_MS,
      query: { startDate: DAY, endDate: DAY },
    });
  });

  it('books the chosen time with the execution id when lead generation is async', async () => {
    const api = schedulingApi();
    const onSubmit = renderField(api);
    const times = await chooseDay();
    fireEvent.click(within(times).getByRole('radio', { name: '11:00 AM' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Book consultation' }));
    });
    const post = api.requests.find((req) => req.method === 'POST')!;
    expect(post.path).toBe('events');
    expect(post.body).toMatchObject({
      calendarId: 'cal_dana',
      title: 'Consultation: Ana Diaz',
      startTime: '2030-01-07T17:00:00.000Z',
      endTime: '2030-01-07T18:00:00.000Z',
      executionId: 'exec-42',
    });
    expect(post.body).not.toHaveProperty('appId');
    // Exactly what the server takes: its contract refuses any other member with a 400.
    expect(createEventRequestSchema.safeParse(post.body).success).toBe(true);
    const booked = await screen.findByText(/Booked: 01\/07\/2030 at 11:00 AM/);
    expect(booked.textContent).toContain('with Dana Reyes');
    // Focus lands on the booking, so keyboard and screen-reader users hear it.
    await waitFor(() => expect(document.activeElement).toBe(booked.closest('p')));
    // The booking made the day stale: it was asked again (the field shows it as it is now).
    await waitFor(() => expect(api.calls('cal_dana/events')).toHaveLength(2));
    expect(
      within(screen.getByRole('group', { name: /Free times on/ })).getByRole('radio', {
        name: '11:00 AM',
      }),
    ).toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const values = onSubmit.mock.calls[0][0] as Variables;
    expect(values.consultation).toMatchObject({
      calendarId: 'cal_dana',
      eventId: 'evt_new',
      label: `01/07/2030 at 11:00 AM (${TZ}) with Dana Reyes`,
    });
  });

  it('sends the app id instead when lead generation is not async', async () => {
    const api = schedulingApi();
    renderField(api, false);
    const times = await chooseDay();
    fireEvent.click(within(times).getByRole('radio', { name: '9:00 AM' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Book consultation' }));
    });
    const post = api.requests.find((req) => req.method === 'POST')!;
    expect(post.body).toMatchObject({ appId: 'app-42' });
    expect(post.body).not.toHaveProperty('executionId');
  });

  it('refuses to go on until the consultation is booked, even with a time chosen', async () => {
    const api = schedulingApi();
    const onSubmit = renderField(api);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('1 field needs your attention.')).toBeInTheDocument();
    expect(screen.getAllByText(en.ERROR_REQUIRED_FIELD).length).toBeGreaterThan(0);
    const times = await chooseDay();
    fireEvent.click(within(times).getByRole('radio', { name: '9:00 AM' }));
    expect(screen.getByText('Not booked yet: press Book consultation.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await act(async () => {});
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a failed save in the form and keeps every choice (spec: dashboards 8)', async () => {
    const api = schedulingApi();
    api.on('events', () => ({ fail: 409, message: SCHEDULING_ERRORS.overlap }));
    renderField(api);
    const times = await chooseDay();
    fireEvent.click(within(times).getByRole('radio', { name: '2:00 PM' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Book consultation' }));
    });
    const alert = await screen.findByText(
      `The consultation was not booked: ${SCHEDULING_ERRORS.overlap}`,
    );
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    // Silent call: the form says it, no toast on top.
    expect(api.notify).not.toHaveBeenCalled();
    expect((screen.getByRole('combobox', { name: 'Consultant' }) as HTMLSelectElement).value).toBe(
      'cal_dana',
    );
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe(DAY);
    const again = await screen.findByRole('group', { name: /Free times on 01\/07\/2030/ });
    expect(
      (within(again).getByRole('radio', { name: '2:00 PM' }) as HTMLInputElement).checked,
    ).toBe(true);
    // The day was read again to show what is free now.
    await waitFor(() => expect(api.calls('cal_dana/events').length).toBe(2));
  });

  it('cancels a booking with the call id and answers Event Deleted', async () => {
    const api = schedulingApi();
    renderField(api);
    const times = await chooseDay();
    fireEvent.click(within(times).getByRole('radio', { name: '9:00 AM' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Book consultation' }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    });
    const del = api.requests.find((req) => req.method === 'DELETE')!;
    expect(del).toMatchObject({ path: 'events/evt_new', query: { executionId: 'exec-42' } });
    expect(await screen.findByText('Booking cancelled.')).toBeInTheDocument();
    expect(screen.queryByText(/Booked:/)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Day')));
  });

  it('shows a load failure of the free times with Try Again', async () => {
    const api = schedulingApi();
    let fail = true;
    const good = {
      calendarId: 'cal_dana',
      timezone: TZ,
      days: [{ date: DAY, events: [] }],
    };
    api.on('cal_dana/events', () => (fail ? { fail: 503, message: 'Calendar offline' } : good));
    renderField(api);
    const consultant = await screen.findByRole('combobox', { name: 'Consultant' });
    await waitFor(() => expect((consultant as HTMLSelectElement).disabled).toBe(false));
    fireEvent.change(consultant, { target: { value: 'cal_dana' } });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: DAY } });
    expect(
      await screen.findByText(/The free times could not be loaded: Calendar offline/),
    ).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    const times = await screen.findByRole('group', { name: /Free times on/ });
    expect(within(times).getByRole('radio', { name: '10:00 AM' })).toBeInTheDocument();
  });

  it('says so when no day is chosen and when a day has no free time', async () => {
    const api = schedulingApi();
    api.on('cal_dana/events', () => ({
      calendarId: 'cal_dana',
      timezone: TZ,
      days: [{ date: '2030-01-05', events: [] }],
    }));
    renderField(api);
    expect(
      await screen.findByText('Choose a consultant and a day to see the free times.'),
    ).toBeInTheDocument();
    const consultant = await screen.findByRole('combobox', { name: 'Consultant' });
    await waitFor(() => expect((consultant as HTMLSelectElement).disabled).toBe(false));
    fireEvent.change(consultant, { target: { value: 'cal_dana' } });
    // A Saturday: no consultation hours.
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2030-01-05' } });
    expect(
      await screen.findByText('No free times on 01/05/2030. Try another day.'),
    ).toBeInTheDocument();
  });
});

// Settings > Users parameters links an agent to a consultant (docs/users-parameters.md):
// the field preselects that consultant's calendar, read from users-parameters/me.
function ownParameters(consultantId: string | null) {
  return {
    data: {
      agentId: 'ag_me',
      agentName: 'Me Agent',
      active: true,
      officeId: null,
      practiceAreaIds: [],
      consultantId,
      minimums: {
        outboundCallsPerWeek: null,
        outboundAnswersPerWeek: null,
        outboundSetsPerWeek: null,
        compliancePercent: null,
      },
      updatedAt: null,
    },
  };
}

describe("the consultation field and the agent's linked consultant", () => {
  it("preselects the linked consultant's calendar and marks it", async () => {
    const api = schedulingApi();
    api.on('users-parameters/me', () => ownParameters('cns_2'));
    renderField(api, true, 'ws_1');
    const consultant = (await screen.findByRole('combobox', {
      name: 'Consultant',
    })) as HTMLSelectElement;
    await waitFor(() => expect(consultant.value).toBe('cal_lee'));
    expect(api.calls('users-parameters/me')[0]).toMatchObject({
      method: 'GET',
      path: 'workspaces/ws_1/users-parameters/me',
    });
    expect(within(consultant).getByRole('option', { selected: true }).textContent).toBe(
      `Lee Park (${TZ}) · your consultant`,
    );
    // Still only a preselection: the agent may pick someone else.
    fireEvent.change(consultant, { target: { value: 'cal_dana' } });
    expect(consultant.value).toBe('cal_dana');
  });

  it("reads the link once per sign-in through the host's query cache", async () => {
    const api = schedulingApi();
    api.on('users-parameters/me', () => ownParameters('cns_2'));
    function Call({ name }: { name: string }) {
      const booking = useConsultationBooking({ executionId: 'exec-42', callerName: name });
      return (
        <ConsultationBookingContext.Provider value={booking}>
          <StepForm form={form} onSubmit={vi.fn()} submitLabel={`Next ${name}`} />
        </ConsultationBookingContext.Provider>
      );
    }
    const host = makeHost({
      api,
      session: { user: null, workspace: reportWorkspace(), agent: null },
    });
    renderWithHost(
      <>
        <Call name="first" />
        <Call name="second" />
      </>,
      { host },
    );
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('combobox', { name: 'Consultant' })
          .map((select) => (select as HTMLSelectElement).value),
      ).toEqual(['cal_lee', 'cal_lee']),
    );
    expect(api.calls('users-parameters/me')).toHaveLength(1);
    expect(api.calls('users-parameters/me')[0]!.path).toBe(
      'workspaces/ws_lakeside/users-parameters/me',
    );
  });

  it('keeps a consultant the agent already chose while the link was loading', async () => {
    const api = schedulingApi();
    const own = deferred<ReturnType<typeof ownParameters>>();
    api.on('users-parameters/me', () => own.promise);
    renderField(api, true, 'ws_1');
    const consultant = (await screen.findByRole('combobox', {
      name: 'Consultant',
    })) as HTMLSelectElement;
    await waitFor(() => expect(consultant.disabled).toBe(false));
    fireEvent.change(consultant, { target: { value: 'cal_dana' } });
    await act(async () => {
      own.resolve(ownParameters('cns_2'));
      await own.promise;
    });
    expect(consultant.value).toBe('cal_dana');
  });

  it('preselects nothing, and shows no error, without a link or an agent record', async () => {
    for (const answer of [
      () => ownParameters(null),
      () => ({ fail: 404, message: 'No agent is linked to this user.' }),
      () => ownParameters('cns_unknown'),
    ]) {
      const api = schedulingApi();
      api.on('users-parameters/me', answer);
      renderField(api, true, 'ws_1');
      const consultant = (await screen.findByRole('combobox', {
        name: 'Consultant',
      })) as HTMLSelectElement;
      await waitFor(() => expect(api.calls('users-parameters/me')).toHaveLength(1));
      await waitFor(() => expect(consultant.disabled).toBe(false));
      expect(consultant.value).toBe('');
      expect(screen.queryByText(/your consultant/)).toBeNull();
      expect(screen.queryByRole('alert', { name: /could not/ })).toBeNull();
      expect(screen.queryByText(/could not be loaded/)).toBeNull();
      cleanup();
    }
  });
});

describe('a consultation in the execution histories', () => {
  it('reads as its booking, or Not booked', () => {
    const field = form.fields[0];
    expect(
      valueText(
        { calendarId: 'cal_dana', eventId: 'evt_1', label: '01/07/2030 at 11:00 AM' },
        field,
      ),
    ).toBe('01/07/2030 at 11:00 AM');
    expect(valueText({ calendarId: 'cal_dana', date: DAY }, field)).toBe('Not booked');
  });
});
