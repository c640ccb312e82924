/**
 * Order threads under load (issue 29): 1,000 sockets on two server instances (`src/main.ts`, their
 * own processes, production settings) behind one PostgreSQL and one Redis, each person writing in
 * a conversation while the others listen. Each round starts the two instances afresh, connects the
 * sockets, joins each person's rooms, then runs two phases of the same length and pace: first the
 * baseline, the spec's support chat (`POST /api/chat/send`), then the order threads
 * (`POST /api/threads/order/:id/messages`). Three rounds, then the medians side by side.
 *
 *   npm run bench:threads -w bench [-- --rounds 3 --duration 45 --warmup 10 --orders 333 --every 30000]
 *   DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test: a new database is made on its
 *   server and dropped at the end) and REDIS_URL (default redis://127.0.0.1:6379; a prefix of
 *   its own per round, its keys deleted at the end).
 *
 * Who: `--orders` (333) paid orders on their way, each of its own shop and with its own rider, so
 * 999 people (the customer, the shop's owner, the rider), one socket each, and one support agent's
 * socket (the inbox hears every support conversation move): 1,000 sockets, alternating between the
 * two instances. Each person posts to the instance their socket is not on, so what they write
 * always crosses the Redis adapter to reach at least their own socket.
 *
 * Pace: each person writes a message, then the next `--every` ms after the answer, the first ones
 * spread evenly over `--every`: with 999 people writing every 30 s, about 33 messages a second, a
 * message every 10 s in each order's thread — a busy lunch hour. The sends stay within the
 * per-person limit (20 a minute).
 *
 * Measured over `--duration` s after `--warmup` s (not counted), each phase:
 *  - delivery: from just before a message is sent to its `receive-message` at each socket in the
 *    conversation's room (same process, same clock), p50/p95/p99/max: the writer's own socket
 *    (both phases) and, in the threads, the order's two other people; events expected and received;
 *  - the sends: sent, answered 200, refused (429), failed, and their answer time;
 *  - each instance: resident memory, event-loop lag p99 (from /metrics), CPU share; this process's
 *    event-loop lag and CPU share; PostgreSQL's backends and Redis's CPU share; CPU ms per message.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { ChatMessageDto, JoinRoomAck } from '@jara/shared';
import { migrate, type Database } from '../apps/server/src/infra/db/client.js';
import {
  categories,
  productOptions,
  products,
  vendors,
} from '../apps/server/src/modules/catalogue/catalogue.tables.js';
import { orderItems, orders } from '../apps/server/src/modules/orders/orders.tables.js';
import { riders as ridersTable } from '../apps/server/src/modules/rider/rider.tables.js';
import { startLocalPaystack } from '../apps/server/test/local-paystack.js';
import {
  connect,
  cpuMs,
  cpuNow,
  cpuSince,
  dropRedisPrefix,
  helpers,
  lagMs,
  LAG_TIMER_MS,
  load,
  makeSessions,
  makeUsers,
  r1,
  rssMb,
  scrape,
  type ClientSocket,
} from './fleet.js';
import { benchDatabase, pct, sleep, startServer, stopAll } from './harness.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '45' },
    warmup: { type: 'string', default: '10' },
    orders: { type: 'string', default: '333' },
    every: { type: 'string', default: '30000' },
    out: { type: 'string', default: 'threads.json' },
  },
});
const ROUNDS = Number(values.rounds);
const DURATION_S = Number(values.duration);
const WARMUP_S = Number(values.warmup);
const ORDERS = Number(values.orders);
const EVERY_MS = Number(values.every);
const INSTANCES = 2;
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const METRICS_TOKEN = `bench-threads-${randomBytes(8).toString('hex')}`;
const RESULTS = path.join(import.meta.dirname, 'results');

type PhaseKind = 'support chat' | 'order threads';

interface Person {
  index: number;
  userId: string;
  cookie: string;
  orderId: string;
  /** The instance the socket is on; the person posts to the other one. */
  instance: number;
  /** Filled on the first round: the person's support conversation and the order's thread. */
  supportChatId?: string;
  threadId?: string;
}

/**
 * The orders on their way, written straight to the database as checkout, payment, the shop's
 * confirmation and the rider's pick-up would leave them: each of its own shop, held by its own rider.
 */
