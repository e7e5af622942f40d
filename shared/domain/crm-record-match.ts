import { findByPhone, phoneMatchKey } from './phone-dialing';

// Finding the caller's CRM record (issue #13 Incoming calls: "The caller's CRM record is
// found by phone when possible (tolerant matching: digits only, last 10 digits; several
// matches → the agent picks) and the panel offers to open it"). The matching itself is
// shared/domain/phone-dialing.ts's; this says what the panel offers for its result.

/** What a new record would be created with when nothing matches. */
export interface NewRecordDraft {
  name: string;
  phone: string;
}

export type CrmRecordMatch<T> =
  /** One record has the caller's phone: the panel offers to open it. */
  | { kind: 'one'; record: T }
  /** Several do: all of them, in the order given, for the agent to pick. */
  | { kind: 'several'; records: T[] }
  /**
   * None does (or the call has no phone to search by, `searched` false): the panel offers
   * to create one, filled in with the caller's name and phone.
   */
  | { kind: 'none'; searched: boolean; create: NewRecordDraft };

/**
 * The caller's records among `records`, by any of the phones `phonesOf` reads from a
 * record. The same record listed twice (two pages of a CRM search) is answered once.
 */
export function matchCrmRecords<T>(
  records: readonly T[],
  caller: { leadName: string; phone: string },
  phonesOf: (record: T) => readonly (string | null | undefined)[],
): CrmRecordMatch<T> {
  const create = { name: caller.leadName.trim(), phone: caller.phone.trim() };
  if (phoneMatchKey(caller.phone) === null) return { kind: 'none', searched: false, create };
  const matches = [...new Set(findByPhone(records, caller.phone, phonesOf))];
  if (matches.length === 0) return { kind: 'none', searched: true, create };
  if (matches.length === 1) return { kind: 'one', record: matches[0] };
  return { kind: 'several', records: matches };
}
