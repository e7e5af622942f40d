import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed media address works: long enough to watch and seek a training video. */
export const MEDIA_LINK_TTL_SECONDS = 2 * 60 * 60;

/**
 * Signed addresses for uploaded training videos (issue #16). A <video> element cannot send
 * the Bearer header, and the access token never goes into a URL (README: tokens never
 * leak into URLs or logs), so the list answers each file with an address that names one
 * video and an expiry, signed with HMAC-SHA256 under a key derived from the server's
 * secret. It opens that one file until it expires, and nothing else.
 */
export function createMediaLinks(secret: Uint8Array, now: () => Date) {
  const key = createHmac('sha256', Buffer.from(secret)).update('coaching-media-v1').digest();
  const sign = (videoId: string, expires: number) =>
    createHmac('sha256', key).update(`${videoId}.${expires}`).digest('base64url');

  return {
    /** Root-relative: the app is served from the API's origin (/api). */
    urlFor(videoId: string): string {
      const expires = Math.floor(now().getTime() / 1000) + MEDIA_LINK_TTL_SECONDS;
      const signature = sign(videoId, expires);
      return `/api/coaching-media/${encodeURIComponent(videoId)}?expires=${expires}&signature=${signature}`;
    },
    verify(videoId: string, expires: number, signature: string): boolean {
      if (!Number.isSafeInteger(expires) || expires * 1000 < now().getTime()) return false;
      const expected = Buffer.from(sign(videoId, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type MediaLinks = ReturnType<typeof createMediaLinks>;

/**
 * One byte range of a Range header (`bytes=0-`, `bytes=100-199`, `bytes=-500`), clamped
 * to the file; null when there is no usable single range (answer the whole file), and
 * 'unsatisfiable' for a range past the end (416).
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