async function seed(database: Database): Promise<{ people: Person[]; staffCookie: string }> {
  await migrate(database);
  const db = database.db;
  const customers = await makeUsers(database, ORDERS, 'Customer', ['customer']);
  const owners = await makeUsers(database, ORDERS, 'Owner', ['customer']);
  const riderAccounts = await makeUsers(database, ORDERS, 'Rider', ['customer', 'rider']);
  await db.insert(ridersTable).values(
    riderAccounts.map((r, i) => ({
      userId: r.id,
      name: `Bench Rider ${i}`,
      phone: '08031234567',
      dateOfBirth: '2000-01-01',
      vehicle: 'motorcycle' as const,
      status: 'approved' as const,
      isOnline: true,
    })),
  );
  const always = Object.fromEntries(
    ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, { open: '00:00', close: '23:59' }]),
  );
  const shops = await db
    .insert(vendors)
    .values(
      owners.map((o, i) => ({
        userId: o.id,
        businessName: `Bench Kitchen ${i}`,
        kind: 'food' as const,
        phone: '08031234567',
        address: 'Ugbowo',
        latitude: 6.3985,
        longitude: 5.6105,
        profilePhoto: '/media/seed/vendors/x.webp',
        openingHours: always,
        status: 'approved' as const,
      })),
    )
    .returning({ id: vendors.id });
  await db
    .insert(categories)
    .values({ path: 'food', text: 'Food', image: '/media/seed/categories/food.webp', bgColor: '#fef3c7' })
    .onConflictDoNothing();
  const madeProducts = await db
    .insert(products)
    .values(shops.map((s) => ({ vendorId: s.id, category: 'food', name: 'Jollof Rice', images: [] })))
    .returning({ id: products.id });
  const options = await db
    .insert(productOptions)
    .values(madeProducts.map((p) => ({ productId: p.id, name: 'Default Option', priceKobo: 150_000 })))
    .returning({ id: productOptions.id });
  const paidAt = new Date(Date.now() - 20 * 60_000);
  const madeOrders = await db
    .insert(orders)
    .values(
      customers.map((c, i) => ({
        userId: c.id,
        address: {
          firstName: 'Ada',
          lastName: 'Bench',
          email: c.email,
          phone: '08031234567',
          address: 'Hall 2, University of Benin',
          latitude: 6.398,
          longitude: 5.62,
        },
        itemsKobo: 150_000,
        deliveryFeeKobo: 75_000,
        serviceFeeKobo: 5_000,
        amountKobo: 230_000,
        paymentState: 'paid' as const,
        paidAt,
        deliveryCode: '1234',
        riderId: riderAccounts[i]!.id,
      })),
    )
    .returning({ id: orders.id });
  await db.insert(orderItems).values(
    madeOrders.map((o, i) => ({
      orderId: o.id,
      productId: madeProducts[i]!.id,
      optionId: options[i]!.id,
      vendorId: shops[i]!.id,
      productName: 'Jollof Rice',
      optionName: 'Default Option',
      unitPriceKobo: 150_000,
      quantity: 1,
      status: 'Order Picked',
    })),
  );
  // Person k: order k / 3, as its customer, shop owner or rider; sockets alternate instances.
  const accounts = madeOrders.flatMap((_, i) => [customers[i]!, owners[i]!, riderAccounts[i]!]);
  const cookies = await makeSessions(
    database,
    accounts.map((a) => a.id),
  );
  const people = accounts.map((a, k) => ({
    index: k,
    userId: a.id,
    cookie: cookies[k]!,
    orderId: madeOrders[Math.floor(k / 3)]!.id,
    instance: k % INSTANCES,
  }));
  const [staff] = await makeUsers(database, 1, 'Support', ['support']);
  const [staffCookie] = await makeSessions(database, [staff!.id]);
  await db.execute(sql`ANALYZE`);
  return { people, staffCookie: staffCookie! };
}

const join = (socket: ClientSocket, chatId: string, userId: string) =>
  new Promise<JoinRoomAck>((resolve) => socket.emit('join-room', chatId, userId, resolve));

