import {
  ACTIVE_CALL_STORAGE_KEY,
  WAITING_CALL_STORAGE_KEY,
  type WaitingCall,
  waitingCallSchema,
} from '@/shared/contracts/active-call';
import {
  type ActiveCallState,
  persistActiveCall,
  readPersistedActiveCall,
} from '@/shared/domain/active-call';
import { callFlowStateKey } from '@/app/calls/call-flow-state-storage';
import type { CallHandoverEntries } from './tab-election';

/**
 * The tab's sessionStorage entries of the app's call (app-call-session.ts): the active call,
 * the waiting one, the note of the call this tab ran the wizard of, and the wizard's state
 * handed between tabs (issue #28). Refused storage reads as nothing kept.
 */

/**
 * The tab's sessionStorage note of the call it ran the wizard of: a reload claims that call
 * back (a tab that only showed it does not, nor does a duplicated tab whose original holds it).
 */
export const CALL_TAB_HELD_KEY = 'intake-call-tab-held';

export function readStoredCall(store: Storage, userId: string | null): ActiveCallState {
  let stored: string | null = null;
  try {
    stored = store.getItem(ACTIVE_CALL_STORAGE_KEY);
  } catch {
    stored = null; // storage refused (privacy mode): no call kept
  }
  return readPersistedActiveCall(stored, userId);
}

export function storeActiveCall(store: Storage, next: ActiveCallState, at: Date): void {
  try {
    if (next) {
      store.setItem(ACTIVE_CALL_STORAGE_KEY, JSON.stringify(persistActiveCall(next, at)));
    } else {
      store.removeItem(ACTIVE_CALL_STORAGE_KEY);
    }
  } catch {
    // Full or refused storage: the call still holds for this page's life.
  }
}

export function readWaitingCall(store: Storage, userId: string | null): WaitingCall | null {
  try {
    const text = store.getItem(WAITING_CALL_STORAGE_KEY);
    if (!text || !userId) return null;
    const parsed = waitingCallSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.userId === userId ? parsed.data : null;
  } catch {
    return null; // refused storage or an unreadable entry: nothing waits
  }
}

export function storeWaitingCall(store: Storage, waiting: WaitingCall | null): void {
  try {
    if (waiting) store.setItem(WAITING_CALL_STORAGE_KEY, JSON.stringify(waiting));
    else store.removeItem(WAITING_CALL_STORAGE_KEY);
  } catch {
    // Refused storage: the waiting call holds for this page's life.
  }
}

export function readHeldNote(store: Storage): string | null {
  try {
    return store.getItem(CALL_TAB_HELD_KEY);
  } catch {
    return null;
  }
}

export function keepHeldNote(store: Storage, callId: string | null): void {
  try {
    if (callId) store.setItem(CALL_TAB_HELD_KEY, callId);
    else store.removeItem(CALL_TAB_HELD_KEY);
  } catch {
    // Refused storage: a reload asks like any other tab (the call shows as elsewhere).
  }
}

/** Drops the call's wizard state kept in this tab (another tab runs it). */
export function forgetFlowState(store: Storage, userId: string): void {
  try {
    store.removeItem(callFlowStateKey(userId));
  } catch {
    // Refused storage: nothing kept to remove.
  }
}

/** Writes the wizard state another tab handed over, before this tab shows the call. */
export function restoreHandover(
  store: Storage,
  entries: CallHandoverEntries,
  userId: string,
): void {
  const flowKey = callFlowStateKey(userId);
  for (const key of [ACTIVE_CALL_STORAGE_KEY, flowKey]) {
    const value = entries[key];
    if (typeof value === 'string') store.setItem(key, value);
  }
}

/**
 * The call's entries this tab hands to the tab moving the call away; its wizard state goes
 * with them unless it keeps them (leaving: a reload still has it, and a closed tab's storage
 * goes with the tab).
 */
export function handOverEntries(
  store: Storage,
  userId: string,
  keep: boolean,
): CallHandoverEntries {
  const entries: CallHandoverEntries = {};
  const flowKey = callFlowStateKey(userId);
  for (const key of [ACTIVE_CALL_STORAGE_KEY, flowKey]) {
    const value = store.getItem(key);
    if (value !== null) entries[key] = value;
  }
  if (!keep) store.removeItem(flowKey);
  return entries;
}
