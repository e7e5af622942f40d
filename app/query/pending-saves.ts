/**
 * Writes a screen holds back for a moment (an autosave's debounce, a retry after a failed
 * save) that must still go before the session ends: the logout button sends them first,
 * while the session can still save them. A screen registers its "save now" while it is
 * open; the logout waits for them, at most `PENDING_SAVES_TIMEOUT_MS`, so a server that does
 * not answer never keeps anyone signed in.
 */

type SaveNow = () => Promise<unknown>;

/** The longest the logout waits for the screens' held-back saves. */
export const PENDING_SAVES_TIMEOUT_MS = 5000;

const holders = new Set<SaveNow>();

/** Registers a screen's "save now"; the returned function unregisters it. */
export function holdUntilSaved(saveNow: SaveNow): () => void {
  holders.add(saveNow);
  return () => void holders.delete(saveNow);
}

/** Sends every held-back save and waits for them (failures included), at most `timeoutMs`. */
export async function savePendingWork(timeoutMs = PENDING_SAVES_TIMEOUT_MS): Promise<void> {
  if (holders.size === 0) return;
  const all = Promise.allSettled([...holders].map((saveNow) => saveNow()));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  try {
    await Promise.race([all, late]);
  } finally {
    clearTimeout(timer);
  }
}
