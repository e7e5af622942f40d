import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmHost } from '@/app/components/confirm-dialog/confirm-dialog';
import {
  MAIL_REMOVED_TEXT,
  MAIL_SAVED_TEXT,
  WorkspaceMailPage,
} from '@/app/features/workspace-mail/workspace-mail-page';
import { mailDraftOf, readMailDraft } from '@/app/features/workspace-mail/workspace-mail-draft';
import type { Role } from '@/shared/contracts/roles';
import type { WorkspaceMail, WorkspaceMailInput } from '@/shared/contracts/workspace-mail';
import type { TransportRequest } from '@/shared/transport/transport';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { fakeApi } from '../../fake-api';
import { makeHost, renderWithHost } from '../../helpers';

// Issue #33 "Mail … per workspace where a firm sends as itself": Settings > E-mail Sending
// says how the firm's e-mails go out, and lets the owner set the firm's SMTP account
// (checked by the server before it is kept; a refusal in the server's words keeps what
// was typed), keep its password without typing it again, and remove it behind a confirm.

const NO_SENDER: WorkspaceMail = {
  workspaceId: 'ws_lakeside',
  sender: null,
  serverSends: false,
  serverFrom: null,
  delivery: { pending: 2, failed: 0, lastSentAt: null, lastError: null },
};

const withSender = (input: WorkspaceMailInput): WorkspaceMail => ({
  ...NO_SENDER,
  sender: {
    fromName: input.fromName || null,
    fromAddress: input.fromAddress,
    host: input.host,
    port: input.port,
    security: input.security,
    username: input.username,
    updatedAt: '2026-11-30T09:00:00.000Z',
    updatedBy: 'owner@lakeside.test',
  },
  delivery: { pending: 0, failed: 0, lastSentAt: '2026-11-30T09:01:00.000Z', lastError: null },
});

