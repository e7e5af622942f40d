import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmHost } from '@/app/components/confirm-dialog/confirm-dialog';
import {
  AsyncErrorResolutionPage,
  NOT_ASYNC_TEXT,
} from '@/app/features/async-errors/async-error-resolution-page';
import type {
  AsyncFailureCounts,
  AsyncFailureStatus,
  AsyncRecordFailure,
} from '@/shared/contracts/async-errors';
import type { LoggedUser } from '@/shared/contracts/user';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { deferred, fakeApi, type FakeApi } from '../../fake-api';
import { makeHost, renderWithHost } from '../../helpers';

// Settings > Async Error Resolution (issue #16): the list's states, Retry, Retry all with
// its progress and summary, Dismiss behind a confirm, and the explanation for workspaces
// without asynchronous lead generation.

const WS = 'ws_lakeside';

function failure(overrides: Partial<AsyncRecordFailure> = {}): AsyncRecordFailure {
  return {
    id: 'arf_1',
    workspace: WS,
    type: 'CONTACT',
    contactName: 'Maria Gonzalez',
    error: {
      code: 'DUPLICATE_EMAIL',
      message:
        'Duplicate e-mail: a contact with maria.gonzalez@example.com already exists in the CRM.',
    },
    attempts: 2,
    status: 'open',
    createdAt: '2026-11-25T15:00:00.000Z',
    lastAttemptAt: '2026-11-25T16:00:00.000Z',
    processExecutionHistoryId: 'exe_1',
    payload: {
      type: 'CONTACT',
      crmFieldMappings: {
        given_name: 'Maria',
        family_name: 'Gonzalez',
        email_addresses: [{ email: 'maria.gonzalez@example.com', field: 'EMAIL1' }],
        phone_numbers: [],
        addresses: [],
        tags: [],
      },
    },
    crmRecordId: null,
    resolvedAt: null,
    resolvedBy: null,
    dismissedAt: null,
    dismissedBy: null,
    ...overrides,
  };
}

const outage = failure({
  id: 'arf_2',
  contactName: 'Priya Natarajan',
  type: 'NOTE',
  error: {
    code: 'CRM_UNAVAILABLE',
    message: 'CRM unavailable: the CRM did not answer (503 Service Unavailable). Try again later.',
  },
  attempts: 1,
  payload: { type: 'NOTE', crmFieldMappings: { ObjectType: 'Note', ActionDescription: 'Intake' } },
});

/** A fake server holding records: list by status, retry (outages recover), dismiss. */
function server(initial: AsyncRecordFailure[]) {
  let records = initial.map((r) => ({ ...r }));
  const counts = (): AsyncFailureCounts => ({
    open: records.filter((r) => r.status === 'open').length,
    resolved: records.filter((r) => r.status === 'resolved').length,
    dismissed: records.filter((r) => r.status === 'dismissed').length,
  });
  const retryOne = (id: string) => {
    records = records.map((r) =>
      r.id !== id
        ? r
        : r.error.code === 'CRM_UNAVAILABLE'
          ? {
              ...r,
              status: 'resolved',
              attempts: r.attempts + 1,
              crmRecordId: 'crm_9',
              resolvedAt: '2026-11-26T10:00:00.000Z',
              resolvedBy: { id: 'u_1', name: 'Olivia Owner' },
            }
          : { ...r, attempts: r.attempts + 1 },
    );
    return records.find((r) => r.id === id)!;
  };
  const api = fakeApi([
    [
      `workspaces/${WS}/async-errors`,
      (req) => {
        const status = (req.query?.status ?? 'open') as AsyncFailureStatus;
        const data = records.filter((r) => r.status === status);
        return { data, meta: { total: data.length, limit: 25, offset: 0, counts: counts() } };
      },
    ],
    ['/retry', (req) => ({ data: retryOne(req.path.split('/').at(-2)!) })],
    [
      '/dismiss',
      (req) => {
        const id = req.path.split('/').at(-2)!;
        records = records.map((r) =>
          r.id === id
            ? {
                ...r,
                status: 'dismissed',
                dismissedAt: '2026-11-26T10:00:00.000Z',
                dismissedBy: { id: 'u_1', name: 'Olivia Owner' },
              }
            : r,
        );
        return { data: records.find((r) => r.id === id) };
      },
    ],
    [
      '/retry-all',
      () => {
        const open = records.filter((r) => r.status === 'open').map((r) => r.id);
        const after = open.map(retryOne);
        const succeeded = after.filter((r) => r.status === 'resolved').length;
        return {
          data: {
            attempted: open.length,
            succeeded,
            failed: open.length - succeeded,
            remaining: counts().open,
          },
        };
      },
    ],
  ]);
  return { api, records: () => records };
}

function renderPage(
  api: FakeApi,
  options: { user?: Partial<LoggedUser>; asyncLeadGeneration?: boolean | null } = {},
) {
  const workspace = makeWorkspace({ asyncLeadGeneration: options.asyncLeadGeneration ?? true });
  const host = makeHost({
    api,
    session: { user: makeUser(options.user), workspace, agent: null },
  });
  renderWithHost(
    <>
      <AsyncErrorResolutionPage />
      <ConfirmHost />
    </>,
    { host },
  );
  return host;
}

