import { type ApiClient, createApiClient } from '@/shared/api/client';
import { ACTIVE_CALL_STORAGE_KEY, type ActiveCall } from '@/shared/contracts/active-call';
import type { CallSnapshot } from '@/shared/contracts/call-session';
import { persistActiveCall } from '@/shared/domain/active-call';
import { isCallLive } from '@/shared/domain/call-clock';
import type { IgnoredIncomingCallReason, IncomingCallPlace } from '@/shared/domain/incoming-call';
import type { KeyValueStorage } from '@/shared/storage/storage';
import type { Notifier } from '@/shared/transport/notifier';
import type { Transport } from '@/shared/transport/transport';
import type { BackgroundSession } from '../session';
import type { SocketHub } from '../socket';
import {
  type CallClient,
  type CallClients,
  createCallClients,
  type TabFactsApi,
} from './calls-clients';
import { emptyState, type Scope, scopeKey, scopeOf, type StoredState } from './calls-state';

/**
 * What every part of the background's calls shares (extension/entrypoints/background/calls.ts
 * wires them): the held call and the stored state beside it, the one queue their changes
 * run in, saving both to storage.session, and pushing each port its snapshot.
 */

export const NOT_SIGNED_IN = 'Sign in to take calls.';
/** storage.session keys under the module's prefix. */
export const CALL_STATE_KEY = 'state';
export const LAST_CRM_URL_KEY = 'last-crm-url';
/** After a hang-up the provider may need a moment to report the sid and duration. */
export const PROVIDER_CALL_RETRY_MS = 700;

/** The parts of the extension APIs this module uses (the real `browser`, fakes in tests). */
export interface CallsBrowserApi extends TabFactsApi {
  tabs: TabFactsApi['tabs'] & {
    update(
      tabId: number,
      properties: { active: boolean },
    ): Promise<{ windowId?: number } | undefined>;
    create(properties: { url: string }): Promise<{ id?: number; windowId?: number }>;
    /** The agent selected a tab (optional: the notification and visibility work without). */
    onActivated?: { addListener(listener: (info: { tabId: number }) => void): void };
  };
  windows: TabFactsApi['windows'] & {
    update(windowId: number, properties: { focused: boolean }): Promise<unknown>;
  };
  notifications: {
    create(
      id: string,
      options: {
        type: 'basic';
        iconUrl: string;
        title: string;
        message: string;
        priority?: number;
        requireInteraction?: boolean;
      },
    ): Promise<string>;
    clear(id: string): Promise<boolean>;
    onClicked: { addListener(listener: (id: string) => void): void };
  };
}

export interface BackgroundCallsOptions {
  hub: SocketHub;
  session: BackgroundSession;
  /** storage.session under the module's own prefix. */
  storage: KeyValueStorage;
  browser: CallsBrowserApi;
  iconUrl: string;
  notify: Notifier;
  now?: () => number;
  /** How long to wait between asking the provider for an ended call's sid (tests: 0). */
  providerRetryMs?: number;
}

/** The last incoming call's place and timing (calls.ts CallsDiagnostics.lastIncoming). */
export type LastIncoming = {
  callId: string;
  place: IncomingCallPlace['kind'];
  at: number;
  decidedAt: number;
} | null;

export interface CallsContext {
  readonly options: BackgroundCallsOptions;
  readonly hub: SocketHub;
  readonly session: BackgroundSession;
  readonly storage: KeyValueStorage;
  readonly browser: CallsBrowserApi;
  readonly now: () => number;
  readonly retryMs: number;
  readonly clients: CallClients;
  readonly api: ApiClient;
  /** The held call (active-call.ts); replaced, never edited in place. */
  call: ActiveCall | null;
  /** Replaced only by the restore, before any change can run; edited in place after. */
  state: StoredState;
  /** Settles once the stored call is back (after the session's own restore). */
  readonly restored: Promise<void>;
  restoredFlag: boolean;
  lastIncoming: LastIncoming;
  readonly ignored: Partial<Record<IgnoredIncomingCallReason, number>>;
  /** State changes run one after another: a write never races the one before. */
  queue<T>(task: () => Promise<T>): Promise<T>;
  /** A task started and not awaited: idle() waits for it. */
  track(task: Promise<unknown>): void;
  /** Settles once every started call-tracking call and write has finished (tests). */
  idle(): Promise<void>;
  currentScope(): Scope | null;
  /** The stored state is the signed-in user's (a switch wipes it first). */
  signedInHere(): boolean;
}

