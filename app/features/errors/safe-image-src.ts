import { UPGRADE_ILLUSTRATION } from '@/shared/domain/route-access';

/**
 * The not-allowed page takes its illustration from the imgSrc query parameter (spec:
 * session 2). Only same-origin paths are shown, so a crafted link cannot make the page
 * load (and report to) another site; anything else falls back to the default.
 */
export function safeImageSrc(src: string | null | undefined): string {
  if (src && /^\/(?!\/)[\w\-./]*$/.test(src) && !src.includes('..')) return src;
  return UPGRADE_ILLUSTRATION;
}
