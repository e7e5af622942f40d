import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CockpitGoalsPage } from '@/app/features/cockpit-goals/cockpit-goals-page';
import type { CockpitGoalSettingsUpdate } from '@/shared/contracts/reports/cockpit-goals';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { makeHost, renderWithHost } from '../../helpers';
import { fakeApi } from '../../fake-api';
import { cockpitWorkspace } from '../cockpit/cockpit-test-kit';
import { SETTINGS } from './goal-settings-fixture';

function renderPage(options: { role?: 'owner' | 'admin' | 'operator'; cockpit?: boolean } = {}) {
  const saved: CockpitGoalSettingsUpdate[] = [];
  // The server keeps a save: the settings asked again after it are the saved ones.
  let settings = SETTINGS;
  const api = fakeApi({
    'cockpit-goals': (req) => {
      if (req.method === 'PUT') {
        const update = req.body as CockpitGoalSettingsUpdate;
        saved.push(update);
        settings = {
          ...SETTINGS,
          ...update,
          leadSources: SETTINGS.leadSources.map((source) => ({
            ...source,
            leadGen: update.leadSources.find((item) => item.id === source.id)?.leadGen ?? null,
          })),
        };
      }
      return { data: settings };
    },
  });
  const workspace =
    options.cockpit === false ? makeWorkspace({ cockpit: false }) : cockpitWorkspace();
  const host = makeHost({
    api,
    session: { user: makeUser({ role: options.role ?? 'owner' }), workspace, agent: null },
  });
  renderWithHost(<CockpitGoalsPage />, { host });
  return { api, host, saved };
}

describe('the cockpit-goals settings page (spec: dashboards 2.2, 5, 6)', () => {
  it('shows labelled inputs with the stored weekly goals', async () => {
    renderPage();
    expect(((await screen.findByLabelText('Minimum new leads')) as HTMLInputElement).value).toBe(
      '120',
    );
    expect((screen.getByLabelText('Target inbound set rate') as HTMLInputElement).value).toBe('45');
    expect((screen.getByLabelText('Outbound calls minimum') as HTMLInputElement).value).toBe('300');
    expect((screen.getByLabelText('Google Ads minimum') as HTMLInputElement).value).toBe('20');
    expect((screen.getByLabelText('TV goal') as HTMLInputElement).value).toBe('');
  });

  it('shows field errors with aria-invalid, and clears a field error when it is edited', async () => {
    const { saved } = renderPage();
    const rate = (await screen.findByLabelText('Target inbound set rate')) as HTMLInputElement;
    fireEvent.change(rate, { target: { value: '120' } });
    fireEvent.change(screen.getByLabelText('Minimum new leads'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save goals' }));
    expect(screen.getByRole('alert').textContent).toContain('2 goals need your attention');
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    const errorId = rate.getAttribute('aria-describedby')!;
    expect(document.getElementById(errorId)?.textContent).toBe('Must be 0 to 100.');
    expect(screen.getByText('Lead minimum is required.').textContent).toBe(
      'Lead minimum is required.',
    );
    expect(saved).toHaveLength(0);

    fireEvent.change(rate, { target: { value: '50' } });
    expect(rate.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Must be 0 to 100.')).toBeNull();
    expect(screen.getByText('Lead minimum is required.').textContent).toBe(
      'Lead minimum is required.',
    );
  });

  it('saves the goals and the per-source lead goals, and says so', async () => {
    const { api, saved, host } = renderPage();
    fireEvent.change(await screen.findByLabelText('Hires minimum'), { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText('TV minimum'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('TV goal'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Google Ads minimum'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Google Ads goal'), { target: { value: '' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save goals' }));
    });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].salesPerformance.hiresMin).toBe(15);
    expect(saved[0].leadSources).toEqual([
      { id: 'ls_google', leadGen: null },
      { id: 'ls_tv', leadGen: { leadsMin: 4, leadsMax: 6 } },
    ]);
    expect(host.notify).toHaveBeenCalledWith('success', 'Cockpit goals saved.');
    expect(((await screen.findByLabelText('TV minimum')) as HTMLInputElement).value).toBe('4');
    // The save drops the cached settings: they are asked again, and the form keeps the saved ones.
    await waitFor(() =>
      expect(api.calls('cockpit-goals').filter((req) => req.method === 'GET')).toHaveLength(2),
    );
    expect((screen.getByLabelText('TV minimum') as HTMLInputElement).value).toBe('4');
  });

  it('is not offered to workspaces without the cockpit', () => {
    const { api } = renderPage({ cockpit: false });
    expect(screen.getByRole('status').textContent).toContain(
      'Cockpit goals are for owners and admins of workspaces with the cockpit enabled.',
    );
    expect(api.requests).toHaveLength(0);
  });

  it('is not offered to operators', () => {
    renderPage({ role: 'operator' });
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('owners and admins');
  });
});
