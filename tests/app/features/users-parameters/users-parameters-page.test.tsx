import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  NOT_ALLOWED_TEXT,
  UsersParametersPage,
} from '@/app/features/users-parameters/users-parameters-page';
import { EMPTY_TEXT } from '@/app/features/users-parameters/parameters-panel';
import { ERROR_VIEW_TEXT } from '@/app/components/error-view/error-view';
import type {
  AgentParameters,
  AgentParametersUpdate,
  UsersParameters,
} from '@/shared/contracts/users-parameters';
import type { LoggedUser } from '@/shared/contracts/user';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { fakeApi, type Handler } from '../../fake-api';
import { makeHost, renderWithHost } from '../../helpers';

// Settings → Users Parameters (issue #16): the agents' table, its states, and the edit
// dialog's validation, save and refusal (docs/users-parameters.md).

const workspace = {
  ...makeWorkspace(),
  id: 'ws_lakeside',
  attributes: { ...makeWorkspace().attributes, name: 'Lakeside Law' },
};

const agent = (
  id: string,
  name: string,
  extra: Partial<AgentParameters> = {},
): AgentParameters => ({
  agentId: id,
  agentName: name,
  active: true,
  officeId: null,
  practiceAreaIds: [],
  consultantId: null,
  minimums: {
    outboundCallsPerWeek: null,
    outboundAnswersPerWeek: null,
    outboundSetsPerWeek: null,
    compliancePercent: null,
  },
  updatedAt: null,
  ...extra,
});

const DATA: UsersParameters = {
  agents: [
    agent('agt_2', 'Bo Agent', {
      officeId: 'off_chi',
      practiceAreaIds: ['pa_bk'],
      consultantId: 'cns_1',
      minimums: {
        outboundCallsPerWeek: 50,
        outboundAnswersPerWeek: null,
        outboundSetsPerWeek: 5,
        compliancePercent: 60,
      },
    }),
    agent('agt_1', 'Ada Agent'),
    agent('agt_3', 'Cy Former', { active: false }),
  ],
  offices: [
    { id: 'off_chi', name: 'Chicago' },
    { id: 'off_mil', name: 'Milwaukee' },
  ],
  practiceAreas: [
    { id: 'pa_bk', name: 'Bankruptcy', parent: null },
    { id: 'pa_ch7', name: 'Chapter 7', parent: 'Bankruptcy' },
    { id: 'pa_pi', name: 'Personal Injury', parent: null },
  ],
  consultants: [{ id: 'cns_1', name: 'Cara Closer', active: true }],
  defaults: { compliancePercent: 10 },
};

function renderPage(options: { list?: Handler; save?: Handler; user?: Partial<LoggedUser> } = {}) {
  const saved: AgentParametersUpdate[] = [];
  // The server keeps a save: the list asked again after it shows the saved agent.
  let data = DATA;
  const api = fakeApi({
    'users-parameters': options.list ?? (() => ({ data })),
    'users-parameters/agt_1':
      options.save ??
      ((req) => {
        const body = req.body as AgentParametersUpdate;
        saved.push(body);
        const ada = {
          ...agent('agt_1', 'Ada Agent'),
          ...body,
          updatedAt: '2026-11-26T10:00:00.000Z',
        };
        data = { ...data, agents: data.agents.map((a) => (a.agentId === 'agt_1' ? ada : a)) };
        return { data: ada };
      }),
  });
  const host = makeHost({
    api,
    session: { user: makeUser({ role: 'owner', ...options.user }), workspace, agent: null },
  });
  renderWithHost(<UsersParametersPage />, { host });
  return { api, host, saved };
}

const table = async () => screen.findByRole('table', { name: /Parameters of the agents/ });
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

async function openEdit(name: string) {
  await table();
  fireEvent.click(screen.getByRole('button', { name: `Edit parameters of ${name}` }));
  return screen.getByRole('dialog', { name: `Parameters of ${name}` });
}

