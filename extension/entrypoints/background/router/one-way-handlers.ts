import type { ClientMessage, RpcMessage } from '@/shared/transport/port-protocol';
import { isPanelFrame, type SenderClass } from '../sender-policy';
import type { RouterContext, RouterPort } from './router-context';

/** Socket event subscriptions one port may hold (the widgets use a handful). */
export const MAX_SUBSCRIPTIONS_PER_PORT = 64;

/**
 * How long a click-to-call press waits for its tab's panel frame to connect (issue #29:
 * a button pressed while the frame is still loading opens its dialog once it is there).
 */
export const PANEL_CALL_HOLD_MS = 5000;

/** The messages that expect no answer. */
export type OneWayMessage = Exclude<ClientMessage, RpcMessage>;
export type OneWayKind = OneWayMessage['kind'];

/** One open port as the router keeps it: who sent, and the socket events it follows. */
export interface Connection {
  port: RouterPort;
  senderClass: SenderClass;
  subscriptions: Map<string, () => void>;
}

type OneWayHandler<Kind extends OneWayKind> = (
  context: RouterContext,
  connection: Connection,
  message: Extract<OneWayMessage, { kind: Kind }>,
) => void;

/** Where a port's page is, as the live feed and the calls module place their clients. */
function placeOf({ port, senderClass }: Connection) {
  const tab = port.sender?.tab;
  return {
    kind: senderClass === 'content-script' ? ('crm' as const) : ('page' as const),
    tabId: tab?.id,
    windowId: tab?.windowId,
  };
}

/**
 * issue #29: a press on the CRM page's call button goes to the panel frame of the same
 * tab, and nowhere else; a frame presses nothing (its dialogs open in place). A press
 * before the frame is there waits for it PANEL_CALL_HOLD_MS.
 */
const panelCall: OneWayHandler<'panel:call'> = (context, { port }, message) => {
  const tabId = port.sender?.tab?.id;
  if (isPanelFrame(port.sender, context.self) || typeof tabId !== 'number') {
    context.drop();
    return;
  }
  let delivered = false;
  for (const other of context.ports) {
    if (other.sender?.tab?.id === tabId && isPanelFrame(other.sender, context.self)) {
      context.post(other, { kind: 'panel-call', request: message.request });
      delivered = true;
    }
  }
  if (delivered) context.heldCalls.delete(tabId);
  else
    context.heldCalls.set(tabId, {
      request: message.request,
      until: context.now() + PANEL_CALL_HOLD_MS,
    });
};

/** The panel's look per site family (issue #14), kept for the signed-in owner only. */
function panelView(
  context: RouterContext,
  { port }: Connection,
  message: Extract<OneWayMessage, { kind: 'panel:view-put' | 'panel:view-get' }>,
): void {
  // After a worker restart the owner is known once the session is restored.
  void context.session.ready().then(() => {
    context.followOwner();
    if (message.kind === 'panel:view-put') {
      context.panelViews.put(message.family, message.view);
      return;
    }
    const view = context.panelViews.get(message.family);
    context.post(port, { kind: 'panel-view', family: message.family, view });
  });
}

/**
 * One handler per kind of message that expects no answer. The table is exhaustive: a new
 * kind in the protocol does not compile until it has its handler.
 */
export const ONE_WAY_HANDLERS: { [Kind in OneWayKind]: OneWayHandler<Kind> } = {
  subscribe: (context, { port, subscriptions }, message) => {
    if (subscriptions.has(message.event)) return;
    if (subscriptions.size >= MAX_SUBSCRIPTIONS_PER_PORT) {
      context.drop();
      return;
    }
    subscriptions.set(
      message.event,
      context.hub.add(message.event, (payload) =>
        context.post(port, { kind: 'event', event: message.event, payload }),
      ),
    );
  },
  unsubscribe: (_context, { subscriptions }, message) => {
    subscriptions.get(message.event)?.();
    subscriptions.delete(message.event);
  },
  'live:visibility': (context, connection, message) => {
    context.live.reportVisibility(connection.port, message.visible, placeOf(connection));
    context.calls.reportVisibility(connection.port, message.visible);
  },
  'live:reload': (context) => context.live.reload(),
  'call:facts': (context, { port }, message) =>
    context.calls.reportFacts(port, message.canShowCallFlow),
  'panel:call': panelCall,
  'panel:view-put': panelView,
  'panel:view-get': panelView,
};

export function isOneWay(message: ClientMessage): message is OneWayMessage {
  return !('id' in message);
}

export function handleOneWay(
  context: RouterContext,
  connection: Connection,
  message: OneWayMessage,
): void {
  const handler = ONE_WAY_HANDLERS[message.kind] as OneWayHandler<OneWayKind>;
  handler(context, connection, message as never);
}
