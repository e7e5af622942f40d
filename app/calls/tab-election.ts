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

/**
 * What one tab's election keeps: its options resolved, the calls it holds, what it waits
 * for, and the handlers the app gave it. The election's steps below share it.
 */
interface Election {
  locks: CallLocksLike | null;
  channel: ChannelLike | null;
  tabId: string;
  setTimer: (run: () => void, ms: number) => void;
  now: () => number;
  /** The calls this tab holds: how to free each, and when it took it over (a stand-by). */
  held: Map<string, { free: () => void; takenOverAt: number | null }>;
  attempts: Map<string, Promise<boolean>>;
  /** Without Web Locks: this tab's claims in flight, and whether another tab beat them. */
  claiming: Map<string, { lost: boolean }>;
  awaitingHandover: Map<string, (entries: CallHandoverEntries | null) => void>;
  /** Stand-bys granted before the leaving tab's state arrived, by call. */
  awaitingLeft: Map<string, () => void>;
  awaitingHangUp: Map<string, (ok: boolean) => void>;
  /** The stand-by lock requests of this tab, by call: aborted when it lets the call go. */
  standing: Map<string, AbortController>;
  /** The wizard state a leaving tab posted, by call: what a stand-by resumes from. */
  leftBehind: Map<string, CallHandoverEntries>;
  listeners: Set<() => void>;
  give: (callId: string, options: { keep: boolean }) => CallHandoverEntries;
  take: (callId: string, entries: CallHandoverEntries | null) => void;
  endForwarded: (callId: string) => Promise<boolean>;
  requests: number;
}

export function createCallTabElection(options: CallTabElectionOptions = {}): CallTabElection {
  const e: Election = {
    locks: options.locks === undefined ? defaultLocks() : options.locks,
    channel: options.channel === undefined ? defaultChannel() : options.channel,
    tabId: options.tabId ?? randomId(),
    setTimer: options.setTimer ?? ((run, ms) => void setTimeout(run, ms)),
    now: options.now ?? (() => Date.now()),
    held: new Map(),
    attempts: new Map(),
    claiming: new Map(),
    awaitingHandover: new Map(),
    awaitingLeft: new Map(),
    awaitingHangUp: new Map(),
    standing: new Map(),
    leftBehind: new Map(),
    listeners: new Set(),
    give: () => ({}),
    take: () => {},
    endForwarded: () => Promise.resolve(false),
    requests: 0,
  };
  const page = options.page === undefined ? defaultPage() : options.page;
  e.channel?.addEventListener('message', (event) => {
    // Same-origin tabs only can post here; still, only well-formed messages are acted on.
    const parsed = messageSchema.safeParse(event.data);
    if (parsed.success) answer(e, parsed.data);
  });

  // The tab closes or navigates away (a reload too): the tabs standing by learn the wizard's
  // state before the browser frees the lock, so the one that gets it resumes at the same step.
  page?.addEventListener('pagehide', () => postLeaving(e));

  return {
    claim: (callId) => claim(e, callId),
    holds: (callId) => e.held.has(callId),
    release: (callId) => release(e, callId),
    moveHere: (callId) => moveHere(e, callId),
    reclaim: (callId) =>
      e.held.has(callId)
        ? Promise.resolve({ kind: 'moved', entries: {} })
        : askFor(e, callId, true),
    onHandOver(next) {
      e.give = next;
    },
    standBy: (callId) => standBy(e, callId),
    onTakeOver(next) {
      e.take = next;
    },
    forwardHangUp: (callId) => forwardHangUp(e, callId),
    onForwardedHangUp(next) {
      e.endForwarded = next;
    },
    subscribe(listener) {
      e.listeners.add(listener);
      return () => void e.listeners.delete(listener);
    },
  };
}

function emit(e: Election): void {
  for (const listener of [...e.listeners]) listener();
}

function post(e: Election, message: ElectionMessage): void {
  e.channel?.postMessage(message);
}

function nextRequestId(e: Election): string {
  e.requests += 1;
  return `${e.tabId}:${e.requests}`;
}

/**
 * The call's lock: at once or never (`mode` now), once its holder frees it (wait, up to
 * MOVE_ANSWER_MS), or taken from its holder (steal: after a hand-over, ahead of the tabs
 * standing by). `lost` runs if another tab steals it later.
 */
