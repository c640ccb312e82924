/**
 * Redis going away under a running server (a real child process, Redis reached through a TCP
 * proxy; the machine's Redis itself is never stopped). While it is away the instance serves on
 * its own (decision 0018): logins, chat and the catalogue answer in their usual time and never
 * 5xx, rate limits count in the instance's memory, and one warning says so. When Redis is back
 * the shared counts, the chat adapter's publishing and the catalogue subscription resume, without
 * a restart.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../factories-checkout.js';
import { createProduct, PASSWORD } from '../helpers.js';
import { TcpProxy, viaProxy } from '../tcp-proxy.js';
import { cast, type Cast } from './scenario.js';
import { World, type Answer } from './world.js';

const REDIS_URL = process.env.REDIS_URL;
let world: World;
let c: Cast;
let proxy: TcpProxy;
let watcher: RedisClientType;

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL || !REDIS_URL) return;
  world = await World.create();
  c = await cast(world);
  const target = new URL(REDIS_URL);
  proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
  await proxy.start();
  // The test's own connection, straight to Redis (not through the proxy).
  watcher = createClient({ url: REDIS_URL }) as RedisClientType;
  await watcher.connect();
});
afterAll(async () => {
  await world?.close();
  await proxy?.stop();
  await watcher?.quit();
});

/** A call that must answer, not 5xx, within `ms`; returns the answer. */
async function answered(call: () => Promise<Answer>, ms = 3_000): Promise<Answer> {
  const started = Date.now();
  const res = await call();
  const took = Date.now() - started;
  expect(res.status, JSON.stringify(res.body)).toBeGreaterThan(0);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  expect(took).toBeLessThan(ms);
  return res;
}

