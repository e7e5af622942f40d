import { hostSessionSchema } from '@/shared/session/host-session';
import type { RpcKind, RpcMessage } from '@/shared/transport/port-protocol';
import { TransportError } from '@/shared/transport/transport';
import type { CallRpcMessage } from '../calls';
import { isCacheable } from '../report-cache';
import { isRequestAllowed, refusalMessage } from '../request-policy';
import type { SenderClass } from '../sender-policy';
import type { RouterContext, RouterPort } from './router-context';

/** A cached answer given while a fresh one is fetched: the answer says since when. */
export class StaleAnswer {
  constructor(
    readonly data: unknown,
    readonly staleSince: number,
  ) {}
}

/** Who asked: the port, its sender's class, and the router's shared parts. */
export interface RpcCall<Message extends RpcMessage> {
  context: RouterContext;
  port: RouterPort;
  senderClass: SenderClass;
  message: Message;
}

type RpcHandler<Kind extends RpcKind> = (
  call: RpcCall<Extract<RpcMessage, { kind: Kind }>>,
) => unknown;

/**
 * An API call through the background's DirectTransport, for a sender allowed it (the
 * request policy); a CRM tab's report reads answered from the cache at once and fetched
 * again behind (issue #14).
 */
async function apiRequest({
  context,
  senderClass,
  message,
}: RpcCall<Extract<RpcMessage, { kind: 'request' }>>): Promise<unknown> {
  const { session, reportCache, panelViews } = context;
  const workspaceId = session.publicState().workspace?.id ?? null;
  if (!isRequestAllowed(senderClass, message.request, workspaceId)) {
    context.drop();
    throw new TransportError(refusalMessage(senderClass), 403);
  }
  // A 401 on one widget's call ends that call, not the browser's session (issue #9):
  // set here, never taken from the message (the schema refuses the field).
  const fetch = () =>
    session
      .transport()
      .request(
        senderClass === 'content-script'
          ? { ...message.request, keepSessionOnAuthFailure: true }
          : message.request,
      );
  // A write from anywhere may change what any read answers: the cache starts over.
  const cacheable = isCacheable(message.request);
  if (!cacheable && message.request.method !== 'GET') {
    reportCache.forget();
    panelViews.forget();
  }
  if (!cacheable) return fetch();
  if (senderClass !== 'content-script') return fetch();
  context.followOwner();
  if (message.revalidate) return reportCache.revalidate(message.request, fetch);
  const cached = await reportCache.answer(message.request, fetch);
  return cached.staleSince === null ? cached.data : new StaleAnswer(cached.data, cached.staleSince);
}

/** The active call's messages all go to the calls module (issue #13). */
function toCalls({ context, port, message }: RpcCall<CallRpcMessage>): Promise<unknown> {
  return context.calls.handle(port, message);
}

/**
 * One handler per kind of message that expects an answer, each given the message of its
 * own kind: what it returns (or throws) is the answer. The table is exhaustive: a new kind
 * in the protocol does not compile until it has its handler.
 */
export const RPC_HANDLERS: { [Kind in RpcKind]: RpcHandler<Kind> } = {
  request: apiRequest,
  'session:get': ({ context }) => context.session.publicState(),
  'host-session:get': ({ context }) => hostSessionSchema.parse(context.session.hostSession()),
  'storage:get': ({ context, message }) => context.widgetStorage.get(message.key),
  'storage:set': ({ context, message }) => context.widgetStorage.set(message.key, message.value),
  'storage:remove': ({ context, message }) => context.widgetStorage.remove(message.key),
  'storage:clear': ({ context }) => context.widgetStorage.clear(),
  'auth:sign-in': async ({ context, message }) => {
    await context.session.signIn(message.username, message.password);
    return context.session.publicState();
  },
  'auth:sign-out': async ({ context }) => {
    await context.session.signOut();
    return context.session.publicState();
  },
  'live:get': ({ context }) => context.live.snapshot(),
  'live:mark-read': async ({ context, message }) => {
    // The panel's look shows the unread count: it would paint the old one.
    context.panelViews.forget();
    await context.live.markRead(message.ids);
    return null;
  },
  'live:mark-all-read': async ({ context }) => {
    context.panelViews.forget();
    await context.live.markAllRead();
    return null;
  },
  'call:get': toCalls,
  'call:claim': toCalls,
  'call:outbound': toCalls,
  'call:hang-up': toCalls,
  'call:reset': toCalls,
  'call:take-waiting': toCalls,
  'call:leave-waiting': toCalls,
  'call:wizard-moved': toCalls,
  'call:flow-get': toCalls,
  'call:flow-set': toCalls,
  'call:flow-remove': toCalls,
};

/** Runs a message's handler once the session is restored (a woken worker reads it first). */
export async function handleRpc(call: RpcCall<RpcMessage>): Promise<unknown> {
  await call.context.session.ready();
  const handler = RPC_HANDLERS[call.message.kind] as RpcHandler<RpcKind>;
  return handler(call as RpcCall<never>);
}
