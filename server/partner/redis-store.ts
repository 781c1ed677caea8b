/**
 * A PartnerStore on Redis (node-redis), for a partner that runs several instances behind one origin:
 * sessions, OAuth states, export results and the callback replay guard are shared, and "export ready"
 * travels between instances by Redis pub/sub, so a callback received by instance A reaches a page
 * listening for server-sent events on instance B.
 *
 * Node only (a TCP client): import it from `room-elements/partner/redis`, never from an edge bundle.
 * Redis bounds itself: run it with `maxmemory` and `maxmemory-policy volatile-ttl` (every key here
 * has a lifetime, and the soonest to expire go first: OAuth states before sessions).
 */
import { createClient } from 'redis';
import { StoreUnavailable, type PartnerStore } from './store.ts';

type Client = ReturnType<typeof createClient>;

export interface RedisStoreOptions {
  /** Prefix of every key and channel (default `partner:`), so one Redis can serve several apps. */
  prefix?: string;
  /**
   * Milliseconds a command may wait for Redis (default 2 000). A stopped Redis fails a
   * command at once (no offline queue), a frozen one after this long: either way the request is
   * answered 503 `store_unavailable` instead of hanging.
   */
  commandTimeout?: number;
}

const MIB = 1024 * 1024;
/** Milliseconds a command may take beyond the command timeout per MiB it sends (see #timeFor). */
const MS_PER_MIB = 100;

/**
 * Runs a command within `timeoutMs`; any failure of Redis (no answer in time, connection closed,
 * refused) is a StoreUnavailable. The timer is ours: node-redis's command timeout covers only the
 * wait before a command is written, and a frozen Redis (SIGSTOP, a stalled host) accepts the write
 * and never answers. A late answer then settles a promise nobody waits for.
 */
