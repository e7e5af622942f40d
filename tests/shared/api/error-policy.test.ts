import { describe, expect, it } from 'vitest';
import { describeHttpError } from '@/shared/api/error-policy';
import { en } from '@/shared/i18n/en';
import { TransportError } from '@/shared/transport/transport';

// spec: session 8 — "Any HTTP failure with a status other than 500": body message, else
// the error text, else GENERIC_HTTP_ERROR; "HTTP status 500": no notification.
describe('the HTTP error notification policy', () => {
  it('prefers the response body message', () => {
    expect(describeHttpError(new TransportError('Bad Request', 400, 'startDate: required'))).toBe(
      'startDate: required',
    );
  });

  it('falls back to the error text when the body has no message', () => {
    expect(describeHttpError(new TransportError('Forbidden', 403))).toBe('Forbidden');
  });

  it('falls back to GENERIC_HTTP_ERROR when there is no text at all', () => {
    expect(describeHttpError(new TransportError('', 404))).toBe(en.GENERIC_HTTP_ERROR);
  });

  it('raises no notification for a 500', () => {
    expect(describeHttpError(new TransportError('Internal Server Error', 500, 'boom'))).toBeNull();
  });

  it('treats a timeout as a failure that is shown', () => {
    expect(describeHttpError(new TransportError(en.REQUEST_TIMEOUT, 408))).toBe(en.REQUEST_TIMEOUT);
  });

  it('stays quiet when the failure already signed the user out', () => {
    expect(
      describeHttpError(new TransportError('Unauthorized', 401, 'token_expired', true)),
    ).toBeNull();
  });
});
