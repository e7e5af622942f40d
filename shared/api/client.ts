import type { z } from 'zod';
import { en } from '@/shared/i18n/en';
import type { Notifier } from '@/shared/transport/notifier';
import {
  TransportError,
  type Transport,
  type TransportRequest,
} from '@/shared/transport/transport';
import { describeHttpError } from './error-policy';

/** A response that does not match its contract (spec: session 5, 8 "Response shape mismatch"). */
export class ShapeMismatchError extends Error {
  constructor(
    readonly path: string,
    readonly issues: string,
  ) {
    super(`${en.SHAPE_MISMATCH} (${path}: ${issues})`);
    this.name = 'ShapeMismatchError';
  }
}

export interface CallOptions {
  /** The caller shows the failure itself (sign-in form): no toast. */
  silent?: boolean;
}

/** Typed server calls: the transport's raw answer checked once against its contract. */
export interface ApiClient {
  call<T>(schema: z.ZodType<T>, req: TransportRequest, options?: CallOptions): Promise<T>;
  subscribe(event: string, handler: (payload: unknown) => void): () => void;
}

export function createApiClient(transport: Transport, notify: Notifier): ApiClient {
  return {
    async call(schema, req, options = {}) {
      let raw: unknown;
      try {
        raw = await transport.request(req);
      } catch (error) {
        const failure = TransportError.from(error);
        // A cancelled call is no failure: the screen that asked is gone or asks again.
        const message = options.silent || failure.cancelled ? null : describeHttpError(failure);
        if (message) notify('danger', message);
        throw failure;
      }
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        const issues = parsed.error.issues
          .slice(0, 3)
          .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
          .join('; ');
        if (!options.silent) notify('danger', en.SHAPE_MISMATCH);
        throw new ShapeMismatchError(req.path, issues);
      }
      return parsed.data;
    },
    subscribe: (event, handler) => transport.subscribe(event, handler),
  };
}

/** Calls the server for a `{ data }` answer (most of the API's shapes) and hands back its data. */
export async function callForData<T>(
  api: ApiClient,
  schema: z.ZodType<{ data: T }>,
  req: TransportRequest,
  options?: CallOptions,
): Promise<T> {
  const answer = await api.call(schema, req, options);
  return answer.data;
}
