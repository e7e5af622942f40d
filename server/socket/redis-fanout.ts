import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { ServerOptions } from 'socket.io';

/**
 * Socket fan-out across server processes (issue #17): socket.io's Redis adapter over two
 * ioredis connections, one publishing and one subscribed. A room emit in one process
 * reaches the sockets of that room in every process; `fetchSockets`,
 * `disconnectSockets` and `serverSideEmit` go through Redis too.
 *
 * Redis may go away (restart, network): ioredis reconnects by itself and re-subscribes.
 * Meanwhile an emit still reaches this process's own sockets; what it publishes for the
 * others is dropped (logged once per outage), never queued without bound and never an
 * unhandled rejection. Notifications are stored before they are pushed and a client
 * loads the list each time its socket (re)connects, so none is lost for good.
 */

/** Channel prefix when REDIS_KEY_PREFIX is not set. */
export const DEFAULT_REDIS_KEY = 'intake-cockpit';
/** How long startup waits for Redis before refusing to start. */
const CONNECT_TIMEOUT_MS = 10_000;
/** ioredis reconnect back-off: 100 ms, 200 ms, … at most 2 s between attempts. */
const reconnectDelay = (attempt: number) => Math.min(attempt * 100, 2000);
/** A health ping that takes longer than this counts as Redis down. */
export const REDIS_PING_TIMEOUT_MS = 1500;

export interface RedisFanoutOptions {
  url: string;
  /** Channel prefix: processes of one deployment share it, parallel test runs do not. */
  key?: string;
  log: {
    warn(message: string): void;
    info(message: string): void;
  };
}

export interface RedisFanout {
  adapter: NonNullable<ServerOptions['adapter']>;
  /** The channel prefix in use. */
  key: string;
  /** Answers how long a PING took, or throws (not connected, timed out). */
  ping(): Promise<number>;
  close(): Promise<void>;
}

/** redis://user:secret@host → redis://user:***@host, for messages and logs. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable REDIS_URL)';
  }
}

/**
 * Connects both clients and builds the adapter; throws with a clear message when Redis
 * cannot be reached at startup (a server that cannot fan out must not look healthy).
 */
export async function connectRedisFanout(options: RedisFanoutOptions): Promise<RedisFanout> {
  const { url, log } = options;
  const key = options.key ?? DEFAULT_REDIS_KEY;
  const shown = redactRedisUrl(url);
  const common = {
    retryStrategy: reconnectDelay,
    // A command sent while disconnected fails at once instead of waiting in memory.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
    connectionName: `intake-cockpit:${process.pid}`,
  } as const;
  // The subscriber keeps an offline queue: its SUBSCRIBE commands are sent before the
  // first connect completes, and ioredis re-subscribes after every reconnect.
  const pub = new Redis(url, { ...common, lazyConnect: true });
  const sub = new Redis(url, { ...common, enableOfflineQueue: true, lazyConnect: true });

  let down = false;
  const onError = (label: string) => (error: Error) => {
    // ioredis emits an error per failed reconnect attempt: say it once per outage.
    if (down) return;
    down = true;
    log.warn(
      `Redis at ${shown} is unreachable (${label}: ${error.message}); socket events reach this process's sockets only until it is back.`,
    );
  };
  pub.on('error', onError('publisher'));
  sub.on('error', onError('subscriber'));
  const onReady = () => {
    if (!down || pub.status !== 'ready' || sub.status !== 'ready') return;
    down = false;
    log.info(`Redis at ${shown} is reachable again; socket fan-out resumed.`);
  };
  pub.on('ready', onReady);
  sub.on('ready', onReady);

  // The adapter publishes without awaiting (publish(...) with no catch): while Redis is
  // down each publish would be an unhandled rejection, which ends a Node process.
  const publish = pub.publish.bind(pub);
  pub.publish = ((channel: string | Buffer, message: string | Buffer) =>
    publish(channel, message).catch(() => 0)) as typeof pub.publish;

  try {
    // connect() settles at 'ready', or rejects at the first failed attempt; ioredis's own
    // connectTimeout (CONNECT_TIMEOUT_MS) bounds an address that never answers.
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (error) {
    pub.disconnect();
    sub.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Redis at ${shown} is unreachable (${reason}). Start Redis or fix REDIS_URL.`);
  }

  return {
    adapter: createAdapter(pub, sub, { key }),
    key,
    async ping() {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${REDIS_PING_TIMEOUT_MS} ms`)),
          REDIS_PING_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([pub.ping(), timeout]);
      } finally {
        clearTimeout(timer);
      }
      return Math.round(performance.now() - started);
    },
    async close() {
      await Promise.all(
        [pub, sub].map((client) =>
          client.status === 'ready' ? client.quit().then(() => undefined) : client.disconnect(),
        ),
      ).catch(() => undefined);
      pub.disconnect();
      sub.disconnect();
    },
  };
}
