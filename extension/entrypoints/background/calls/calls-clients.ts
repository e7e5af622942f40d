import type { CallSnapshot } from '@/shared/contracts/call-session';
import type { OpenTab } from '@/shared/domain/incoming-call';

/**
 * Who shows the active call (issue #13): every admitted port — a CRM tab's panel, one of
 * our pages, the standalone app — with what it told the background (call:facts,
 * live:visibility) and where the browser says it sits. From these the one-place rule
 * (shared/domain/incoming-call.ts placeForIncomingCall) gets its OpenTab facts.
 */

export type CallClientKind = 'crm' | 'page' | 'app';

/** What the router (or the app's live port) says about a port when it admits it. */
export interface CallClientInfo {
  kind: CallClientKind;
  tabId?: number;
  windowId?: number;
  /** The page's address (a CRM tab's: the notification's "open a CRM tab" target). */
  url?: string;
  /** Sends this client its snapshot (a `call-state` message). */
  push(snapshot: CallSnapshot): void;
}

export interface CallClient extends CallClientInfo {
  /** One per port: who wrote the last flow change. */
  key: string;
  /**
   * One per tab ("crm:12", "app:4"), the same after the tab's port reconnects (a reload,
   * a stopped worker): what an offer and a claim name. A page without a tab gets its own.
   */
  placeKey: string;
  canShowCallFlow: boolean;
  visible: boolean;
  /** When it last reported visible=true (ms since epoch). */
  lastFocusedAt: number | null;
  /** The last snapshot pushed, as JSON: a change that does not touch it is not sent. */
  lastPushed: string | null;
}

/** The slice of browser.tabs / browser.windows the facts need. */
export interface TabFactsApi {
  tabs: { query(query: { active: true }): Promise<{ id?: number; windowId?: number }[]> };
  windows: { getLastFocused(): Promise<{ id?: number; focused?: boolean }> };
}

export function createCallClients() {
  const clients = new Map<object, CallClient>();
  let serial = 0;

  return {
    add(handle: object, info: CallClientInfo): CallClient {
      serial++;
      const hasTab = typeof info.tabId === 'number' && info.tabId >= 0;
      const client: CallClient = {
        ...info,
        key: `${info.kind}#${serial}`,
        placeKey: hasTab ? `${info.kind}:${info.tabId}` : `${info.kind}#${serial}`,
        canShowCallFlow: false,
        visible: false,
        lastFocusedAt: null,
        lastPushed: null,
      };
      clients.set(handle, client);
      return client;
    },
    get: (handle: object) => clients.get(handle),
    remove: (handle: object) => void clients.delete(handle),
    all: () => [...clients.values()],
    /**
     * A client by the tab an offer names: the newest port of that tab that can show the
     * call flow (a CRM tab has two, its content script's and its panel frame's, issue
     * #29), else its newest port.
     */
    byPlace(placeKey: string): CallClient | undefined {
      const ofPlace = [...clients.values()].reverse().filter((c) => c.placeKey === placeKey);
      return ofPlace.find((client) => client.canShowCallFlow) ?? ofPlace[0];
    },
    /**
     * Other tabs and pages that show the call-flow widget now, one per tab (a tab's old
     * port that has not closed yet is not a second viewer).
     */
    otherViewers(client: CallClient): number {
      const places = new Set<string>();
      for (const other of clients.values()) {
        if (other.canShowCallFlow && other.placeKey !== client.placeKey) places.add(other.placeKey);
      }
      return places.size;
    },
  };
}

export type CallClients = ReturnType<typeof createCallClients>;

/**
 * The OpenTab facts of the CRM tabs and app tabs with a port: the panel's own reports
 * (call:facts, live:visibility), and the browser's word on which tab is selected in
 * which window and which window has the focus. A browser that cannot answer (the window
 * API failed) leaves every tab out of front: the call goes to a notification.
 */
export async function openTabs(
  clients: readonly CallClient[],
  api: TabFactsApi,
): Promise<OpenTab[]> {
  const [active, focused] = await Promise.all([
    api.tabs.query({ active: true }).catch(() => []),
    api.windows.getLastFocused().catch(() => null),
  ]);
  const activeWindow = new Map<number, number | undefined>();
  for (const tab of active) if (typeof tab.id === 'number') activeWindow.set(tab.id, tab.windowId);
  const focusedWindowId = focused?.focused ? focused.id : undefined;
  const byTab = new Map<string, OpenTab>();
  for (const client of clients) {
    if (client.kind === 'page' || typeof client.tabId !== 'number') continue;
    const isActive = activeWindow.has(client.tabId);
    // A selected tab's window as the browser says it now (a tab may have been dragged).
    const windowId = (isActive ? activeWindow.get(client.tabId) : undefined) ?? client.windowId;
    const known = byTab.get(client.placeKey);
    const lastFocusedAt = Math.max(
      known?.lastFocusedAt ?? Number.NEGATIVE_INFINITY,
      client.lastFocusedAt ?? Number.NEGATIVE_INFINITY,
    );
    byTab.set(client.placeKey, {
      tabId: client.tabId,
      windowId: windowId ?? -1,
      kind: client.kind,
      active: isActive,
      windowFocused: focusedWindowId !== undefined && windowId === focusedWindowId,
      lastFocusedAt: Number.isFinite(lastFocusedAt) ? lastFocusedAt : null,
      canShowCallFlow: (known?.canShowCallFlow ?? false) || client.canShowCallFlow,
    });
  }
  return [...byTab.values()];
}