function renderPage(start: WorkspaceMail, options: { role?: Role; refuse?: string } = {}) {
  let current = start;
  const api = fakeApi({
    mail: (req: TransportRequest) => {
      if (req.method === 'PUT') {
        if (options.refuse) return { fail: 422, message: options.refuse };
        current = withSender(req.body as WorkspaceMailInput);
      }
      if (req.method === 'DELETE') current = NO_SENDER;
      return { data: current };
    },
  });
  const host = makeHost({
    api,
    session: {
      user: makeUser({ role: options.role ?? 'owner' }),
      workspace: makeWorkspace({}),
      agent: null,
    },
  });
  renderWithHost(
    <>
      <WorkspaceMailPage />
      <ConfirmHost />
    </>,
    { host },
  );
  return { api, host };
}

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Settings > E-mail Sending (issue #33)', () => {
  it('says nothing is sent yet, and saves the firm’s account once the server checked it', async () => {
    const { api, host } = renderPage(NO_SENDER);
    expect(await screen.findByText(/No e-mail is sent yet/)).toBeInTheDocument();
    type(/Sender name/, 'Lakeside Law');
    type(/From address/, 'intake@lakeside-law.example');
    type(/SMTP server/, 'smtp.lakeside-law.example');
    type(/User name/, 'intake@lakeside-law.example');
    type(/^Password/, 's3cret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Check and save' }));

    await waitFor(() => expect(host.notify).toHaveBeenCalledWith('success', MAIL_SAVED_TEXT));
    expect(
      api.calls('workspaces/ws_lakeside/mail').filter((r) => r.method === 'PUT')[0]?.body,
    ).toEqual({
      fromName: 'Lakeside Law',
      fromAddress: 'intake@lakeside-law.example',
      host: 'smtp.lakeside-law.example',
      port: 587,
      security: 'starttls',
      username: 'intake@lakeside-law.example',
      password: 's3cret-pass',
    });
    expect(
      await screen.findByText('Lakeside Law <intake@lakeside-law.example>'),
    ).toBeInTheDocument();
    // The saved password is never shown: the field starts empty, and saying so keeps it.
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(screen.getByText('Leave empty to keep the saved password.')).toBeInTheDocument();
  });

  it('marks each field the server would refuse, focused, and sends nothing', async () => {
    const { api } = renderPage(NO_SENDER);
    await screen.findByText(/No e-mail is sent yet/);
    type(/From address/, 'not an address');
    type(/SMTP server/, 'smtp://mail.example.com');
    type(/^Port/, '70000');
    fireEvent.click(screen.getByRole('button', { name: 'Check and save' }));
    const from = await screen.findByLabelText(/From address/);
    await waitFor(() => expect(from).toHaveFocus());
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Enter the SMTP server’s host name/)).toBeInTheDocument();
    expect(screen.getByText('The port is between 1 and 65535.')).toBeInTheDocument();
    expect(screen.getByText('Enter the SMTP password.')).toBeInTheDocument();
    expect(api.calls('workspaces/ws_lakeside/mail').filter((r) => r.method === 'PUT')).toHaveLength(
      0,
    );
  });

  it('shows the SMTP server’s refusal and keeps everything typed', async () => {
    renderPage(NO_SENDER, {
      refuse: 'The SMTP server refused the account: 535 Authentication credentials invalid',
    });
    await screen.findByText(/No e-mail is sent yet/);
    type(/From address/, 'intake@lakeside-law.example');
    type(/SMTP server/, 'smtp.lakeside-law.example');
    type(/User name/, 'intake');
    type(/^Password/, 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Check and save' }));
    expect(await screen.findByText(/535 Authentication credentials invalid/)).toBeInTheDocument();
    expect(screen.getByLabelText(/SMTP server/)).toHaveValue('smtp.lakeside-law.example');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('wrong');
  });

  it('follows the security’s usual port unless the firm typed its own', async () => {
    renderPage(NO_SENDER);
    await screen.findByText(/No e-mail is sent yet/);
    const security = screen.getByLabelText('Security');
    fireEvent.change(security, { target: { value: 'tls' } });
    expect(screen.getByLabelText(/^Port/)).toHaveValue('465');
    type(/^Port/, '2525');
    fireEvent.change(security, { target: { value: 'starttls' } });
    expect(screen.getByLabelText(/^Port/)).toHaveValue('2525');
  });

  it('removes the firm’s account behind a confirm', async () => {
    const { host, api } = renderPage(
      withSender({
        fromAddress: 'intake@lakeside-law.example',
        host: 'smtp.lakeside-law.example',
        port: 465,
        security: 'tls',
        username: 'intake',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Remove the firm’s SMTP account?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(host.notify).toHaveBeenCalledWith('success', MAIL_REMOVED_TEXT));
    expect(
      api.calls('workspaces/ws_lakeside/mail').filter((r) => r.method === 'DELETE'),
    ).toHaveLength(1);
    expect(await screen.findByText(/No e-mail is sent yet/)).toBeInTheDocument();
  });

  it('shows admins how e-mails go out, without the form', async () => {
    renderPage(
      { ...NO_SENDER, serverSends: true, serverFrom: 'Intake Cockpit <no-reply@cockpit.test>' },
      { role: 'admin' },
    );
    expect(await screen.findByText('Intake Cockpit <no-reply@cockpit.test>')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'The firm’s SMTP account' })).toBeNull();
    expect(
      screen.getByText(/The workspace’s owner can set the firm’s own account/),
    ).toBeInTheDocument();
  });
});

describe('readMailDraft (issue #33)', () => {
  it('keeps the saved password when none is typed, and asks for one otherwise', () => {
    const draft = {
      ...mailDraftOf(null),
      fromAddress: 'a@b.example',
      host: 'smtp.b.example',
      username: 'a',
    };
    const kept = readMailDraft(draft, true);
    expect(kept.ok && kept.request.password).toBeUndefined();
    const asked = readMailDraft(draft, false);
    expect(asked.ok ? null : asked.errors.password).toBe('Enter the SMTP password.');
  });
});