describe('Users Parameters page', () => {
  it('lists every agent by name with their parameters, and says how many', async () => {
    renderPage();
    await table();
    expect(screen.getByRole('heading', { name: 'Users Parameters' })).toBeInTheDocument();
    expect(screen.getByRole('status').textContent).toBe('3 agents');
    const names = screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(names).toEqual(['Ada Agent', 'Bo Agent', 'Cy FormerInactive']);
    const bo = within(rowOf('Bo Agent'));
    expect(bo.getByText('Chicago')).toBeInTheDocument();
    expect(bo.getByText('Bankruptcy')).toBeInTheDocument();
    expect(bo.getByText('Cara Closer')).toBeInTheDocument();
    expect(bo.getByText('Calls 50 · Sets 5')).toBeInTheDocument();
    expect(bo.getByText('60%')).toBeInTheDocument();
    expect(within(rowOf('Ada Agent')).getByText('Default (10%)')).toBeInTheDocument();
  });

  it('filters by name and by office', async () => {
    renderPage();
    await table();
    fireEvent.change(screen.getByLabelText('Office'), { target: { value: 'off_chi' } });
    expect(screen.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Bo Agent']);
    expect(screen.getByRole('status').textContent).toBe('1 of 3 agents');
    fireEvent.change(screen.getByLabelText('Office'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Search agents'), { target: { value: 'zed' } });
    expect(screen.getByText('No agents match the search and office.')).toBeInTheDocument();
  });

  it('shows loading, then the error view with Try Again that loads again', async () => {
    let calls = 0;
    renderPage({
      list: () => {
        calls += 1;
        return calls === 1 ? { fail: 500 } : { data: DATA };
      },
    });
    expect(screen.getByText('Loading users parameters…')).toBeInTheDocument();
    expect(await screen.findByText(ERROR_VIEW_TEXT)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Try Again/ }));
    await table();
    expect(calls).toBe(2);
  });

  it('says so when the workspace has no agents', async () => {
    renderPage({ list: () => ({ data: { ...DATA, agents: [] } }) });
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('tells operators the page is not theirs and asks the server nothing', () => {
    const { api } = renderPage({ user: { role: 'operator' } });
    expect(screen.getByText(NOT_ALLOWED_TEXT)).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });
});

describe('the edit dialog', () => {
  it('opens on the agent with focus on its first field, and Escape closes it', async () => {
    renderPage();
    const dialog = await openEdit('Bo Agent');
    const office = within(dialog).getByLabelText('Office') as HTMLSelectElement;
    expect(document.activeElement).toBe(office);
    expect(office.value).toBe('off_chi');
    expect((within(dialog).getByLabelText('Bankruptcy') as HTMLInputElement).checked).toBe(true);
    expect(
      (within(dialog).getByLabelText('Outbound calls per week') as HTMLInputElement).value,
    ).toBe('50');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows each field error, focuses the first, sends nothing, and keeps what was typed', async () => {
    const { api } = renderPage();
    const dialog = await openEdit('Ada Agent');
    const calls = within(dialog).getByLabelText('Outbound calls per week') as HTMLInputElement;
    const sets = within(dialog).getByLabelText('Outbound sets per week') as HTMLInputElement;
    const percent = within(dialog).getByLabelText('Minimum compliance %') as HTMLInputElement;
    fireEvent.change(calls, { target: { value: '-3' } });
    fireEvent.change(sets, { target: { value: '2.5' } });
    fireEvent.change(percent, { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save parameters' }));

    expect(within(dialog).getByText('Must be 0 or more')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a whole number')).toBeInTheDocument();
    expect(within(dialog).getByText('Must be 0 to 100')).toBeInTheDocument();
    expect(calls.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(calls);
    expect(api.calls('users-parameters/agt_1')).toHaveLength(0);
    expect(calls.value).toBe('-3');
    expect(percent.value).toBe('120');

    // Fixing a field clears only its own error.
    fireEvent.change(calls, { target: { value: '40' } });
    expect(within(dialog).queryByText('Must be 0 or more')).toBeNull();
    expect(within(dialog).getByText('Must be 0 to 100')).toBeInTheDocument();
  });

  it('saves the parameters, says so, and shows them in the row', async () => {
    const { api, saved, host } = renderPage();
    const dialog = await openEdit('Ada Agent');
    fireEvent.change(within(dialog).getByLabelText('Office'), { target: { value: 'off_mil' } });
    // Checked out of order, sent in the workspace's order.
    fireEvent.click(within(dialog).getByLabelText('Personal Injury'));
    fireEvent.click(within(dialog).getByLabelText('Bankruptcy'));
    fireEvent.change(within(dialog).getByLabelText('Consultant'), { target: { value: 'cns_1' } });
    fireEvent.change(within(dialog).getByLabelText('Outbound answers per week'), {
      target: { value: ' 20 ' },
    });
    fireEvent.change(within(dialog).getByLabelText('Minimum compliance %'), {
      target: { value: '75' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save parameters' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      officeId: 'off_mil',
      practiceAreaIds: ['pa_bk', 'pa_pi'],
      consultantId: 'cns_1',
      minimums: {
        outboundCallsPerWeek: null,
        outboundAnswersPerWeek: 20,
        outboundSetsPerWeek: null,
        compliancePercent: 75,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(host.notify).toHaveBeenCalledWith('success', 'Parameters of Ada Agent saved.');
    const ada = within(rowOf('Ada Agent'));
    expect(ada.getByText('Milwaukee')).toBeInTheDocument();
    expect(ada.getByText('Bankruptcy, Personal Injury')).toBeInTheDocument();
    expect(ada.getByText('Answers 20')).toBeInTheDocument();
    expect(ada.getByText('75%')).toBeInTheDocument();
    // The save drops the cached list: it is asked again, and the row stays as saved.
    await waitFor(() =>
      expect(api.calls('users-parameters').filter((req) => req.method === 'GET')).toHaveLength(2),
    );
    expect(within(rowOf('Ada Agent')).getByText('75%')).toBeInTheDocument();
  });

  it("says the server's refusal in the dialog and keeps everything typed", async () => {
    renderPage({
      save: () => ({ fail: 400, message: 'officeId: off_mil is not an office of this workspace' }),
    });
    const dialog = await openEdit('Ada Agent');
    fireEvent.change(within(dialog).getByLabelText('Office'), { target: { value: 'off_mil' } });
    fireEvent.change(within(dialog).getByLabelText('Outbound calls per week'), {
      target: { value: '30' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save parameters' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'officeId: off_mil is not an office of this workspace',
    );
    expect((within(dialog).getByLabelText('Office') as HTMLSelectElement).value).toBe('off_mil');
    expect(
      (within(dialog).getByLabelText('Outbound calls per week') as HTMLInputElement).value,
    ).toBe('30');
    expect(within(dialog).getByRole('button', { name: 'Save parameters' })).toBeInTheDocument();
  });
});
