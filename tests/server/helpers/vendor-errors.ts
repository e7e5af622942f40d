import { VendorError } from '@/server/connectors/vendor-http';

// What the vendor-client tests (CTM, Zoho CRM, Keap) read of a failed request.

/** The VendorError `promise` fails with; any other outcome fails the test. */
export async function caught(promise: Promise<unknown>): Promise<VendorError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof VendorError) return error;
    throw error;
  }
  throw new Error('expected a VendorError');
}

/** Everything an error could show a person or a log, as one text (no secret may be in it). */
export const allOf = (error: VendorError) =>
  JSON.stringify({ ...error, message: error.message, stack: error.stack });
