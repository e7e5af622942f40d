import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrainingTopicPage } from '@/app/features/coaching/training-topic-page';
import { renderWithHost } from '../../helpers';
import { coachingHost, list } from './coaching-fixtures';

describe('Coaching → Training topic (spec: session 2 Sidebar and lightbox)', () => {
  it('lists the videos of the topic the address names', async () => {
    const { host, api } = coachingHost('operator');
    renderWithHost(<TrainingTopicPage slug="intake-basics" />, { host });
    expect(await screen.findByRole('heading', { name: 'Intake Basics training' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Greeting a caller' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Role play' })).toBeTruthy();
    expect(api.calls('ws_lakeside/coaching-videos')[0]!.query).toEqual({ categoryId: 'cc_01' });
  });

  it('plays a YouTube video in the lightbox from the privacy-enhanced host, and Esc closes it returning focus', async () => {
    const { host } = coachingHost('operator');
    renderWithHost(<TrainingTopicPage slug="intake-basics" />, { host });
    const play = await screen.findByRole('button', { name: 'Play Greeting a caller' });
    play.focus();
    fireEvent.click(play);
    const dialog = screen.getByRole('dialog', { name: 'Greeting a caller' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const frame = dialog.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/eIho2S0ZahI');
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Close video' }),
    );
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(play);
  });

  it('plays an uploaded file as a video from its signed address', async () => {
    const { host } = coachingHost('owner');
    renderWithHost(<TrainingTopicPage slug="intake-basics" />, { host });
    fireEvent.click(await screen.findByRole('button', { name: 'Play Role play' }));
    const dialog = screen.getByRole('dialog', { name: 'Role play' });
    expect(dialog.querySelector('iframe')).toBeNull();
    const source = dialog.querySelector('video source')!;
    expect(source.getAttribute('src')).toBe('/api/coaching-media/cv_2?expires=1&signature=abc');
    expect(source.getAttribute('type')).toBe('video/mp4');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close video' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when a topic has no videos yet', async () => {
    const { host } = coachingHost('operator', { 'ws_lakeside/coaching-videos': () => list([]) });
    renderWithHost(<TrainingTopicPage slug="immigration" />, { host });
    expect(await screen.findByRole('heading', { name: 'Immigration training' })).toBeTruthy();
    expect(await screen.findByText('No training videos for this topic yet.')).toBeTruthy();
  });

  it('shows the error view with Try Again when the videos fail, and loads again', async () => {
    let fail = true;
    const { host } = coachingHost('operator', {
      'ws_lakeside/coaching-videos': () => (fail ? { fail: 500 } : list([])),
    });
    renderWithHost(<TrainingTopicPage slug="immigration" />, { host });
    const retry = await screen.findByRole('button', { name: 'Try Again?' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('No training videos for this topic yet.')).toBeTruthy();
  });

  it('says so for an address that names no topic', async () => {
    const { host } = coachingHost('operator');
    renderWithHost(<TrainingTopicPage slug="bankruptcy" />, { host });
    expect(await screen.findByRole('heading', { name: 'Training topic not found' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'See all training topics' })).toBeTruthy(),
    );
  });
});
