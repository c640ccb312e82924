/**
 * The dashboards over 100,000 orders (issue 33): `npm run bench:insights -w bench -- --url postgres://…`.
 *
 * Makes a database of its own on that server (dropped at the end), seeds it with fast multi-row
 * SQL (generate_series: orders spread over 90 days with their items, payments, status log,
 * cancellations, refunds, disputes, ratings, ledger releases, carts, shifts and payouts; seeded
 * random, so runs compare), builds the app in this process on it and listens on a free port. Each
 * round clears the dashboards' kept answers before every request (a cold cache) and asks, over
 * HTTP: the admin's 30 days, the admin's today, the busiest shop's 30 days, and the app's barest
 * route (/api/health: no session, no database) as the baseline. Prints p50/p95 per request and
 * the ratio to the baseline; with --out, writes them as JSON.
 *
 *   --url <postgres URL>   the server to make the database on (default DATABASE_URL)
 *   --orders <n>           orders to seed (100000)
 *   --rounds <n>           measured rounds after one warm-up (9)
 *   --out <file>           the results as JSON
 *   --keep                 keep the database (to look at the plans); its name is printed
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createProduct, createUser, createVendor } from '../apps/server/test/helpers.js';
import { pct } from './harness.js';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    orders: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '9' },
    out: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const base = args.url ?? process.env.DATABASE_URL;
if (!base) throw new Error('Give a PostgreSQL URL: --url postgres://…');
const ORDERS = Number(args.orders);
const ROUNDS = Number(args.rounds);
const VENDORS = 20;
const PRODUCTS_PER_VENDOR = 10;
const CUSTOMERS = 5_000;
const RIDERS = 30;

const dbName = `jara_bench_insights_${randomBytes(3).toString('hex')}`;
async function onServer(sqlText: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}
await onServer(`CREATE DATABASE ${dbName}`);
const url = new URL(base);
url.pathname = `/${dbName}`;

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  JOBS_ENABLED: 'false',
  DATABASE_URL: url.toString(),
  DATA_DIR: path.join(tmpdir(), dbName),
  UPLOAD_DIR: path.join(tmpdir(), `${dbName}-up`),
  PUBLIC_URL: 'http://localhost:3000',
  WEB_DIST: path.join(tmpdir(), 'jara-no-web'),
});
const app = await buildApp(config, { logger: pino({ level: 'silent' }) });

try {
  // The few accounts that need sessions, through the test factories; the crowd in SQL below.
  const admin = await createUser(app, { role: 'admin', name: 'Bench Admin' });
  const shops = [];
  for (let v = 0; v < VENDORS; v++) {
    const owner = await createUser(app, { role: 'vendor', name: `Bench Vendor ${v}` });
    const vendor = await createVendor(app, { userId: owner.user.id, businessName: `Bench Shop ${v}` });
    for (let p = 0; p < PRODUCTS_PER_VENDOR; p++)
      await createProduct(app, vendor.id, {
        options: [{ name: 'Regular', priceKobo: 50_000 + 10_000 * ((v + p) % 20) }],
      });
    shops.push({ owner, vendor });
  }

  const seedStarted = performance.now();
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  const q = (text: string) => c.query(text);
  await q(`SELECT setseed(0.42)`);
  await q(`INSERT INTO users (name, email, roles)
           SELECT 'Bench Customer ' || g, 'bench-c' || g || '@example.com', ARRAY['customer']::text[]
           FROM generate_series(1, ${CUSTOMERS}) g`);
  await q(`INSERT INTO users (name, email, roles)
           SELECT 'Bench Rider ' || g, 'bench-r' || g || '@example.com', ARRAY['customer', 'rider']::text[]
           FROM generate_series(1, ${RIDERS}) g`);
  await q(`INSERT INTO riders (user_id, name, phone, date_of_birth, vehicle, status, is_online)
           SELECT id, name, '08031234567', '2000-01-01', 'motorcycle', 'approved', random() < 0.5
           FROM users WHERE email LIKE 'bench-r%'`);
  await q(
    `CREATE TEMP TABLE cu AS SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE email LIKE 'bench-c%'`,
  );
  await q(
    `CREATE TEMP TABLE rd AS SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE email LIKE 'bench-r%'`,
  );
  await q(`CREATE TEMP TABLE pr AS
           SELECT p.id AS product_id, o.id AS option_id, p.vendor_id, p.name, o.price_kobo,
                  row_number() OVER (ORDER BY p.id) AS n
           FROM products p JOIN product_options o ON o.product_id = p.id`);
  // Each order: when (the last 90 days), who, one or two products, its fate.
  await q(`CREATE TEMP TABLE bo AS
           SELECT gen_random_uuid() AS id, g,
                  now() - random() * interval '90 days' AS placed,
                  1 + floor(random() * ${CUSTOMERS})::int AS cust,
                  1 + floor(random() * ${RIDERS})::int AS rider,
                  1 + floor(random() * ${VENDORS * PRODUCTS_PER_VENDOR})::int AS p1,
                  CASE WHEN random() < 0.35 THEN 1 + floor(random() * ${VENDORS * PRODUCTS_PER_VENDOR})::int END AS p2,
                  1 + floor(random() * 3)::int AS qty,
                  random() < 0.96 AS paid, random() AS fate
           FROM generate_series(1, ${ORDERS}) g`);
  await q(`ALTER TABLE bo ADD COLUMN state text`);
  await q(`UPDATE bo SET state = CASE WHEN NOT paid THEN 'unpaid' WHEN fate < 0.05 THEN 'cancelled'
                                      WHEN placed > now() - interval '2 hours' THEN 'placed' ELSE 'delivered' END`);
  await q(`CREATE TEMP TABLE bi AS
           SELECT gen_random_uuid() AS id, bo.id AS order_id, pr.*, CASE WHEN k = 1 THEN bo.qty ELSE 1 END AS qty, bo.state
           FROM bo CROSS JOIN LATERAL (VALUES (1, bo.p1), (2, bo.p2)) AS x(k, p)
           JOIN pr ON pr.n = x.p`);
  await q(`INSERT INTO orders (id, user_id, address, items_kobo, delivery_fee_kobo, service_fee_kobo, amount_kobo,
                               payment_state, paid_at, rider_id, created_at)
           SELECT bo.id, cu.id, '{"address":"Hall 2"}'::jsonb, t.items, 75000, 5000, t.items + 80000,
                  CASE WHEN bo.paid THEN 'paid' ELSE 'failed' END,
                  CASE WHEN bo.paid THEN bo.placed + interval '1 minute' END,
                  CASE WHEN bo.state = 'delivered' THEN rd.id END, bo.placed
           FROM bo JOIN cu ON cu.n = bo.cust JOIN rd ON rd.n = bo.rider
           JOIN (SELECT order_id, sum(price_kobo * qty)::int AS items FROM bi GROUP BY order_id) t ON t.order_id = bo.id`);
  await q(`INSERT INTO order_items (id, order_id, product_id, option_id, vendor_id, product_name, option_name,
                                    unit_price_kobo, quantity, status)
           SELECT id, order_id, product_id, option_id, vendor_id, name, 'Regular', price_kobo, qty,
                  CASE state WHEN 'cancelled' THEN 'Order Cancelled' WHEN 'delivered' THEN 'Order Delivered' ELSE 'Order Placed' END
           FROM bi`);
  await q(`INSERT INTO payments (reference, user_id, purpose, subject_id, amount_kobo, provider, state, created_at, paid_at)
           SELECT 'bench_' || o.id, o.user_id, 'order', o.id, o.amount_kobo, 'sandbox',
                  CASE WHEN o.paid_at IS NULL THEN 'failed' ELSE 'paid' END, o.created_at, o.paid_at
           FROM orders o`);
  // The status log: confirmed, picked up and delivered (delivered items), or cancelled by the customer.
  await q(`INSERT INTO status_events (subject_type, subject_id, status, actor_id, created_at)
           SELECT 'order_item', bi.id, s.status, NULL, bo.placed + s.after
           FROM bi JOIN bo ON bo.id = bi.order_id
           CROSS JOIN LATERAL (VALUES ('Order Confirmed', interval '6 minutes'), ('Order Picked', interval '25 minutes'),
                                      ('Order Delivered', interval '48 minutes')) AS s(status, after)
           WHERE bi.state = 'delivered'`);
  // The order's milestones, as the lines' moves keep them (orders.repo.ts moveItemStatuses).
  await q(`UPDATE orders o SET confirmed_at = bo.placed + interval '6 minutes', picked_at = bo.placed + interval '25 minutes',
                               delivered_at = bo.placed + interval '48 minutes'
           FROM bo WHERE bo.id = o.id AND EXISTS (SELECT 1 FROM bi WHERE bi.order_id = bo.id AND bi.state = 'delivered')`);
  await q(`INSERT INTO status_events (subject_type, subject_id, status, actor_id, note, created_at)
           SELECT 'order_item', bi.id, 'Order Cancelled', o.user_id, 'customer cancelled', o.created_at + interval '3 minutes'
           FROM bi JOIN orders o ON o.id = bi.order_id WHERE bi.state = 'cancelled'`);
  await q(`INSERT INTO refunds (payment_id, amount_kobo, reason, state, created_at)
           SELECT p.id, p.amount_kobo, 'Order ' || p.subject_id || ' cancelled by the customer', 'processed',
                  p.created_at + interval '4 minutes'
           FROM payments p JOIN bo ON bo.id = p.subject_id WHERE bo.state = 'cancelled'`);
  await q(`INSERT INTO disputes (order_id, customer_id, reason, amount_kobo, state, created_at)
           SELECT o.id, o.user_id, 'damaged', 20000, 'rejected', o.created_at + interval '2 hours'
           FROM orders o JOIN bo ON bo.id = o.id WHERE bo.state = 'delivered' AND bo.fate > 0.99`);
  await q(`INSERT INTO ratings (subject_type, subject_id, rider_id, customer_id, stars, created_at)
           SELECT 'order', o.id, o.rider_id, o.user_id, 3 + floor(bo.fate * 3)::int, o.created_at + interval '1 hour'
           FROM orders o JOIN bo ON bo.id = o.id WHERE bo.state = 'delivered' AND bo.fate > 0.7`);
  await q(`CREATE TEMP TABLE rel AS
           SELECT gen_random_uuid() AS tid, o.id, o.rider_id, o.created_at + interval '48 minutes' AS at
           FROM orders o JOIN bo ON bo.id = o.id WHERE bo.state = 'delivered'`);
  await q(
    `INSERT INTO ledger_transactions (id, key, kind, created_at) SELECT tid, 'release:order:' || id, 'release', at FROM rel`,
  );
  await q(`INSERT INTO ledger_entries (transaction_id, account, amount_kobo)
           SELECT tid, 'held:order:' || id, 75000 FROM rel
           UNION ALL SELECT tid, 'rider:' || rider_id, -75000 FROM rel`);
  await q(`INSERT INTO cart_days (user_id, day)
           SELECT DISTINCT cu.id, (now() - random() * interval '90 days')::date
           FROM generate_series(1, 40000) g JOIN cu ON cu.n = 1 + (g % ${CUSTOMERS})`);
  await q(`INSERT INTO rider_shifts (rider_id, started_at, ended_at)
           SELECT rd.id, d + interval '10 hours', d + interval '14 hours'
           FROM rd CROSS JOIN generate_series(now()::date - 90, now()::date - 1, interval '1 day') d`);
  await q(`INSERT INTO payouts (user_id, payee_type, vendor_id, amount_kobo, state, due_at, paid_at, created_at)
           SELECT v.user_id, 'vendor', v.id, 500000, 'paid', d + interval '1 day', d + interval '1 day', d
           FROM vendors v CROSS JOIN generate_series(now() - interval '90 days', now(), interval '7 days') d`);
  await q(`ANALYZE`);
  const counts = (
    await c.query<{ orders: number; items: number; events: number }>(
      `SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM order_items)::int AS items,
              (SELECT count(*) FROM status_events)::int AS events`,
    )
  ).rows[0]!;
  const busiest = (
    await c.query<{ vendor_id: string }>(
      `SELECT vendor_id FROM order_items GROUP BY vendor_id ORDER BY count(*) DESC LIMIT 1`,
    )
  ).rows[0]!.vendor_id;
  await c.end();
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(
    `seeded ${counts.orders} orders, ${counts.items} items, ${counts.events} status events in ${seedSeconds.toFixed(1)} s`,
  );
  const shop = shops.find((s) => s.vendor.id === busiest)!;

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const loadBefore = loadavg().map((x) => Math.round(x * 100) / 100);
  const requests = [
    { name: 'admin 30d', path: '/api/admin/insights?period=30d', cookie: admin.cookie },
    { name: 'admin today', path: '/api/admin/insights?period=today', cookie: admin.cookie },
    { name: 'seller 30d', path: '/api/seller/insights?period=30d', cookie: shop.owner.cookie },
    { name: 'baseline /api/health', path: '/api/health', cookie: '' },
  ];
  const times = new Map(requests.map((r) => [r.name, [] as number[]]));
  for (let round = 0; round <= ROUNDS; round++) {
    for (const r of requests) {
      app.services.insights.clearCache();
      const started = performance.now();
      const res = await fetch(`${address}${r.path}`, { headers: r.cookie ? { cookie: r.cookie } : {} });
      await res.arrayBuffer();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${r.path}: ${res.status}`);
      if (round > 0) times.get(r.name)!.push(ms); // round 0 warms the JIT and the connections
    }
  }
  const baseline = times.get('baseline /api/health')!;
  const round1 = (x: number) => Math.round(x * 10) / 10;
  const rows = requests.map((r) => {
    const xs = times.get(r.name)!;
    return {
      request: r.name,
      rounds: xs.length,
      p50Ms: round1(pct(xs, 50)),
      p95Ms: round1(pct(xs, 95)),
      p95VsBaseline: round1(pct(xs, 95) / pct(baseline, 95)),
    };
  });
  console.table(rows);
  const worst = Math.max(...rows.filter((r) => !r.request.startsWith('baseline')).map((r) => r.p95Ms));
  console.log(`worst dashboard p95 ${worst} ms (target ≤ 300 ms): ${worst <= 300 ? 'holds' : 'MISSED'}`);
  if (args.out)
    writeFileSync(
      args.out,
      `${JSON.stringify(
        {
          bench: 'insights',
          date: new Date().toISOString(),
          database: 'PostgreSQL',
          seeded: {
            ...counts,
            days: 90,
            vendors: VENDORS,
            customers: CUSTOMERS,
            riders: RIDERS,
            seedSeconds: round1(seedSeconds),
          },
          cache: 'cold (cleared before every request)',
          machine: {
            cores: 2,
            loadAverage1m5m15m: { before: loadBefore, after: loadavg().map((x) => Math.round(x * 100) / 100) },
          },
          results: rows,
          targetP95Ms: 300,
          holds: worst <= 300,
        },
        null,
        2,
      )}\n`,
    );
} finally {
  await app.close();
  if (args.keep) console.log(`kept database ${dbName}`);
  else await onServer(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