/** A multipart form of text fields, as the web app's FormData sends it. */
function form(fields: Record<string, string>): { body: string; type: string } {
  const boundary = `----jara${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return {
    body: `${parts.join('')}--${boundary}--\r\n`,
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

async function call(url: string, cookie: string, method: string, body?: { body: string; type: string }) {
  const res = await fetch(url, {
    method,
    headers: { cookie, origin: new URL(url).origin, ...(body ? { 'content-type': body.type } : {}) },
    body: body?.body,
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/** Measurements of one phase; `sentAt` is filled by the writers and read by the sockets. */
class Phase {
  readonly sentAt = new Map<string, { t: number; writer: number }>();
  windowStart = Infinity;
  windowEnd = Infinity;
  readonly own: number[] = [];
  readonly others: number[] = [];
  expected = 0;
  received = 0;
  readonly answers: number[] = [];
  sent = 0;
  ok = 0;
  refused = 0;
  failed = 0;
  readonly failures: string[] = [];
}

/** Each person writes until `until`; returns when every send has been answered. */
async function write(kind: PhaseKind, urls: string[], people: Person[], phase: Phase, until: number) {
  await Promise.all(
    people.map(async (p, i) => {
      const url = urls[(p.instance + 1) % INSTANCES]!;
      await sleep((i / people.length) * EVERY_MS);
      for (let n = 0; performance.now() < until; n++) {
        const text = `b${p.index}.${n}.${kind === 'support chat' ? 's' : 't'}`;
        const t = performance.now();
        phase.sentAt.set(text, { t, writer: p.index });
        const counted = t >= phase.windowStart && t < phase.windowEnd;
        phase.sent += 1;
        try {
          const res =
            kind === 'support chat'
              ? await call(`${url}/api/chat/send`, p.cookie, 'POST', form({ message: text, chatId: p.supportChatId! }))
              : await call(`${url}/api/threads/order/${p.orderId}/messages`, p.cookie, 'POST', form({ message: text }));
          if (counted) phase.answers.push(performance.now() - t);
          if (res.status === 200) {
            phase.ok += 1;
            // The writer's own socket, and in a thread the order's two other people.
            if (counted) phase.expected += kind === 'support chat' ? 1 : 3;
          } else if (res.status === 429) phase.refused += 1;
          else {
            phase.failed += 1;
            if (phase.failures.length < 10)
              phase.failures.push(`${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
          }
        } catch (err) {
          phase.failed += 1;
          if (phase.failures.length < 10) phase.failures.push((err as Error).message);
        }
        await sleep(EVERY_MS);
      }
    }),
  );
}

type Row = Record<string, number | string>;

