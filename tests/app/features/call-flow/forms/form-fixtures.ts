import { type Dynaform, dynaformSchema } from '@/shared/contracts/call-flow';
import type { DraftStorage } from '@/shared/call-flow/drafts';

/** A form definition as the server sends it, with zod's defaults filled in. */
export function makeForm(input: unknown): Dynaform {
  return dynaformSchema.parse(input);
}

/** A draft storage kept in memory, with the keys it holds visible to the test. */
export function memoryDraftStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => {
      data.set(key, value);
    },
    remove: (key) => {
      data.delete(key);
    },
  };
}
