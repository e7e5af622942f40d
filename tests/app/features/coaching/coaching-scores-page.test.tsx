import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmHost } from '@/app/components/confirm-dialog/confirm-dialog';
import { CoachingScoresPage } from '@/app/features/coaching/coaching-scores-page';
import type { CoachingScoreInput } from '@/shared/contracts/coaching';
import { isoDay } from '@/shared/domain/coaching';
import { renderWithHost } from '../../helpers';
import { coachingHost, list, score } from './coaching-fixtures';

const scoreForm = () => within(screen.getByRole('form', { name: 'Enter a score' }));

async function pick(label: RegExp, text: string) {
  await screen.findByRole('form', { name: 'Enter a score' });
  const select = scoreForm().getByLabelText(label) as HTMLSelectElement;
  fireEvent.change(select, {
    target: { value: [...select.options].find((option) => option.text === text)!.value },
  });
}

describe('Coaching → Scores (issue #16)', () => {
  it('checks the score form: agent, topic and a whole score from 0 to 100, sending nothing until it reads', async () => {
    const { host, api } = coachingHost('owner');
    renderWithHost(<CoachingScoresPage />, { host });
    await screen.findByRole('form', { name: 'Enter a score' });
    fireEvent.change(scoreForm().getByLabelText(/^Score/), { target: { value: '150' } });
    fireEvent.click(scoreForm().getByRole('button', { name: 'Save score' }));
    expect(await scoreForm().findByText('Choose an agent.')).toBeInTheDocument();
    // Each message is its field's description, after its help.
    expect(scoreForm().getByLabelText(/Agent/)).toHaveAccessibleDescription('Choose an agent.');
    expect(scoreForm().getByLabelText(/Topic/)).toHaveAccessibleDescription('Choose a topic.');
    expect(scoreForm().getByLabelText(/^Score/)).toHaveAccessibleDescription(
      '0 to 100 Enter a whole number from 0 to 100.',
    );
    const tomorrow = isoDay(new Date(Date.now() + 2 * 86_400_000));
    fireEvent.change(scoreForm().getByLabelText(/^Date/), { target: { value: tomorrow } });
    fireEvent.click(scoreForm().getByRole('button', { name: 'Save score' }));
    expect(await scoreForm().findByText('The date cannot be in the future.')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    // What was typed stays.
    expect((scoreForm().getByLabelText(/^Score/) as HTMLInputElement).value).toBe('150');
  });

  it('saves a score and says so, keeping the agent and topic for the next one', async () => {
    const sent: CoachingScoreInput[] = [];
    const { host, api } = coachingHost('admin', {
      'ws_lakeside/coaching-scores': (req) => {
        if (req.method !== 'POST') return list([]);
        sent.push(req.body as CoachingScoreInput);
        return { data: score({ agentId: 'ag_2', agentName: 'Ben Brooks', score: 88 }) };
      },
    });
    renderWithHost(<CoachingScoresPage />, { host });
    await pick(/Agent/, 'Ben Brooks');
    await pick(/Topic/, 'Objection Handling');
    const listReads = () =>
      api.calls('ws_lakeside/coaching-scores').filter((call) => call.method === 'GET').length;
    const readsBeforeSave = listReads();
    fireEvent.change(scoreForm().getByLabelText(/^Date/), { target: { value: '2026-04-02' } });
    fireEvent.change(scoreForm().getByLabelText(/^Score/), { target: { value: '88' } });
    fireEvent.change(scoreForm().getByLabelText(/Note/), { target: { value: ' Good rebuttals ' } });
    fireEvent.click(scoreForm().getByRole('button', { name: 'Save score' }));
    await waitFor(() =>
      expect(host.notify).toHaveBeenCalledWith('success', 'Score saved for Ben Brooks.'),
    );
    expect(sent).toEqual([
      {
        agentId: 'ag_2',
        categoryId: 'cc_02',
        date: '2026-04-02',
        score: 88,
        note: 'Good rebuttals',
      },
    ]);
    expect((scoreForm().getByLabelText(/^Score/) as HTMLInputElement).value).toBe('');
    expect((scoreForm().getByLabelText(/Agent/) as HTMLSelectElement).value).toBe('ag_2');
    // The list on screen is asked again: it shows the new score.
    expect(listReads()).toBeGreaterThan(readsBeforeSave);
  });

  it('deletes a score once confirmed, says so and asks the list again', async () => {
    const { host, api } = coachingHost('owner', {
      'ws_lakeside/coaching-scores': () => list([score({ id: 'cs_1' })]),
      'coaching-scores/cs_1': () => ({ data: { id: 'cs_1' } }),
    });
    renderWithHost(
      <>
        <CoachingScoresPage />
        <ConfirmHost />
      </>,
      { host },
    );
    const listReads = () =>
      api.calls('ws_lakeside/coaching-scores').filter((call) => call.method === 'GET').length;
    fireEvent.click(await screen.findByRole('button', { name: /Delete the score of Ava Adams/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this score?' });
    const readsBeforeDelete = listReads();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(host.notify).toHaveBeenCalledWith('success', 'Score deleted.'));
    expect(api.calls('coaching-scores/cs_1').map((call) => call.method)).toEqual(['DELETE']);
    expect(listReads()).toBeGreaterThan(readsBeforeDelete);
  });

  it('shows the server’s refusal beside the form and keeps everything typed', async () => {
    const { host } = coachingHost('owner', {
      'ws_lakeside/coaching-scores': (req) =>
        req.method === 'POST'
          ? { fail: 400, message: 'agentId: this agent is inactive' }
          : list([]),
    });
    renderWithHost(<CoachingScoresPage />, { host });
    await pick(/Agent/, 'Ava Adams');
    await pick(/Topic/, 'Intake Basics');
    fireEvent.change(scoreForm().getByLabelText(/^Score/), { target: { value: '75' } });
    fireEvent.click(scoreForm().getByRole('button', { name: 'Save score' }));
    expect(await scoreForm().findByRole('alert')).toHaveProperty(
      'textContent',
      'The score was not saved: agentId: this agent is inactive',
    );
    expect((scoreForm().getByLabelText(/^Score/) as HTMLInputElement).value).toBe('75');
  });

  it('shows operators their own scores with average and trend, and no form', async () => {
    const { host } = coachingHost('operator', {
      'ws_lakeside/coaching-scores': () =>
        list([
          score({ id: 'cs_3', date: '2026-05-04', score: 80 }),
          score({ id: 'cs_2', date: '2026-03-20', score: 70, note: 'Slow down.' }),
          score({ id: 'cs_1', date: '2026-03-02', score: 60 }),
        ]),
    });
    renderWithHost(<CoachingScoresPage />, { host });
    expect(await screen.findByRole('heading', { name: 'My Scores' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Enter a score' })).toBeNull();
    expect(await screen.findByText('Improving (+15 pts)')).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('05/04/2026')).toBeInTheDocument();
    expect(screen.getByText('Slow down.')).toBeInTheDocument();
  });

  it('shows 25 scores a page with Newer/Older, the summary still covering every score of the agent', async () => {
    // 30 scores of Ava, newest first: day 30 down to day 1 of one month, scores 1..30 → average 15.5.
    const all = Array.from({ length: 30 }, (_, i) =>
      score({
        id: `cs_${30 - i}`,
        date: `2026-03-${String(30 - i).padStart(2, '0')}`,
        score: 30 - i,
      }),
    );
    const { host, api } = coachingHost('owner', {
      'ws_lakeside/coaching-scores': (req) =>
        list(req.query?.agentId === 'ag_1' || !req.query?.agentId ? all : []),
    });
    renderWithHost(<CoachingScoresPage />, { host });
    expect(await screen.findByText('Scores 1–25 of 30, newest first')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(26);
    const pages = screen.getByRole('navigation', { name: 'Score pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(
      (within(pages).getByRole('button', { name: 'Newer' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Scores 26–30 of 30, newest first')).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(within(rows[1]!).getByText('03/05/2026')).toBeInTheDocument();
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument();
    // Picking an agent goes back to the first page; the summary covers all 30, not the page.
    await screen.findByRole('form', { name: 'Enter a score' });
    const picker = screen.getByLabelText('Show scores of') as HTMLSelectElement;
    fireEvent.change(picker, { target: { value: 'ag_1' } });
    expect(await screen.findByText('Scores 1–25 of 30, newest first')).toBeInTheDocument();
    const dl = screen.getByLabelText('Summary');
    expect(within(dl).getByText('15.5')).toBeInTheDocument();
    expect(within(dl).getByText('30')).toBeInTheDocument();
    expect(api.calls('ws_lakeside/coaching-scores').at(-1)!.query).toEqual({ agentId: 'ag_1' });
  });

  it('shows no pager when every score fits on one page', async () => {
    const { host } = coachingHost('operator', {
      'ws_lakeside/coaching-scores': () => list([score({ id: 'cs_1' }), score({ id: 'cs_2' })]),
    });
    renderWithHost(<CoachingScoresPage />, { host });
    expect(await screen.findByText('2 scores, newest first')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Score pages' })).toBeNull();
  });

  it('says when there are no scores yet', async () => {
    const { host } = coachingHost('operator');
    renderWithHost(<CoachingScoresPage />, { host });
    expect(await screen.findByText('No coaching scores yet.')).toBeInTheDocument();
  });
});
