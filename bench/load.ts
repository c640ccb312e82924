/**
 * A full lunch hour (issue 15): people browsing and people paying at the same time, against the
 * real server (`src/main.ts`, its own process, production settings, the demo catalogue) and a
 * local Paystack that takes `--delay` ms to answer. Then the books are checked: the invariant
 * checker of the fault suite over the database and the provider's ledger.
 *
 *   npm run bench:load -w bench [-- --duration 60 --users 200 --checkouts 20 --delay 300 --think 1000 --pay 0.9]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:load -w bench   (then also on PostgreSQL)
 *   add `--only embedded` or `--only postgres` for one of the two
 *
 * Browsing: `--users` people, each going home → category → product → search → home … with a
 * think time between pages (uniform between half and one and a half `--think` ms); each page
 * asks what the web app asks for it (home: banners, categories, best sellers; category: the
 * category's products and the shops; product: its shop; search: a word from a product's name).
 * Paying: `--checkouts` new checkouts a second, each by a different customer (a customer may
 * start 20 checkouts in 10 minutes, docs/operations.md), arriving on a fixed schedule whatever
 * the server's speed; `--pay` of them pay at Paystack, which then sends the signed
 * `charge.success` webhook (retried until answered, as Paystack does); the rest walk away.
 * Reported per kind of request: count, throughput, p50/p95/p99/max, 5xx and failures.
 */
import { parseArgs } from 'node:util';
import os from 'node:os';
import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { migrate, openPglite, openPostgres, queryRows, type Database } from '../apps/server/src/infra/db/client.js';
import { startLocalPaystack, type LocalPaystack } from '../apps/server/test/local-paystack.js';
import { checkInvariants } from '../apps/server/test/faults/invariants.js';
import { benchDatabase, makeCustomers, pct, sleep, startServer, stopAll, type BenchCustomer } from './harness.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    users: { type: 'string', default: '200' },
    checkouts: { type: 'string', default: '20' },
    delay: { type: 'string', default: '300' },
    think: { type: 'string', default: '1000' },
    pay: { type: 'string', default: '0.9' },
    settle: { type: 'string', default: '120' },
    only: { type: 'string' },
  },
});
const DURATION_S = Number(values.duration);
const USERS = Number(values.users);
const CHECKOUTS_PER_S = Number(values.checkouts);
const DELAY_MS = Number(values.delay);
const THINK_MS = Number(values.think);
const PAY_SHARE = Number(values.pay);
const SETTLE_S = Number(values.settle);
/** A request without an answer by then counts as failed (a browser would have given up). */
const REQUEST_TIMEOUT_MS = 30_000;
const METRICS_TOKEN = 'bench-load-metrics-token';

type Kind = 'home' | 'category' | 'product' | 'search' | 'checkout' | 'webhook';
const KINDS: Kind[] = ['home', 'category', 'product', 'search', 'checkout', 'webhook'];

class Tally {
  readonly ms = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
  readonly status5xx = new Map<Kind, number>(KINDS.map((k) => [k, 0]));
  /** No answer (timeout, connection refused or reset) or an answer other than expected. */
  readonly failed = new Map<Kind, number>(KINDS.map((k) => [k, 0]));
  readonly samples: string[] = [];

  add(kind: Kind, ms: number, status: number, expected = 200, detail = ''): void {
    this.ms.get(kind)!.push(ms);
    if (status >= 500) this.status5xx.set(kind, this.status5xx.get(kind)! + 1);
    if (status !== expected) {
      this.failed.set(kind, this.failed.get(kind)! + 1);
      if (this.samples.length < 10) this.samples.push(`${kind} ${status} ${detail.slice(0, 160)}`);
    }
  }
}

