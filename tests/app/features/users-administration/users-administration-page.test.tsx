import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmHost } from '@/app/components/confirm-dialog/confirm-dialog';
import { useConfirmStore } from '@/app/components/confirm-dialog/confirm-store';
import { ERROR_VIEW_TEXT } from '@/app/components/error-view/error-view';
import {
  NOT_ALLOWED_TEXT,
  UsersAdministrationPage,
} from '@/app/features/users-administration/users-administration-page';
import type { LoggedUser } from '@/shared/contracts/user';
import type { InviteUserRequest, WorkspaceUser } from '@/shared/contracts/users-administration';
import type { Workspace } from '@/shared/contracts/workspace';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { fakeApi, type Handler } from '../../fake-api';
import { makeHost, renderWithHost } from '../../helpers';
import {
  CTM_USERS,
  LAKESIDE_USERS,
  listOf,
  makeWorkspaceUser,
  OLIVIA,
  OSCAR,
  PAULA,
  ZOHO_USERS,
} from './users-fixtures';

// issue #16 — Settings > Users administration on shared/api/users-administration.ts.

const LAKESIDE = makeWorkspace({ isZoho: true, ctmAccount: 'acct_1', ctmSetting: true });

afterEach(() => {
  useConfirmStore.setState({ queue: [] });
});

function renderPage(
  options: {
    routes?: Record<string, Handler>;
    user?: LoggedUser;
    workspace?: Workspace | null;
    users?: WorkspaceUser[];
  } = {},
) {
  // The server keeps what a write answered: the list asked again after it shows the change.
  let users = [...(options.users ?? LAKESIDE_USERS)];
  const remembered =
    (handler: Handler): Handler =>
    async (req) => {
      const answer = (await handler(req)) as { data?: WorkspaceUser };
      const saved = answer?.data;
      if (saved?.id && req.method !== 'GET') {
        users = users.some((user) => user.id === saved.id)
          ? users.map((user) => (user.id === saved.id ? saved : user))
          : [...users, saved];
      }
      return answer;
    };
  const api = fakeApi({
    'workspaces/ws_lakeside/users': () => listOf(users),
    'crm/zoho/users': () => listOf(ZOHO_USERS),
    'voip/providers/ctm/users': () => listOf(CTM_USERS),
    ...Object.fromEntries(
      Object.entries(options.routes ?? {}).map(([suffix, handler]) => [
        suffix,
        remembered(handler),
      ]),
    ),
  });
  const host = makeHost({
    api,
    session: {
      user: options.user ?? makeUser(),
      workspace: options.workspace === undefined ? LAKESIDE : options.workspace,
      agent: null,
    },
  });
  renderWithHost(
    <>
      <UsersAdministrationPage />
      <ConfirmHost />
    </>,
    { host },
  );
  return { api, host };
}

const table = () => screen.findByRole('table', { name: 'Users of Lakeside Law' });
/** How many times the users list (GET workspaces/{id}/users) has been asked. */
const listReads = (api: ReturnType<typeof renderPage>['api']) =>
  api.calls('workspaces/ws_lakeside/users').filter((req) => req.method === 'GET').length;
const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;
const namesInOrder = () =>
  screen.getAllByRole('rowheader').map((cell) => cell.textContent?.replace(' (you)', ''));

