import type { Variables } from '../contracts/call-flow';
import { emptyVariables, setOwnVar } from './variables';

// Issue 11 Forms: what the agent types is kept as a draft per execution and step, so a
// reload, a crash or a closed tab brings it back; cleared only when the step is submitted
// or the call hung up. The storage is injected (localStorage, extension storage, a Map);
// issue #28: the hosts' storage also keeps a copy on the server (synced-draft-storage.ts),
// so a sign-out or another computer brings it back too.

export interface DraftStorage {
  get(key: string): Promise<string | null> | string | null;
  set(key: string, value: string): Promise<void> | void;
  remove(key: string): Promise<void> | void;
  /** Sends what waits to be written elsewhere (the server's copy) now; optional. */
  flush?(): Promise<void>;
}

/** A draft larger than this is not kept (a runaway grid must not fill the storage). */
export const MAX_DRAFT_BYTES = 256 * 1024;
const PREFIX = 'call-flow-draft';

export function draftKey(executionId: string, stepId: string): string {
  return `${PREFIX}:${encodeURIComponent(executionId)}:${encodeURIComponent(stepId)}`;
}

/** The execution and step a draftKey names; null for any other key. */
export function parseDraftKey(key: string): { executionId: string; stepId: string } | null {
  const parts = key.split(':');
  if (parts.length !== 3 || parts[0] !== PREFIX || !parts[1] || !parts[2]) return null;
  try {
    return { executionId: decodeURIComponent(parts[1]), stepId: decodeURIComponent(parts[2]) };
  } catch {
    return null;
  }
}

/** Saves a draft; answers false when it is too large to keep. */
export async function saveDraft(
  storage: DraftStorage,
  executionId: string,
  stepId: string,
  values: Variables,
): Promise<boolean> {
  const text = JSON.stringify(values);
  if (text.length > MAX_DRAFT_BYTES) return false;
  await storage.set(draftKey(executionId, stepId), text);
  return true;
}

/** The saved draft, or null when there is none or what is stored is not a draft. */
export async function loadDraft(
  storage: DraftStorage,
  executionId: string,
  stepId: string,
): Promise<Variables | null> {
  const text = await storage.get(draftKey(executionId, stepId));
  if (typeof text !== 'string' || text.length > MAX_DRAFT_BYTES) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  // Copied into a bag without a prototype: a stored "__proto__" key stays a plain key.
  const values = emptyVariables();
  for (const name of Object.keys(parsed)) {
    setOwnVar(values, name, (parsed as Variables)[name]);
  }
  return values;
}

export async function clearDraft(
  storage: DraftStorage,
  executionId: string,
  stepId: string,
): Promise<void> {
  await storage.remove(draftKey(executionId, stepId));
}

/** Clears the drafts of every step of an execution (hang-up). */
export async function clearExecutionDrafts(
  storage: DraftStorage,
  executionId: string,
  stepIds: readonly string[],
): Promise<void> {
  for (const stepId of stepIds) await clearDraft(storage, executionId, stepId);
}
