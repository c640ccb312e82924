/**
 * The lunch-hour rush, measured (issue 11): the real server (`src/main.ts`, its own process,
 * production settings, info logging) against a bare Fastify route serving the very same bytes
 * (bench/bare.ts), and a local Paystack (apps/server/test/local-paystack.ts) that takes
 * `--delay` ms to answer `initialize`. Three rounds in one run, then the medians.
 *
 *   npm run bench:server -w bench -- --osm /work/shared/data/osm-benin-city [--rounds 3] [--duration 3] [--delay 300] [--warmup 5]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:server -w bench -- --osm …   (also on PostgreSQL)
 *   … --only checkout        (any of catalogue, suggestions, checkout)
 *   … --only catalogue --cases "list 304,health"   (catalogue cases by name)
 *
 * Measures, per round: address suggestions for every prefix of a set of real place names from
 * the extract (one after another, then 20 typing at once: p50/p95, biggest answer); product
 * list and vendor detail at 50 connections, plain, gzip and 304, and home's Best Sellers (gzip),
 * as a ratio to the bare route (req/s, p50/p99, CPU time per answer); /api/health against a
 * bare hello route; 50 customers checking out at once (p50/p95/max, and the server's CPU time
 * for the burst) while 10 readers read the product list every 20 ms each (p99/max), after
 * `--warmup` bursts that warm the fresh server up (shown, not counted).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent } from 'node:http';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { migrate, type Database } from '../apps/server/src/infra/db/client.js';
import { featuresToPlaces } from '../apps/server/src/modules/geocoding/osm-import.js';
import { upsertPlaces } from '../apps/server/src/modules/geocoding/places.repo.js';
import { freePort } from '../apps/server/test/instances.js';
import { createHash, randomBytes } from 'node:crypto';
import { getRaw, requestRaw } from './http.js';
import { benchDatabase, makeCustomers, pct, sleep, startServer, stopAll, waitReady } from './harness.js';

const { values } = parseArgs({
  options: {
    osm: { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/data/osm-benin-city') },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '3' },
    delay: { type: 'string', default: '300' },
    // Checkout bursts run before the counted ones (each customer may pay 20 times in 10 minutes).
    warmup: { type: 'string', default: '5' },
    // What to measure: any of catalogue, suggestions, checkout (comma-separated; all by default).
    only: { type: 'string', default: 'catalogue,suggestions,checkout' },
    // Which catalogue cases, by name (comma-separated, e.g. "list 304,health"); all by default.
    cases: { type: 'string' },
  },
});
const ONLY = new Set(values.only!.split(','));
const CASES = values.cases === undefined ? null : new Set(values.cases.split(','));
const ROUNDS = Number(values.rounds);
const DURATION = Number(values.duration);
const DELAY = Number(values.delay);
const WARMUPS = Number(values.warmup);
const CUSTOMERS = 50;

const median = (xs: number[]) => pct(xs, 50);
const r1 = (x: number) => Math.round(x * 10) / 10;
const r2 = (x: number) => Math.round(x * 100) / 100;

/** Loads the places (all features, unnamed included, as `places:import --include-unnamed`) and the customers. */
async function prepare(database: Database) {
  await migrate(database);
  let n = 0;
  if (existsSync(values.osm!)) {
    for (const f of readdirSync(values.osm!)
      .filter((f) => f.endsWith('.geojson'))
      .sort()) {
      const parsed = JSON.parse(readFileSync(path.join(values.osm!, f), 'utf8'));
      n += await upsertPlaces(database.db, featuresToPlaces(parsed, { includeUnnamed: true }).places);
    }
  } else {
    console.warn(`No extract at ${values.osm}: suggestions over the curated places only (pass --osm DIR).`);
  }
  const customers = await makeCustomers(database, CUSTOMERS);
  return { places: n, customers };
}

async function startBare(spec: object) {
  const port = await freePort();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'jara-bare-')), 'spec.json');
  writeFileSync(file, JSON.stringify({ ...spec, port }));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bare.ts')], {
    env: { ...process.env, BARE_SPEC: file },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(`${url}/hello`, child);
  return { url, child };
}

