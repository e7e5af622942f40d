import { create } from 'zustand';
import { fetchPublicConfig } from '@/shared/api/public-config';
import type { ApiClient } from '@/shared/api/client';
import type { SupportContact } from '@/shared/contracts/public-config';
import { DEFAULT_SUPPORT_CONTACT } from '@/shared/domain/support-contact';

export interface SupportContactState {
  /** The server's contact; the default until it has answered (and if it never does). */
  contact: SupportContact;
  /** The server's answer arrived: a later load asks nothing. */
  loaded: boolean;
}

/**
 * The support contact every "contact support" link reads (issue #30), loaded once per page
 * from GET public-config: one request for every error view, not one each. Screens read it
 * without a request of their own, so an error view shown while the server is away still
 * has a link (the last contact learnt, else the default).
 */
export const useSupportContactStore = create<SupportContactState>()(() => ({
  contact: DEFAULT_SUPPORT_CONTACT,
  loaded: false,
}));

let pending: Promise<void> | null = null;

/**
 * Asks the server for its contact unless it already answered or is being asked. Never
 * throws: a failure (offline, a host whose transport may not ask, such as a widget in a
 * CRM tab) leaves the contact as it was, and the next call asks again.
 */
export function loadSupportContact(
  api: ApiClient,
  options: { anonymous?: boolean } = {},
): Promise<void> {
  if (useSupportContactStore.getState().loaded) return Promise.resolve();
  // Started from a resolved promise: a client that throws at once fails like one that rejects.
  pending ??= Promise.resolve()
    .then(() => fetchPublicConfig(api, options))
    .then((config) => useSupportContactStore.setState({ contact: config.support, loaded: true }))
    .catch(() => undefined)
    .finally(() => {
      pending = null;
    });
  return pending;
}