async function phaseRun(
  kind: PhaseKind,
  databaseUrl: string,
  servers: { url: string; pid: number }[],
  people: Person[],
  current: { current: Phase | null },
  disconnected: () => number,
): Promise<Row> {
  const phase = new Phase();
  current.current = phase;
  phase.windowStart = performance.now() + WARMUP_S * 1_000;
  phase.windowEnd = phase.windowStart + DURATION_S * 1_000;
  const lag = monitorEventLoopDelay({ resolution: LAG_TIMER_MS });
  const loadStart = load();
  const writing = write(
    kind,
    servers.map((s) => s.url),
    people,
    phase,
    phase.windowEnd,
  );
  await sleep(phase.windowStart - performance.now());
  await Promise.all(servers.map((s) => scrape(s.url, METRICS_TOKEN)));
  lag.enable();
  const cpu0 = servers.map((s) => cpuMs(s.pid));
  const helpers0 = await helpers(databaseUrl, REDIS_URL);
  const pg0 = cpuNow(helpers0.postgres);
  const redis0 = cpuNow(helpers0.redis);
  const own0 = process.cpuUsage();
  await sleep(phase.windowEnd - performance.now());
  lag.disable();
  const ownCpu = process.cpuUsage(own0);
  const cpu = servers.map((s, i) => cpuMs(s.pid) - cpu0[i]!);
  const helpers1 = await helpers(databaseUrl, REDIS_URL);
  const pgCpu = cpuSince([...new Set([...helpers0.postgres, ...helpers1.postgres])], pg0);
  const redisCpu = cpuSince(helpers1.redis, redis0);
  const metrics = await Promise.all(servers.map((s) => scrape(s.url, METRICS_TOKEN)));
  const rss = servers.map((s) => rssMb(s.pid));
  await writing;
  // The last messages' events arrive.
  await sleep(2_000);
  current.current = null;

  const row: Row = { phase: kind };
  servers.forEach((_, i) => {
    const m = metrics[i]!;
    row[`${'AB'[i]} RSS MB`] = r1(rss[i]!);
    row[`${'AB'[i]} lag p99 ms`] = lagMs((m.nodejs_eventloop_lag_p99_seconds ?? NaN) * 1e9);
    row[`${'AB'[i]} CPU %`] = r1((cpu[i]! / (DURATION_S * 1_000)) * 100);
    row[`${'AB'[i]} sockets`] = m.jara_socketio_connections ?? NaN;
  });
  const all = [...phase.own, ...phase.others];
  const messages = phase.answers.length;
  Object.assign(row, {
    'generator lag p99 ms': lagMs(lag.percentile(99)),
    'generator CPU %': r1(((ownCpu.user + ownCpu.system) / 1_000 / (DURATION_S * 1_000)) * 100),
    'PostgreSQL CPU %': r1((pgCpu / (DURATION_S * 1_000)) * 100),
    'Redis CPU %': r1((redisCpu / (DURATION_S * 1_000)) * 100),
    'load average': `${loadStart} → ${load()}`,
    'messages sent': phase.sent,
    'answered 200': phase.ok,
    'refused 429': phase.refused,
    failed: phase.failed,
    'messages/s in window': r1(messages / DURATION_S),
    'instances CPU ms/message': r1(cpu.reduce((a, b) => a + b, 0) / messages),
    'all CPU ms/message': r1(
      (cpu.reduce((a, b) => a + b, 0) + (ownCpu.user + ownCpu.system) / 1_000 + pgCpu + redisCpu) / messages,
    ),
    'answer p50 ms': r1(pct(phase.answers, 50)),
    'answer p99 ms': r1(pct(phase.answers, 99)),
    'delivery p50 ms': r1(pct(all, 50)),
    'delivery p95 ms': r1(pct(all, 95)),
    'delivery p99 ms': r1(pct(all, 99)),
    'delivery max ms': r1(Math.max(...all)),
    "writer's own socket p99 ms": r1(pct(phase.own, 99)),
    'the two others p99 ms': r1(pct(phase.others, 99)),
    'events expected': phase.expected,
    'events received': phase.received,
    'disconnected sockets': disconnected(),
  });
  if (phase.failures.length) console.log(`first failures:\n  ${phase.failures.join('\n  ')}`);
  return row;
}

/** Opens each person's conversations through the API as the pages do (first round only). */
async function openConversations(url: string, people: Person[]) {
  for (let start = 0; start < people.length; start += 50)
    await Promise.all(
      people.slice(start, start + 50).map(async (p) => {
        if (p.threadId && p.supportChatId) return;
        const thread = await call(`${url}/api/threads/order/${p.orderId}`, p.cookie, 'GET');
        const support = await call(`${url}/api/chat/send`, p.cookie, 'POST', form({ message: 'Hello' }));
        if (thread.status !== 200 || support.status !== 200)
          throw new Error(`opening conversations: ${thread.status} ${support.status} ${JSON.stringify(support.body)}`);
        p.threadId = (thread.body.thread as { _id: string })._id;
        p.supportChatId = (support.body.chat as { _id: string })._id;
      }),
    );
}

