/**
 * Riders on the move (issue 28): 500 riders, each on a delivery under way, post their position
 * every 2 s to `POST /api/rider/position` (with their own session cookie) while 2,000 sockets
 * watch, on two server instances (`src/main.ts`, their own processes, production settings) behind
 * one PostgreSQL and one Redis. Each round starts the two instances afresh, connects the sockets,
 * measures a baseline with the riders idle, then the same time with positions flowing; then the
 * checks. Three rounds, then the medians, side by side.
 *
 *   npm run bench:positions -w bench [-- --rounds 3 --duration 60 --warmup 15 --riders 500 --watchers 2000 --staff 2 --every 2000]
 *   DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test: a new database is made on its
 *   server and dropped at the end) and REDIS_URL (default redis://127.0.0.1:6379; a prefix of
 *   its own, its keys deleted at the end).
 *
 * Who watches: a position goes only to the people of the delivery (the order's customer; the
 * dispatch's sender and recipient) and to staff, so 2,000 authorised watchers of 500 deliveries
 * cannot be 2,000 different people. Half the riders carry an order, whose customer has the
 * tracking page open on `--watchers / --riders` (4) devices, each with a session of its own; the
 * other half carry a dispatch, whose sender and recipient have it open on 2 devices each. So
 * 2,000 sockets, 750 accounts. Sockets and riders alternate between the two instances, so every
 * delivery has watchers on the instance its rider posts to and on the other, which hears it
 * through the Redis adapter. `--staff` support agents (one socket each, alternating) hear every
 * rider, as the support inbox does (decision 0039); counted apart.
 *
 * Pace: the riders start spread evenly over 2 s, and each posts its next position `--every` (2,000)
 * ms after the answer to its last one, `at` being the time of sending. The server takes one
 * position per rider per 2 s, counted from when the request reaches its check: a phone posting on
 * a fixed 2,000-ms beat would be refused whenever a request is held up less than the one before it,
 * while 2 s after the answer is the soonest the rule is sure to take it. So a 429 means the rule
 * refused a rider that kept it; a slow server also slows the riders a little (each answer's time
 * is added to the gap), so the positions a second actually posted are reported.
 *
 * Measured over `--duration` s after `--warmup` s (not counted), each phase:
 *  - delivery: from just before a post is sent to the event's arrival at each watcher (same
 *    process, same clock): p50/p95/p99/max, apart for watchers on the rider's instance and on the
 *    other one, and for staff; events expected (accepted posts × watchers) and received;
 *  - the posts: sent, accepted, refused (429), failed, and their answer time;
 *  - each instance: resident memory (/proc), V8 heap used and its event-loop lag p99 (from
 *    /metrics; prom-client resets the lag histogram at each scrape), CPU share;
 *  - this process (the load generator shares the two cores): event-loop lag (monitorEventLoopDelay)
 *    p50/p99/max and its CPU share;
 *  - PostgreSQL's backends for the bench database and the Redis server: their CPU share; and the
 *    CPU time per position, of the instances and of everything together (steadier than latency on a
 *    shared machine: it says how much work a position takes, not how long it waited for a core).
 * After the positions stop: every watcher's last event must carry its rider's last accepted
 * position (no lost last position), and `GET /api/{order,dispatch}/:id/rider-position` must
 * answer it to a sample of followers.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { RiderPositionDto } from '@jara/shared';
import { migrate, type Database } from '../apps/server/src/infra/db/client.js';
import {
  categories,
  productOptions,
  products,
  vendors,
} from '../apps/server/src/modules/catalogue/catalogue.tables.js';
import { dispatches } from '../apps/server/src/modules/dispatch/dispatch.tables.js';
import { orderItems, orders } from '../apps/server/src/modules/orders/orders.tables.js';
import { riders as ridersTable } from '../apps/server/src/modules/rider/rider.tables.js';
import { startLocalPaystack } from '../apps/server/test/local-paystack.js';
import { benchDatabase, pct, sleep, startServer, stopAll } from './harness.js';
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
  type Account,
  type ClientSocket,
} from './fleet.js';
import { requestRaw } from './http.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '15' },
    riders: { type: 'string', default: '500' },
    watchers: { type: 'string', default: '2000' },
    staff: { type: 'string', default: '2' },
    every: { type: 'string', default: '2000' },
    // Followers asked for the latest position over HTTP at the end of each round.
    sample: { type: 'string', default: '50' },
    out: { type: 'string', default: 'positions.json' },
  },
});
const ROUNDS = Number(values.rounds);
const DURATION_S = Number(values.duration);
const WARMUP_S = Number(values.warmup);
const RIDERS = Number(values.riders);
const WATCHERS = Number(values.watchers);
const STAFF = Number(values.staff);
const EVERY_MS = Number(values.every);
const SAMPLE = Number(values.sample);
const PER_DELIVERY = WATCHERS / RIDERS;
if (!Number.isInteger(PER_DELIVERY) || PER_DELIVERY % 2 !== 0 || RIDERS % 2 !== 0)
  throw new Error('--watchers must be an even multiple of --riders, and --riders even');
const INSTANCES = 2;
// The harness makes a new database on this server (benchDatabase reads DATABASE_URL).
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const METRICS_TOKEN = `bench-positions-${randomBytes(8).toString('hex')}`;
const RESULTS = path.join(import.meta.dirname, 'results');

// The Ugbowo campus, as bench/routing.ts draws it: riders move inside it.
const CAMPUS = { south: 6.39, north: 6.406, west: 5.608, east: 5.63 };

interface Delivery {
  kind: 'order' | 'dispatch';
  id: string;
  /** The rider's cookie and the instance the rider posts to. */
  riderCookie: string;
  riderInstance: number;
  /** The followers' accounts (one for an order, two for a dispatch) and a cookie per device. */
  followers: { account: Account; cookies: string[] }[];
}

