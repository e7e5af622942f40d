import { z } from 'zod';

// Must match extension/lib/app-origins.ts (the app cannot import the extension).
export const EXTENSION_ID_ATTRIBUTE = 'data-intake-extension-id';
export const EXTENSION_READY_EVENT = 'intake-extension-ready';

/** What Chromium gives a page that an extension's externally_connectable lists. */
interface PageRuntime {
  sendMessage(extensionId: string, message: unknown): Promise<unknown>;
}

/** The extension's id, as its bridge content script wrote it on <html>; null without it. */
export function installedExtensionId(doc: Document = document): string | null {
  const id = doc.documentElement.getAttribute(EXTENSION_ID_ATTRIBUTE);
  return id && /^[a-p]{32}$/.test(id) ? id : null;
}

function pageRuntime(): PageRuntime | null {
  const runtime = (globalThis as { chrome?: { runtime?: Partial<PageRuntime> } }).chrome?.runtime;
  return typeof runtime?.sendMessage === 'function' ? (runtime as PageRuntime) : null;
}

/** Whether the extension with this id answers us (installed, enabled, allows this origin). */
export async function pingExtension(extensionId: string): Promise<boolean> {
  const runtime = pageRuntime();
  if (!runtime) return false;
  try {
    const answer = (await runtime.sendMessage(extensionId, { kind: 'ping' })) as
      { installed?: boolean } | undefined;
    return answer?.installed === true;
  } catch {
    return false;
  }
}

const handoffAnswerSchema = z.object({
  ok: z.boolean(),
  signedIn: z.boolean(),
  name: z.string().nullable(),
});
export type HandoffAnswer = z.infer<typeof handoffAnswerSchema>;

/** Gives the extension a refresh token of its own session (see openSecondSession). */
export async function handOffToExtension(
  extensionId: string,
  username: string,
  refreshToken: string,
): Promise<HandoffAnswer> {
  const runtime = pageRuntime();
  if (!runtime) throw new Error('The Intake Cockpit extension is not reachable from this page.');
  const answer = handoffAnswerSchema.safeParse(
    await runtime.sendMessage(extensionId, { kind: 'auth:handoff', username, refreshToken }),
  );
  if (!answer.success)
    throw new Error('The extension gave an answer this app does not understand.');
  return answer.data;
}