async function round(
  n: number,
  env: Record<string, string>,
  paystack: { secret: string; baseUrl: string },
  people: Person[],
  staffCookie: string,
) {
  const prefix = `bench-threads-${randomBytes(4).toString('hex')}:`;
  const started = await Promise.all(
    Array.from({ length: INSTANCES }, () =>
      startServer(
        { ...env, REDIS_URL, REDIS_PREFIX: prefix, METRICS_TOKEN, SEED_DEMO: 'false', LOG_LEVEL: 'info' },
        paystack,
      ),
    ),
  );
  const servers = started.map((s) => ({ url: s.url, pid: s.child.pid! }));
  const sockets: ClientSocket[] = [];
  let disconnected = 0;
  const current: { current: Phase | null } = { current: null };
  try {
    await openConversations(servers[0]!.url, people);
    const t = performance.now();
    for (let start = 0; start < people.length; start += 100) {
      await Promise.all(
        people.slice(start, start + 100).map(async (p) => {
          const socket = await connect(servers[p.instance]!.url, p.cookie);
          socket.on('disconnect', () => (disconnected += 1));
          socket.on('receive-message', (m: ChatMessageDto) => {
            const now = performance.now();
            const ph = current.current;
            const sent = ph?.sentAt.get(m.message);
            if (!ph || !sent || sent.t < ph.windowStart || sent.t >= ph.windowEnd) return;
            ph.received += 1;
            (sent.writer === p.index ? ph.own : ph.others).push(now - sent.t);
          });
          sockets.push(socket);
          for (const chatId of [p.supportChatId!, p.threadId!]) {
            const ack = await join(socket, chatId, p.userId);
            if (!ack.ok) throw new Error(`join-room ${chatId}: ${ack.message}`);
          }
        }),
      );
    }
    // The support agent, with the inbox open: hears every support conversation move.
    sockets.push(await connect(servers[1]!.url, staffCookie));
    console.log(
      `\n--- round ${n}/${ROUNDS}: ${sockets.length} sockets connected and in their rooms in ${r1((performance.now() - t) / 1_000)} s; load average ${load()}`,
    );
    const rows: Row[] = [];
    for (const kind of ['support chat', 'order threads'] as const) {
      const row = await phaseRun(kind, env.DATABASE_URL!, servers, people, current, () => disconnected);
      console.log(JSON.stringify({ round: n, ...row }));
      rows.push(row);
    }
    return rows;
  } finally {
    for (const s of sockets) s.close();
    await stopAll(started.map((s) => s.child));
    await dropRedisPrefix(REDIS_URL, prefix);
  }
}

console.log(
  `load average before: ${load()}; node ${process.version}; ${os.cpus().length} cores; ${ORDERS} orders, ${ORDERS * 3 + 1} sockets, each person writing every ${EVERY_MS} ms, ${INSTANCES} instances`,
);
const made = await benchDatabase('postgres', 4);
const paystack = await startLocalPaystack();
const allRows: (Row & { round: number })[] = [];
try {
  const seeded = await seed(made.database);
  await made.database.close();
  for (let n = 1; n <= ROUNDS; n++)
    for (const row of await round(n, made.env, paystack, seeded.people, seeded.staffCookie))
      allRows.push({ round: n, ...row });
} finally {
  await paystack.close();
  await made.drop();
}

// Medians over the rounds, the support chat beside the order threads, with the ratio.
const table: Record<
  string,
  { 'support chat': number | string; 'order threads': number | string; ratio: number | string }
> = {};
const byPhase = (kind: PhaseKind) => allRows.filter((r) => r.phase === kind);
for (const key of Object.keys(byPhase('order threads')[0] ?? {})) {
  if (key === 'round' || key === 'phase') continue;
  const at = (kind: PhaseKind) => {
    const vals = byPhase(kind)
      .map((r) => r[key])
      .filter((v) => v !== undefined && !(typeof v === 'number' && Number.isNaN(v)));
    if (!vals.length) return '';
    return typeof vals[0] === 'number' ? pct(vals as number[], 50) : vals.join(' | ');
  };
  const b = at('support chat');
  const p = at('order threads');
  table[key] = {
    'support chat': b,
    'order threads': p,
    ratio: typeof b === 'number' && typeof p === 'number' && b > 0 ? Math.round((p / b) * 100) / 100 : '',
  };
}
console.log(`\n=== medians of ${ROUNDS} rounds`);
console.table(table);
console.log(`load average after: ${load()}`);

mkdirSync(RESULTS, { recursive: true });
const file = path.resolve(RESULTS, values.out!);
writeFileSync(
  file,
  `${JSON.stringify(
    {
      script: 'threads.ts',
      args: process.argv.slice(2),
      when: new Date().toISOString(),
      cores: os.cpus().length,
      node: process.version,
      orders: ORDERS,
      sockets: ORDERS * 3 + 1,
      everyMs: EVERY_MS,
      warmupS: WARMUP_S,
      durationS: DURATION_S,
      rounds: allRows,
      medians: table,
    },
    null,
    2,
  )}\n`,
);
console.log(`saved ${path.relative(process.cwd(), file)}`);