describe('Settings > Async Error Resolution', () => {
  it('lists the open records with contact, error, when and attempts, and the counts of each filter', async () => {
    const { api } = server([failure(), outage, failure({ id: 'arf_3', status: 'dismissed' })]);
    renderPage(api);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Async Error Resolution' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const maria = within(table).getByRole('rowheader', { name: 'Maria Gonzalez' }).closest('tr')!;
    expect(within(maria).getByText(/Duplicate e-mail/)).toBeInTheDocument();
    expect(within(maria).getByText('2')).toBeInTheDocument();
    // 15:00 UTC in the workspace's time zone (America/Chicago).
    expect(within(maria).getByText(/^Nov 25, 2026, 9:00\sAM$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open (2)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Dismissed (1)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(api.calls(`workspaces/${WS}/async-errors`)[0].query).toMatchObject({
      status: 'open',
      'page[limit]': 25,
      'page[offset]': 0,
    });
  });

  it('shows a loading state, then an error with Try Again that loads again', async () => {
    const { api } = server([failure()]);
    const hold = deferred<unknown>();
    api.on(`workspaces/${WS}/async-errors`, () => hold.promise);
    renderPage(api);
    expect(screen.getByText('Loading failed records…')).toBeInTheDocument();
    hold.resolve({ fail: 500 });
    expect(await screen.findByText(/weren't able to retrieve data/)).toBeInTheDocument();
    api.on(`workspaces/${WS}/async-errors`, () => ({
      data: [failure()],
      meta: { total: 1, limit: 25, offset: 0, counts: { open: 1, resolved: 0, dismissed: 0 } },
    }));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    expect(await screen.findByRole('rowheader', { name: 'Maria Gonzalez' })).toBeInTheDocument();
  });

  it('says "No failed records" and what the page is for when nothing failed', async () => {
    const { api } = server([]);
    renderPage(api);
    expect(await screen.findByRole('heading', { name: 'No failed records' })).toBeInTheDocument();
    expect(screen.getByText(/Every record has reached the CRM/)).toBeInTheDocument();
    expect((screen.getByRole('button', { name: 'Retry all' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('retries one record: a synced record leaves the open list and focus goes to the list heading', async () => {
    const { api, records } = server([failure(), outage]);
    const host = renderPage(api);
    const button = await screen.findByRole('button', {
      name: 'Retry the note record of Priya Natarajan',
    });
    button.focus();
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Priya Natarajan' })).toBeNull(),
    );
    expect(records().find((r) => r.id === 'arf_2')?.status).toBe('resolved');
    expect(host.notify).toHaveBeenCalledWith('success', 'Priya Natarajan: synced to the CRM.');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Failed records' }));
    expect(
      screen.getByText('Priya Natarajan: the record was synced to the CRM.'),
    ).toBeInTheDocument();
  });

  it('retries one record the CRM refuses again: it stays, with its new attempt count and the error said', async () => {
    const { api } = server([failure()]);
    const host = renderPage(api);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Retry the contact record of Maria Gonzalez' }),
    );
    await waitFor(() =>
      expect(host.notify).toHaveBeenCalledWith(
        'danger',
        expect.stringContaining(
          'Maria Gonzalez: the CRM refused the record again. Duplicate e-mail',
        ),
      ),
    );
    const row = (await screen.findByRole('rowheader', { name: 'Maria Gonzalez' })).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('3')).toBeInTheDocument());
  });

  it('Retry all shows its progress, then a result summary, and reloads the list', async () => {
    const { api } = server([failure(), outage]);
    const hold = deferred<void>();
    const real = api.transport.request.bind(api.transport);
    api.transport.request = async (req) => {
      if (req.path.endsWith('/retry-all')) await hold.promise;
      return real(req);
    };
    renderPage(api);
    await screen.findByRole('rowheader', { name: 'Priya Natarajan' });
    fireEvent.click(screen.getByRole('button', { name: 'Retry all' }));
    expect(await screen.findByText(/Retrying 2 failed records, oldest first/)).toBeInTheDocument();
    expect((screen.getByRole('button', { name: 'Retrying…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      (screen.getByRole('button', { name: /Retry the contact record/ }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    hold.resolve();
    expect(await screen.findByText('1 record synced, 1 record still failing.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Open (1)' })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('rowheader', { name: 'Priya Natarajan' })).toBeNull();
  });

  it('dismisses only after the confirm; Cancel keeps the record; a dismissed record is under Dismissed with who', async () => {
    const { api, records } = server([failure()]);
    renderPage(api);
    const dismiss = await screen.findByRole('button', {
      name: 'Dismiss the contact record of Maria Gonzalez',
    });
    fireEvent.click(dismiss);
    let dialog = await screen.findByRole('alertdialog', { name: 'Dismiss this failed record?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('/dismiss')).toHaveLength(0);

    fireEvent.click(dismiss);
    dialog = await screen.findByRole('alertdialog', { name: 'Dismiss this failed record?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(records()[0].status).toBe('dismissed'));
    expect(await screen.findByRole('heading', { name: 'No failed records' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Dismissed (1)' }));
    const row = (await screen.findByRole('rowheader', { name: 'Maria Gonzalez' })).closest('tr')!;
    expect(within(row).getByText(/by Olivia Owner/)).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(api.calls(`workspaces/${WS}/async-errors`).at(-1)?.query).toMatchObject({
      status: 'dismissed',
    });
  });

  it('explains the page to a workspace without asynchronous lead generation and asks nothing', () => {
    const { api } = server([failure()]);
    renderPage(api, { asyncLeadGeneration: false });
    expect(screen.getByText(NOT_ASYNC_TEXT)).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('tells an operator the page is for owners and admins and asks nothing', () => {
    const { api } = server([failure()]);
    renderPage(api, { user: { role: 'operator' } });
    expect(
      screen.getByText('Async error resolution is for owners and admins.'),
    ).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });
});