/** One request; status 0 when nothing answered in time. */
async function timed(
  tally: Tally,
  kind: Kind,
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: string }> {
  const t = performance.now();
  let status = 0;
  let body = '';
  try {
    const res = await fetch(url, {
      ...init,
      headers: { 'accept-encoding': 'gzip, br', ...(init.headers as Record<string, string> | undefined) },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    status = res.status;
    body = await res.text();
  } catch (err) {
    body = (err as Error).message;
  }
  tally.add(kind, performance.now() - t, status, 200, body);
  return { status, body };
}

interface Catalogue {
  categories: string[];
  products: { _id: string; name: string; category: string; vendorId: string; price: number }[];
}

async function browse(url: string, cat: Catalogue, tally: Tally, until: number, seed: number): Promise<void> {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  // Spread the first pages over one think time, as people do not all arrive at the same second.
  await sleep(rnd() * THINK_MS);
  const pages: Kind[] = ['home', 'category', 'product', 'search'];
  for (let i = Math.floor(rnd() * 4); Date.now() < until; i++) {
    const page = pages[i % 4]!;
    const get = (p: string) => timed(tally, page, url + p);
    if (page === 'home')
      await Promise.all([
        get('/api/content/home'),
        get('/api/category/list'),
        get('/api/product/list?sort=popular&inStock=true&limit=8'),
      ]);
    else if (page === 'category') {
      const c = pick(cat.categories);
      await Promise.all([
        get(`/api/product/list?category=${encodeURIComponent(c)}`),
        ...(c === 'food' ? [get('/api/seller/list')] : []),
      ]);
    } else if (page === 'product') await get(`/api/seller/vendor/${pick(cat.products).vendorId}`);
    else {
      const word =
        pick(
          pick(cat.products)
            .name.split(/\s+/)
            .filter((w) => w.length >= 3),
        ) ?? 'rice';
      await get(`/api/product/list?q=${encodeURIComponent(word.toLowerCase())}`);
    }
    await sleep(THINK_MS * (0.5 + rnd()));
  }
}

async function checkoutOne(
  url: string,
  customer: BenchCustomer,
  product: string,
  paystack: LocalPaystack,
  tally: Tally,
  pays: boolean,
  outcome: { paid: number; walkedAway: number; webhooksLater: Promise<void>[] },
): Promise<void> {
  const res = await timed(tally, 'checkout', `${url}/api/payment/paystack`, {
    method: 'POST',
    headers: { cookie: customer.cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ items: [{ product, quantity: 1 }], address: customer.address }),
  });
  if (res.status !== 200) return;
  const reference = (JSON.parse(res.body) as { reference: string }).reference;
  if (!pays) {
    outcome.walkedAway += 1;
    return;
  }
  // A little later, the customer has paid on Paystack's page and Paystack tells the server.
  await sleep(500 + Math.random() * 1_500);
  paystack.pay(reference);
  outcome.paid += 1;
  const data = paystack.chargeSuccess(reference).data;
  const t = performance.now();
  const status = await paystack.postWebhook('charge.success', data);
  tally.add('webhook', performance.now() - t, status, 200, status === 0 ? 'no answer within 10 s' : '');
  // Not answered 200: Paystack sends it again until it is.
  if (status !== 200) outcome.webhooksLater.push(paystack.deliver('charge.success', data));
}

async function runOn(kind: 'embedded' | 'postgres') {
  const made = await benchDatabase(kind);
  const customersNeeded = Math.ceil(CHECKOUTS_PER_S * DURATION_S) + 10;
  console.log(`\n=== ${kind} database: ${customersNeeded} customers, then the server (demo seed) …`);
  await migrate(made.database);
  const customers = await makeCustomers(made.database, customersNeeded);
  await made.database.close();
  const paystack = await startLocalPaystack();
  const server = await startServer(
    { ...made.env, RECONCILE_EVERY_MS: '5000', RECONCILE_AFTER_MS: '60000', METRICS_TOKEN },
    paystack,
  );
  paystack.webhookUrl = server.url;
  paystack.behave('initialize', { delayMs: DELAY_MS });
  const children = [server.child];
  let database: Database | null = null;
  try {
    const products = (
      JSON.parse(await (await fetch(`${server.url}/api/product/list`)).text()) as {
        products: Catalogue['products'] & { inStock: boolean }[];
      }
    ).products;
    const categories = (
      JSON.parse(await (await fetch(`${server.url}/api/category/list`)).text()) as { categories: { path: string }[] }
    ).categories.map((c) => c.path);
    const inStock = products.filter((p) => (p as { inStock?: boolean }).inStock !== false);
    const product = inStock[0]!._id;
    console.log(`catalogue: ${products.length} products, ${categories.length} categories; paying for ${product}`);

    const tally = new Tally();
    const outcome = { paid: 0, walkedAway: 0, webhooksLater: [] as Promise<void>[] };
    const started = Date.now();
    const until = started + DURATION_S * 1_000;
    const load0 = os.loadavg()[0]!;
    const browsing = Array.from({ length: USERS }, (_, i) =>
      browse(server.url, { categories, products }, tally, until, i * 7919 + 1),
    );
    // Checkouts arrive on a fixed schedule (open loop): a slow server does not slow the arrivals.
    const paying: Promise<void>[] = [];
    const total = Math.floor(CHECKOUTS_PER_S * DURATION_S);
    for (let i = 0; i < total; i++) {
      const at = started + (i * 1_000) / CHECKOUTS_PER_S;
      const wait = at - Date.now();
      if (wait > 0) await sleep(wait);
      paying.push(checkoutOne(server.url, customers[i]!, product, paystack, tally, i % 100 < PAY_SHARE * 100, outcome));
    }
    await Promise.all(browsing);
    const loadEnd = os.loadavg()[0]!;
    await Promise.all(paying);
    const elapsed = (Date.now() - started) / 1_000;

    console.log(
      `\n=== ${kind}: ${DURATION_S} s, ${USERS} browsing (think ${THINK_MS} ms), ${CHECKOUTS_PER_S} checkouts/s, provider ${DELAY_MS} ms; load average ${load0.toFixed(1)} → ${loadEnd.toFixed(1)} on ${os.cpus().length} cores`,
    );
    const table: Record<string, Record<string, number>> = {};
    for (const k of KINDS) {
      const xs = tally.ms.get(k)!;
      if (!xs.length) continue;
      const r = (x: number) => Math.round(x);
      table[k] = {
        requests: xs.length,
        'req/s': Math.round((xs.length / elapsed) * 10) / 10,
        p50: r(pct(xs, 50)),
        p95: r(pct(xs, 95)),
        p99: r(pct(xs, 99)),
        max: r(Math.max(...xs)),
        '5xx': tally.status5xx.get(k)!,
        failed: tally.failed.get(k)!,
      };
    }
    console.table(table);
    const all5xx = [...tally.status5xx.values()].reduce((a, b) => a + b, 0);
    const allRequests = [...tally.ms.values()].reduce((a, xs) => a + xs.length, 0);
    console.log(
      `all kinds: ${allRequests} requests in ${elapsed.toFixed(1)} s (${(allRequests / elapsed).toFixed(1)} req/s); 5xx in all: ${all5xx}; checkouts started ${total}, paid ${outcome.paid}, walked away ${outcome.walkedAway}`,
    );
    if (tally.samples.length) console.log(`first failures:\n  ${tally.samples.join('\n  ')}`);

    // The books: every webhook answered, the jobs drained, then the invariants.
    database = kind === 'embedded' ? null : await openPostgres(made.env.DATABASE_URL!, 2);
    const violations = await settleAndCheck(server.url, paystack, outcome.webhooksLater, database, made.env, children);
    console.log(
      violations.length
        ? `INVARIANTS VIOLATED (${violations.length}):\n  ${violations.slice(0, 20).join('\n  ')}`
        : 'invariants: the books agree (database and provider ledger)',
    );
    return { table, all5xx, violations };
  } finally {
    await database?.close();
    await stopAll(children);
    await paystack.close();
    await made.drop();
  }
}

/**
 * Waits for the webhooks and the job queue to drain, then checks the invariants. The embedded
 * database is one process's: the server is stopped first and the folder opened here.
 */
async function settleAndCheck(
  url: string,
  paystack: LocalPaystack,
  later: Promise<void>[],
  database: Database | null,
  env: Record<string, string>,
  children: ChildProcess[],
): Promise<string[]> {
  const t = Date.now();
  await Promise.all(later);
  await paystack.webhooksDelivered();
  const open = async (db: Database) =>
    (
      await queryRows<{ n: number }>(
        db.db,
        sql`
    SELECT count(*)::int AS n FROM jobs WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now() AND kind <> 'payments.reconcile'`,
      )
    )[0]!.n;
  if (database) {
    while (Date.now() - t < SETTLE_S * 1_000 && (await open(database)) > 0) await sleep(500);
    console.log(`settled in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return checkInvariants(database.db, paystack.ledger(), { settled: true });
  }
  // Embedded: the folder is the server's while it runs; its queue depth is read from /metrics.
  while (Date.now() - t < SETTLE_S * 1_000) {
    const metrics = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then(
      (r) => r.text(),
      () => '',
    );
    if (!metrics.includes('# TYPE jara_jobs_due'))
      throw new Error('the server does not report jara_jobs_due on /metrics');
    let due = 0;
    for (const m of metrics.matchAll(/^jara_jobs_due\{kind="([^"]+)"\}\s+(\d+)/gm))
      if (m[1] !== 'payments.reconcile') due += Number(m[2]);
    if (due === 0) break;
    await sleep(500);
  }
  console.log(`settled in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  await stopAll(children);
  const db = await openPglite(env.DATA_DIR!);
  try {
    return await checkInvariants(db.db, paystack.ledger(), { settled: true });
  } finally {
    await db.close();
  }
}

console.log(
  `load average before: ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}; node ${process.version}; ${os.cpus().length} cores`,
);
const results = [];
if (values.only !== 'postgres') results.push(await runOn('embedded'));
if (process.env.DATABASE_URL && values.only !== 'embedded') results.push(await runOn('postgres'));
console.log(
  `load average after: ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
if (results.some((r) => r.violations.length)) process.exitCode = 1;