/** `restore` brings back the stored call; it starts at once and sets `restoredFlag`. */
export function createCallsContext(
  options: BackgroundCallsOptions,
  restore: (ctx: CallsContext) => Promise<void>,
): CallsContext {
  const { hub, session } = options;

  // Calls made here show their own notice where one is due (a failed lookup of tracking
  // info is no failure of the call): the client's toast on every error is turned off.
  const transport: Transport = {
    request: (req) => session.transport().request(req),
    subscribe: (event, handler) => hub.add(event, handler),
  };

  // ---- one change at a time --------------------------------------------------------
  let work: Promise<unknown> = Promise.resolve();
  const background = new Set<Promise<unknown>>();

  const ctx: Omit<CallsContext, 'restored'> & { restored?: Promise<void> } = {
    options,
    hub,
    session,
    storage: options.storage,
    browser: options.browser,
    now: options.now ?? Date.now,
    retryMs: options.providerRetryMs ?? PROVIDER_CALL_RETRY_MS,
    clients: createCallClients(),
    api: createApiClient(transport, () => {}),
    call: null,
    state: emptyState(),
    restoredFlag: false,
    lastIncoming: null,
    ignored: {},
    queue<T>(task: () => Promise<T>): Promise<T> {
      const run = work.then(task);
      work = run.catch(() => {});
      return run;
    },
    track(task) {
      const settled = task.catch(() => {});
      background.add(settled);
      void settled.finally(() => background.delete(settled));
    },
    async idle() {
      await ctx.restored;
      while (background.size > 0) await Promise.all([...background]);
      await work;
    },
    currentScope: () => scopeOf(session.publicState()),
    signedInHere() {
      const key = scopeKey(ctx.currentScope());
      return key !== '' && key === ctx.state.scope;
    },
  };
  ctx.restored = restore(ctx as CallsContext);
  return ctx as CallsContext;
}

// ---- persistence -----------------------------------------------------------------
export async function saveState(ctx: CallsContext): Promise<void> {
  await ctx.storage.set(CALL_STATE_KEY, JSON.stringify(ctx.state)).catch(() => {});
}

export async function saveCall(ctx: CallsContext): Promise<void> {
  if (ctx.call) {
    await ctx.storage
      .set(
        ACTIVE_CALL_STORAGE_KEY,
        JSON.stringify(persistActiveCall(ctx.call, new Date(ctx.now()))),
      )
      .catch(() => {});
  } else {
    await ctx.storage.remove(ACTIVE_CALL_STORAGE_KEY).catch(() => {});
  }
}

// ---- snapshots ---------------------------------------------------------------------
export function snapshotFor(ctx: CallsContext, client: CallClient): CallSnapshot {
  const { state } = ctx;
  const mine = ctx.signedInHere();
  const held = mine ? ctx.call : null;
  return {
    call: held,
    waiting: mine ? state.waiting : null,
    offered: isCallLive(held) && state.claimedBy === null && state.offer === client.placeKey,
    flowRevision: state.flowRevision,
    flowWrittenHere: state.flowWriter === client.key,
    otherViewers: mine ? ctx.clients.otherViewers(client) : 0,
  };
}

export function pushTo(ctx: CallsContext, client: CallClient): void {
  const snapshot = snapshotFor(ctx, client);
  const text = JSON.stringify(snapshot);
  if (text === client.lastPushed) return;
  client.lastPushed = text;
  client.push(snapshot);
}

/** Every port gets its snapshot where it changed (nothing before the restore). */
export function emit(ctx: CallsContext): void {
  if (!ctx.restoredFlag) return;
  for (const client of ctx.clients.all()) pushTo(ctx, client);
}
