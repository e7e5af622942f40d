import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmHost } from '@/app/components/confirm-dialog/confirm-dialog';
import { WorkspaceWizardPage } from '@/app/features/workspace-wizard/workspace-wizard-page';
import type { WizardDraft, WizardValues } from '@/shared/contracts/system-workspaces';
import type { TransportRequest } from '@/shared/transport/transport';
import { queryScope } from '@/shared/query/query-scope';
import { systemWorkspaceListsKey, workspacesKey } from '@/shared/query/workspace-queries';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { fakeApi, type Handler } from '../../fake-api';
import { makeHost, renderWithHost } from '../../helpers';

// System > Workspace Wizard (issue #16): one checked step at a time, the draft saved on
// the server after each, resumed where it was; finishing creates the workspace and
// invites its first owner, and shows the invitation's outbox status.

const COMPLETE: WizardValues = {
  name: 'Prairie Immigration',
  timezone: 'America/Denver',
  edition: 'professional',
  crm: { kind: 'zoho', zohoOrgId: '700000999' },
  callTracking: { enabled: true, account: '771122' },
  owner: { firstName: 'Dana', lastName: 'Ortiz', email: 'dana@prairie.test' },
};

const draftOf = (
  step: WizardDraft['step'],
  values: WizardValues,
  workspaceId: string | null = null,
) => ({ step, values, workspaceId, updatedAt: '2026-11-26T10:00:00.000Z' }) satisfies WizardDraft;

const created = {
  ...makeWorkspace({ isZoho: true }),
  id: 'ws_new',
};
created.attributes = { ...created.attributes, name: 'Prairie Immigration' };

interface Routes {
  draft?: WizardDraft | null;
  put?: Handler;
  invite?: Handler;
}

function renderWizard(routes: Routes = {}) {
  let stored: WizardDraft | null = routes.draft ?? null;
  const api = fakeApi({
    'system/workspace-wizard': (req: TransportRequest) => {
      if (req.method === 'GET') return { data: stored };
      if (req.method === 'DELETE') {
        stored = null;
        return { data: null };
      }
      if (routes.put) return routes.put(req);
      stored = {
        ...(req.body as Omit<WizardDraft, 'updatedAt'>),
        updatedAt: '2026-11-26T10:01:00.000Z',
      };
      return { data: stored };
    },
    timezones: () => ({
      data: [
        { key: 'America/Chicago', label: 'Central Time (US & Canada)' },
        { key: 'America/Denver', label: 'Mountain Time (US & Canada)' },
      ],
      meta: { total: 2, limit: 100, offset: 0 },
    }),
    workspaces: () => ({ data: created }),
    'ws_new/call-tracking/connection': () => ({
      data: { workspaceId: 'ws_new', provider: 'simulator', ctm: null },
    }),
    users:
      routes.invite ??
      (() => ({
        data: {
          id: 'usr_dana',
          username: 'dana@prairie.test',
          email: 'dana@prairie.test',
          firstName: 'Dana',
          lastName: 'Ortiz',
          role: 'owner',
          status: 'active',
          pending: true,
          authorizationId: 'auth_1',
          invitation: {
            sentAt: '2026-11-26T10:02:00.000Z',
            expiresAt: '2026-12-03T10:02:00.000Z',
            expired: false,
          },
          agent: null,
          createdAt: '2026-11-26T10:02:00.000Z',
        },
      })),
    'service-processes/outbox': () => ({
      data: [
        {
          id: 'mail_1',
          workspace: 'ws_new',
          userId: 'usr_system',
          to: ['dana@prairie.test'],
          subject: 'You are invited to Prairie Immigration on Intake Cockpit',
          htmlBody: '<p>Hello</p>',
          textBody: 'Hello',
          createdAt: '2026-11-26T10:02:00.000Z',
          delivery: { status: 'pending', attempts: 0, deliveredAt: null, error: null },
        },
      ],
      meta: { total: 1, limit: 20, offset: 0 },
    }),
  });
  const host = makeHost({
    api,
    session: { user: makeUser({ role: 'system', workspace: null }), workspace: null, agent: null },
  });
  const { queryClient } = renderWithHost(<WorkspaceWizardPage />, { host });
  const puts = () =>
    api.requests
      .filter((req) => req.path.endsWith('system/workspace-wizard') && req.method === 'PUT')
      .map((req) => req.body as Omit<WizardDraft, 'updatedAt'>);
  return { api, host, queryClient, puts, stored: () => stored };
}

const heading = (text: string) => screen.findByRole('heading', { name: text });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

