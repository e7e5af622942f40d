import { vi, type Mock } from 'vitest';
import { createApiClient, type ApiClient } from '@/shared/api/client';
import type { Notifier } from '@/shared/transport/notifier';
import {
  TransportError,
  type Transport,
  type TransportRequest,
} from '@/shared/transport/transport';

/**
 * The one fake API of the component tests: a fake Transport (answers by the end of the
 * request's path) under the real API client, so every answer is checked against its real
 * contract, failures take the real error paths (toasts through `notify`), and a query's
 * AbortSignal cancels its pending answer as the real transports do.
 */

/**
 * An answer (any JSON), `{ fail: status, message? }` for a failure (message = the server's
 * own words), or a promise the test settles.
 */
export type Handler = (req: TransportRequest) => unknown;

/** Path suffix → answer; in a list, later entries win over earlier ones. */
export type Routes = Record<string, Handler> | [string, Handler][];

export interface FakeApi extends ApiClient {
  /** The transport under the client (for a host built on it). */
  transport: Transport;
  /** Every request, in order. */
  requests: TransportRequest[];
  /** Requests whose path ends with `suffix`. */
  calls(suffix: string): TransportRequest[];
  /** Replaces the answer for paths ending with `suffix`. */
  on(suffix: string, handler: Handler): void;
  /** What the client told the user (error toasts). */
  notify: Mock<Notifier>;
}

const isFailure = (answer: unknown): answer is { fail: number; message?: string } =>
  typeof answer === 'object' && answer !== null && 'fail' in answer;

/** Every route set in order: later sets (a test's overrides) win over earlier ones (presets). */
export function fakeApi(...routeSets: Routes[]): FakeApi {
  const handlers = new Map<string, Handler>();
  for (const routes of routeSets) {
    for (const [suffix, handler] of Array.isArray(routes) ? routes : Object.entries(routes)) {
      handlers.set(suffix, handler);
    }
  }
  const requests: TransportRequest[] = [];

  async function answer(req: TransportRequest): Promise<unknown> {
    // The longest matching suffix wins (…/pclc/contacts before …/pclc).
    const match = [...handlers.keys()]
      .filter((suffix) => req.path.endsWith(suffix))
      .sort((a, b) => b.length - a.length)[0];
    if (match === undefined) throw new TransportError(`No fake answer for ${req.path}`, 404);
    const result = await handlers.get(match)!(req);
    if (isFailure(result)) {
      const message = result.message ?? null;
      throw new TransportError(message ?? 'failed in test', result.fail, message);
    }
    return result;
  }

  const transport: Transport = {
    request(req) {
      requests.push(req);
      const { signal } = req;
      if (signal?.aborted) return Promise.reject(TransportError.cancelled());
      return new Promise((resolve, reject) => {
        // Like ofetch and the port: a cancelled call stops waiting at once.
        signal?.addEventListener('abort', () => reject(TransportError.cancelled()), {
          once: true,
        });
        answer(req).then(resolve, reject);
      });
    },
    subscribe: () => () => {},
  };
  const notify = vi.fn<Notifier>();
  const client = createApiClient(transport, notify);
  return {
    ...client,
    transport,
    requests,
    calls: (suffix) => requests.filter((req) => req.path.endsWith(suffix)),
    on: (suffix, handler) => void handlers.set(suffix, handler),
    notify,
  };
}

/** A promise the test settles later: holds a load in its loading state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A socket: the handlers subscribed by event name, and emit as the server would. */
export function fakeSocket(api: Pick<FakeApi, 'call'>) {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const client: ApiClient = {
    call: api.call,
    subscribe(event, handler) {
      const set = handlers.get(event) ?? new Set();
      set.add(handler);
      handlers.set(event, set);
      return () => void set.delete(handler);
    },
  };
  return {
    client,
    emit: (event: string, payload: unknown) => {
      for (const handler of [...(handlers.get(event) ?? [])]) handler(payload);
    },
    listening: (event: string) => handlers.get(event)?.size ?? 0,
  };
}
