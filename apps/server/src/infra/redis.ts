import type { RedisClientType } from 'redis';

/**
 * Closes a Redis client without letting a shutdown hang: QUIT waits for Redis's answer, which
 * never comes from a connection that died and was being re-established, so after a short wait
 * the socket is simply dropped.
 */
export async function closeRedis(client: RedisClientType, waitMs = 2_000): Promise<void> {
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
