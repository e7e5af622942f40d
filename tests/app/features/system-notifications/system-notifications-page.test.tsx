import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SystemNotificationsPage } from '@/app/features/system-notifications/system-notifications-page';
import type { SendNotification } from '@/shared/contracts/notification';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { fakeApi, type Handler } from '../../fake-api';
import { makeWorkspaceUser } from '../users-administration/users-fixtures';
import { makeHost, renderWithHost } from '../../helpers';

const lakeside = { ...makeWorkspace(), id: 'ws_lakeside' };
const summit = {
  ...makeWorkspace(),
  id: 'ws_summit',
  attributes: { ...makeWorkspace().attributes, name: 'Summit Injury' },
};
lakeside.attributes = { ...lakeside.attributes, name: 'Lakeside Law' };

const ANN = makeWorkspaceUser({ id: 'u_ann', firstName: 'Ann', lastName: 'Lee', role: 'owner' });
const BEN = makeWorkspaceUser({ id: 'u_ben', firstName: 'Ben', lastName: 'Annis' });
const CARL = makeWorkspaceUser({
  id: 'u_carl',
  firstName: 'Carl',
  lastName: 'Gone',
  status: 'inactive',
});
const DANA = {
  ...makeWorkspaceUser({ id: 'u_dana', firstName: 'Dana', lastName: 'Diaz' }),
  email: 'dd@summit.test',
};
const USERS: Record<string, unknown[]> = {
  ws_lakeside: [ANN, BEN, CARL],
  ws_summit: [DANA],
};

