import { createContext } from 'react';
import { checkAddress } from '@/shared/api/address-check';
import type { ApiClient } from '@/shared/api/client';
import type { AddressValue } from '@/shared/contracts/call-flow';
import type { AddressCheckOutcome } from '@/shared/domain/address-check';

/**
 * Checks one address with the postal service (dashboards 7 "Address check"). A rejected
 * promise means the verifier could not be reached or answered something unreadable: the
 * form then lets the agent keep the address as typed, marked not verified.
 */
export type VerifyAddress = (
  address: AddressValue,
  signal?: AbortSignal,
) => Promise<AddressCheckOutcome>;

/**
 * The host's verifier for every address field below it (the app passes one through the
 * Transport, shared/api/address-check.ts; a CRM tab its own). StepForm's `verifyAddress`
 * prop wins over it.
 */
export const AddressVerifierContext = createContext<VerifyAddress | null>(null);

/**
 * The verifier of a host that talks to our API (the app, widgets, the extension's
 * Transport): the stand-in or a deployment's proxy to the postal service.
 * `<StepForm verifyAddress={createAddressVerifier(host.api)} … />`
 */
export function createAddressVerifier(api: ApiClient): VerifyAddress {
  return (address, signal) => checkAddress(api, address, { signal });
}
