import type { KeyValueStorage } from '@/shared/storage/storage';
import type { BackgroundMessage, PanelCallRequest } from '@/shared/transport/port-protocol';
import type { BackgroundCalls } from '../calls';
import type { BackgroundLive } from '../live';
import type { PanelViews } from '../panel-views';
import type { ReportCache } from '../report-cache';
import type { SelfIdentity, SenderLike } from '../sender-policy';
import type { BackgroundSession } from '../session';
import type { SocketHub } from '../socket';

/** The part of runtime.Port the router uses. */
export interface RouterPort {
  name: string;
  sender?: SenderLike;
  postMessage(message: BackgroundMessage): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

/** The worker's modules the router serves ports from (given by the background's index). */
export interface RouterModules {
  self: SelfIdentity;
  session: BackgroundSession;
  hub: SocketHub;
  /** The browser's one live feed (issue #12): every port mirrors it. */
  live: BackgroundLive;
  /** The active call (issue #13): every port shows it; call:* messages go there. */
  calls: BackgroundCalls;
  /** Widget persistence: storage.local under a prefix. */
  widgetStorage: KeyValueStorage;
}

/**
 * What the router's handlers share: the worker's modules, the open ports, and the one
 * way out to a port (`post`, which never lets a session secret through).
 */
export interface RouterContext extends RouterModules {
  reportCache: ReportCache;
  panelViews: PanelViews;
  /** The ports admitted (classified and connected). */
  ports: Set<RouterPort>;
  /** A press per tab whose panel frame was not connected yet, and until when it waits. */
  heldCalls: Map<number, { request: PanelCallRequest; until: number }>;
  now: () => number;
  /** Posts to a port, withholding whatever holds a current token (issue #9 item 1). */
  post(port: RouterPort, message: BackgroundMessage): void;
  /** Counts a message dropped: bad sender, bad shape, not allowed, over a bound. */
  drop(count?: number): void;
  /** Keeps the report cache and the panel's looks for the signed-in owner only. */
  followOwner(): void;
}