describe.skipIf(!process.env.TEST_DATABASE_URL || !REDIS_URL)('Redis going away', () => {
  it('chat, rate limits and the catalogue keep answering on the instance alone, with one warning; shared again once Redis is back', async () => {
    const prefix = `faults-${randomUUID().slice(0, 8)}:`;
    const server = await world.start(undefined, {
      REDIS_URL: viaProxy(REDIS_URL!, proxy.port),
      REDIS_PREFIX: prefix,
      CATALOGUE_CHECK_MS: '500',
      LOG_LEVEL: 'info',
    });
    const customer = await createCustomer(world.app);
    const email = customer.user.email;
    const login = (password: string) => world.call('POST', '/api/user/login', undefined, { email, password });
    const chat = async (text: string): Promise<Answer> => {
      const form = new FormData();
      form.set('message', text);
      try {
        const res = await fetch(`${server.url}/api/chat/send`, {
          method: 'POST',
          headers: { cookie: customer.cookie, origin: server.url },
          body: form,
          signal: AbortSignal.timeout(10_000),
        });
        return { status: res.status, body: (await res.json()) as Record<string, any> };
      } catch (err) {
        return { status: 0, body: { error: (err as Error).message } };
      }
    };
    const listed = async () =>
      ((await answered(() => world.call('GET', '/api/product/list'))).body.products as { _id: string }[]).map(
        (p) => p._id,
      );
    const adapterHeard: string[] = [];
    // The adapter's channels are under the deployment's prefix, as every key of it.
    await watcher.pSubscribe(`${prefix}socket.io#*`, (message) => adapterHeard.push(message.toString('latin1')), true);

    // Redis up: counts are shared (in Redis), the adapter publishes, the catalogue listens.
    expect((await answered(() => login(PASSWORD))).status).toBe(200);
    expect(await watcher.exists(`${prefix}rl:login:email:${email}`)).toBe(1);
    expect((await answered(() => chat('before the cut'))).status).toBe(200);
    await expect.poll(() => adapterHeard.some((m) => m.includes('before the cut')), { timeout: 5_000 }).toBe(true);
    expect(await watcher.pubSubNumSub(`${prefix}catalogue`)).toEqual({ [`${prefix}catalogue`]: 1 });

    await proxy.stop();
    await watcher.del(`${prefix}rl:login:email:${email}`);
    // At once, and again once the instance has said Redis is gone (its clients are then trying
    // to reconnect): nothing waits on Redis, nothing fails because of it.
    for (const when of ['at once', 'noticed']) {
      if (when === 'noticed')
        await expect
          .poll(() => server.output().includes('redis unreachable'), { timeout: 10_000, interval: 100 })
          .toBe(true);
      expect((await answered(() => login(PASSWORD))).status).toBe(200);
      expect((await answered(() => chat(`during the cut, ${when}`))).status).toBe(200);
      expect((await answered(() => world.call('GET', '/api/chat/get-chat', customer.cookie))).status).toBe(200);
      expect((await answered(() => world.call('GET', '/api/product/list'))).status).toBe(200);
    }
    // The per-email login limit (10 failed attempts in 15 minutes) still holds, counted by this
    // instance: the good logins above are taken back, ten wrong passwords, then the next is refused.
    for (let i = 0; i < 10; i++) expect((await answered(() => login('Wrong#1234'))).status).toBe(401);
    const refused = await answered(() => login(PASSWORD));
    expect(refused.status).toBe(429);
    // A product written meanwhile is listed: the periodic check stands in for the news.
    const { product } = await createProduct(world.app, c.vendor.vendor.id, {
      options: [{ name: 'Default Option', priceKobo: 90_000 }],
    });
    await expect.poll(listed, { timeout: 10_000, interval: 250 }).toContain(product.id);
    // None of it went through Redis, and nothing was queued to be replayed later.
    expect(await watcher.exists(`${prefix}rl:login:email:${email}`)).toBe(0);
    const ready = await answered(() => world.call('GET', '/api/ready'));
    expect(ready).toMatchObject({ status: 200, body: { checks: { database: 'ok', redis: 'unreachable' } } });

    await proxy.start();
    await expect
      .poll(async () => (await world.call('GET', '/api/ready')).body.checks?.redis, { timeout: 20_000, interval: 250 })
      .toBe('ok');
    // Every connection is back, the catalogue subscription included.
    await expect.poll(() => server.output().includes('redis back'), { timeout: 20_000, interval: 250 }).toBe(true);
    expect(await watcher.pubSubNumSub(`${prefix}catalogue`)).toEqual({ [`${prefix}catalogue`]: 1 });
    // Counts are shared again: another email's attempts land in Redis.
    const other = await createCustomer(world.app);
    expect(
      (
        await answered(() =>
          world.call('POST', '/api/user/login', undefined, { email: other.user.email, password: PASSWORD }),
        )
      ).status,
    ).toBe(200);
    expect(await watcher.exists(`${prefix}rl:login:email:${other.user.email}`)).toBe(1);
    // The adapter publishes again, and published nothing stale from the outage on reconnect.
    expect((await answered(() => chat('after the cut'))).status).toBe(200);
    await expect.poll(() => adapterHeard.some((m) => m.includes('after the cut')), { timeout: 5_000 }).toBe(true);
    expect(adapterHeard.some((m) => m.includes('during the cut'))).toBe(false);
    // The catalogue news travels by Redis again: this instance publishes the next revision it sees.
    const news: string[] = [];
    await watcher.subscribe(`${prefix}catalogue`, (m) => news.push(m));
    await createProduct(world.app, c.vendor.vendor.id, { options: [{ name: 'Default Option', priceKobo: 95_000 }] });
    await expect.poll(() => news.length, { timeout: 10_000, interval: 100 }).toBeGreaterThan(0);
    expect(JSON.parse(news[0]!)).toHaveProperty('catalogue');

    // One warning for the whole outage (four connections, many reconnect attempts), one line back.
    const out = server.output();
    expect(out.split('redis unreachable').length - 1).toBe(1);
    expect(out.split('redis back').length - 1).toBe(1);
    expect(out).not.toMatch(/"level":50/);
    expect(server.child.exitCode).toBeNull();
    expect(world.server).toBe(server);
  });
});