function lock(
  e: Election,
  callId: string,
  mode: 'now' | 'wait' | 'steal',
): Promise<(() => void) | null> {
  const locks = e.locks;
  if (!locks) return channelClaim(e, callId);
  return new Promise((resolve) => {
    let free: () => void = () => {};
    const freed = new Promise<void>((done) => (free = done));
    const controller = new AbortController();
    if (mode === 'wait') e.setTimer(() => controller.abort(), MOVE_ANSWER_MS);
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
        if (granted) lostLock(e, callId, free);
      });
  });
}

/** Another tab stole the call's lock (it moved the call): this tab holds it no more. */
function lostLock(e: Election, callId: string, free: () => void): void {
  if (e.held.get(callId)?.free !== free) return;
  e.held.delete(callId);
  emit(e);
}

/** Without Web Locks: claim on the e.channel; a holder, or an earlier-ranked claimer, refuses. */
function channelClaim(e: Election, callId: string): Promise<(() => void) | null> {
  if (!e.channel) return Promise.resolve(() => {}); // alone: nobody to share with
  const claim = { lost: false };
  e.claiming.set(callId, claim);
  post(e, { type: 'claim', callId, tabId: e.tabId });
  return new Promise((resolve) => {
    e.setTimer(() => {
      e.claiming.delete(callId);
      resolve(claim.lost ? null : () => {});
    }, CHANNEL_CLAIM_WAIT_MS);
  });
}

function stopStandingBy(e: Election, callId: string): void {
  e.standing.get(callId)?.abort();
  e.standing.delete(callId);
}

function hold(
  e: Election,
  callId: string,
  free: () => void,
  takenOverAt: number | null = null,
): void {
  stopStandingBy(e, callId);
  e.held.get(callId)?.free();
  e.held.set(callId, { free, takenOverAt });
  emit(e);
}

function release(e: Election, callId: string): void {
  stopStandingBy(e, callId);
  e.leftBehind.delete(callId);
  const entry = e.held.get(callId);
  if (!entry) return;
  e.held.delete(callId);
  entry.free();
  emit(e);
}

/** Another tab asks for the call (Move it here, a reload's reclaim): it goes with its state. */
function handOver(e: Election, callId: string, requestId: string): void {
  const entry = e.held.get(callId);
  if (!entry) return;
  let entries: CallHandoverEntries = {};
  try {
    entries = e.give(callId, { keep: false });
  } catch {
    entries = {}; // storage refused: the call still moves, its wizard starts over
  }
  post(e, { type: 'handover', callId, requestId, entries });
  e.held.delete(callId);
  emit(e);
  // The asking tab steals the lock (ahead of the tabs standing by); freed anyway if it
  // never does (it closed meanwhile), so a stand-by takes the call.
  e.setTimer(entry.free, MOVE_ANSWER_MS);
}

/** Move it here, or a reload's reclaim: the holder's state, then its lock. */
async function askFor(e: Election, callId: string, reclaim: boolean): Promise<MoveHereOutcome> {
  if (!e.channel) return { kind: 'no-answer' };
  const requestId = nextRequestId(e);
  const entries = await new Promise<CallHandoverEntries | null>((resolve) => {
    e.awaitingHandover.set(requestId, resolve);
    e.setTimer(() => resolve(null), MOVE_ANSWER_MS);
    post(e, { type: 'move', callId, requestId, ...(reclaim ? { reclaim } : {}) });
  });
  e.awaitingHandover.delete(requestId);
  if (!entries) return { kind: 'no-answer' };
  const taken = await lock(e, callId, e.locks ? 'steal' : 'wait');
  if (!taken) return { kind: 'no-answer' };
  hold(e, callId, taken);
  return { kind: 'moved', entries };
}

