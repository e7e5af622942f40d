/**
 * The Transport of ARCHITECTURE.md: how a screen's requests and socket events reach the
 * server. DirectTransport talks HTTP and socket.io itself; PortTransport (extension)
 * forwards both to the background worker. Screens never see which one they have.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[];

export interface TransportRequest {
  method: HttpMethod;
  /** Relative to the base, without a leading slash: "workspaces/ws_lakeside/leadSources". */
  path: string;
  /** "api" (default) or the call-centre API. */
  base?: 'api' | 'callCenter';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Defaults to DEFAULT_TIMEOUT_MS (spec: session 9, 60000 ms). */
  timeoutMs?: number;
  /** Password-change and email-verify calls skip refresh-and-retry (spec: session 4 step 8). */
  skipAuthRefresh?: boolean;
  /** Calls made before sign-in (POST auth) carry no Bearer header. */
  anonymous?: boolean;
  /**
   * A retried call that is refused again (401 after a successful refresh) does not end the
   * session: the error is thrown with authFailed false and onAuthFailure is not called.
   * For callers whose 401 says more about the call than about the session — the extension
   * forwarding a content script's request (issue 9, Low: "A 401 on a content script's
   * request signs the whole browser out"). A refused refresh still signs out: then the
   * session itself is dead.
   */
  keepSessionOnAuthFailure?: boolean;
  /**
   * Cancels the call (the data layer passes its query's signal: a screen that unmounts or
   * changes its filters stops waiting). A cancelled call rejects with a TransportError
   * whose `cancelled` is true; it is nobody's failure, so nothing shows it.
   */
  signal?: AbortSignal;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

const CANCELLED_TEXT = 'Request cancelled';

/** Every failure a request can end in, as one value the UI can show. */
export class TransportError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 for network failures, 408 for timeouts. */
    readonly status: number,
    /** The response body's message, when the server gave one. */
    readonly serverMessage: string | null = null,
    /** The session ended on this failure (refresh refused): the user was signed out. */
    readonly authFailed = false,
  ) {
    super(message);
    this.name = 'TransportError';
  }

  /** Plain data, for crossing a message port (extension) and back. */
  toJSON(): TransportErrorData {
    return {
      message: this.message,
      status: this.status,
      serverMessage: this.serverMessage,
      authFailed: this.authFailed,
    };
  }

  static fromJSON(data: TransportErrorData): TransportError {
    return new TransportError(data.message, data.status, data.serverMessage, data.authFailed);
  }

  /** The caller cancelled the call (its AbortSignal fired): nothing to show. */
  static cancelled(): TransportError {
    return new TransportError(CANCELLED_TEXT, 0);
  }

  get cancelled(): boolean {
    return this.status === 0 && this.message === CANCELLED_TEXT;
  }

  static from(error: unknown): TransportError {
    if (error instanceof TransportError) return error;
    const message = error instanceof Error ? error.message : String(error);
    return new TransportError(message, 0);
  }
}

export interface TransportErrorData {
  message: string;
  status: number;
  serverMessage: string | null;
  authFailed: boolean;
}

export type SocketEventHandler = (payload: unknown) => void;

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'error';

export interface Transport {
  request(req: TransportRequest): Promise<unknown>;
  /** Subscribes to a socket event; returns the unsubscribe function. */
  subscribe(event: string, handler: SocketEventHandler): () => void;
}