function renderPage(send?: Handler) {
  const sent: SendNotification[] = [];
  const api = fakeApi({
    workspaces: () => ({ data: [summit, lakeside], meta: { total: 2, limit: 100, offset: 0 } }),
    '/users': (req) => {
      const list = USERS[req.path.split('/')[1]!] ?? [];
      return { data: list, meta: { total: list.length, limit: 100, offset: 0 } };
    },
    'system/notifications':
      send ??
      ((req) => {
        const body = req.body as SendNotification;
        sent.push(body);
        return {
          data: {
            id: 'n_1',
            title: body.title,
            description: body.description ?? '',
            time: '2026-11-02T09:00:00.000Z',
            actionRequired: body.actionRequired ?? false,
            path: body.path ?? null,
            read: false,
          },
        };
      }),
  });
  const host = makeHost({
    api,
    session: { user: makeUser({ role: 'system', workspace: null }), workspace: null, agent: null },
  });
  renderWithHost(<SystemNotificationsPage />, { host });
  return { api, host, sent };
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function chooseWorkspace(name: string) {
  const select = (await screen.findByRole('combobox', { name: /Workspace/ })) as HTMLSelectElement;
  await waitFor(() => expect(select.disabled).toBe(false));
  fireEvent.change(select, {
    target: { value: [...select.options].find((option) => option.text === name)!.value },
  });
}

describe('system: send a notification (issue #12)', () => {
  it('lists every workspace by name to choose from', async () => {
    renderPage();
    const select = (await screen.findByRole('combobox', {
      name: /Workspace/,
    })) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect([...select.options].map((option) => option.text)).toEqual([
      'Choose a workspace',
      'Lakeside Law',
      'Summit Injury',
    ]);
  });

  it('sends to a workspace and says so; the form is cleared but keeps the workspace', async () => {
    const { sent, host } = renderPage();
    await chooseWorkspace('Lakeside Law');
    fireEvent.change(field(/Title/), { target: { value: '  Check the cockpit ' } });
    fireEvent.change(field('Description'), { target: { value: 'Leads are below minimum.' } });
    fireEvent.change(field(/Opens/), { target: { value: '/app/dashboards/cockpit' } });
    fireEvent.click(screen.getByLabelText('Action required'));
    fireEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      workspaceId: 'ws_lakeside',
      title: 'Check the cockpit',
      description: 'Leads are below minimum.',
      actionRequired: true,
      path: '/app/dashboards/cockpit',
    });
    await waitFor(() =>
      expect(host.notify).toHaveBeenCalledWith('success', 'Notification sent to the workspace.'),
    );
    expect(field(/Title/).value).toBe('');
    expect((screen.getByRole('combobox', { name: /Workspace/ }) as HTMLSelectElement).value).toBe(
      'ws_lakeside',
    );
  });

  it('sends to one user of the workspace, found by name and chosen from the list with the keyboard (issue #30)', async () => {
    const { sent, host } = renderPage();
    await chooseWorkspace('Lakeside Law');
    const picker = await screen.findByRole('combobox', { name: 'User' });
    await waitFor(() => expect((picker as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(picker, { target: { value: 'ann' } });
    const list = screen.getByRole('listbox', { name: 'Users' });
    expect(picker.getAttribute('aria-expanded')).toBe('true');
    // Ann by her first name, Ben by his last; Carl is inactive and never offered.
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ann Leeann@lakeside.test · owner', 'Ben Annisben@lakeside.test · operator']);
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    expect(picker.getAttribute('aria-activedescendant')).toBe(
      within(list).getAllByRole('option')[1]!.id,
    );
    fireEvent.keyDown(picker, { key: 'Enter' });
    expect((picker as HTMLInputElement).value).toBe('Ben Annis (ben@lakeside.test)');
    expect(picker.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(field(/Title/), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ workspaceId: 'ws_lakeside', userId: 'u_ben' });
    expect(sent[0]).not.toHaveProperty('path');
    await waitFor(() =>
      expect(host.notify).toHaveBeenCalledWith(
        'success',
        'Notification sent to Ben Annis (ben@lakeside.test).',
      ),
    );
  });

  it("finds a user by e-mail, and lists the other workspace's users after a change of workspace", async () => {
    const { sent } = renderPage();
    await chooseWorkspace('Lakeside Law');
    const picker = await screen.findByRole('combobox', { name: 'User' });
    await waitFor(() => expect((picker as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(picker, { target: { value: 'ann@lake' } });
    fireEvent.click(screen.getByRole('option', { name: /^Ann Lee/ }));
    await chooseWorkspace('Summit Injury');
    // The choice belonged to the other workspace: gone.
    expect((picker as HTMLInputElement).value).toBe('');
    await waitFor(() => expect((picker as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(picker, { target: { value: 'DD@SUMMIT' } });
    fireEvent.click(screen.getByRole('option', { name: /^Dana Diaz/ }));
    fireEvent.change(field(/Title/), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ workspaceId: 'ws_summit', userId: 'u_dana' });
  });

  it('refuses a name typed but not chosen rather than sending to everyone, and Everyone clears it', async () => {
    const { sent, api } = renderPage();
    await chooseWorkspace('Lakeside Law');
    const picker = await screen.findByRole('combobox', { name: 'User' });
    await waitFor(() => expect((picker as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(picker, { target: { value: 'Zed' } });
    expect(screen.getByText('No user matches “Zed”.')).toBeInTheDocument();
    fireEvent.change(field(/Title/), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    expect(
      screen.getByText(
        'Choose a user from the list, or choose Everyone to send to the whole workspace.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(picker));
    expect(api.calls('system/notifications')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Everyone' }));
    expect((picker as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('userId');
  });

  it('shows what is missing or wrong beside each field and sends nothing', async () => {
    const { api } = renderPage();
    await screen.findByRole('combobox', { name: /Workspace/ });
    fireEvent.change(field(/Opens/), { target: { value: 'https://evil.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    const workspace = screen.getByRole('combobox', { name: /Workspace/ });
    expect(workspace.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose a workspace.')).toBeInTheDocument();
    expect(field(/Title/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a title.')).toBeInTheDocument();
    expect(field(/Opens/).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(workspace));
    expect(api.calls('system/notifications')).toHaveLength(0);
    // Editing a field clears its error.
    fireEvent.change(field(/Title/), { target: { value: 'Now titled' } });
    expect(field(/Title/).getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps everything typed when the server refuses, and shows its reason', async () => {
    const { api } = renderPage(() => ({
      fail: 400,
      message: 'userId: user u_x does not belong to workspace ws_lakeside',
    }));
    await chooseWorkspace('Lakeside Law');
    const picker = await screen.findByRole('combobox', { name: 'User' });
    await waitFor(() => expect((picker as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(picker, { target: { value: 'lee' } });
    fireEvent.click(screen.getByRole('option', { name: /^Ann Lee/ }));
    fireEvent.change(field(/Title/), { target: { value: 'Kept' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    await waitFor(() =>
      expect(api.notify).toHaveBeenCalledWith(
        'danger',
        'userId: user u_x does not belong to workspace ws_lakeside',
      ),
    );
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Send notification' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    expect(field(/Title/).value).toBe('Kept');
    expect((picker as HTMLInputElement).value).toBe('Ann Lee (ann@lakeside.test)');
  });
});
