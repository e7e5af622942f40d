import { describe, expect, it } from 'vitest';
import { editionRank, isEditionKey, meetsEdition } from '@/shared/domain/editions';

// spec: dashboards 3 Edition (key, accessLevel); session 6 / dashboards 6 edition guard.
describe('edition ranks', () => {
  it('ranks starter 1 < professional 2 < enterprise 3 by accessLevel', () => {
    expect(editionRank('starter')).toBe(1);
    expect(editionRank('professional')).toBe(2);
    expect(editionRank('enterprise')).toBe(3);
  });

  it('ranks a missing edition below every edition', () => {
    expect(editionRank(null)).toBe(0);
    expect(editionRank(undefined)).toBe(0);
  });
});

describe('meetsEdition (spec: session 6 "must rank at or above the required edition")', () => {
  it('accepts the same edition', () => {
    expect(meetsEdition('professional', 'professional')).toBe(true);
  });

  it('accepts a higher edition', () => {
    expect(meetsEdition('enterprise', 'professional')).toBe(true);
    expect(meetsEdition('professional', 'starter')).toBe(true);
  });

  it('refuses a lower edition', () => {
    expect(meetsEdition('starter', 'professional')).toBe(false);
    expect(meetsEdition('professional', 'enterprise')).toBe(false);
  });

  it('refuses a missing edition even for starter routes', () => {
    expect(meetsEdition(null, 'starter')).toBe(false);
  });
});

describe('isEditionKey', () => {
  it('recognises only the three edition keys', () => {
    expect(isEditionKey('starter')).toBe(true);
    expect(isEditionKey('gold')).toBe(false);
    expect(isEditionKey('toString')).toBe(false);
    expect(isEditionKey(null)).toBe(false);
  });
});