describe('System > Workspace Wizard', () => {
  it('starts at the first step, refuses an empty name beside the field, and saves each step on the server', async () => {
    const { puts } = renderWizard();
    await heading('Step 1 of 7: Name');
    next();
    const name = screen.getByLabelText(/Workspace name/) as HTMLInputElement;
    expect(screen.getByText('Enter the workspace name.')).toBeInTheDocument();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(puts()).toHaveLength(0);

    fireEvent.change(name, { target: { value: '  Prairie Immigration ' } });
    next();
    await heading('Step 2 of 7: Timezone');
    expect(puts()[0]).toEqual({
      step: 'timezone',
      values: { name: 'Prairie Immigration' },
      workspaceId: null,
    });
    expect(screen.getByRole('status', { name: '' }).textContent).toContain(
      'Saved. Step 2 of 7: Timezone.',
    );

    // Timezone: chosen from the list.
    const zone = screen.getByLabelText(/^Timezone/) as HTMLSelectElement;
    await waitFor(() => expect(zone.disabled).toBe(false));
    next();
    expect(screen.getByText('Choose a timezone.')).toBeInTheDocument();
    fireEvent.change(zone, { target: { value: 'America/Denver' } });
    next();
    await heading('Step 3 of 7: Edition');
    expect(puts()[1].values).toEqual({ name: 'Prairie Immigration', timezone: 'America/Denver' });
  });

  it('checks the CRM organisation and call tracking steps with their contracts', async () => {
    const { puts } = renderWizard({
      draft: draftOf('crm', { name: 'A', timezone: 'America/Chicago', edition: 'starter' }),
    });
    await heading('Step 4 of 7: CRM and organisation');
    next();
    expect(screen.getByText('Choose the CRM: Zoho, Keap or none.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^CRM/), { target: { value: 'keap' } });
    fireEvent.change(screen.getByLabelText(/Keap app name/), { target: { value: 'hb417' } });
    fireEvent.change(screen.getByLabelText(/Keap address/), { target: { value: 'http://x' } });
    next();
    expect(
      screen.getByText('Enter the Keap address, such as https://hb417.infusionsoft.com.'),
    ).toBeInTheDocument();
    expect(puts()).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Keap address/), {
      target: { value: 'https://hb417.infusionsoft.com' },
    });
    next();
    await heading('Step 5 of 7: Call tracking');
    expect(puts()[0].values.crm).toEqual({
      kind: 'keap',
      ifsOrgId: 'hb417',
      ifsOrgHost: 'https://hb417.infusionsoft.com',
    });

    fireEvent.click(screen.getByLabelText('Turn call tracking on'));
    next();
    expect(
      screen.getByText('Enter the CallTrackingMetrics account id to turn call tracking on.'),
    ).toBeInTheDocument();
    expect(puts()).toHaveLength(1);
  });

  it('resumes a saved draft at its step with its values; earlier steps open from the trail, later ones do not', async () => {
    renderWizard({ draft: draftOf('owner', { ...COMPLETE, owner: undefined }) });
    await heading('Step 6 of 7: First owner');
    const trail = screen.getByRole('navigation', { name: 'Wizard steps' });
    const nameStep = within(trail).getByRole('button', { name: /Name/ }) as HTMLButtonElement;
    expect(nameStep.disabled).toBe(false);
    expect(
      (within(trail).getByRole('button', { name: /Review and finish/ }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(
      within(trail)
        .getByRole('button', { name: /First owner/ })
        .getAttribute('aria-current'),
    ).toBe('step');
    fireEvent.click(nameStep);
    await heading('Step 1 of 7: Name');
    expect((screen.getByLabelText(/Workspace name/) as HTMLInputElement).value).toBe(
      'Prairie Immigration',
    );
  });

  it('keeps what was typed and stays on the step when the draft cannot be saved', async () => {
    const { api } = renderWizard({ put: () => ({ fail: 500, message: 'database is locked' }) });
    await heading('Step 1 of 7: Name');
    fireEvent.change(screen.getByLabelText(/Workspace name/), { target: { value: 'Kept' } });
    next();
    expect(
      await screen.findByText('This step was not saved. Please try again. database is locked'),
    ).toBeInTheDocument();
    expect(api.notify).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Step 1 of 7: Name' })).toBeInTheDocument();
    expect((screen.getByLabelText(/Workspace name/) as HTMLInputElement).value).toBe('Kept');
  });

  it('finishes: creates the workspace, invites the owner, shows the outbox status and links to the workspace', async () => {
    const { api, host, queryClient, stored } = renderWizard({
      draft: draftOf('review', COMPLETE),
    });
    // Lists of workspaces other screens hold: the new workspace makes them stale.
    const scope = queryScope({ user: host.session.user, workspace: null });
    const lists = [workspacesKey(scope), [...systemWorkspaceListsKey(scope), 'health']];
    for (const key of lists) queryClient.setQueryData(key, []);
    await heading('Step 7 of 7: Review and finish');
    expect(screen.getByText('Zoho, organisation 700000999')).toBeInTheDocument();
    expect(screen.getByText('Dana Ortiz <dana@prairie.test>')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create workspace' }));
    await heading('Workspace created');
    const create = api.requests.find((req) => req.path === 'workspaces' && req.method === 'POST');
    expect(create?.body).toEqual({
      name: 'Prairie Immigration',
      timezone: 'America/Denver',
      edition: 'professional',
      crm: { kind: 'zoho', zohoOrgId: '700000999' },
      callTracking: { enabled: true, account: '771122' },
    });
    expect(api.calls('users')[0].body).toEqual({
      workspaceId: 'ws_new',
      role: 'owner',
      firstName: 'Dana',
      lastName: 'Ortiz',
      email: 'dana@prairie.test',
    });
    expect(
      screen.getByText(/Invitation e-mail to dana@prairie.test: in the outbox since/),
    ).toBeInTheDocument();
    expect(
      screen
        .getByRole('link', { name: 'Open Prairie Immigration in System > Workspaces' })
        .getAttribute('href'),
    ).toBe('/app/system/workspaces?workspace=ws_new');
    // Call tracking on: the new workspace's CTM account can be connected right here.
    const calls = screen.getByRole('region', { name: 'Where its calls come from' });
    expect(await within(calls).findByText(/simulated provider/)).toBeInTheDocument();
    expect(
      within(calls).getByRole('form', { name: 'Connect CallTrackingMetrics' }),
    ).toBeInTheDocument();
    // Zoho chosen: where the firm's Zoho CRM gets connected (issue #33).
    expect(screen.getByText(/the owner does it in Settings > CRM Connection/)).toBeInTheDocument();
    // The draft is gone: the next visit starts a new workspace.
    expect(stored()).toBeNull();
    for (const key of lists) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('offers no call-tracking connection when call tracking is off', async () => {
    const { api } = renderWizard({
      draft: draftOf('review', { ...COMPLETE, callTracking: { enabled: false, account: null } }),
    });
    await heading('Step 7 of 7: Review and finish');
    fireEvent.click(screen.getByRole('button', { name: 'Create workspace' }));
    await heading('Workspace created');
    expect(screen.queryByRole('region', { name: 'Where its calls come from' })).toBeNull();
    expect(api.requests.some((req) => req.path.endsWith('call-tracking/connection'))).toBe(false);
  });

  it('a refused invite keeps the created workspace: finishing again invites only, without a second workspace', async () => {
    let invites = 0;
    const { api } = renderWizard({
      draft: draftOf('review', COMPLETE),
      invite: () => {
        invites += 1;
        return invites === 1
          ? { fail: 409, message: 'dana@prairie.test already has a sign-in.' }
          : {
              data: {
                id: 'usr_dana',
                username: 'dana2@prairie.test',
                email: 'dana2@prairie.test',
                firstName: 'Dana',
                lastName: 'Ortiz',
                role: 'owner',
                status: 'active',
                pending: true,
                authorizationId: 'auth_1',
                invitation: null,
                agent: null,
                createdAt: '2026-11-26T10:02:00.000Z',
              },
            };
      },
    });
    await heading('Step 7 of 7: Review and finish');
    fireEvent.click(screen.getByRole('button', { name: 'Create workspace' }));
    expect(
      await screen.findByText(
        /Prairie Immigration was created, but its first owner was not invited\. dana@prairie\.test already has a sign-in\./,
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create workspace' }));
    await heading('Workspace created');
    expect(
      api.requests.filter((req) => req.path === 'workspaces' && req.method === 'POST'),
    ).toHaveLength(1);
    expect(invites).toBe(2);
  });

  it('Start over asks first, then discards the draft and returns to the first step', async () => {
    const { stored } = renderWizard({
      draft: draftOf('edition', { name: 'A', timezone: 'America/Chicago' }),
    });
    render(<ConfirmHost />);
    await heading('Step 3 of 7: Edition');
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start over' }));
    await heading('Step 1 of 7: Name');
    expect(stored()).toBeNull();
    expect((screen.getByLabelText(/Workspace name/) as HTMLInputElement).value).toBe('');
  });
});
