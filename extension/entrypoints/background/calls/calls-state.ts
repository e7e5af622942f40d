import { waitingCallSchema, type WaitingCall } from '@/shared/contracts/active-call';
import { MAX_LEFT_CALLS } from '@/shared/domain/call-line';
import type { PublicSessionState } from '@/shared/transport/port-protocol';

// What the background keeps about the call besides the call itself and the wizard's values
// (extension/entrypoints/background/calls/), under CALL_STATE_KEY in storage.session: the
// offer and claim, the flow bookkeeping, the shown notification, the waiting call. Read
// back defensively: a stored value of another shape (an older build, a hand edit) reads as
// empty, never as a crash.

export type Scope = { userId: string; workspaceId: string };

/** A shown incoming-call notification and what its click does (survives a worker restart). */
export interface CallNotification {
  id: string;
  callId: string;
  onClick: { kind: 'focus-crm-tab'; tabId: number; windowId?: number } | { kind: 'open-crm-tab' };
}

/** Everything but the call and the flow values, under CALL_STATE_KEY. */
export interface StoredState {
  /** Whose state it is ("userId|workspaceId"): another user's is wiped, never shown. */
  scope: string;
  /** The tab (CallClient.placeKey) the live, unclaimed call is offered to. */
  offer: string | null;
  /** The tab (placeKey) that took the call's wizard. */
  claimedBy: string | null;
  flowRevision: number;
  /** The port (CallClient.key) that wrote the last flow change. */
  flowWriter: string | null;
  /** Every flow key held, with its value's length (the bounds below). */
  flowSizes: Record<string, number>;
  notification: CallNotification | null;
  /** A second call ringing while the held one is live (issue #28), shown as waiting. */
  waiting: WaitingCall | null;
  /** Calls the agent left to ring out: not offered again while they ring. */
  left: string[];
}

/** A record without a prototype: a key such as "__proto__" is just a key. */
export const noPrototype = () => Object.create(null) as Record<string, number>;

export function emptyState(): StoredState {
  return {
    scope: '',
    offer: null,
    claimedBy: null,
    flowRevision: 0,
    flowWriter: null,
    flowSizes: noPrototype(),
    notification: null,
    waiting: null,
    left: [],
  };
}

export function scopeOf(state: PublicSessionState): Scope | null {
  if (state.status !== 'signed-in' || !state.user || !state.workspace) return null;
  return { userId: state.user.id, workspaceId: state.workspace.id };
}
export const scopeKey = (scope: Scope | null) =>
  scope ? `${scope.userId}|${scope.workspaceId}` : '';

export function readState(raw: string | null): StoredState {
  if (!raw) return emptyState();
  try {
    const value = JSON.parse(raw) as Partial<StoredState> | null;
    if (!value || typeof value !== 'object') return emptyState();
    return {
      scope: typeof value.scope === 'string' ? value.scope : '',
      offer: typeof value.offer === 'string' ? value.offer : null,
      claimedBy: typeof value.claimedBy === 'string' ? value.claimedBy : null,
      flowRevision:
        typeof value.flowRevision === 'number' && value.flowRevision >= 0
          ? Math.floor(value.flowRevision)
          : 0,
      flowWriter: typeof value.flowWriter === 'string' ? value.flowWriter : null,
      flowSizes: readSizes(value.flowSizes),
      notification:
        value.notification && typeof value.notification.id === 'string' ? value.notification : null,
      waiting: waitingCallSchema.safeParse(value.waiting).data ?? null,
      left: Array.isArray(value.left)
        ? value.left.filter((id): id is string => typeof id === 'string').slice(-MAX_LEFT_CALLS)
        : [],
    };
  } catch {
    return emptyState();
  }
}

export function readSizes(value: unknown): Record<string, number> {
  const sizes = noPrototype();
  if (!value || typeof value !== 'object' || Array.isArray(value)) return sizes;
  for (const [key, size] of Object.entries(value)) {
    if (typeof size === 'number' && size >= 0) sizes[key] = size;
  }
  return sizes;
}
