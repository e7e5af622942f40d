import { z } from 'zod';
import type { ChannelLike } from '@/shared/session/refresh-coordinator';

// issue #28 "One wizard per call, whatever the number of tabs": without the extension every
// tab of the app has its own socket and hears the same incomingCalls::{userId}. The tabs
// elect one of them per call: the one holding the Web Lock `intake-call:{callId}` runs the
// call's wizard; the lock is held for as long as the tab keeps the call, and the browser
// frees it when the tab closes. Where Web Locks are missing (plain http on a LAN host, an
// old browser) the tabs claim the call over a BroadcastChannel instead.
//
// Every other tab that keeps the live call stands by for its lock, so that when the tab
// running the wizard closes (or navigates away) one of them takes the wizard over at once;
// the leaving tab posts its wizard's state on `pagehide`, so the call resumes at the same
// step (one execution history). A reload of the leaving tab takes the call back (reclaim).
// The top bar's Hang up in a tab that does not run the wizard is forwarded to the one that
// does, which ends the flow (partial-complete) and hangs up at the provider, once.

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
/**
 * How long a tab that took a call over (its tab closed) gives it back to that tab's reload:
 * a reload also fires `pagehide` and frees the lock, and must not lose its wizard.
 */
export const RECLAIM_WITHIN_MS = 10_000;
/**
 * How long a tab granted a call's lock waits for the leaving tab's state: its `pagehide`
 * message and the freed lock travel separately.
 */
export const LEAVING_STATE_WAIT_MS = 300;
/** How long a forwarded hang-up waits for the tab running the wizard to end the call. */
export const HANG_UP_ANSWER_MS = 10_000;

/** The part of navigator.locks we use. */
export interface CallLocksLike {
  request(
    name: string,
    options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal },
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
   * Another tab took the call from this tab, which gives it back: the reload of a tab that
   * ran the call's wizard, when another tab took the call over as it went (RECLAIM_WITHIN_MS).
   */
  reclaim(callId: string): Promise<MoveHereOutcome>;
  /**
   * What this tab hands over when another tab moves the call away (read, then cleared, by
   * the caller; `keep`: only read, as the tab is leaving and may be a reload); the call is
   * released right after.
   */
  onHandOver(give: (callId: string, options: { keep: boolean }) => CallHandoverEntries): void;
  /**
   * With Web Locks: this tab, which keeps the call but does not run its wizard, waits for
   * the call's lock, so that it takes the wizard over once the tab running it is gone.
   * Ended by release(), or by the grant (onTakeOver).
   */
  standBy(callId: string): void;
  /**
   * A stand-by was granted (the tab running the call closed): this tab holds the call now,
   * with the state the leaving tab posted as it went (null: it went without a word, a crash).
   */
  onTakeOver(take: (callId: string, entries: CallHandoverEntries | null) => void): void;
  /**
   * The top bar's Hang up in a tab that does not run the call's wizard: the tab that does
   * ends it (its flow partial-complete, the provider's hang-up). True once it says it did;
   * false when no tab answered in HANG_UP_ANSWER_MS.
   */
  forwardHangUp(callId: string): Promise<boolean>;
  /** How this tab, holding the call, ends it for another tab's forwarded Hang up. */
  onForwardedHangUp(run: (callId: string) => Promise<boolean>): void;
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
  /** Where `pagehide` fires (window by default; null: never). */
  page?: Pick<EventTarget, 'addEventListener'> | null;
  now?: () => number;
}

const entriesSchema = z.record(z.string().max(100), z.string().max(400_000));
const messageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('move'),
    callId: z.string().min(1),
    requestId: z.string().min(1),
    reclaim: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('handover'),
    callId: z.string().min(1),
    requestId: z.string().min(1),
    entries: entriesSchema,
  }),
  z.object({ type: z.literal('claim'), callId: z.string().min(1), tabId: z.string().min(1) }),
  z.object({ type: z.literal('held'), callId: z.string().min(1), to: z.string().min(1) }),
  z.object({ type: z.literal('refused'), requestId: z.string().min(1) }),
  z.object({ type: z.literal('leaving'), callId: z.string().min(1), entries: entriesSchema }),
  z.object({ type: z.literal('hang-up'), callId: z.string().min(1), requestId: z.string().min(1) }),
  z.object({
    type: z.literal('hung-up'),
    callId: z.string().min(1),
    requestId: z.string().min(1),
    ok: z.boolean(),
  }),
]);
type ElectionMessage = z.infer<typeof messageSchema>;

