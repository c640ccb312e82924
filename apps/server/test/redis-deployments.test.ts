/**
 * Two deployments on one Redis (staging beside production, two campuses): REDIS_PREFIX keeps
 * them apart. Deployment A runs two instances, deployment B one, on the machine's real Redis.
 * B is given the same database as A, as a staging restored from production's dump has the same
 * users and sessions: every room name (`user:<id>`, `role:support`) is then the same on both
 * sides and only the prefix can keep A's broadcasts from B's sockets.
 *
 * What a deployment keeps in Redis, all under its prefix (the last test checks every command
 * each connection sends, so a new use that forgets the prefix fails here):
 *  - `<prefix>rl:<key>`: rate-limit counters (infra/rate-limit.ts);
 *  - `<prefix>socket.io#/#<room>#`: Socket.IO broadcasts, psubscribed as `<prefix>socket.io#/#*`;
 *  - `<prefix>socket.io-request#/#`, `<prefix>socket.io-response#/#[<uid>#]`: the requests between
 *    instances behind fetchSockets (chat presence), socketsJoin, disconnectSockets and serverCount
 *    (PUBSUB NUMSUB of the request channel) (infra/realtime/realtime.ts);
 *  - `<prefix>catalogue`: news of catalogue and gazetteer revisions (modules/catalogue/snapshot.ts).
 *  - `<prefix>latest:<key>`: the latest value of a key with its TTL, such as a rider's position
 *    (infra/latest-values.ts).
 * No lock is in Redis (the start-up lock and job leases are in the database).
 */
import type { Socket } from 'socket.io-client';
import type { ChatAnswer, ClientToServerEvents, ServerToClientEvents } from '@jara/shared';
import { createClient, type RedisClientType } from 'redis';
import type { RedisAdapter } from '@socket.io/redis-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/infra/db/client.js';
import { sha256 } from '../src/lib/crypto.js';
import { SESSION_COOKIE } from '../src/infra/sessions.js';
import { buildTestApp, createUser, freshDatabase, json, unique, type TestApp } from './helpers.js';
import { connect, listen, nextEvent, sendChat, chatIdOf } from './factories-chat.js';
import { checkoutOk, createCustomer, createShop, origin, sandboxAction, verify } from './factories-checkout.js';
import { createPaidOrder, createRiderAccount, createVendorAccount } from './factories-portals.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const REDIS_URL = process.env.REDIS_URL;
const onPostgres = !!process.env.TEST_DATABASE_URL;
const PREFIX_A = `deploy-a-${unique()}:`;
const PREFIX_B = `deploy-b-${unique()}:`;

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
const pools: Database[] = [];
let a1: TestApp;
let a2: TestApp;
let b: TestApp;
const urls = { a2: '', b: '' };
const sockets: ClientSocket[] = [];
let monitor: RedisClientType;

/** One command a connection of ours sent, as MONITOR showed it. */
interface Sent {
  client: string;
  args: string[];
}
const sent: Sent[] = [];
/** Connection address → the name it gave itself (`<prefix><part>`), learnt from its HELLO. */
const names = new Map<string, string>();

/** The arguments of a MONITOR line: `123.456 [0 127.0.0.1:5000] "CMD" "arg" …` (C-style escapes). */
function monitorLine(line: string): { addr: string; args: string[] } | null {
  const m = /^\d+\.\d+ \[\d+ ([^\]]+)\] (.*)$/s.exec(line);
  if (!m) return null;
  const args: string[] = [];
  const text = m[2]!;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '"') continue;
    let arg = '';
    for (i++; i < text.length && text[i] !== '"'; i++) {
      if (text[i] !== '\\') {
        arg += text[i];
        continue;
      }
      i++;
      if (text[i] === 'x') {
        arg += String.fromCharCode(parseInt(text.slice(i + 1, i + 3), 16));
        i += 2;
      } else arg += text[i];
    }
    args.push(arg);
  }
  return { addr: m[1]!, args };
}

function watch(line: string): void {
  const parsed = monitorLine(line);
  if (!parsed) return;
  const { addr, args } = parsed;
  const cmd = args.map((a) => a.toUpperCase());
  const setName = cmd[0] === 'HELLO' ? cmd.indexOf('SETNAME') : cmd[0] === 'CLIENT' && cmd[1] === 'SETNAME' ? 1 : -1;
  if (setName >= 0) {
    const name = args[setName + 1] ?? '';
    if (name.startsWith(PREFIX_A) || name.startsWith(PREFIX_B)) names.set(addr, name);
    else names.delete(addr);
  }
  const client = names.get(addr);
  if (client) sent.push({ client, args });
}

/** Every server-sent event a socket receives from now on. */
function heard(socket: ClientSocket): string[] {
  const events: string[] = [];
  socket.onAny((event: string) => events.push(event));
  return events;
}

async function open(url: string, cookie: string): Promise<ClientSocket> {
  const s = (await connect(url, cookie)) as ClientSocket;
  sockets.push(s);
  return s;
}