async function command<T>(timeoutMs: number, run: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    // the refusal waits one turn of the event loop: after a busy stretch the timer phase comes
    // before the socket is read, and an answer already there must win over the timer
    timer = setTimeout(
      () => setImmediate(() => reject(new Error(`no answer within ${timeoutMs} ms`))),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([run(), late]);
  } catch (error) {
    throw new StoreUnavailable(`redis: ${(error as Error)?.message ?? String(error)}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One log line when the connection is lost (with the reason) and one when it is back, not one per
 * reconnection attempt or per failed request.
 */
function logConnection(client: Client, name: string): void {
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    console.error(`${name}: connection lost (${error.message}); requests answer 503 until it is back`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    console.error(`${name}: connection back`);
  });
}

export class RedisStore implements PartnerStore {
  readonly #client: Client;
  readonly #prefix: string;
  #subscriber: Promise<Client> | undefined;
  /** The subscriber connection itself, connecting or not, so close() ends it either way. */
  #subscriberClient: Client | undefined;
  /** One Redis subscription per channel, fanned out here to every local listener. */
  readonly #listeners = new Map<string, Set<(message: string) => void>>();
  readonly #owned: boolean;
  readonly #timeout: number;

  /** Wraps a connected client (it stays the caller's to close) or, through connect(), one of its own. */
  constructor(client: Client, options: RedisStoreOptions & { owned?: boolean } = {}) {
    this.#client = client;
    this.#timeout = options.commandTimeout ?? 2000;
    this.#prefix = options.prefix ?? 'partner:';
    this.#owned = options.owned ?? false;
  }

  /**
   * Connects to `url` (e.g. redis://127.0.0.1:6379, env REDIS_URL). Errors after start-up are logged
   * (one line per change: "lost", "back"), not thrown; the client reconnects by itself.
   */
  static async connect(url: string, options: RedisStoreOptions = {}): Promise<RedisStore> {
    const client: Client = createClient({
      url,
      // fail fast while Redis is away, never queue requests until it is back
      disableOfflineQueue: true,
      socket: {
        connectTimeout: 2000,
        reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 1000),
      },
    });
    logConnection(client, 'partner redis');
    await client.connect();
    return new RedisStore(client, { ...options, owned: true });
  }

  /**
   * The clock for a command that sends `text`: the command timeout, plus the time its bytes take to
   * cross (MS_PER_MIB). A 15 MiB AR upload is 20 MiB of JSON: on a loaded 2-core machine writing it and
   * Redis reading it took most of the 2 s meant for a frozen Redis, and the upload was answered 503.
   * Still a bound: values are bounded (the largest is an upload, body-limit.ts), so is this.
   */
  #timeFor(text: string): number {
    return this.#timeout + Math.ceil((text.length / MIB) * MS_PER_MIB);
  }

  async get<T>(key: string): Promise<T | undefined> {
    const value = await command(this.#timeout, () => this.#client.get(this.#prefix + key));
    return value === null || value === undefined ? undefined : (JSON.parse(String(value)) as T);
  }

  async set<T>(key: string, value: T, ttlSeconds: number): Promise<void> {
    // serialised before the clock starts: the clock is for Redis, not for our own CPU
    const text = JSON.stringify(value);
    await command(this.#timeFor(text), () =>
      this.#client.set(this.#prefix + key, text, {
        expiration: { type: 'PX', value: Math.max(1, Math.round(ttlSeconds * 1000)) },
      }),
    );
  }

  async add<T>(key: string, value: T, ttlSeconds: number): Promise<boolean> {
    const text = JSON.stringify(value);
    const answer = await command(this.#timeFor(text), () =>
      this.#client.set(this.#prefix + key, text, {
        expiration: { type: 'PX', value: Math.max(1, Math.round(ttlSeconds * 1000)) },
        condition: 'NX',
      }),
    );
    return answer === 'OK';
  }

  async delete(key: string): Promise<void> {
    await command(this.#timeout, () => this.#client.del(this.#prefix + key));
  }

  async publish(channel: string, message: string): Promise<void> {
    await command(this.#timeout, () => this.#client.publish(this.#prefix + channel, message));
  }

  async subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>> {
    // a connection in subscriber mode takes no other command: a second one, made once. One whose
    // connection failed is forgotten, so the next subscribe tries again (issue 34: it stayed broken);
    // one still connecting is waited for at most 5 × the command timeout, and kept (it may come up)
    let connecting = this.#subscriber;
    if (!connecting) {
      const subscriber = this.#client.duplicate();
      this.#subscriberClient = subscriber;
      logConnection(subscriber, 'partner redis subscriber');
      const made = subscriber.connect().then(
        () => subscriber,
        (error: unknown) => {
          if (this.#subscriber === made) this.#subscriber = undefined;
          if (subscriber.isOpen) subscriber.destroy();
          throw error;
        },
      );
      made.catch(() => {});
      this.#subscriber = connecting = made;
    }
    // a connection takes longer than a command on a loaded machine: a stream that gives up on it
    // polls the store every second for its whole life, which costs far more than the wait
    const subscriber = await command(5 * this.#timeout, () => connecting);
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      const set = new Set<(message: string) => void>();
      this.#listeners.set(channel, (listeners = set));
      try {
        await command(this.#timeout, () =>
          subscriber.subscribe(this.#prefix + channel, (message: string) => {
            for (const each of [...set]) each(message);
          }),
        );
      } catch (error) {
        // a late success is harmless: it feeds this set, which no listener joins any more
        // not subscribed: the next subscribe to the channel tries again
        if (this.#listeners.get(channel) === set) this.#listeners.delete(channel);
        throw error;
      }
    }
    listeners.add(listener);
    return async () => {
      listeners.delete(listener);
      if (listeners.size || this.#listeners.get(channel) !== listeners) return;
      this.#listeners.delete(channel);
      await subscriber.unsubscribe(this.#prefix + channel).catch(() => {});
    };
  }

  /** Closes the subscriber connection, and the client when connect() made it. */
  async close(): Promise<void> {
    const subscriber = this.#subscriberClient;
    this.#subscriber = undefined;
    this.#subscriberClient = undefined;
    this.#listeners.clear();
    if (subscriber?.isOpen) subscriber.destroy();
    if (this.#owned && this.#client.isOpen) this.#client.destroy();
  }
}
