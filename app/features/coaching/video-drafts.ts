import type { DraftReading } from '@/app/components/field/use-checked-draft';
import {
  type AddYoutubeVideo,
  addYoutubeVideoSchema,
  uploadVideoQuerySchema,
  VIDEO_TITLE_MAX,
} from '@/shared/contracts/coaching';
import {
  MAX_VIDEO_BYTES,
  parseYoutubeId,
  VIDEO_SIZE_MESSAGE,
  VIDEO_TYPE_MESSAGE,
  videoTypeOfFile,
} from '@/shared/domain/coaching';

// The two forms of Upload Training Videos (issue #16), read with the contracts the server
// checks, in the form's own words.

export const CHOOSE_TOPIC_TEXT = 'Choose a topic first.';
export const TITLE_TEXT = 'Enter a title.';
export const YOUTUBE_URL_TEXT =
  'Enter a YouTube link, such as https://www.youtube.com/watch?v=… or https://youtu.be/…';
export const CHOOSE_FILE_TEXT = 'Choose a video file.';

export interface YoutubeDraft {
  categoryId: string;
  title: string;
  url: string;
}
export type YoutubeDraftErrors = Partial<Record<keyof YoutubeDraft, string>>;
export const EMPTY_YOUTUBE_DRAFT: YoutubeDraft = { categoryId: '', title: '', url: '' };

function titleMessage(title: string): string {
  return title.trim().length > VIDEO_TITLE_MAX
    ? `Keep the title to ${VIDEO_TITLE_MAX} characters.`
    : TITLE_TEXT;
}

export function readYoutubeDraft(
  draft: YoutubeDraft,
): DraftReading<AddYoutubeVideo, YoutubeDraftErrors> {
  const parsed = addYoutubeVideoSchema.safeParse(draft);
  const errors: YoutubeDraftErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof YoutubeDraft;
      if (field === 'categoryId') errors.categoryId = CHOOSE_TOPIC_TEXT;
      if (field === 'title') errors.title = titleMessage(draft.title);
      if (field === 'url') errors.url = YOUTUBE_URL_TEXT;
    }
  }
  if (!errors.url && parseYoutubeId(draft.url) === null) errors.url = YOUTUBE_URL_TEXT;
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

export interface FileDraft {
  categoryId: string;
  title: string;
  file: File | null;
}
export type FileDraftErrors = Partial<Record<keyof FileDraft, string>>;
export const EMPTY_FILE_DRAFT: FileDraft = { categoryId: '', title: '', file: null };

export interface FileUpload {
  categoryId: string;
  title: string;
  file: File;
}

/** The type and size checks happen here too, so a wrong file is refused before it is sent. */
export function readFileDraft(draft: FileDraft): DraftReading<FileUpload, FileDraftErrors> {
  const errors: FileDraftErrors = {};
  const parsed = uploadVideoQuerySchema.safeParse({
    categoryId: draft.categoryId,
    title: draft.title,
    filename: draft.file?.name || 'video',
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'categoryId') errors.categoryId = CHOOSE_TOPIC_TEXT;
      if (field === 'title') errors.title = titleMessage(draft.title);
    }
  }
  if (!draft.file) errors.file = CHOOSE_FILE_TEXT;
  else if (videoTypeOfFile(draft.file) === null) errors.file = VIDEO_TYPE_MESSAGE;
  else if (draft.file.size > MAX_VIDEO_BYTES) errors.file = VIDEO_SIZE_MESSAGE;
  else if (draft.file.size === 0) errors.file = 'The file is empty.';
  if (Object.keys(errors).length > 0 || !parsed.success || !draft.file)
    return { ok: false, errors };
  return {
    ok: true,
    request: { categoryId: parsed.data.categoryId, title: parsed.data.title, file: draft.file },
  };
}
