import type { EditionKey } from '@/shared/contracts/roles';

/**
 * Edition ranks by accessLevel (spec: dashboards 3 Edition; session 6 / dashboards 6 edition
 * guard): starter 1 < professional 2 < enterprise 3.
 */
const EDITION_ACCESS_LEVEL: Readonly<Record<EditionKey, number>> = {
  starter: 1,
  professional: 2,
  enterprise: 3,
};

/** An unknown or missing edition ranks below every edition. */
export function editionRank(edition: EditionKey | null | undefined): number {
  return edition ? EDITION_ACCESS_LEVEL[edition] : 0;
}

/** spec: session 6 — the token's edition must rank at or above the route's required edition. */
export function meetsEdition(
  userEdition: EditionKey | null | undefined,
  required: EditionKey,
): boolean {
  return editionRank(userEdition) >= EDITION_ACCESS_LEVEL[required];
}

const EDITION_LABELS: Readonly<Record<EditionKey, string>> = {
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
};

export function editionLabel(edition: EditionKey): string {
  return EDITION_LABELS[edition];
}

export function isEditionKey(value: unknown): value is EditionKey {
  return typeof value === 'string' && Object.hasOwn(EDITION_ACCESS_LEVEL, value);
}
