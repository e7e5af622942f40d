import { SignInError } from '@/shared/session/session-service';
import type { KeyValueStorage } from '@/shared/storage/storage';
import {
  hostSessionSchema,
  PORT_NAME,
  type BackgroundMessage,
  type ClientMessage,
  type NoticeMessage,
  type RpcMessage,
} from '@/shared/transport/port-protocol';
import { TransportError, type TransportErrorData } from '@/shared/transport/transport';
import {
  acceptClientMessage,
  classifySender,
  type SelfIdentity,
  type SenderLike,
} from './sender-policy';
import type { BackgroundSession } from './session';
import type { SocketHub } from './socket';

/** The part of runtime.Port the router uses. */
export interface RouterPort {
  name: string;
  sender?: SenderLike;
  postMessage(message: BackgroundMessage): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

export interface PortRouter {
  /** runtime.onConnect */
  onConnect(port: RouterPort): void;
  broadcastNotice(notice: Omit<NoticeMessage, 'kind'>): void;
  /** Open ports by class (tests, diagnostics). */
  openPorts(): number;
  /** Messages dropped since start: bad sender, bad shape, not allowed (tests, diagnostics). */
  droppedMessages(): number;
}

/** A sign-in failure as answer data: the popup turns it back into a SignInError. */
function signInFailure(error: unknown): TransportErrorData {
  if (error instanceof SignInError) {
    return { message: error.message, status: 401, serverMessage: error.code, authFailed: false };
  }
  return TransportError.from(error).toJSON();
}

/**
 * Serves content scripts and extension pages over runtime ports: one port per tab or
 * page, every message checked by the sender policy and the schema table first.
 */
export function createPortRouter(options: {
  self: SelfIdentity;
  session: BackgroundSession;
  hub: SocketHub;
  /** Widget persistence: storage.local under a prefix. */
  widgetStorage: KeyValueStorage;
}): PortRouter {
  const { self, session, hub, widgetStorage } = options;
  const ports = new Set<RouterPort>();
  let dropped = 0;

  function safePost(port: RouterPort, message: BackgroundMessage): void {
    try {
      port.postMessage(message);
    } catch {
      ports.delete(port);
    }
  }

  const pushState = (port: RouterPort) =>
    safePost(port, { kind: 'session-state', state: session.publicState() });

  session.onChange(() => {
    for (const port of ports) pushState(port);
  });

  async function answer(port: RouterPort, message: RpcMessage): Promise<void> {
    try {
      const data = await handleRpc(message);
      safePost(port, { kind: 'answer', id: message.id, ok: true, data: data ?? null });
    } catch (error) {
      const data =
        message.kind === 'auth:sign-in'
          ? signInFailure(error)
          : TransportError.from(error).toJSON();
      safePost(port, { kind: 'answer', id: message.id, ok: false, error: data });
    }
  }

  async function handleRpc(message: RpcMessage): Promise<unknown> {
    await session.ready();
    switch (message.kind) {
      case 'request':
        return session.transport().request(message.request);
      case 'session:get':
        return session.publicState();
      case 'host-session:get':
        return hostSessionSchema.parse(session.hostSession());
      case 'storage:get':
        return widgetStorage.get(message.key);
      case 'storage:set':
        return widgetStorage.set(message.key, message.value);
      case 'storage:remove':
        return widgetStorage.remove(message.key);
      case 'storage:clear':
        return widgetStorage.clear();
      case 'auth:sign-in':
        await session.signIn(message.username, message.password);
        return session.publicState();
      case 'auth:sign-out':
        await session.signOut();
        return session.publicState();
    }
  }

  return {
    onConnect(port) {
      const senderClass = port.name === PORT_NAME ? classifySender(port.sender, self) : null;
      if (!senderClass) {
        dropped++;
        port.disconnect();
        return;
      }
      ports.add(port);
      const subscriptions = new Map<string, () => void>();
      port.onDisconnect.addListener(() => {
        ports.delete(port);
        for (const unsubscribe of subscriptions.values()) unsubscribe();
        subscriptions.clear();
      });
      port.onMessage.addListener((raw) => {
        const message: ClientMessage | null = acceptClientMessage(senderClass, raw);
        if (!message) {
          dropped++;
          return;
        }
        if (message.kind === 'subscribe') {
          if (subscriptions.has(message.event)) return;
          subscriptions.set(
            message.event,
            hub.add(message.event, (payload) =>
              safePost(port, { kind: 'event', event: message.event, payload }),
            ),
          );
          return;
        }
        if (message.kind === 'unsubscribe') {
          subscriptions.get(message.event)?.();
          subscriptions.delete(message.event);
          return;
        }
        void answer(port, message);
      });
      // Every new port gets the state at once (after a worker restart: once restored).
      void session.ready().then(() => {
        if (ports.has(port)) pushState(port);
      });
    },
    broadcastNotice(notice) {
      for (const port of ports) safePost(port, { kind: 'notice', ...notice });
    },
    openPorts: () => ports.size,
    droppedMessages: () => dropped,
  };
}
