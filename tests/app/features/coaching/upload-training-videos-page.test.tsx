import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmHost } from '@/app/components/confirm-dialog/confirm-dialog';
import {
  UPLOAD_NOT_ALLOWED_TEXT,
  UploadTrainingVideosPage,
} from '@/app/features/coaching/upload-training-videos-page';
import { CHOOSE_TOPIC_TEXT, YOUTUBE_URL_TEXT } from '@/app/features/coaching/video-drafts';
import { VIDEO_SIZE_MESSAGE, VIDEO_TYPE_MESSAGE } from '@/shared/domain/coaching';
import { makeWorkspace } from '../../../shared/domain/fixtures';
import { renderWithHost } from '../../helpers';
import { coachingHost, list, youtubeVideo } from './coaching-fixtures';

function form(name: string) {
  return within(screen.getByRole('form', { name }));
}

async function chooseTopic(name: string) {
  const select = (await screen.findByRole('combobox', {
    name: 'Training topic',
  })) as HTMLSelectElement;
  await waitFor(() => expect(select.disabled).toBe(false));
  fireEvent.change(select, {
    target: { value: [...select.options].find((option) => option.text === name)!.value },
  });
}

describe('Coaching → Upload Training Videos (issue #16)', () => {
  it('refuses a YouTube link without a topic, title or valid link, sending nothing, and focuses the first error', async () => {
    const { host, api } = coachingHost('owner');
    renderWithHost(<UploadTrainingVideosPage />, { host });
    await screen.findByRole('combobox', { name: 'Training topic' });
    const youtube = form('Add a YouTube link');
    fireEvent.change(youtube.getByLabelText(/YouTube link/), {
      target: { value: 'https://vimeo.com/1' },
    });
    fireEvent.click(youtube.getByRole('button', { name: 'Add video' }));
    expect(await youtube.findByText(CHOOSE_TOPIC_TEXT)).toBeInTheDocument();
    expect(youtube.getByLabelText(/Title/)).toHaveAccessibleDescription('Enter a title.');
    // The message is the field's description, after its help.
    expect(youtube.getByLabelText(/YouTube link/)).toHaveAccessibleDescription(
      expect.stringContaining(YOUTUBE_URL_TEXT),
    );
    await waitFor(() => expect(document.activeElement).toBe(youtube.getByLabelText(/Title/)));
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('adds a YouTube link to the chosen topic and clears the form', async () => {
    const { host, api } = coachingHost('admin', {
      'ws_lakeside/coaching-videos': (req) =>
        req.method === 'POST' ? { data: youtubeVideo } : list([]),
    });
    renderWithHost(<UploadTrainingVideosPage />, { host });
    await chooseTopic('Intake Basics');
    const listReads = () =>
      api.calls('ws_lakeside/coaching-videos').filter((call) => call.method === 'GET').length;
    await waitFor(() => expect(listReads()).toBeGreaterThan(0));
    const readsBeforeAdd = listReads();
    const youtube = form('Add a YouTube link');
    fireEvent.change(youtube.getByLabelText(/Title/), { target: { value: 'Greeting a caller' } });
    fireEvent.change(youtube.getByLabelText(/YouTube link/), {
      target: { value: 'https://youtu.be/eIho2S0ZahI' },
    });
    fireEvent.click(youtube.getByRole('button', { name: 'Add video' }));
    await waitFor(() =>
      expect(host.notify).toHaveBeenCalledWith('success', 'Video added to Intake Basics.'),
    );
    const post = api.requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({
      categoryId: 'cc_01',
      title: 'Greeting a caller',
      url: 'https://youtu.be/eIho2S0ZahI',
    });
    expect((youtube.getByLabelText(/Title/) as HTMLInputElement).value).toBe('');
    // The topic's list on screen is asked again: it shows the new video.
    expect(listReads()).toBeGreaterThan(readsBeforeAdd);
  });

  it('refuses a file of another type or over 200 MB before sending it', async () => {
    const { host, api } = coachingHost('owner');
    renderWithHost(<UploadTrainingVideosPage />, { host });
    await chooseTopic('Intake Basics');
    const upload = form('Upload a video file');
    fireEvent.change(upload.getByLabelText(/Title/), { target: { value: 'Notes' } });
    const input = upload.getByLabelText(/Video file/);
    fireEvent.change(input, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    fireEvent.click(upload.getByRole('button', { name: 'Upload video' }));
    expect(await upload.findByText(VIDEO_TYPE_MESSAGE)).toBeInTheDocument();

    const huge = new File(['x'], 'huge.mp4', { type: 'video/mp4' });
    Object.defineProperty(huge, 'size', { value: 300 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [huge] } });
    fireEvent.click(upload.getByRole('button', { name: 'Upload video' }));
    expect(await upload.findByText(VIDEO_SIZE_MESSAGE)).toBeInTheDocument();
    expect(api.calls('coaching-videos/files')).toHaveLength(0);
  });

  it('sends the file itself with its title and topic, and keeps what was typed when the server refuses it', async () => {
    const { host, api } = coachingHost('owner', {
      'coaching-videos/files': () => ({ fail: 415, message: VIDEO_TYPE_MESSAGE }),
    });
    renderWithHost(<UploadTrainingVideosPage />, { host });
    await chooseTopic('Objection Handling');
    const upload = form('Upload a video file');
    fireEvent.change(upload.getByLabelText(/Title/), { target: { value: 'Price objections' } });
    const file = new File([new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70])], 'price.mp4', {
      type: 'video/mp4',
    });
    fireEvent.change(upload.getByLabelText(/Video file/), { target: { files: [file] } });
    fireEvent.click(upload.getByRole('button', { name: 'Upload video' }));
    expect(await upload.findByRole('alert')).toHaveProperty(
      'textContent',
      `The video was not uploaded: ${VIDEO_TYPE_MESSAGE}`,
    );
    const sent = api.calls('coaching-videos/files')[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toBe(file);
    expect(sent.query).toEqual({
      categoryId: 'cc_02',
      title: 'Price objections',
      filename: 'price.mp4',
    });
    expect((upload.getByLabelText(/Title/) as HTMLInputElement).value).toBe('Price objections');
  });

  it('lists the chosen topic’s videos with Delete buttons', async () => {
    const { host } = coachingHost('owner');
    renderWithHost(<UploadTrainingVideosPage />, { host });
    await chooseTopic('Intake Basics');
    expect(
      await screen.findByRole('heading', { name: 'Videos in Intake Basics' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Delete Greeting a caller' }),
    ).toBeInTheDocument();
  });

  it('deletes a video once confirmed, says so and asks the topic’s list again', async () => {
    const { host, api } = coachingHost('owner', {
      'coaching-videos/cv_1': () => ({ data: { id: 'cv_1' } }),
    });
    renderWithHost(
      <>
        <UploadTrainingVideosPage />
        <ConfirmHost />
      </>,
      { host },
    );
    await chooseTopic('Intake Basics');
    const listReads = () =>
      api.calls('ws_lakeside/coaching-videos').filter((call) => call.method === 'GET').length;
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Greeting a caller' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this video?' });
    const readsBeforeDelete = listReads();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(host.notify).toHaveBeenCalledWith('success', 'Video deleted.'));
    expect(api.calls('coaching-videos/cv_1').map((call) => call.method)).toEqual(['DELETE']);
    expect(listReads()).toBeGreaterThan(readsBeforeDelete);
  });

  it('lets the system user pick a workspace first', async () => {
    const { host, api } = coachingHost('system', {
      workspaces: () => list([makeWorkspace()]),
    });
    renderWithHost(<UploadTrainingVideosPage />, { host });
    expect(
      await screen.findByText('Choose a workspace to manage its training videos.'),
    ).toBeInTheDocument();
    const select = (await screen.findByRole('combobox', {
      name: 'Workspace',
    })) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    fireEvent.change(select, { target: { value: 'ws_lakeside' } });
    await chooseTopic('Intake Basics');
    await screen.findByRole('button', { name: 'Delete Greeting a caller' });
    expect(api.calls('ws_lakeside/coaching-videos').length).toBeGreaterThan(0);
  });

  it('tells operators the page is not for them', async () => {
    const { host } = coachingHost('operator');
    renderWithHost(<UploadTrainingVideosPage />, { host });
    expect(await screen.findByText(UPLOAD_NOT_ALLOWED_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a YouTube link' })).toBeNull();
  });
});