const serverCount = (app: TestApp) => (app.ctx.realtime.io.of('/').adapter as RedisAdapter).serverCount();
const socketsIn = async (app: TestApp, room: string) =>
  (await app.ctx.realtime.io.in(room).fetchSockets()).map((s) => s.id).sort();
/** Long enough for a broadcast that reached one subscriber to have reached every other. */
const settle = () => new Promise((r) => setTimeout(r, 500));

beforeAll(async () => {
  if (!REDIS_URL) return;
  monitor = createClient({ url: REDIS_URL }) as RedisClientType;
  await monitor.connect();
  await monitor.monitor((line) => watch(String(line)));

  fresh = await freshDatabase();
  // On PostgreSQL each instance has its own pool, as separate processes would.
  const database = async () => {
    if (!onPostgres) return fresh.database;
    const pool = await openPostgres(fresh.url!, 5);
    pools.push(pool);
    return pool;
  };
  a1 = await buildTestApp({ REDIS_PREFIX: PREFIX_A }, fresh.database);
  a2 = await buildTestApp({ REDIS_PREFIX: PREFIX_A }, await database());
  b = await buildTestApp({ REDIS_PREFIX: PREFIX_B }, await database());
  await listen(a1);
  urls.a2 = await listen(a2);
  urls.b = await listen(b);
  // Each instance's subscriptions are live once the request channels count them (at least: the
  // tests say how many exactly).
  for (const [app, n] of [
    [a1, 2],
    [b, 1],
  ] as const) {
    const deadline = Date.now() + 10_000;
    while ((await serverCount(app)) < n) {
      if (Date.now() > deadline) throw new Error(`fewer than ${n} instances subscribed`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  for (const app of [a1, a2, b]) await app?.close();
  for (const pool of pools) await pool.close();
  await fresh?.database.close();
  await fresh?.drop();
  monitor?.destroy();
});

describe.skipIf(!REDIS_URL)('two deployments on one Redis, apart by REDIS_PREFIX', () => {
  it("the support inbox and the customer hear a chat on A's other instance; B's sockets hear nothing", async () => {
    const customer = await createUser(a1, { name: 'Ada Obi' });
    const agent = await createUser(a1, { name: 'Tolu Support', role: 'support' });
    const agentOnA2 = await open(urls.a2, agent.cookie);
    const customerOnA2 = await open(urls.a2, customer.cookie);
    const onB = [heard(await open(urls.b, agent.cookie)), heard(await open(urls.b, customer.cookie))];

    const inbox = nextEvent(agentOnA2, 'chat.updated', 5000);
    const own = nextEvent(customerOnA2, 'chat.updated', 5000);
    const chatId = chatIdOf(json<ChatAnswer>(await sendChat(a1, customer.cookie, { message: 'Where is my order?' })));
    expect((await inbox)[0]).toMatchObject({ chatId });
    expect((await own)[0]).toMatchObject({ chatId });
    await settle();
    expect(onB).toEqual([[], []]);
  });

  it("an order paid on A reaches its customer and vendor on A's other instance, not on B", async () => {
    const shop = await createShop(a1);
    const customer = await createCustomer(a1);
    const customerOnA2 = await open(urls.a2, customer.cookie);
    const vendorOnA2 = await open(urls.a2, shop.owner.cookie);
    const onB = [heard(await open(urls.b, customer.cookie)), heard(await open(urls.b, shop.owner.cookie))];

    const updated = nextEvent(customerOnA2, 'order.updated', 5000);
    const created = nextEvent(vendorOnA2, 'vendor.order.created', 5000);
    const { reference } = await checkoutOk(a1, customer.cookie, {
      items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
      address: customer.address.id,
    });
    await sandboxAction(a1, reference, 'pay');
    expect((await verify(a1, customer.cookie, reference)).statusCode).toBe(200);
    await a1.ctx.jobs.drain();
    expect((await updated)[0]).toMatchObject({ status: 'Order Placed' });
    expect((await created)[0]).toMatchObject({ vendorId: shop.vendor.id });
    await settle();
    expect(onB).toEqual([[], []]);
  });

  it("a rider's position taken on A is read and heard on A's other instance; B knows nothing of it", async () => {
    const vendor = await createVendorAccount(a1);
    const customer = await createUser(a1);
    const { order } = await createPaidOrder(a1, customer.user.id, [{ vendorId: vendor.vendor.id }], {
      status: 'Order Confirmed',
    });
    const rider = await createRiderAccount(a1);
    const accept = `/api/rider/jobs/order/${order.id}/accept`;
    expect((await a1.inject({ method: 'POST', url: accept, headers: { cookie: rider.cookie } })).statusCode).toBe(200);
    const customerOnA2 = await open(urls.a2, customer.cookie);
    const onB = heard(await open(urls.b, customer.cookie));

    const moved = nextEvent(customerOnA2, 'rider.position.updated', 5000);
    const fix = { latitude: 6.4012, longitude: 5.6101, at: new Date().toISOString() };
    const share = (app: TestApp) =>
      app.inject({ method: 'POST', url: '/api/rider/position', headers: { cookie: rider.cookie }, payload: fix });
    expect((await share(a1)).statusCode).toBe(200);
    expect((await moved)[0]).toMatchObject({ jobId: order.id, latitude: 6.4012 });
    const path = `/api/order/${order.id}/rider-position`;
    const onA2 = await a2.inject({ url: path, headers: { cookie: customer.cookie } });
    expect(json<{ position: { latitude: number } }>(onA2).position.latitude).toBe(6.4012);
    // The 2-second spacing is shared too: the same rider is refused on the other instance.
    expect((await share(a2)).statusCode).toBe(429);
    const ttl = await monitor
      .duplicate()
      .connect()
      .then(async (c) => {
        const ms = await c.pTTL(`${PREFIX_A}latest:rider-position:${rider.user.id}`);
        c.destroy();
        return ms;
      });
    expect(ttl).toBeGreaterThan(60_000);
    expect(ttl).toBeLessThanOrEqual(120_000);
    expect((await b.inject({ url: path, headers: { cookie: customer.cookie } })).statusCode).toBe(404);
    await settle();
    expect(onB).toEqual([]);
  });

  it("neither counts nor asks the other's servers: serverCount, fetchSockets, disconnectSockets", async () => {
    const { user, cookie } = await createUser(a1);
    const onA2 = await open(urls.a2, cookie);
    const onB = await open(urls.b, cookie);
    const room = `user:${user.id}`;

    expect(await serverCount(a1)).toBe(2);
    expect(await serverCount(b)).toBe(1);
    // Chat presence asks the instances this way: A finds the socket on A2, not B's.
    expect(await socketsIn(a1, room)).toEqual([onA2.id]);
    expect(await socketsIn(b, room)).toEqual([onB.id]);

    // Ending the session on A (logout, password change) cuts its sockets on every instance of A.
    const token = decodeURIComponent(cookie.slice(`${SESSION_COOKIE}=`.length));
    const cut = new Promise<void>((r) => onA2.once('disconnect', () => r()));
    a1.ctx.realtime.disconnectSessions([sha256(token)]);
    await cut;
    await settle();
    expect(onB.connected).toBe(true);
    expect(await socketsIn(b, room)).toEqual([onB.id]);
  });

  it('every key and channel each deployment touched begins with its prefix', async () => {
    // On each side a rate-limited request and a broadcast; a catalogue change heard by A.
    for (const app of [a1, b]) {
      const { cookie } = await createUser(app);
      expect((await sendChat(app, cookie, { message: 'Hello?' })).statusCode).toBe(200);
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: origin,
        payload: { email: `${unique()}@example.com`, password: 'Not-the-password#1' },
      });
      expect(res.statusCode).toBe(401);
    }
    await createShop(a1);
    await a1.services.catalogue.check();
    await settle();

    /** The arguments of a command that name a key or a channel; Redis itself says which are keys. */
    const named = async (args: string[]): Promise<string[]> => {
      const cmd = args[0]!.toUpperCase();
      if (['HELLO', 'AUTH', 'SELECT', 'PING', 'QUIT', 'MULTI', 'EXEC', 'DISCARD', 'CLIENT', 'INFO'].includes(cmd))
        return [];
      if (cmd === 'PUBLISH') return [args[1]!];
      if (['SUBSCRIBE', 'PSUBSCRIBE', 'UNSUBSCRIBE', 'PUNSUBSCRIBE'].includes(cmd)) return args.slice(1);
      if (cmd === 'PUBSUB') return args.slice(2);
      // Fails for a command without keys not named above: say here what it names.
      return (await asker.sendCommand(['COMMAND', 'GETKEYS', ...args])) as string[];
    };
    const asker = (await monitor.duplicate().connect()) as RedisClientType;
    const touched = new Map<string, string[]>([
      [PREFIX_A, []],
      [PREFIX_B, []],
    ]);
    try {
      for (const { client, args } of sent) {
        const prefix = client.startsWith(PREFIX_A) ? PREFIX_A : PREFIX_B;
        for (const name of await named(args)) {
          expect(name.startsWith(prefix), `${client} sent ${args[0]} ${name}`).toBe(true);
          touched.get(prefix)!.push(`${args[0]!.toUpperCase()} ${name.slice(prefix.length)}`);
        }
      }
    } finally {
      asker.destroy();
    }
    // Every use listed at the top was seen, on both deployments.
    for (const prefix of [PREFIX_A, PREFIX_B]) {
      const seen = touched.get(prefix)!;
      const expected = [
        'INCR rl:',
        'PEXPIRE rl:',
        'PUBLISH socket.io#/#',
        'PSUBSCRIBE socket.io#/#*',
        'SUBSCRIBE socket.io-request#/#',
        'SUBSCRIBE socket.io-response#/#',
        'PUBSUB socket.io-request#/#',
        'SUBSCRIBE catalogue',
      ];
      for (const e of expected)
        expect(
          seen.some((s) => s.startsWith(e)),
          `${prefix}: ${e}`,
        ).toBe(true);
    }
    // On PostgreSQL A hears of the catalogue change by reading the revisions and tells its others.
    if (onPostgres) expect(touched.get(PREFIX_A)).toContain('PUBLISH catalogue');
  });
});