/** This tab's answer to another tab's message on the channel. */
function answer(e: Election, message: ElectionMessage): void {
  switch (message.type) {
    case 'move': {
      const entry = e.held.get(message.callId);
      if (!entry) return;
      // A reclaim is answered only by a tab that took the call over a moment ago.
      if (message.reclaim) {
        const recent =
          entry.takenOverAt !== null && e.now() - entry.takenOverAt <= RECLAIM_WITHIN_MS;
        if (!recent) {
          post(e, { type: 'refused', requestId: message.requestId });
          return;
        }
      }
      handOver(e, message.callId, message.requestId);
      return;
    }
    case 'handover':
      e.awaitingHandover.get(message.requestId)?.(message.entries);
      return;
    case 'refused':
      e.awaitingHandover.get(message.requestId)?.(null);
      return;
    case 'claim': {
      const mine = e.claiming.get(message.callId);
      // The lower tab id wins a tie: both tabs see both claims, so exactly one refuses.
      if (e.held.has(message.callId) || (mine && !mine.lost && e.tabId < message.tabId)) {
        post(e, { type: 'held', callId: message.callId, to: message.tabId });
      }
      return;
    }
    case 'held': {
      const mine = e.claiming.get(message.callId);
      if (message.to === e.tabId && mine) mine.lost = true;
      return;
    }
    case 'leaving':
      e.leftBehind.set(message.callId, message.entries);
      e.awaitingLeft.get(message.callId)?.();
      return;
    case 'hang-up': {
      if (!e.held.has(message.callId)) return;
      const { callId, requestId } = message;
      void e
        .endForwarded(callId)
        .catch(() => false)
        .then((ok) => post(e, { type: 'hung-up', callId, requestId, ok }));
      return;
    }
    case 'hung-up':
      e.awaitingHangUp.get(message.requestId)?.(message.ok);
      return;
  }
}

/**
 * The tab closes or navigates away (a reload too): the tabs standing by learn the wizard's
 * state before the browser frees the lock, so the one that gets it resumes at the same step.
 */
function postLeaving(e: Election): void {
  for (const callId of e.held.keys()) {
    let entries: CallHandoverEntries = {};
    try {
      entries = e.give(callId, { keep: true });
    } catch {
      entries = {};
    }
    post(e, { type: 'leaving', callId, entries });
  }
}

/** CallTabElection.claim: the call's lock at once, one attempt at a time. */
function claim(e: Election, callId: string): Promise<boolean> {
  if (e.held.has(callId)) return Promise.resolve(true);
  const running = e.attempts.get(callId);
  if (running) return running;
  const attempt = lock(e, callId, 'now').then((free) => {
    e.attempts.delete(callId);
    if (!free) return false;
    hold(e, callId, free);
    return true;
  });
  e.attempts.set(callId, attempt);
  return attempt;
}

/** CallTabElection.moveHere: the call's free lock, else the holder's hand-over. */
async function moveHere(e: Election, callId: string): Promise<MoveHereOutcome> {
  if (e.held.has(callId)) return { kind: 'moved', entries: {} };
  const free = await lock(e, callId, 'now');
  if (free) {
    hold(e, callId, free);
    return { kind: 'taken' };
  }
  return askFor(e, callId, false);
}

/** CallTabElection.standBy: wait for the call's lock, then take the call over with the state left behind. */
function standBy(e: Election, callId: string): void {
  if (!e.locks || e.held.has(callId) || e.standing.has(callId)) return;
  const controller = new AbortController();
  e.standing.set(callId, controller);
  let free: () => void = () => {};
  const freed = new Promise<void>((done) => (free = done));
  e.locks
    .request(callLockName(callId), { signal: controller.signal }, async (granted) => {
      if (!granted || e.standing.get(callId) !== controller) return;
      if (!e.leftBehind.has(callId)) {
        await new Promise<void>((arrived) => {
          e.awaitingLeft.set(callId, arrived);
          e.setTimer(arrived, LEAVING_STATE_WAIT_MS);
        });
        e.awaitingLeft.delete(callId);
        // Let go meanwhile (the call ended, another was taken): the next tab may have it.
        if (e.standing.get(callId) !== controller) return;
      }
      e.standing.delete(callId);
      const entries = e.leftBehind.get(callId) ?? null;
      e.leftBehind.delete(callId);
      hold(e, callId, free, e.now());
      e.take(callId, entries);
      await freed;
    })
    .catch(() => {
      if (e.standing.get(callId) === controller) e.standing.delete(callId);
      lostLock(e, callId, free); // stolen after the grant (a reclaim): held no more
    });
}

/** CallTabElection.forwardHangUp: ask the tab running the wizard to end the call. */
function forwardHangUp(e: Election, callId: string): Promise<boolean> {
  if (!e.channel) return Promise.resolve(false);
  const requestId = nextRequestId(e);
  return new Promise<boolean>((resolve) => {
    e.awaitingHangUp.set(requestId, (ok) => {
      e.awaitingHangUp.delete(requestId);
      resolve(ok);
    });
    e.setTimer(() => {
      e.awaitingHangUp.delete(requestId);
      resolve(false);
    }, HANG_UP_ANSWER_MS);
    post(e, { type: 'hang-up', callId, requestId });
  });
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
