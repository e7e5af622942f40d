import { describe, expect, it } from 'vitest';
import { retryDelayMs, RETRY_BASE_MS, RETRY_MAX_MS } from '@/server/mail/mail-delivery';
import { createSmtpTransport, redactSmtpUrl } from '@/server/mail/mail-transport';

// The SMTP transport's rules that need no server (issue #33): SMTP_URL checked at start and
// never shown with its password; the retry backoff.

describe('SMTP_URL', () => {
  it('stops the start when it is not an smtp:// or smtps:// URL, without showing the password', () => {
    expect(() => createSmtpTransport('mailer:secret@smtp.example.test')).toThrow(
      /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => createSmtpTransport('https://mailer:secret@smtp.example.test')).toThrow(
      'SMTP_URL must be an smtp:// or smtps:// URL, got "https://mailer@smtp.example.test"',
    );
  });

  it('is shown without its password', () => {
    expect(redactSmtpUrl('smtps://mailer:p%40ss@smtp.example.test:465')).toBe(
      'smtps://mailer@smtp.example.test:465',
    );
    const transport = createSmtpTransport('smtp://mailer:secret@smtp.example.test:587');
    expect(transport.describe()).toBe('smtp://mailer@smtp.example.test:587');
    transport.close();
  });
});

describe('the retry backoff', () => {
  it('doubles from RETRY_BASE_MS after each failed attempt, up to RETRY_MAX_MS', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([
      RETRY_BASE_MS,
      RETRY_BASE_MS * 2,
      RETRY_BASE_MS * 4,
    ]);
    expect(retryDelayMs(30)).toBe(RETRY_MAX_MS);
  });
});
