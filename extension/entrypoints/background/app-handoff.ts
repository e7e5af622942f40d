import { acceptExternalMessage, type SenderLike } from './sender-policy';
import type { BackgroundSession } from './session';

/**
 * "Use this sign-in in your CRM tabs": the standalone app, at exactly the configured
 * server origin (and allowed by externally_connectable in the manifest), hands over a
 * refresh token; the background rotates it into a session of its own. Nothing else is
 * accepted from outside, and nothing secret is ever answered.
 */
export function createAppHandoff(options: { session: BackgroundSession; appOrigin: () => string }) {
  return async function onMessageExternal(raw: unknown, sender: SenderLike): Promise<unknown> {
    const message = acceptExternalMessage(sender, options.appOrigin(), raw);
    if (!message) return undefined;
    if (message.kind === 'ping') return { installed: true };
    await options.session.ready();
    const ok = await options.session.adoptRefreshToken(message.username, message.refreshToken);
    const state = options.session.publicState();
    return { ok, signedIn: state.status === 'signed-in', name: state.user?.name ?? null };
  };
}
