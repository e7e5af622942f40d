import { describe, expect, it } from 'vitest';
import { safeImageSrc } from '@/app/features/errors/safe-image-src';
import { UPGRADE_ILLUSTRATION } from '@/shared/domain/route-access';

describe('safeImageSrc (the not-allowed page imgSrc parameter, spec: session 2)', () => {
  it('accepts same-origin paths', () => {
    expect(safeImageSrc('/illustrations/upgrade.svg')).toBe('/illustrations/upgrade.svg');
  });

  it('falls back to the default illustration for anything else', () => {
    for (const src of [
      null,
      '',
      'https://evil.test/x.png',
      '//evil.test/x.png',
      'javascript:alert(1)',
      '/a/../../b',
    ]) {
      expect(safeImageSrc(src)).toBe(UPGRADE_ILLUSTRATION);
    }
  });
});