/** The local Paystack in its own process (bench/provider.ts), answering `initialize` after DELAY ms. */
async function startProvider() {
  const secret = `sk_test_${randomBytes(20).toString('hex')}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'provider.ts')], {
    env: { ...process.env, PROVIDER_SECRET: secret, PROVIDER_DELAY_MS: String(DELAY) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`provider exited with ${code}`)));
  });
  return { secret, baseUrl, child };
}

async function load(url: string, headers: Record<string, string>, connections = 50, duration = DURATION) {
  const r = await autocannon({ url, connections, duration, headers, pipelining: 1 });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts,
    bad: r.non2xx,
    n: r.requests.total,
  };
}

/** Real place names from the extract: every prefix of each is a keystroke. */
function typingNames(data: { display_name: string }[]): string[] {
  const names = [
    ...new Set(
      data
        .map((p) => p.display_name.split(',')[0]!.trim())
        .filter((n) => n.length >= 8 && /^[A-Za-z]/.test(n) && !/^\d/.test(n)),
    ),
  ].sort();
  const step = Math.max(1, Math.floor(names.length / 12));
  return names.filter((_, i) => i % step === 0).slice(0, 12);
}

async function suggest(url: string, q: string) {
  const t = performance.now();
  const res = await fetch(`${url}/api/geocoding/search?q=${encodeURIComponent(q)}`);
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`search ${q}: ${res.status}`);
  return { ms: performance.now() - t, bytes: body.byteLength };
}

async function suggestions(url: string, names: string[]) {
  const prefixes = names.flatMap((n) =>
    Array.from({ length: n.length }, (_, i) => n.slice(0, i + 1)).filter((p) => p.trim()),
  );
  const seq: number[] = [];
  let maxBytes = 0;
  for (const q of prefixes) {
    const r = await suggest(url, q);
    seq.push(r.ms);
    maxBytes = Math.max(maxBytes, r.bytes);
  }
  const conc: number[] = [];
  await Promise.all(
    Array.from({ length: 20 }, async (_, w) => {
      const name = names[w % names.length]!;
      // Each typist starts at a different letter, so they do not all ask the same prefix at once.
      const mine = Array.from({ length: name.length }, (_, i) => name.slice(0, i + 1)).filter((p) => p.trim());
      for (const q of mine) {
        const r = await suggest(url, w >= names.length ? q.toLowerCase() : q);
        conc.push(r.ms);
        maxBytes = Math.max(maxBytes, r.bytes);
      }
    }),
  );
  return {
    prefixes: prefixes.length,
    seqP50: pct(seq, 50),
    seqP95: pct(seq, 95),
    concP50: pct(conc, 50),
    concP95: pct(conc, 95),
    maxBytes,
  };
}

/** Readers of the product list during the checkout burst, and how often each reads. */
const READERS = 10;
const READ_EVERY_MS = 20;

/**
 * 50 customers check out at once while READERS people read the product list, each every
 * READ_EVERY_MS (500 reads a second). Each customer has the checkout page open: it loaded their
 * addresses over the connection their payment then uses. A reader's time counts from when its
 * read was due, so a read held up by the one before it counts its wait too. Readers at a fixed
 * pace rather than as fast as they can: on this 2-core machine the benchmark shares the cores
 * with the server, and readers reading flat out would measure how much of them the benchmark takes.
 */
async function checkoutBurst(
  server: { url: string; child: ChildProcess },
  customers: { cookie: string; address: string }[],
  product: string,
) {
  const url = server.url;
  // Fifty phones, not one client: node:http keeps the benchmark's own share of the thread small.
  // Each customer's checkout page loads their addresses first (not timed), as the app does; the
  // payment then goes over the connection that page opened, as a phone's does.
  const payers = new Agent({ keepAlive: true });
  await Promise.all(
    customers.map(async (c) => {
      const res = await getRaw(`${url}/api/address/get`, { headers: { cookie: c.cookie }, agent: payers });
      if (res.status !== 200) throw new Error(`addresses before paying: ${res.status}`);
    }),
  );
  let done = false;
  const probe: number[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: READERS });
  const probes = Array.from({ length: READERS }, async () => {
    let due = performance.now() + Math.random() * READ_EVERY_MS;
    while (!done) {
      due += READ_EVERY_MS;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const t = due;
      const res = await getRaw(`${url}/api/product/list`, { headers: { 'accept-encoding': 'gzip' }, agent });
      if (res.status !== 200) throw new Error(`product list during the burst: ${res.status}`);
      probe.push(performance.now() - t);
    }
  });
  await sleep(200);
  const times: number[] = [];
  const failures: string[] = [];
  const cpuBefore = cpuMs(server.child.pid);
  await Promise.all(
    customers.map(async (c) => {
      const body = JSON.stringify({ items: [{ product, quantity: 1 }], address: c.address });
      const t = performance.now();
      const res = await requestRaw(`${url}/api/payment/paystack`, {
        method: 'POST',
        headers: { cookie: c.cookie, origin: url, 'content-type': 'application/json' },
        body,
        agent: payers,
        keepBody: true,
      });
      times.push(performance.now() - t);
      if (res.status !== 200) failures.push(`${res.status} ${res.body.slice(0, 120)}`);
    }),
  );
  const cpu = cpuMs(server.child.pid) - cpuBefore;
  done = true;
  await Promise.all(probes);
  agent.destroy();
  payers.destroy();
  return {
    p50: pct(times, 50),
    p95: pct(times, 95),
    max: Math.max(...times),
    failures,
    probeP99: pct(probe, 99),
    probeMax: Math.max(...probe),
    probes: probe.length,
    cpu,
  };
}

/**
 * CPU time a process has used so far, in ms (user + system, all its threads), from Linux's
 * /proc; NaN elsewhere. Steadier than latency on a shared machine: it says how much work a
 * burst took rather than how long it waited for a core.
 */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the file, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

async function runOn(kind: 'embedded' | 'postgres') {
  const { database, env, drop } = await benchDatabase(kind);
  console.log(`\n=== ${kind} database: preparing (places, ${CUSTOMERS} customers) …`);
  const prep = await prepare(database);
  await database.close();
  const provider = await startProvider();
  const server = await startServer(env, provider);
  const children: ChildProcess[] = [server.child, provider.child];
  try {
    // The bytes the bare route serves: the server's own answers.
    const grab = async (p: string) => {
      const plain = await fetch(server.url + p);
      const body = Buffer.from(await plain.arrayBuffer());
      return {
        path: p,
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
        body: body.toString('base64'),
        gzip: gzipSync(body).toString('base64'),
        size: body.length,
      };
    };
    const list = await grab('/api/product/list');
    const products = JSON.parse(Buffer.from(list.body, 'base64').toString()).products as {
      _id: string;
      vendorId: string;
    }[];
    const vendorPath = `/api/seller/vendor/${products[0]!.vendorId}`;
    const detail = await grab(vendorPath);
    // Home's Best Sellers: a filtered, sorted list (from memory too since decision 0024).
    const popularPath = '/api/product/list?sort=popular&inStock=true&limit=8';
    const popular = await grab(popularPath);
    const hello = Buffer.from(await (await fetch(`${server.url}/api/health`)).arrayBuffer());
    const bare = await startBare({
      routes: [
        { ...list, path: '/list' },
        { ...detail, path: '/detail' },
        { ...popular, path: '/popular' },
      ],
      hello: hello.toString('base64'),
    });
    children.push(bare.child);
    const etagOf = async (p: string, enc: string) =>
      (await fetch(server.url + p, { headers: { 'accept-encoding': enc } })).headers.get('etag')!;
    const places = (await (await fetch(`${server.url}/api/geocoding/fetchAddresses`)).json()) as {
      data: { display_name: string }[];
    };
    const names = typingNames(places.data);
    console.log(
      `places ${places.data.length} (imported ${prep.places}); product list ${list.size} bytes, ${products.length} products; vendor ${detail.size} bytes`,
    );
    console.log(`typing: ${names.map((n) => JSON.stringify(n)).join(', ')}`);

    const cases = [
      { name: 'list plain', server: ['/api/product/list', {}], bare: ['/list', {}] },
      {
        name: 'list gzip',
        server: ['/api/product/list', { 'accept-encoding': 'gzip' }],
        bare: ['/list', { 'accept-encoding': 'gzip' }],
      },
      {
        name: 'list 304',
        server: [
          '/api/product/list',
          { 'accept-encoding': 'gzip', 'if-none-match': await etagOf('/api/product/list', 'gzip') },
        ],
        bare: ['/list', { 'if-none-match': list.etag }],
      },
      {
        name: 'best sellers gzip',
        server: [popularPath, { 'accept-encoding': 'gzip' }],
        bare: ['/popular', { 'accept-encoding': 'gzip' }],
      },
      { name: 'detail plain', server: [vendorPath, {}], bare: ['/detail', {}] },
      {
        name: 'detail gzip',
        server: [vendorPath, { 'accept-encoding': 'gzip' }],
        bare: ['/detail', { 'accept-encoding': 'gzip' }],
      },
      {
        name: 'detail 304',
        server: [vendorPath, { 'if-none-match': await etagOf(vendorPath, '') }],
        bare: ['/detail', { 'if-none-match': detail.etag }],
      },
      { name: 'health', server: ['/api/health', {}], bare: ['/hello', {}] },
    ] as const;
    const unknown = [...(CASES ?? [])].filter((n) => !cases.some((c) => c.name === n));
    if (unknown.length)
      throw new Error(`--cases: no case named ${unknown.join(', ')} (${cases.map((c) => c.name).join(', ')})`);

    const rows: Record<string, number | string>[] = [];
    if (ONLY.has('checkout')) {
      // A server at lunch hour has taken orders all morning: a fresh process runs code V8 has
      // not optimised yet, PGlite's WebAssembly included, and its CPU per burst falls for the
      // first four or five bursts (1,050–1,480 ms, then 300–500 ms from the fifth on, measured).
      // WARMUPS bursts first, shown but not counted.
      for (let w = 1; w <= WARMUPS; w++) {
        const warm = await checkoutBurst(server, prep.customers, products[0]!._id);
        console.log(
          `checkout warm-up ${w} (not counted): p95 ${r1(warm.p95)} ms, list p99 ${r1(warm.probeP99)} ms, ${warm.failures.length} failures, server CPU ${warm.cpu} ms`,
        );
      }
    }
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`\n--- ${kind}, round ${round}/${ROUNDS}`);
      for (const c of ONLY.has('catalogue') ? cases.filter((c) => CASES?.has(c.name) ?? true) : []) {
        // Alternate which goes first, so neither always meets a warmer or cooler machine.
        const order = round % 2 ? (['server', 'bare'] as const) : (['bare', 'server'] as const);
        const got: Record<string, Awaited<ReturnType<typeof load>> & { cpuUs: number }> = {};
        for (const who of order) {
          const [p, h] = c[who];
          const pid = (who === 'server' ? server : bare).child.pid;
          const cpuBefore = cpuMs(pid);
          const r = await load((who === 'server' ? server.url : bare.url) + p, h as Record<string, string>);
          got[who] = { ...r, cpuUs: ((cpuMs(pid) - cpuBefore) * 1000) / r.n };
        }
        const s = got.server!;
        const b = got.bare!;
        const row = {
          round,
          case: c.name,
          'server req/s': Math.round(s.rps),
          'bare req/s': Math.round(b.rps),
          ratio: r2(s.rps / b.rps),
          'server p50': s.p50,
          'server p99': s.p99,
          'bare p50': b.p50,
          'bare p99': b.p99,
          // CPU time per answer (all the process's threads): the work, whatever the cores did meanwhile.
          'server CPU µs/req': Math.round(s.cpuUs),
          'bare CPU µs/req': Math.round(b.cpuUs),
          'errors/unexpected': `${s.errors}/${c.name.includes('304') ? s.n - s.bad : s.bad}`,
        };
        rows.push(row);
        console.log(JSON.stringify(row));
      }
      if (ONLY.has('suggestions')) {
        const sug = await suggestions(server.url, names);
        const sRow = {
          round,
          case: 'suggestions',
          prefixes: sug.prefixes,
          'seq p50': r2(sug.seqP50),
          'seq p95': r2(sug.seqP95),
          '20x p50': r2(sug.concP50),
          '20x p95': r2(sug.concP95),
          'max bytes': sug.maxBytes,
        };
        rows.push(sRow);
        console.log(JSON.stringify(sRow));
      }
      if (!ONLY.has('checkout')) continue;
      const burst = await checkoutBurst(server, prep.customers, products[0]!._id);
      const cRow = {
        round,
        case: `checkout x${CUSTOMERS} (${DELAY} ms provider)`,
        p50: r1(burst.p50),
        p95: r1(burst.p95),
        max: r1(burst.max),
        failures: burst.failures.length,
        'list p99 during': r1(burst.probeP99),
        'list max during': r1(burst.probeMax),
        'list reads': burst.probes,
        'server CPU ms': burst.cpu,
      };
      rows.push(cRow);
      console.log(JSON.stringify(cRow), burst.failures.slice(0, 3).join(' | '));
    }

    // Medians over the rounds.
    console.log(`\n=== ${kind}: medians of ${ROUNDS} rounds`);
    const byCase = new Map<string, Record<string, number | string>[]>();
    for (const r of rows) (byCase.get(String(r.case)) ?? byCase.set(String(r.case), []).get(String(r.case))!).push(r);
    const table: Record<string, Record<string, number | string>> = {};
    for (const [name, rs] of byCase) {
      const out: Record<string, number | string> = {};
      for (const key of Object.keys(rs[0]!)) {
        if (key === 'round' || key === 'case') continue;
        const vals = rs.map((r) => r[key]);
        out[key] = typeof vals[0] === 'number' ? median(vals as number[]) : vals.join(' ');
      }
      table[name] = out;
    }
    console.table(table);
    return table;
  } finally {
    await stopAll(children);
    await drop();
  }
}

const load1 = (await import('node:os')).loadavg();
console.log(
  `load average before: ${load1.map((x) => x.toFixed(1)).join(' ')}; node ${process.version}; ${(await import('node:os')).cpus().length} cores`,
);
await runOn('embedded');
if (process.env.DATABASE_URL) await runOn('postgres');
console.log(
  `load average after: ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
