import { createClient, type RedisClientType } from 'redis';
import type { Logger } from 'pino';

/** How long a rate-limit count may wait for Redis before the instance counts on its own. */
export const REDIS_COMMAND_WAIT_MS = 500;

/** The command's answer, or a rejection after `ms`: the caller then goes on without Redis. */
export function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The instance's Redis connections and what it says about them (decision 0018). Every client is
 * made here, so all of them behave the same when Redis goes away:
 *  - commands fail at once instead of queueing until Redis is back (no offline queue), so a
 *    request never waits on a dead connection and nothing stale is replayed on reconnect;
 *  - the client reconnects on its own, backing off to one attempt every 2 s, and resubscribes;
 *  - one warning is logged when the first connection is lost and one line when all are back,
 *    not one per client and attempt.
 * While Redis is away, what it shares between instances is kept per instance: rate limits
 * count in memory (rate-limit.ts), Socket.IO delivers to this instance's sockets only
 * (realtime.ts), and catalogue news travels by the periodic revision check (catalogue/snapshot.ts).
 */
export class RedisLink {
  private readonly lost = new Set<string>();
  private readonly clients: RedisClientType[] = [];

  /**
   * `prefix` (REDIS_PREFIX) begins every key and channel of this deployment, so deployments
   * sharing one Redis neither read each other's counts nor hear each other's broadcasts; it also
   * names the connections (CLIENT LIST shows which deployment holds which).
   */
  constructor(
    readonly url: string,
    private readonly log: Logger,
    readonly prefix = '',
  ) {}

  /** Whether every connection made here is up. */
  get up(): boolean {
    return this.lost.size === 0;
  }

  /** A new connected client; `name` says which part uses it in the log. */
  async client(name: string): Promise<RedisClientType> {
    const client = createClient({
      url: this.url,
      // CLIENT SETNAME takes no spaces.
      name: `${this.prefix}${name.replace(/\s+/g, '-')}`,
      disableOfflineQueue: true,
      socket: { connectTimeout: 2_000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2_000) },
    }) as RedisClientType;
    // Without a listener a lost connection would end the process.
    client.on('error', (err: Error) => this.onError(name, err));
    client.on('ready', () => this.onReady(name));
    this.clients.push(client);
    await client.connect();
    return client;
  }

  private onError(name: string, err: Error): void {
    if (this.lost.has(name)) return;
    const first = this.lost.size === 0;
    this.lost.add(name);
    if (first) {
      this.log.warn(
        { err: err.message, client: name },
        'redis unreachable: rate limits, chat rooms and catalogue news are per instance until it is back',
      );
    }
  }

  private onReady(name: string): void {
    if (!this.lost.delete(name)) return;
    if (this.lost.size === 0) this.log.info('redis back: rate limits, chat rooms and catalogue news are shared again');
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.splice(0).map((c) => closeRedis(c)));
  }
}

/**
 * Closes a Redis client without letting a shutdown hang: QUIT waits for Redis's answer, which
 * never comes from a connection that died and was being re-established, so after a short wait
 * the socket is simply dropped.
 */
async function closeRedis(client: RedisClientType, waitMs = 2_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    client.quit().catch(() => undefined),
    new Promise<void>((r) => {
      timer = setTimeout(r, waitMs);
    }),
  ]);
  clearTimeout(timer);
  if (client.isOpen) client.destroy();
}
