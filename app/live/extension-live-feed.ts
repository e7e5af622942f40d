import type { LiveFeed } from '@/shared/live/live-feed';

/**
 * The extension background's live feed, for the standalone app (issue #12: one socket
 * and one read state per browser). Answers null when the extension is absent, does not
 * answer in time, or is signed in as someone else: the app then opens its own socket.
 *
 * Seam: filled in by the extension side of issue #12 (externally_connectable port).
 */
export async function connectExtensionLiveFeed(_options: {
  /** The extension's id, from the app bridge (app/features/extension-handoff). */
  extensionId: string;
  /** The app's signed-in user and workspace: the extension must have the same. */
  userId: string;
  workspaceId: string;
}): Promise<LiveFeed | null> {
  return null;
}
