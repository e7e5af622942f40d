import type { ApiClient } from '@/shared/api/client';
import { quietly, refusalMessage } from '@/shared/api/quiet-api';
import { useId, useRef } from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { Field, fieldClassNames } from '@/app/components/field/field';
import { TextField } from '@/app/components/field/field-controls';
import { useCheckedDraft, useDraftSubmit } from '@/app/components/field/use-checked-draft';
import { useHost } from '@/app/host/host';
import { useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import { addYoutubeVideo, uploadTrainingVideo } from '@/shared/api/coaching';
import { VIDEO_TITLE_MAX, type AddYoutubeVideo } from '@/shared/contracts/coaching';
import type { CoachingCategory } from '@/shared/contracts/lookups';
import { VIDEO_TYPES } from '@/shared/domain/coaching';
import { videosKey } from './coaching-queries';
import {
  EMPTY_FILE_DRAFT,
  EMPTY_YOUTUBE_DRAFT,
  readFileDraft,
  readYoutubeDraft,
  type FileUpload,
} from './video-drafts';
import { FormFailure } from '@/app/components/form-failure/form-failure';

/**
 * Adds one training video (a YouTube link or an uploaded file) through
 * useMutateAndInvalidate: every topic's video list of the workspace (this page's and the
 * Training topic pages') is made stale. Quiet: the form shows the server's reason.
 */
function useAddVideo<V>(
  workspaceId: string,
  write: (api: ApiClient, workspaceId: string, request: V) => Promise<unknown>,
) {
  const host = useHost();
  const scope = useQueryScope();
  return useMutateAndInvalidate((request: V) => write(quietly(host.api), workspaceId, request), {
    invalidates: () => [videosKey(scope, workspaceId)],
  });
}

export interface UploadFormProps {
  workspaceId: string;
  /** The topic chosen above the forms; null until one is. */
  topic: CoachingCategory | null;
}

/** "Add a YouTube link": title and link; the server keeps only the video id. */
export function YoutubeLinkForm({ workspaceId, topic }: UploadFormProps) {
  const host = useHost();
  const addVideo = useAddVideo<AddYoutubeVideo>(workspaceId, addYoutubeVideo);
  const categoryId = topic?.id ?? '';
  const { draft, setDraft, errors, setErrors, formRef, update, check } = useCheckedDraft(
    EMPTY_YOUTUBE_DRAFT,
    (current) => readYoutubeDraft({ ...current, categoryId }),
  );
  const { submit, sending, failure } = useDraftSubmit(check, addVideo.mutate, {
    onSent: () => {
      host.notify('success', `Video added to ${topic?.name ?? 'the topic'}.`);
      setDraft(EMPTY_YOUTUBE_DRAFT);
      setErrors({});
    },
    // Everything typed stays; the reason shows beside the form.
    failureOf: refusalMessage,
  });

  return (
    <Card title="Add a YouTube link" className="ic-coaching__form-card">
      <form
        ref={formRef}
        className="ic-coaching__form"
        noValidate
        onSubmit={submit}
        aria-label="Add a YouTube link"
      >
        <FormFailure message={errors.categoryId} />
        <TextField
          label="Title"
          required
          error={errors.title}
          value={draft.title}
          maxLength={VIDEO_TITLE_MAX}
          onValueChange={(value) => update('title', value)}
        />
        <TextField
          label="YouTube link"
          required
          help="A watch, youtu.be, embed or shorts link. It plays from youtube-nocookie.com."
          error={errors.url}
          type="url"
          inputMode="url"
          spellCheck={false}
          placeholder="https://www.youtube.com/watch?v=…"
          value={draft.url}
          onValueChange={(value) => update('url', value)}
        />
        <FormFailure message={failure} lead="The video was not added:" />
        <div className="ic-coaching__form-actions">
          <Button type="submit" variant="primary" disabled={sending}>
            {sending ? 'Adding…' : 'Add video'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** "Upload a video file": MP4, WebM or QuickTime up to 200 MB, checked here and on the server. */
export function VideoFileForm({ workspaceId, topic }: UploadFormProps) {
  const host = useHost();
  const uploadVideo = useAddVideo<FileUpload>(workspaceId, uploadTrainingVideo);
  const categoryId = topic?.id ?? '';
  const { draft, setDraft, errors, setErrors, formRef, update, check } = useCheckedDraft(
    EMPTY_FILE_DRAFT,
    (current) => readFileDraft({ ...current, categoryId }),
  );
  const fileInput = useRef<HTMLInputElement>(null);
  const liveId = useId();
  const upload = useDraftSubmit(check, uploadVideo.mutate, {
    onSent: () => {
      host.notify('success', `Video uploaded to ${topic?.name ?? 'the topic'}.`);
      setDraft(EMPTY_FILE_DRAFT);
      setErrors({});
      if (fileInput.current) fileInput.current.value = '';
    },
    failureOf: refusalMessage,
  });
  const uploading = upload.sending;

  return (
    <Card title="Upload a video file" className="ic-coaching__form-card">
      <form
        ref={formRef}
        className="ic-coaching__form"
        noValidate
        onSubmit={upload.submit}
        aria-label="Upload a video file"
        aria-busy={uploading}
      >
        <FormFailure message={errors.categoryId} />
        <TextField
          label="Title"
          required
          error={errors.title}
          value={draft.title}
          maxLength={VIDEO_TITLE_MAX}
          onValueChange={(value) => update('title', value)}
        />
        <Field
          label="Video file"
          required
          help="MP4, WebM or QuickTime (.mov), up to 200 MB."
          error={errors.file}
        >
          {(control) => (
            <input
              {...control}
              ref={fileInput}
              className={`${fieldClassNames.input} ic-coaching__file-input`}
              type="file"
              accept={[...VIDEO_TYPES, '.mp4', '.webm', '.mov'].join(',')}
              onChange={(event) => update('file', event.target.files?.[0] ?? null)}
            />
          )}
        </Field>
        <FormFailure message={upload.failure} lead="The video was not uploaded:" />
        <p className="ic-coaching__live" id={liveId} role="status" aria-live="polite">
          {uploading ? 'Uploading… keep this page open until it finishes.' : ''}
        </p>
        <div className="ic-coaching__form-actions">
          <Button type="submit" variant="primary" disabled={uploading}>
            {uploading ? 'Uploading…' : 'Upload video'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
