import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrainingTopicPage } from '@/app/features/coaching/training-topic-page';
import { renderWithHost } from '../../helpers';
import { coachingHost, list } from './coaching-fixtures';

describe('Coaching → Training topic (spec: session 2 Sidebar and lightbox)', () => {
  it('lists the videos of the topic the address names', async () => {
    const { host, api } = coachingHost('operator');
    renderWithHost(<TrainingTopicPage slug="intake-basics" />, { host });
    expect(
      await screen.findByRole('heading', { name: 'Intake Basics training' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Greeting a caller' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Role play' })).toBeInTheDocument();
    expect(api.calls('ws_lakeside/coaching-videos')[0]!.query).toEqual({ categoryId: 'cc_01' });
  });

  it('shows a designed tile instead of a broken image when a YouTube preview fails to load, and for uploaded files', async () => {
    const { host } = coachingHost('operator');
    const { container } = renderWithHost(<TrainingTopicPage slug="intake-basics" />, { host });
    await screen.findByRole('heading', { name: 'Greeting a caller' });
    const [youtubeThumb, fileThumb] = screen.getAllByTestId('video-thumb');
    // The uploaded file has no preview image: a tile with the play mark and its kind.
    expect(fileThumb!.dataset.thumb).toBe('tile');
    expect(fileThumb!.querySelector('img')).toBeNull();
    expect(within(fileThumb!).getByText('Video file')).toBeInTheDocument();
    // The YouTube preview is tried first, from YouTube's image host…
    const img = youtubeThumb!.querySelector('img')!;
    expect(img.getAttribute('src')).toContain('https://i.ytimg.com/vi/eIho2S0ZahI/');
    // …and when it cannot load (offline, blocked) the card shows the tile, not a broken image.
    fireEvent.error(img);
    await waitFor(() => expect(youtubeThumb!.dataset.thumb).toBe('tile'));
    expect(container.querySelectorAll('.ic-coaching__thumb img')).toHaveLength(0);
    expect(within(youtubeThumb!).getByText('YouTube')).toBeInTheDocument();
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
    expect(
      await screen.findByRole('heading', { name: 'Immigration training' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No training videos for this topic yet.')).toBeInTheDocument();
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
    expect(await screen.findByText('No training videos for this topic yet.')).toBeInTheDocument();
  });

  it('says so for an address that names no topic', async () => {
    const { host } = coachingHost('operator');
    renderWithHost(<TrainingTopicPage slug="bankruptcy" />, { host });
    expect(
      await screen.findByRole('heading', { name: 'Training topic not found' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'See all training topics' })).toBeInTheDocument(),
    );
  });
});
