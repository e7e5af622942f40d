import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SystemNotificationsPage } from '@/app/features/system-notifications/system-notifications-page';
import type { SendNotification } from '@/shared/contracts/notification';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { fakeApi, type Handler } from '../../fake-api';
import { makeHost, renderWithHost } from '../../helpers';

const lakeside = { ...makeWorkspace(), id: 'ws_lakeside' };
const summit = {
  ...makeWorkspace(),
  id: 'ws_summit',
  attributes: { ...makeWorkspace().attributes, name: 'Summit Injury' },
};
lakeside.attributes = { ...lakeside.attributes, name: 'Lakeside Law' };

function renderPage(send?: Handler) {
  const sent: SendNotification[] = [];
  const api = fakeApi({
    workspaces: () => ({ data: [summit, lakeside], meta: { total: 2, limit: 100, offset: 0 } }),
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

  it('sends to one user of the workspace', async () => {
    const { sent } = renderPage();
    await chooseWorkspace('Summit Injury');
    fireEvent.change(field(/User id/), { target: { value: 'u_summit_owner' } });
    fireEvent.change(field(/Title/), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ workspaceId: 'ws_summit', userId: 'u_summit_owner' });
    expect(sent[0]).not.toHaveProperty('path');
  });

  it('shows what is missing or wrong beside each field and sends nothing', async () => {
    const { api } = renderPage();
    await screen.findByRole('combobox', { name: /Workspace/ });
    fireEvent.change(field(/Opens/), { target: { value: 'https://evil.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    const workspace = screen.getByRole('combobox', { name: /Workspace/ });
    expect(workspace.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose a workspace.')).toBeTruthy();
    expect(field(/Title/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a title.')).toBeTruthy();
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
    fireEvent.change(field(/User id/), { target: { value: 'u_x' } });
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
    expect(field(/User id/).value).toBe('u_x');
  });
});