describe('Settings > Users administration (issue #16)', () => {
  it("lists the workspace's users with role, status and links, warning about unlinked operators", async () => {
    renderPage();
    await table();
    expect(namesInOrder()).toEqual([
      'Adam Admin',
      'Ivan Inactive',
      'Lena Linked',
      'Olivia Owner',
      'Oscar Operator',
      'Paula Pending',
    ]);
    const oscar = within(rowOf('Oscar Operator'));
    expect(oscar.getByText('oscar@lakeside.test')).toBeInTheDocument();
    expect(oscar.getByText('Operator')).toBeInTheDocument();
    expect(oscar.getByText('Active')).toBeInTheDocument();
    expect(oscar.getAllByText('Not linked')).toHaveLength(2);
    const lena = within(rowOf('Lena Linked'));
    expect(lena.getByText('Lena Zoho')).toBeInTheDocument();
    expect(lena.getByText('Lena Calls')).toBeInTheDocument();
    expect(lena.queryByText('Not linked')).toBeNull();
    expect(within(rowOf('Paula Pending')).getByText('Pending')).toBeInTheDocument();
    expect(within(rowOf('Ivan Inactive')).getByText('Inactive')).toBeInTheDocument();
    // Admins and consultants are not warned about: only operators take calls.
    expect(within(rowOf('Adam Admin')).queryByText('Not linked')).toBeNull();
    expect(screen.getByText(/2 operators are missing a link/)).toBeInTheDocument();
  });

  it('hides the link columns a workspace does not use', async () => {
    renderPage({ workspace: makeWorkspace() });
    await screen.findByRole('table', { name: 'Users of Lakeside Law' });
    expect(screen.queryByRole('columnheader', { name: /Zoho user/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: /Call-tracking user/ })).toBeNull();
    expect(screen.queryByText(/missing a link/)).toBeNull();
    expect(within(rowOf('Oscar Operator')).queryByRole('button', { name: /^Link/ })).toBeNull();
  });

  it('filters by text and status, and sorts by a column', async () => {
    renderPage();
    await table();
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'LENA' } });
    expect(namesInOrder()).toEqual(['Lena Linked']);
    expect(screen.getByText('1 of 6 users')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } });
    expect(namesInOrder()).toEqual(['Paula Pending']);
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'nobody' } });
    expect(screen.getByText('No users match the search and status.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(namesInOrder()[0]).toBe('Paula Pending');
    fireEvent.click(screen.getByRole('button', { name: /^Role/ }));
    expect(namesInOrder()[0]).toBe('Adam Admin');
    expect(screen.getByRole('columnheader', { name: /^Role/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });

  it('offers only the actions the rules allow', async () => {
    renderPage();
    await table();
    // Yourself, and the last active owner: no role change, no deactivation.
    const own = within(rowOf('Olivia Owner'));
    expect(own.getByText('(you)')).toBeInTheDocument();
    expect(own.queryByRole('button')).toBeNull();
    const paula = within(rowOf('Paula Pending'));
    expect(
      paula.getByRole('button', { name: 'Resend invitation to Paula Pending' }),
    ).toBeInTheDocument();
    expect(within(rowOf('Oscar Operator')).queryByRole('button', { name: /Resend/ })).toBeNull();
    expect(
      within(rowOf('Ivan Inactive')).getByRole('button', { name: 'Reactivate Ivan Inactive' }),
    ).toBeInTheDocument();
    expect(within(rowOf('Ivan Inactive')).queryByRole('button', { name: /Deactivate/ })).toBeNull();
  });

  it("keeps an admin's hands off owners", async () => {
    renderPage({ user: makeUser({ id: 'u_2', role: 'admin', name: 'Adam Admin' }) });
    await table();
    expect(within(rowOf('Olivia Owner')).queryByRole('button')).toBeNull();
    fireEvent.click(within(rowOf('Oscar Operator')).getByRole('button', { name: /Change role/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Oscar Operator' });
    const options = [
      ...within(dialog)
        .getByLabelText(/New role/)
        .querySelectorAll('option'),
    ];
    expect(options.map((option) => option.textContent)).toEqual([
      'Choose a role',
      'Admin',
      'Consultant',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Invite user' }));
    const invite = await screen.findByRole('dialog', { name: 'Invite user' });
    expect(
      [...within(invite).getByLabelText(/Role/).querySelectorAll('option')].map(
        (o) => o.textContent,
      ),
    ).toEqual(['Choose a role', 'Admin', 'Operator', 'Consultant']);
  });

  it('checks the invite form and sends nothing until it reads', async () => {
    const { api } = renderPage();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/First name/));
    fireEvent.change(within(dialog).getByLabelText(/E-mail/), {
      target: { value: 'not-an-email' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    // Each message is its field's description, after its help (Field's aria-describedby).
    const field = (label: RegExp) => within(dialog).getByLabelText(label);
    expect(field(/First name/)).toHaveAccessibleDescription('Enter the first name.');
    expect(field(/Last name/)).toHaveAccessibleDescription('Enter the last name.');
    expect(field(/E-mail/)).toHaveAccessibleDescription(
      'It is also their username. Enter an e-mail address like name@example.com.',
    );
    expect(field(/Role/)).toHaveAccessibleDescription('Choose a role.');
    expect(field(/First name/)).toBeInvalid();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText(/First name/)),
    );
    expect(api.calls('users').filter((req) => req.method === 'POST')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/First name/), { target: { value: 'Nina' } });
    expect(within(dialog).queryByText('Enter the first name.')).toBeNull();
  });

  it("says the server's 409 in the dialog and keeps what was typed", async () => {
    const { api } = renderPage({
      routes: {
        users: () => ({
          fail: 409,
          message: 'oscar@lakeside.test already has a sign-in. Each e-mail address signs in once.',
        }),
      },
    });
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    fireEvent.change(within(dialog).getByLabelText(/First name/), { target: { value: 'Oscar' } });
    fireEvent.change(within(dialog).getByLabelText(/Last name/), { target: { value: 'Again' } });
    fireEvent.change(within(dialog).getByLabelText(/E-mail/), {
      target: { value: 'oscar@lakeside.test' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Role/), { target: { value: 'operator' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'oscar@lakeside.test already has a sign-in. Each e-mail address signs in once.',
    );
    const email = within(dialog).getByLabelText(/E-mail/) as HTMLInputElement;
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.value).toBe('oscar@lakeside.test');
    expect((within(dialog).getByLabelText(/Last name/) as HTMLInputElement).value).toBe('Again');
    // The dialog said it: no toast on top.
    expect(api.notify).not.toHaveBeenCalled();
  });

  it('invites a user: the pending user joins the list and the outbox is mentioned', async () => {
    let sent: InviteUserRequest | null = null;
    const { host, api } = renderPage({
      routes: {
        users: (req) => {
          sent = req.body as InviteUserRequest;
          return {
            data: makeWorkspaceUser({
              id: 'u_new',
              firstName: 'Nina',
              lastName: 'New',
              username: 'nina.new@lakeside.test',
              email: 'nina.new@lakeside.test',
              pending: true,
              invitation: {
                sentAt: '2026-11-26T10:00:00.000Z',
                expiresAt: '2026-12-03T10:00:00.000Z',
                expired: false,
              },
            }),
          };
        },
      },
    });
    await table();
    const readsBeforeInvite = listReads(api);
    fireEvent.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    fireEvent.change(within(dialog).getByLabelText(/First name/), { target: { value: ' Nina ' } });
    fireEvent.change(within(dialog).getByLabelText(/Last name/), { target: { value: 'New' } });
    fireEvent.change(within(dialog).getByLabelText(/E-mail/), {
      target: { value: 'Nina.New@lakeside.test' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Role/), { target: { value: 'operator' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual({
      workspaceId: 'ws_lakeside',
      firstName: 'Nina',
      lastName: 'New',
      email: 'Nina.New@lakeside.test',
      role: 'operator',
    });
    expect(within(rowOf('Nina New')).getByText('Pending')).toBeInTheDocument();
    expect(host.notify).toHaveBeenCalledWith(
      'success',
      'Invitation sent: the e-mail to nina.new@lakeside.test with their link is in the outbox.',
    );
    // The list is asked again behind the added row.
    expect(listReads(api)).toBeGreaterThan(readsBeforeInvite);
  });

  it('deactivates after a confirm that says their sessions end, then offers Reactivate', async () => {
    let patched: unknown = null;
    const { api, host } = renderPage({
      routes: {
        'users/u_3': (req) => {
          patched = req.body;
          return { data: { ...OSCAR, status: 'inactive' } };
        },
      },
    });
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Oscar Operator' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate Oscar Operator?' });
    expect(confirm.textContent).toContain('their open sessions end at once');
    expect(patched).toBeNull();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(patched).toEqual({ status: 'inactive' }));
    await waitFor(() =>
      expect(within(rowOf('Oscar Operator')).getByText('Inactive')).toBeInTheDocument(),
    );
    // The pressed button is gone: the focus moves to the one that replaced it.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Reactivate Oscar Operator' }),
      ),
    );
    expect(host.notify).toHaveBeenCalledWith(
      'success',
      'Oscar Operator is deactivated: their open sessions have ended.',
    );
    // The write drops the cached list: it is asked again, and the row stays as saved.
    await waitFor(() => expect(api.calls('workspaces/ws_lakeside/users')).toHaveLength(2));
    expect(within(rowOf('Oscar Operator')).getByText('Inactive')).toBeInTheDocument();
  });

  it('does nothing when the deactivation is cancelled', async () => {
    const { api } = renderPage();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Oscar Operator' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('users/u_3')).toHaveLength(0);
    expect(within(rowOf('Oscar Operator')).getByText('Active')).toBeInTheDocument();
  });

  it('resends an invitation to a pending user', async () => {
    const { api, host } = renderPage({
      routes: { 'users/u_4/invitation': () => ({ data: PAULA }) },
    });
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Resend invitation to Paula Pending' }));
    await waitFor(() => expect(api.calls('users/u_4/invitation')).toHaveLength(1));
    expect(api.calls('users/u_4/invitation')[0]?.method).toBe('POST');
    await waitFor(() =>
      expect(host.notify).toHaveBeenCalledWith(
        'success',
        'A new invitation e-mail to paula@lakeside.test is in the outbox. The earlier link no longer works.',
      ),
    );
  });

  it('changes a role, asking for one first', async () => {
    let patched: unknown = null;
    renderPage({
      routes: {
        'users/u_3': (req) => {
          patched = req.body;
          return { data: { ...OSCAR, role: 'admin' } };
        },
      },
    });
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Change role of Oscar Operator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Oscar Operator' });
    expect(dialog.textContent).toContain('Their open sessions end');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(within(dialog).getByLabelText(/New role/)).toHaveAccessibleDescription(
      expect.stringMatching(/^Choose the new role\. /),
    );
    expect(patched).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/New role/), { target: { value: 'admin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patched).toEqual({ role: 'admin' });
    expect(within(rowOf('Oscar Operator')).getByText('Admin')).toBeInTheDocument();
  });

  it("links an agent to its Zoho and call-tracking users; another agent's user cannot be taken", async () => {
    let links: unknown = null;
    const { api } = renderPage({
      routes: {
        'users/u_3/links': (req) => {
          links = req.body;
          return {
            data: {
              ...OSCAR,
              agent: {
                ...OSCAR.agent!,
                crmUserId: 'zu_1',
                crmUserName: 'Oscar Zoho',
                ctmUserId: 'ctm_1',
                ctmUserName: 'Oscar Calls',
              },
            },
          };
        },
      },
    });
    await table();
    const readsBeforeLink = listReads(api);
    fireEvent.click(screen.getByRole('button', { name: 'Link Oscar Operator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link Oscar Operator' });
    const zoho = within(dialog).getByLabelText('Zoho user') as HTMLSelectElement;
    const ctm = within(dialog).getByLabelText('Call-tracking user') as HTMLSelectElement;
    await waitFor(() => expect(ctm.disabled).toBe(false));
    const lenas = [...ctm.options].find((option) => option.value === 'ctm_2')!;
    expect(lenas.disabled).toBe(true);
    expect(lenas.textContent).toContain('linked to Lena Linked');
    fireEvent.change(zoho, { target: { value: 'zu_1' } });
    fireEvent.change(ctm, { target: { value: 'ctm_1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save links' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(links).toEqual({ crmUserId: 'zu_1', ctmUserId: 'ctm_1' });
    const oscar = within(rowOf('Oscar Operator'));
    expect(oscar.getByText('Oscar Zoho')).toBeInTheDocument();
    expect(oscar.getByText('Oscar Calls')).toBeInTheDocument();
    expect(oscar.queryByText('Not linked')).toBeNull();
    expect(screen.getByText(/1 operator is missing a link/)).toBeInTheDocument();
    // The list is asked again behind the changed row.
    await waitFor(() => expect(listReads(api)).toBeGreaterThan(readsBeforeLink));
  });

  it("says the server's refusal of a link in the dialog", async () => {
    renderPage({
      routes: {
        'users/u_3/links': () => ({
          fail: 409,
          message: 'This call-tracking user is already linked to another agent.',
        }),
      },
    });
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Link Oscar Operator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link Oscar Operator' });
    const ctm = within(dialog).getByLabelText('Call-tracking user') as HTMLSelectElement;
    await waitFor(() => expect(ctm.disabled).toBe(false));
    fireEvent.change(ctm, { target: { value: 'ctm_1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save links' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This call-tracking user is already linked to another agent.',
    );
    expect(ctm.value).toBe('ctm_1');
  });

  it('shows the error view with Try Again, and an empty list', async () => {
    let fail = true;
    renderPage({
      routes: {
        'workspaces/ws_lakeside/users': () => (fail ? { fail: 500 } : listOf([OLIVIA])),
      },
    });
    expect(await screen.findByText(ERROR_VIEW_TEXT)).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    await table();
    expect(namesInOrder()).toEqual(['Olivia Owner']);
  });

  it('says so when the workspace has no users', async () => {
    renderPage({ users: [] });
    expect(
      await screen.findByText('No users yet. Invite the first one with Invite user.'),
    ).toBeInTheDocument();
  });

  it('lets the system user choose the workspace first', async () => {
    const { api } = renderPage({
      user: makeUser({ id: 'u_system', role: 'system', workspace: null, edition: null }),
      workspace: null,
      routes: { workspaces: () => listOf([LAKESIDE]) },
    });
    expect(await screen.findByText('Choose a workspace to see its users.')).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Workspace' }) as HTMLSelectElement;
    await waitFor(() => expect(picker.disabled).toBe(false));
    expect(api.calls('/users')).toHaveLength(0);
    fireEvent.change(picker, { target: { value: 'ws_lakeside' } });
    await table();
    // The system user is nobody in the workspace: even the owner's row is theirs to manage.
    expect(within(rowOf('Olivia Owner')).queryByText('(you)')).toBeNull();
    expect(
      within(rowOf('Ivan Inactive')).getByRole('button', { name: /Reactivate/ }),
    ).toBeInTheDocument();
  });

  it('shows operators nothing to administer', async () => {
    const { api } = renderPage({ user: makeUser({ role: 'operator' }) });
    expect(await screen.findByText(NOT_ALLOWED_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(api.requests).toHaveLength(0);
  });
});
