import {
  type AddressVerifyResponse,
  addressVerifyResponseSchema,
} from '@/shared/contracts/address-check';
import type { AddressValue } from '@/shared/contracts/call-flow';
import {
  addressCheckRequest,
  type AddressCheckOutcome,
  buildAddressRequestXml,
  interpretAddressReply,
  parseAddressReplyXml,
} from '@/shared/domain/address-check';
import type { ApiClient } from './client';

/** The stand-in verifier of the reference server (server/routes/address-verification.ts). */
export const ADDRESS_VERIFY_PATH = 'addresses/verify';

/**
 * The user id the request carries (dashboards 7: "user id"). The reference server's
 * stand-in accepts any non-empty one; a deployment that forwards to the real postal
 * service puts its own account id in on the server, never in the browser.
 */
export const ADDRESS_CHECK_USER_ID = 'INTAKE-COCKPIT';

/** Postal checks answer in seconds; an agent with a caller on the line will not wait 60. */
export const ADDRESS_CHECK_TIMEOUT_MS = 15_000;

/**
 * Checks one typed address (dashboards 7 "Address check"): builds the XML request, sends
 * it through the host's Transport, reads the XML reply. Silent (no toast): the address
 * field says itself what happened. Rejects when the verifier cannot be reached or answers
 * something unreadable — the field then keeps the address as typed, not verified.
 */
export async function checkAddress(
  api: ApiClient,
  address: AddressValue,
  options: { userId?: string; signal?: AbortSignal } = {},
): Promise<AddressCheckOutcome> {
  const xml = buildAddressRequestXml(
    addressCheckRequest(options.userId ?? ADDRESS_CHECK_USER_ID, address),
  );
  const response: AddressVerifyResponse = await api.call(
    addressVerifyResponseSchema,
    {
      method: 'POST',
      path: ADDRESS_VERIFY_PATH,
      body: { xml },
      timeoutMs: ADDRESS_CHECK_TIMEOUT_MS,
      // The field cancels a check the agent made stale by editing the address.
      signal: options.signal,
    },
    { silent: true },
  );
  return interpretAddressReply(address, parseAddressReplyXml(response.xml));
}
