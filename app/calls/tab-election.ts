import { z } from 'zod';
import type { ChannelLike } from '@/shared/session/refresh-coordinator';

// issue #28 "One wizard per call, whatever the number of tabs": without the extension every
// tab of the app has its own socket and hears the same incomingCalls::{userId}. The tabs
// elect one of them per call: the one holding the Web Lock `intake-call:{callId}` runs the
// call's wizard; the lock is held for as long as the tab keeps the call, and the browser
// frees it when the tab closes. Where Web Locks are missing (plain http on a LAN host, an
// old browser) the tabs claim the call over a BroadcastChannel instead.

/** The Web Lock a tab holds while it runs a call's wizard. */
export function callLockName(callId: string): string {
  return `intake-call:${callId}`;
}
/** The BroadcastChannel on which the app's tabs ask for and hand over a call. */
export const CALL_TABS_CHANNEL_NAME = 'intake-call-tabs';
/** How long "Move it here" waits for the tab holding the call to answer. */
export const MOVE_ANSWER_MS = 3_000;
/** Without Web Locks: how long a claim waits for a tab that holds (or out-ranks) it. */
export const CHANNEL_CLAIM_WAIT_MS = 150;

/** The part of navigator.locks we use. */
export interface CallLocksLike {
  request(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown>;
}

/** What the tab giving a call up hands to the tab taking it: its session-storage entries. */
export type CallHandoverEntries = Record<string, string>;

export type MoveHereOutcome =
  /** The tab that held the call gave it up with its wizard's state. */
  | { kind: 'moved'; entries: CallHandoverEntries }
  /** Nobody held the call (its tab was closed): this tab holds it now, with nothing carried. */
  | { kind: 'taken' }
  /** The tab holding the call did not answer in time: nothing changed. */
  | { kind: 'no-answer' };

export interface CallTabElection {
  /**
   * This tab takes the call unless another tab holds it: true when this tab holds it (now
   * or already). Two tabs claiming at once: exactly one gets true.
   */
  claim(callId: string): Promise<boolean>;
  holds(callId: string): boolean;
  /** This tab no longer keeps the call (reset, another call, another user): frees it. */
  release(callId: string): void;
  /** "Move it here": takes the call from the tab holding it, or from nobody. */
  moveHere(callId: string): Promise<MoveHereOutcome>;
  /**
   * What this tab hands over when another tab moves the call away (read, then cleared, by
   * the caller); the call is released right after.
   */
  onHandOver(give: (callId: string) => CallHandoverEntries): void;
  /** Which calls this tab holds changed (a claim won, a release, a hand-over). */
  subscribe(listener: () => void): () => void;
}

export interface CallTabElectionOptions {
  /** navigator.locks by default; null where missing (then the channel claims decide). */
  locks?: CallLocksLike | null;
  /** A BroadcastChannel named CALL_TABS_CHANNEL_NAME by default. */
  channel?: ChannelLike | null;
  /** This tab's id (the channel claims' tie-break). */
  tabId?: string;
  setTimer?: (run: () => void, ms: number) => void;
}

const entriesSchema = z.record(z.string().max(100), z.string().max(400_000));
const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('move'), callId: z.string().min(1), requestId: z.string().min(1) }),
  z.object({
    type: z.literal('handover'),
    callId: z.string().min(1),
    requestId: z.string().min(1),
    entries: entriesSchema,
  }),
  z.object({ type: z.literal('claim'), callId: z.string().min(1), tabId: z.string().min(1) }),
  z.object({ type: z.literal('held'), callId: z.string().min(1), to: z.string().min(1) }),
]);
type ElectionMessage = z.infer<typeof messageSchema>;

