// What a workspace's CRM connection (crm-connections.ts) needs of a vendor's OAuth 2.0
// (issue #33: Zoho CRM, Keap): where the owner approves the connection, the callback's code
// exchanged for tokens, a refresh, and a revoke. Each vendor's module adapts its own
// client to this (zoho/zoho-oauth.ts zohoOAuthProvider, keap/keap-oauth.ts keapOAuthProvider);
// the connection's life-cycle (sealed tokens, "reconnect", disconnect) is written once.

/** The CRMs a workspace can connect (the simulator needs no connection). */
export const CRM_VENDORS = ['zoho', 'keap'] as const;
export type CrmVendor = (typeof CRM_VENDORS)[number];

/** How people and messages name each vendor. */
export const CRM_VENDOR_LABELS: Readonly<Record<CrmVendor, string>> = {
  zoho: 'Zoho CRM',
  keap: 'Keap',
};

export const isCrmVendor = (value: string): value is CrmVendor =>
  (CRM_VENDORS as readonly string[]).includes(value);

/** A stored vendor name as people call it ("The CRM" when the row names none we know). */
export const crmVendorLabel = (vendor: string | null | undefined): string =>
  vendor && isCrmVendor(vendor) ? CRM_VENDOR_LABELS[vendor] : 'The CRM';

/** The vendor's OAuth server refused a request, with its error code (invalid_grant, …). */
export class CrmOAuthError extends Error {
  override name = 'CrmOAuthError';
  constructor(
    /** Who refused, as people call it: "Zoho", "Keap". */
    readonly who: string,
    readonly code: string,
    /** True when the grant itself is gone (revoked, expired): only reconnecting helps. */
    readonly grantGone: boolean,
  ) {
    super(`${who} refused: ${code}`);
  }
}

/** The vendor's OAuth server could not be reached, or answered out of its documented shape. */
export class CrmOAuthUnavailable extends Error {
  override name = 'CrmOAuthUnavailable';
}

/** A callback that cannot be used (not from the vendor's servers): the page says why. */
export class CrmCallbackRefused extends Error {
  override name = 'CrmCallbackRefused';
}

export interface CrmTokens {
  accessToken: string;
  /** null when the answer kept the refresh token as it was (Zoho's refresh). */
  refreshToken: string | null;
  /** Where the CRM API of this grant is (Zoho's data centre); null: the vendor's only one. */
  apiDomain: string | null;
  expiresAt: Date;
}

/** What the vendor's callback brings besides the state (Zoho adds its data centre). */
export interface CrmCallbackQuery {
  code: string;
  location?: string;
  accountsServer?: string;
}

/** The callback's code exchanged: the tokens and where the grant lives. */
export interface CrmGrant {
  tokens: CrmTokens;
  /** The OAuth server that holds the grant (refreshes and revokes go there). */
  accountsServer: string;
  /** The vendor's data centre, when it has several (Zoho's location). */
  location: string | null;
  /** The vendor's account the grant is for, when its answer names it (Keap's app, "ab123"). */
  account?: string | null;
}

/** A stored grant, as the vendor's refresh and revoke need it. */
export interface StoredGrant {
  accountsServer: string;
  refreshToken: string;
}

export interface CrmOAuthProvider {
  readonly vendor: CrmVendor;
  /** Where the person approves the connection, carrying the signed state. */
  authorizeUrl(state: string): string;
  /** Throws CrmCallbackRefused, CrmOAuthError or CrmOAuthUnavailable. */
  exchange(callback: CrmCallbackQuery): Promise<CrmGrant>;
  /**
   * New tokens. A vendor that rotates refresh tokens (Keap) answers a new one each time:
   * the old one stops working, so the new one must be kept before it is used.
   */
  refresh(grant: StoredGrant): Promise<CrmTokens>;
  /** Ends the grant at the vendor (best effort; a vendor without a revoke does nothing). */
  revoke(grant: StoredGrant): Promise<void>;
}
