import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoachingHomePage } from '@/app/features/coaching/coaching-home-page';
import { renderWithHost } from '../../helpers';
import { coachingHost } from './coaching-fixtures';

describe('Coaching home (spec: dashboards 2.2 coaching menu)', () => {
  it('links Immigration and each coaching item at coaching/training/{name with dashes}', async () => {
    const { host } = coachingHost('operator');
    renderWithHost(<CoachingHomePage />, { host });
    const topics = await screen.findByRole('link', { name: 'Immigration' });
    expect(topics.getAttribute('href')).toBe('/app/coaching/training/immigration');
    expect(screen.getByRole('link', { name: 'Objection Handling' }).getAttribute('href')).toBe(
      '/app/coaching/training/objection-handling',
    );
    expect(screen.queryByRole('link', { name: 'Upload Training Videos' })).toBeNull();
  });

  it('offers the system user only the upload page', () => {
    const { host } = coachingHost('system');
    renderWithHost(<CoachingHomePage />, { host });
    const more = screen.getByRole('heading', { name: 'More coaching' }).closest('section')!;
    expect(
      within(more)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Upload Training Videos']);
    expect(screen.queryByText('Training topics')).toBeNull();
  });
});