export function createCallTabElection(options: CallTabElectionOptions = {}): CallTabElection {
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const channel = options.channel === undefined ? defaultChannel() : options.channel;
  const tabId = options.tabId ?? randomId();
  const setTimer = options.setTimer ?? ((run, ms) => void setTimeout(run, ms));
  /** The calls this tab holds, with how to free each. */
  const held = new Map<string, () => void>();
  const attempts = new Map<string, Promise<boolean>>();
  /** Without Web Locks: this tab's claims in flight, and whether another tab beat them. */
  const claiming = new Map<string, { lost: boolean }>();
  const awaitingHandover = new Map<string, (entries: CallHandoverEntries) => void>();
  const listeners = new Set<() => void>();
  let give: (callId: string) => CallHandoverEntries = () => ({});
  let requests = 0;

  function emit(): void {
    for (const listener of [...listeners]) listener();
  }

  function post(message: ElectionMessage): void {
    channel?.postMessage(message);
  }

  /** The call's lock: at once or never (`wait` false), or once its holder frees it. */
  function lock(callId: string, wait: boolean): Promise<(() => void) | null> {
    if (!locks) return channelClaim(callId);
    return new Promise((resolve) => {
      let free: () => void = () => {};
      const freed = new Promise<void>((done) => (free = done));
      const controller = new AbortController();
      if (wait) setTimer(() => controller.abort(), MOVE_ANSWER_MS);
      locks
        .request(
          callLockName(callId),
          wait ? { signal: controller.signal } : { ifAvailable: true },
          async (granted) => {
            if (!granted) return resolve(null);
            resolve(free);
            await freed;
          },
        )
        .catch(() => resolve(null)); // aborted: the holder never let go
    });
  }

  /** Without Web Locks: claim on the channel; a holder, or an earlier-ranked claimer, refuses. */
  function channelClaim(callId: string): Promise<(() => void) | null> {
    if (!channel) return Promise.resolve(() => {}); // alone: nobody to share with
    const claim = { lost: false };
    claiming.set(callId, claim);
    post({ type: 'claim', callId, tabId });
    return new Promise((resolve) => {
      setTimer(() => {
        claiming.delete(callId);
        resolve(claim.lost ? null : () => {});
      }, CHANNEL_CLAIM_WAIT_MS);
    });
  }

  function hold(callId: string, free: () => void): void {
    held.get(callId)?.();
    held.set(callId, free);
    emit();
  }

  function release(callId: string): void {
    const free = held.get(callId);
    if (!free) return;
    held.delete(callId);
    free();
    emit();
  }

  channel?.addEventListener('message', (event) => {
    // Same-origin tabs only can post here; still, only well-formed messages are acted on.
    const parsed = messageSchema.safeParse(event.data);
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.type) {
      case 'move': {
        if (!held.has(message.callId)) return;
        let entries: CallHandoverEntries = {};
        try {
          entries = give(message.callId);
        } catch {
          entries = {}; // storage refused: the call still moves, its wizard starts over
        }
        post({ type: 'handover', callId: message.callId, requestId: message.requestId, entries });
        release(message.callId);
        return;
      }
      case 'handover':
        awaitingHandover.get(message.requestId)?.(message.entries);
        return;
      case 'claim': {
        const mine = claiming.get(message.callId);
        // The lower tab id wins a tie: both tabs see both claims, so exactly one refuses.
        if (held.has(message.callId) || (mine && !mine.lost && tabId < message.tabId)) {
          post({ type: 'held', callId: message.callId, to: message.tabId });
        }
        return;
      }
      case 'held': {
        const mine = claiming.get(message.callId);
        if (message.to === tabId && mine) mine.lost = true;
        return;
      }
    }
  });

  return {
    claim(callId) {
      if (held.has(callId)) return Promise.resolve(true);
      const running = attempts.get(callId);
      if (running) return running;
      const attempt = lock(callId, false).then((free) => {
        attempts.delete(callId);
        if (!free) return false;
        hold(callId, free);
        return true;
      });
      attempts.set(callId, attempt);
      return attempt;
    },
    holds: (callId) => held.has(callId),
    release,
    async moveHere(callId) {
      if (held.has(callId)) return { kind: 'moved', entries: {} };
      const free = await lock(callId, false);
      if (free) {
        hold(callId, free);
        return { kind: 'taken' };
      }
      if (!channel) return { kind: 'no-answer' };
      requests += 1;
      const requestId = `${tabId}:${requests}`;
      const entries = await new Promise<CallHandoverEntries | null>((resolve) => {
        awaitingHandover.set(requestId, resolve);
        setTimer(() => resolve(null), MOVE_ANSWER_MS);
        post({ type: 'move', callId, requestId });
      });
      awaitingHandover.delete(requestId);
      if (!entries) return { kind: 'no-answer' };
      // The holder frees the call right after answering.
      const taken = await lock(callId, true);
      if (!taken) return { kind: 'no-answer' };
      hold(callId, taken);
      return { kind: 'moved', entries };
    },
    onHandOver(next) {
      give = next;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

function defaultLocks(): CallLocksLike | null {
  const nav = (globalThis as { navigator?: { locks?: CallLocksLike } }).navigator;
  return nav?.locks ?? null;
}

function defaultChannel(): ChannelLike | null {
  return typeof BroadcastChannel === 'function'
    ? new BroadcastChannel(CALL_TABS_CHANNEL_NAME)
    : null;
}

function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : Math.random().toString(36).slice(2);
}