export function createCallTabElection(options: CallTabElectionOptions = {}): CallTabElection {
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const channel = options.channel === undefined ? defaultChannel() : options.channel;
  const tabId = options.tabId ?? randomId();
  const setTimer = options.setTimer ?? ((run, ms) => void setTimeout(run, ms));
  const now = options.now ?? (() => Date.now());
  const page = options.page === undefined ? defaultPage() : options.page;
  /** The calls this tab holds: how to free each, and when it took it over (a stand-by). */
  const held = new Map<string, { free: () => void; takenOverAt: number | null }>();
  const attempts = new Map<string, Promise<boolean>>();
  /** Without Web Locks: this tab's claims in flight, and whether another tab beat them. */
  const claiming = new Map<string, { lost: boolean }>();
  const awaitingHandover = new Map<string, (entries: CallHandoverEntries | null) => void>();
  /** Stand-bys granted before the leaving tab's state arrived, by call. */
  const awaitingLeft = new Map<string, () => void>();
  const awaitingHangUp = new Map<string, (ok: boolean) => void>();
  /** The stand-by lock requests of this tab, by call: aborted when it lets the call go. */
  const standing = new Map<string, AbortController>();
  /** The wizard state a leaving tab posted, by call: what a stand-by resumes from. */
  const leftBehind = new Map<string, CallHandoverEntries>();
  const listeners = new Set<() => void>();
  let give: (callId: string, options: { keep: boolean }) => CallHandoverEntries = () => ({});
  let take: (callId: string, entries: CallHandoverEntries | null) => void = () => {};
  let endForwarded: (callId: string) => Promise<boolean> = () => Promise.resolve(false);
  let requests = 0;

  function emit(): void {
    for (const listener of [...listeners]) listener();
  }

  function post(message: ElectionMessage): void {
    channel?.postMessage(message);
  }

  function nextRequestId(): string {
    requests += 1;
    return `${tabId}:${requests}`;
  }

  /**
   * The call's lock: at once or never (`mode` now), once its holder frees it (wait, up to
   * MOVE_ANSWER_MS), or taken from its holder (steal: after a hand-over, ahead of the tabs
   * standing by). `lost` runs if another tab steals it later.
   */
  function lock(callId: string, mode: 'now' | 'wait' | 'steal'): Promise<(() => void) | null> {
    if (!locks) return channelClaim(callId);
    return new Promise((resolve) => {
      let free: () => void = () => {};
      const freed = new Promise<void>((done) => (free = done));
      const controller = new AbortController();
      if (mode === 'wait') setTimer(() => controller.abort(), MOVE_ANSWER_MS);
      const options =
        mode === 'now'
          ? { ifAvailable: true }
          : mode === 'steal'
            ? { steal: true }
            : { signal: controller.signal };
      let granted = false;
      locks
        .request(callLockName(callId), options, async (lockGranted) => {
          if (!lockGranted) return resolve(null);
          granted = true;
          resolve(free);
          await freed;
        })
        .catch(() => {
          resolve(null); // aborted: the holder never let go
          if (granted) lostLock(callId, free);
        });
    });
  }

  /** Another tab stole the call's lock (it moved the call): this tab holds it no more. */
  function lostLock(callId: string, free: () => void): void {
    if (held.get(callId)?.free !== free) return;
    held.delete(callId);
    emit();
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

  function stopStandingBy(callId: string): void {
    standing.get(callId)?.abort();
    standing.delete(callId);
  }

  function hold(callId: string, free: () => void, takenOverAt: number | null = null): void {
    stopStandingBy(callId);
    held.get(callId)?.free();
    held.set(callId, { free, takenOverAt });
    emit();
  }

  function release(callId: string): void {
    stopStandingBy(callId);
    leftBehind.delete(callId);
    const entry = held.get(callId);
    if (!entry) return;
    held.delete(callId);
    entry.free();
    emit();
  }

  /** Another tab asks for the call (Move it here, a reload's reclaim): it goes with its state. */
  function handOver(callId: string, requestId: string): void {
    const entry = held.get(callId);
    if (!entry) return;
    let entries: CallHandoverEntries = {};
    try {
      entries = give(callId, { keep: false });
    } catch {
      entries = {}; // storage refused: the call still moves, its wizard starts over
    }
    post({ type: 'handover', callId, requestId, entries });
    held.delete(callId);
    emit();
    // The asking tab steals the lock (ahead of the tabs standing by); freed anyway if it
    // never does (it closed meanwhile), so a stand-by takes the call.
    setTimer(entry.free, MOVE_ANSWER_MS);
  }

  /** Move it here, or a reload's reclaim: the holder's state, then its lock. */
  async function askFor(callId: string, reclaim: boolean): Promise<MoveHereOutcome> {
    if (!channel) return { kind: 'no-answer' };
    const requestId = nextRequestId();
    const entries = await new Promise<CallHandoverEntries | null>((resolve) => {
      awaitingHandover.set(requestId, resolve);
      setTimer(() => resolve(null), MOVE_ANSWER_MS);
      post({ type: 'move', callId, requestId, ...(reclaim ? { reclaim } : {}) });
    });
    awaitingHandover.delete(requestId);
    if (!entries) return { kind: 'no-answer' };
    const taken = await lock(callId, locks ? 'steal' : 'wait');
    if (!taken) return { kind: 'no-answer' };
    hold(callId, taken);
    return { kind: 'moved', entries };
  }

  channel?.addEventListener('message', (event) => {
    // Same-origin tabs only can post here; still, only well-formed messages are acted on.
    const parsed = messageSchema.safeParse(event.data);
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.type) {
      case 'move': {
        const entry = held.get(message.callId);
        if (!entry) return;
        // A reclaim is answered only by a tab that took the call over a moment ago.
        if (message.reclaim) {
          const recent =
            entry.takenOverAt !== null && now() - entry.takenOverAt <= RECLAIM_WITHIN_MS;
          if (!recent) {
            post({ type: 'refused', requestId: message.requestId });
            return;
          }
        }
        handOver(message.callId, message.requestId);
        return;
      }
      case 'handover':
        awaitingHandover.get(message.requestId)?.(message.entries);
        return;
      case 'refused':
        awaitingHandover.get(message.requestId)?.(null);
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
      case 'leaving':
        leftBehind.set(message.callId, message.entries);
        awaitingLeft.get(message.callId)?.();
        return;
      case 'hang-up': {
        if (!held.has(message.callId)) return;
        const { callId, requestId } = message;
        void endForwarded(callId)
          .catch(() => false)
          .then((ok) => post({ type: 'hung-up', callId, requestId, ok }));
        return;
      }
      case 'hung-up':
        awaitingHangUp.get(message.requestId)?.(message.ok);
        return;
    }
  });

  // The tab closes or navigates away (a reload too): the tabs standing by learn the wizard's
  // state before the browser frees the lock, so the one that gets it resumes at the same step.
  page?.addEventListener('pagehide', () => {
    for (const callId of held.keys()) {
      let entries: CallHandoverEntries = {};
      try {
        entries = give(callId, { keep: true });
      } catch {
        entries = {};
      }
      post({ type: 'leaving', callId, entries });
    }
  });

  return {
    claim(callId) {
      if (held.has(callId)) return Promise.resolve(true);
      const running = attempts.get(callId);
      if (running) return running;
      const attempt = lock(callId, 'now').then((free) => {
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
      const free = await lock(callId, 'now');
      if (free) {
        hold(callId, free);
        return { kind: 'taken' };
      }
      return askFor(callId, false);
    },
    reclaim: (callId) =>
      held.has(callId) ? Promise.resolve({ kind: 'moved', entries: {} }) : askFor(callId, true),
    onHandOver(next) {
      give = next;
    },
    standBy(callId) {
      if (!locks || held.has(callId) || standing.has(callId)) return;
      const controller = new AbortController();
      standing.set(callId, controller);
      let free: () => void = () => {};
      const freed = new Promise<void>((done) => (free = done));
      locks
        .request(callLockName(callId), { signal: controller.signal }, async (granted) => {
          if (!granted || standing.get(callId) !== controller) return;
          if (!leftBehind.has(callId)) {
            await new Promise<void>((arrived) => {
              awaitingLeft.set(callId, arrived);
              setTimer(arrived, LEAVING_STATE_WAIT_MS);
            });
            awaitingLeft.delete(callId);
            // Let go meanwhile (the call ended, another was taken): the next tab may have it.
            if (standing.get(callId) !== controller) return;
          }
          standing.delete(callId);
          const entries = leftBehind.get(callId) ?? null;
          leftBehind.delete(callId);
          hold(callId, free, now());
          take(callId, entries);
          await freed;
        })
        .catch(() => {
          if (standing.get(callId) === controller) standing.delete(callId);
          lostLock(callId, free); // stolen after the grant (a reclaim): held no more
        });
    },
    onTakeOver(next) {
      take = next;
    },
    forwardHangUp(callId) {
      if (!channel) return Promise.resolve(false);
      const requestId = nextRequestId();
      return new Promise<boolean>((resolve) => {
        awaitingHangUp.set(requestId, (ok) => {
          awaitingHangUp.delete(requestId);
          resolve(ok);
        });
        setTimer(() => {
          awaitingHangUp.delete(requestId);
          resolve(false);
        }, HANG_UP_ANSWER_MS);
        post({ type: 'hang-up', callId, requestId });
      });
    },
    onForwardedHangUp(next) {
      endForwarded = next;
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

function defaultPage(): Pick<EventTarget, 'addEventListener'> | null {
  return typeof window === 'undefined' ? null : window;
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