const stop = (first: string, lat: number, lon: number, email = 'bench@example.com') => ({
  firstName: first,
  lastName: 'Bench',
  email,
  phone: '08031234567',
  address: `${first} Hall, University of Benin`,
  latitude: lat,
  longitude: lon,
});

/**
 * The deliveries under way, written straight to the database as checkout, payment and the rider's
 * accept and pick-up would leave them: half orders (one shop, one item, picked up), half
 * dispatches (picked up), each held by its own approved rider.
 */
async function seed(database: Database): Promise<{ deliveries: Delivery[]; staffCookies: string[] }> {
  await migrate(database);
  const db = database.db;
  const riderAccounts = await makeUsers(database, RIDERS, 'Rider', ['customer', 'rider']);
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
  const riderCookies = await makeSessions(
    database,
    riderAccounts.map((r) => r.id),
  );
  const [owner] = await makeUsers(database, 1, 'Vendor', ['customer']);
  const always = Object.fromEntries(
    ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, { open: '00:00', close: '23:59' }]),
  );
  const [shop] = await db
    .insert(vendors)
    .values({
      userId: owner!.id,
      businessName: 'Bench Kitchen',
      kind: 'food',
      phone: '08031234567',
      address: 'Ugbowo',
      latitude: 6.3985,
      longitude: 5.6105,
      profilePhoto: '/media/seed/vendors/x.webp',
      openingHours: always,
      status: 'approved',
    })
    .returning();
  await db
    .insert(categories)
    .values({ path: 'food', text: 'Food', image: '/media/seed/categories/food.webp', bgColor: '#fef3c7' })
    .onConflictDoNothing();
  const [product] = await db
    .insert(products)
    .values({ vendorId: shop!.id, category: 'food', name: 'Jollof Rice', images: ['/media/seed/products/x-0.webp'] })
    .returning();
  const [option] = await db
    .insert(productOptions)
    .values({ productId: product!.id, name: 'Default Option', priceKobo: 150_000 })
    .returning();

  const half = RIDERS / 2;
  const customers = await makeUsers(database, half, 'Customer', ['customer']);
  const senders = await makeUsers(database, half, 'Sender', ['customer']);
  const recipients = await makeUsers(database, half, 'Recipient', ['customer']);
  const lat = (i: number) => CAMPUS.south + ((i * 37) % 100) * ((CAMPUS.north - CAMPUS.south) / 100);
  const lon = (i: number) => CAMPUS.west + ((i * 61) % 100) * ((CAMPUS.east - CAMPUS.west) / 100);
  const paidAt = new Date(Date.now() - 20 * 60_000);
  const madeOrders = await db
    .insert(orders)
    .values(
      customers.map((c, i) => ({
        userId: c.id,
        address: stop('Ada', lat(i), lon(i), c.email),
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
    madeOrders.map((o) => ({
      orderId: o.id,
      productId: product!.id,
      optionId: option!.id,
      vendorId: shop!.id,
      productName: product!.name,
      optionName: option!.name,
      unitPriceKobo: 150_000,
      quantity: 1,
      status: 'Order Picked',
    })),
  );
  const madeDispatches = await db
    .insert(dispatches)
    .values(
      senders.map((s, i) => ({
        userId: s.id,
        pickup: stop('Pick', lat(i + half), lon(i + half), s.email),
        // The recipient follows because the drop-off names their account's email.
        dropoff: stop('Drop', lat(i + half + 7), lon(i + half + 7), recipients[i]!.email),
        deliveryNote: 'A small box',
        deliveryFeeKobo: 75_000,
        serviceFeeKobo: 2_000,
        amountKobo: 77_000,
        paymentState: 'paid' as const,
        status: 'Order Picked',
        paidAt,
        deliveryCode: '4321',
        riderId: riderAccounts[half + i]!.id,
      })),
    )
    .returning({ id: dispatches.id });

  const devices = async (accounts: Account[], n: number) => {
    const cookies = await makeSessions(
      database,
      accounts.flatMap((a) => Array.from({ length: n }, () => a.id)),
    );
    return accounts.map((account, i) => ({ account, cookies: cookies.slice(i * n, (i + 1) * n) }));
  };
  const customerDevices = await devices(customers, PER_DELIVERY);
  const senderDevices = await devices(senders, PER_DELIVERY / 2);
  const recipientDevices = await devices(recipients, PER_DELIVERY / 2);
  const deliveries: Delivery[] = [
    ...madeOrders.map((o, i) => ({
      kind: 'order' as const,
      id: o.id,
      riderCookie: riderCookies[i]!,
      riderInstance: i % INSTANCES,
      followers: [customerDevices[i]!],
    })),
    ...madeDispatches.map((d, i) => ({
      kind: 'dispatch' as const,
      id: d.id,
      riderCookie: riderCookies[half + i]!,
      riderInstance: (half + i) % INSTANCES,
      followers: [senderDevices[i]!, recipientDevices[i]!],
    })),
  ];
  const staff = await makeUsers(database, STAFF, 'Support', ['support']);
  const staffCookies = await makeSessions(
    database,
    staff.map((s) => s.id),
  );
  // A database in service has its statistics; without them, just after these inserts, PostgreSQL
  // plans the session look-up as a scan of every session and every user.
  await database.db.execute(sql`ANALYZE`);
  return { deliveries, staffCookies };
}

/** A socket's view of the run: what it heard last, per delivery. */
interface Watcher {
  socket: ClientSocket;
  instance: number;
  /** The delivery it follows (null for staff, who hear every delivery). */
  delivery: Delivery | null;
  last: Map<string, string>;
  disconnected: boolean;
}

/** Measurements of one phase; `sentAt` is filled by the riders and read by the watchers. */
class Phase {
  readonly sentAt = new Map<string, number>();
  windowStart = Infinity;
  windowEnd = Infinity;
  readonly sameInstance: number[] = [];
  readonly otherInstance: number[] = [];
  readonly staff: number[] = [];
  /** Events heard for posts sent in the window, and how many were owed. */
  received = 0;
  expected = 0;
  readonly answers: number[] = [];
  sent = 0;
  accepted = 0;
  refused = 0;
  failed = 0;
  readonly failures: string[] = [];
  /** Per rider (delivery id): the `at` of its last accepted position. */
  readonly lastAccepted = new Map<string, string>();
  /** Per rider (delivery id): the `at` and coordinates of its last accepted position. */
  readonly lastPosition = new Map<string, { latitude: number; longitude: number; at: string }>();
}

function hear(w: Watcher, phase: { current: Phase | null }) {
  w.socket.on('rider.position.updated', (p: RiderPositionDto) => {
    const now = performance.now();
    w.last.set(p.jobId, p.at);
    const ph = phase.current;
    const sent = ph?.sentAt.get(`${p.jobId}|${p.at}`);
    if (!ph || sent === undefined || sent < ph.windowStart || sent >= ph.windowEnd) return;
    if (w.delivery) {
      ph.received += 1;
      (w.instance === w.delivery.riderInstance ? ph.sameInstance : ph.otherInstance).push(now - sent);
    } else ph.staff.push(now - sent);
  });
  w.socket.on('disconnect', () => (w.disconnected = true));
}

/** Where rider `i` is on its `n`-th post: a slow walk round a small loop on campus. */
function whereIs(i: number, n: number) {
  const a = (n / 30) * 2 * Math.PI;
  return {
    latitude: CAMPUS.south + 0.002 + ((i * 37) % 100) * 0.00012 + 0.0005 * Math.sin(a),
    longitude: CAMPUS.west + 0.002 + ((i * 61) % 100) * 0.00018 + 0.0005 * Math.cos(a),
  };
}

/**
 * Each rider posts until `until`: the first at an even share of the gap (the riders spread over
 * it), then each `--every` ms after the answer to the one before. Returns when every post has
 * been answered.
 */
async function ride(urls: string[], deliveries: Delivery[], phase: Phase, until: number) {
  await Promise.all(
    deliveries.map(async (d, i) => {
      // One keep-alive connection per phone.
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const url = urls[d.riderInstance]!;
      await sleep((i / deliveries.length) * EVERY_MS);
      for (let n = 0; performance.now() < until; n++) {
        const point = whereIs(i, n);
        const at = new Date().toISOString();
        const t = performance.now();
        phase.sentAt.set(`${d.id}|${at}`, t);
        const counted = t >= phase.windowStart && t < phase.windowEnd;
        phase.sent += 1;
        try {
          const res = await requestRaw(`${url}/api/rider/position`, {
            method: 'POST',
            headers: { cookie: d.riderCookie, origin: url, 'content-type': 'application/json' },
            body: JSON.stringify({ ...point, at }),
            agent,
            keepBody: true,
          });
          if (counted) phase.answers.push(performance.now() - t);
          if (res.status === 200) {
            phase.accepted += 1;
            phase.lastAccepted.set(d.id, at);
            phase.lastPosition.set(d.id, { ...point, at });
            if (counted) phase.expected += d.followers.reduce((s, f) => s + f.cookies.length, 0);
          } else if (res.status === 429) phase.refused += 1;
          else {
            phase.failed += 1;
            if (phase.failures.length < 10) phase.failures.push(`${res.status} ${res.body.slice(0, 160)}`);
          }
        } catch (err) {
          phase.failed += 1;
          if (phase.failures.length < 10) phase.failures.push((err as Error).message);
        }
        await sleep(EVERY_MS);
      }
      agent.destroy();
    }),
  );
}

type Row = Record<string, number | string>;

/**
 * One phase on running instances: `positions` riders posting or idle, a warm-up, the counted
 * window, then (with positions) the checks. The instances' metrics are scraped at the window's
 * start (which resets their lag histograms) and end.
 */
async function phaseRun(
  kind: 'baseline' | 'positions',
  databaseUrl: string,
  servers: { url: string; pid: number }[],
  deliveries: Delivery[],
  watchers: Watcher[],
  current: { current: Phase | null },
): Promise<Row> {
  const phase = new Phase();
  current.current = phase;
  const t0 = performance.now();
  phase.windowStart = t0 + WARMUP_S * 1_000;
  phase.windowEnd = phase.windowStart + DURATION_S * 1_000;
  const lag = monitorEventLoopDelay({ resolution: LAG_TIMER_MS });
  const loadStart = load();
  const riding =
    kind === 'positions'
      ? ride(
          servers.map((s) => s.url),
          deliveries,
          phase,
          phase.windowEnd,
        )
      : Promise.resolve();
  await sleep(phase.windowStart - performance.now());
  await Promise.all(servers.map((s) => scrape(s.url, METRICS_TOKEN)));
  lag.enable();
  const cpu0 = servers.map((s) => cpuMs(s.pid));
  const helpers0 = await helpers(databaseUrl, REDIS_URL);
  const pg0 = cpuNow(helpers0.postgres);
  const redis0 = cpuNow(helpers0.redis);
  const own0 = process.cpuUsage();
  const rssPeak = servers.map(() => 0);
  while (performance.now() < phase.windowEnd) {
    await sleep(Math.min(5_000, phase.windowEnd - performance.now()));
    servers.forEach((s, i) => (rssPeak[i] = Math.max(rssPeak[i]!, rssMb(s.pid))));
  }
  lag.disable();
  const ownCpu = process.cpuUsage(own0);
  const cpu = servers.map((s, i) => cpuMs(s.pid) - cpu0[i]!);
  const helpers1 = await helpers(databaseUrl, REDIS_URL);
  const pgCpu = cpuSince([...new Set([...helpers0.postgres, ...helpers1.postgres])], pg0);
  const redisCpu = cpuSince(helpers1.redis, redis0);
  const metrics = await Promise.all(servers.map((s) => scrape(s.url, METRICS_TOKEN)));
  const rss = servers.map((s) => rssMb(s.pid));
  await riding;
  const loadEnd = load();

  const row: Row = { phase: kind };
  servers.forEach((_, i) => {
    const m = metrics[i]!;
    row[`${'AB'[i]} RSS MB`] = r1(rss[i]!);
    row[`${'AB'[i]} RSS peak MB`] = r1(rssPeak[i]!);
    row[`${'AB'[i]} heap used MB`] = r1((m.nodejs_heap_size_used_bytes ?? NaN) / 2 ** 20);
    row[`${'AB'[i]} lag p99 ms`] = lagMs((m.nodejs_eventloop_lag_p99_seconds ?? NaN) * 1e9);
    row[`${'AB'[i]} CPU %`] = r1((cpu[i]! / (DURATION_S * 1_000)) * 100);
    row[`${'AB'[i]} sockets`] = m.jara_socketio_connections ?? NaN;
  });
  row['generator lag p50 ms'] = lagMs(lag.percentile(50));
  row['generator lag p99 ms'] = lagMs(lag.percentile(99));
  row['generator lag max ms'] = lagMs(lag.max);
  row['generator CPU %'] = r1(((ownCpu.user + ownCpu.system) / 1_000 / (DURATION_S * 1_000)) * 100);
  row['PostgreSQL CPU %'] = r1((pgCpu / (DURATION_S * 1_000)) * 100);
  row['Redis CPU %'] = r1((redisCpu / (DURATION_S * 1_000)) * 100);
  // PostgreSQL publishes its counts about once a second: over the window they are near enough.
  row['DB transactions/s'] = r1((helpers1.transactions - helpers0.transactions) / DURATION_S);
  row['DB rows read/s'] = r1((helpers1.rowsRead - helpers0.rowsRead) / DURATION_S);
  row['load average'] = `${loadStart} → ${loadEnd}`;
  if (kind === 'baseline') {
    current.current = null;
    return row;
  }

  // Let the last events of the last posts arrive, then check what each watcher heard last.
  await sleep(2_000);
  current.current = null;
  const deliveryOf = new Map(deliveries.map((d) => [d.id, d]));
  let wrongLast = 0;
  const wrongSamples: string[] = [];
  for (const w of watchers) {
    const ids = w.delivery ? [w.delivery.id] : [...deliveryOf.keys()];
    for (const id of ids) {
      const want = phase.lastAccepted.get(id);
      if (want !== undefined && w.last.get(id) === want) continue;
      wrongLast += 1;
      if (wrongSamples.length < 5)
        wrongSamples.push(`${w.delivery ? 'watcher' : 'staff'} of ${id}: heard ${w.last.get(id)}, last taken ${want}`);
    }
  }
  // The latest position over HTTP, as the tracking page loads it, for a sample of followers.
  let httpWrong = 0;
  const step = Math.max(1, Math.floor(deliveries.length / SAMPLE));
  let httpChecked = 0;
  for (let i = 0; i < deliveries.length && httpChecked < SAMPLE; i += step) {
    const d = deliveries[i]!;
    const follower = d.followers[i % d.followers.length]!;
    const url = servers[(i + 1) % servers.length]!.url;
    const res = await fetch(`${url}/api/${d.kind}/${d.id}/rider-position`, {
      headers: { cookie: follower.cookies[0]! },
    });
    const body = (await res.json()) as { position?: RiderPositionDto };
    const want = phase.lastPosition.get(d.id);
    const got = body.position;
    httpChecked += 1;
    if (
      res.status !== 200 ||
      !want ||
      !got ||
      got.at !== new Date(want.at).toISOString() ||
      got.latitude !== want.latitude ||
      got.longitude !== want.longitude
    ) {
      httpWrong += 1;
      if (wrongSamples.length < 10) wrongSamples.push(`GET ${d.kind} ${d.id}: ${res.status} ${JSON.stringify(body)}`);
    }
  }
  const all = [...phase.sameInstance, ...phase.otherInstance];
  Object.assign(row, {
    'posts sent': phase.sent,
    accepted: phase.accepted,
    'refused 429': phase.refused,
    failed: phase.failed,
    'posts/s in window': r1(phase.answers.length / DURATION_S),
    // The work per position, whatever the cores did meanwhile: both instances, and everything.
    'instances CPU ms/post': r1(cpu.reduce((a, b) => a + b, 0) / phase.answers.length),
    'DB transactions/post': r1((helpers1.transactions - helpers0.transactions) / phase.answers.length),
    'DB rows read/post': r1((helpers1.rowsRead - helpers0.rowsRead) / phase.answers.length),
    'all CPU ms/post': r1(
      (cpu.reduce((a, b) => a + b, 0) + (ownCpu.user + ownCpu.system) / 1_000 + pgCpu + redisCpu) /
        phase.answers.length,
    ),
    'answer p50 ms': r1(pct(phase.answers, 50)),
    'answer p99 ms': r1(pct(phase.answers, 99)),
    'delivery p50 ms': r1(pct(all, 50)),
    'delivery p95 ms': r1(pct(all, 95)),
    'delivery p99 ms': r1(pct(all, 99)),
    'delivery max ms': r1(Math.max(...all)),
    'same instance p99 ms': r1(pct(phase.sameInstance, 99)),
    'other instance p99 ms': r1(pct(phase.otherInstance, 99)),
    'staff p99 ms': r1(pct(phase.staff, 99)),
    'events expected': phase.expected,
    'events received': phase.received,
    'wrong last position': wrongLast,
    'HTTP latest checked': httpChecked,
    'HTTP latest wrong': httpWrong,
    'disconnected sockets': watchers.filter((w) => w.disconnected).length,
  });
  if (phase.failures.length) console.log(`first failures:\n  ${phase.failures.join('\n  ')}`);
  if (wrongSamples.length) console.log(`wrong positions:\n  ${wrongSamples.join('\n  ')}`);
  return row;
}

async function round(
  n: number,
  env: Record<string, string>,
  paystack: { secret: string; baseUrl: string },
  deliveries: Delivery[],
  staffCookies: string[],
) {
  const prefix = `bench-positions-${randomBytes(4).toString('hex')}:`;
  const started = await Promise.all(
    Array.from({ length: INSTANCES }, () =>
      startServer(
        { ...env, REDIS_URL, REDIS_PREFIX: prefix, METRICS_TOKEN, SEED_DEMO: 'false', LOG_LEVEL: 'info' },
        paystack,
      ),
    ),
  );
  const servers = started.map((s) => ({ url: s.url, pid: s.child.pid! }));
  const watchers: Watcher[] = [];
  const current: { current: Phase | null } = { current: null };
  try {
    // The watchers' devices, alternating between the instances, a hundred connecting at a time.
    const wanted: { cookie: string; delivery: Delivery | null }[] = [
      ...deliveries.flatMap((d) => d.followers.flatMap((f) => f.cookies.map((cookie) => ({ cookie, delivery: d })))),
      ...staffCookies.map((cookie) => ({ cookie, delivery: null })),
    ];
    const t = performance.now();
    for (let start = 0; start < wanted.length; start += 100) {
      await Promise.all(
        wanted.slice(start, start + 100).map(async ({ cookie, delivery }, j) => {
          const instance = (start + j) % INSTANCES;
          const w: Watcher = {
            socket: await connect(servers[instance]!.url, cookie),
            instance,
            delivery,
            last: new Map(),
            disconnected: false,
          };
          hear(w, current);
          watchers.push(w);
        }),
      );
    }
    console.log(
      `\n--- round ${n}/${ROUNDS}: ${watchers.length} sockets connected in ${r1((performance.now() - t) / 1_000)} s; load average ${load()}`,
    );
    const rows: Row[] = [];
    for (const kind of ['baseline', 'positions'] as const) {
      const row = await phaseRun(kind, env.DATABASE_URL!, servers, deliveries, watchers, current);
      console.log(JSON.stringify({ round: n, ...row }));
      rows.push(row);
    }
    return rows;
  } finally {
    for (const w of watchers) w.socket.close();
    await stopAll(started.map((s) => s.child));
    await dropRedisPrefix(REDIS_URL, prefix);
  }
}

const median = (xs: number[]) => pct(xs, 50);

console.log(
  `load average before: ${load()}; node ${process.version}; ${os.cpus().length} cores; ${RIDERS} riders every ${EVERY_MS} ms, ${WATCHERS} watchers, ${STAFF} staff, ${INSTANCES} instances`,
);
const made = await benchDatabase('postgres', 4);
const paystack = await startLocalPaystack();
const allRows: (Row & { round: number })[] = [];
try {
  const seeded = await seed(made.database);
  await made.database.close();
  console.log(
    `seeded ${seeded.deliveries.length} deliveries under way (${seeded.deliveries.filter((d) => d.kind === 'order').length} orders, ${seeded.deliveries.filter((d) => d.kind === 'dispatch').length} dispatches), ${WATCHERS} watcher sessions, ${STAFF} staff`,
  );
  for (let n = 1; n <= ROUNDS; n++)
    for (const row of await round(n, made.env, paystack, seeded.deliveries, seeded.staffCookies))
      allRows.push({ round: n, ...row });
} finally {
  await paystack.close();
  await made.drop();
}

// Medians over the rounds, baseline beside positions, with the ratio for what both have.
const table: Record<string, { baseline: number | string; positions: number | string; ratio: number | string }> = {};
const byPhase = (kind: string) => allRows.filter((r) => r.phase === kind);
for (const key of Object.keys(byPhase('positions')[0] ?? {})) {
  if (key === 'round' || key === 'phase') continue;
  const at = (kind: string) => {
    const vals = byPhase(kind)
      .map((r) => r[key])
      .filter((v) => v !== undefined);
    if (!vals.length) return '';
    return typeof vals[0] === 'number' ? median(vals as number[]) : vals.join(' | ');
  };
  const b = at('baseline');
  const p = at('positions');
  table[key] = {
    baseline: b,
    positions: p,
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
      script: 'positions.ts',
      args: process.argv.slice(2),
      when: new Date().toISOString(),
      cores: os.cpus().length,
      node: process.version,
      riders: RIDERS,
      watchers: WATCHERS,
      staff: STAFF,
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
