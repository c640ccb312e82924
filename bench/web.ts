/**
 * First paint on a cheap phone (issue 12): Lighthouse, bytes on the wire and time to the first
 * product name on a slow link, against the real production build. Lighthouse also measures the
 * tracking page (issue 28): `/dispatch` signed in as a sender whose parcel is on its way, the rider
 * on the campus map (seeded through the app's own API before the runs; see seedTracking).
 *
 *   npm run bench:web -w bench                    build + `npm start` this checkout, measure it,
 *                                                 print it beside bench/results/web-baseline.json
 *   npm run bench:web -w bench -- URL             measure an app that is already running
 *   npm run bench:web -w bench -- URL_A URL_B     measure both, print side by side (before | after);
 *                                                 their Lighthouse runs take turns
 *   --save NAME                                   also write bench/results/web-NAME.json (two URLs:
 *                                                 web-NAME-before.json and web-NAME-after.json)
 *   --runs N                                      Lighthouse runs per page (default 3; median)
 *   --only lighthouse|bytes|slow                  measure one part (while working on it)
 *   --detail                                      list every transfer of the byte visits (stderr)
 *   --language pcm                                every visit in that language (the jara_lang cookie)
 *   --pages tracking,home                         Lighthouse only these pages (home, product, cart, tracking)
 *   --reports DIR                                 also write each Lighthouse report (JSON) to DIR
 *
 * Lighthouse 12 (default mobile emulation: simulated slow 4G, 4× CPU slowdown) in Debian's
 * Chromium (CHROME_PATH, default /usr/bin/chromium). Without URLs the web app is built first, under
 * `flock /tmp/jara-build.lock` like every build in this checkout, then served by `npm start -w apps/server`.
 * Bytes: Playwright + CDP `Network.loadingFinished`
 * encodedDataLength of the page and of its service worker's own fetches. Slow link:
 * `Network.emulateNetworkConditions` 50 KB/s down and up, 400 ms latency.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { getRaw } from './http.js';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';

/** What the init script of the slow-link visit records on the page (ms since navigation). */
declare global {
  interface Window {
    __laidOut?: number;
    __fcp?: number;
    __seen?: number;
    __picture?: number;
    __taps?: number;
  }
}

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, 'bench', 'results');
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface LhFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
}
/** A page's figures: the median of its runs (tbtCpuMs absent in results from before it was measured). */
type LhPageFigures = LhFigures & { tbtCpuMs?: number; runs: LhRun[] };
/** One Lighthouse run: its figures, what its largest paint was and how many map tiles it fetched. */
interface LhRun extends LhFigures {
  lcpElement?: string;
  mapTiles?: number;
  /** TBT counted on the main thread's CPU time (tbtOnCpu). */
  tbtCpuMs?: number;
}
interface Figures {
  label: string;
  base: string;
  productPath: string;
  productName: string;
  /** The page the tracking figures are of (absent in results from before it was measured). */
  trackingPath?: string;
  lighthouse: Record<string, LhPageFigures>;
  bytes: {
    firstVisit: number;
    firstVisitRequests: number;
    firstVisitImages?: number;
    firstVisitImageRequests?: number;
    repeatHome: number;
    repeatHomeRequests: number;
    perStep: Record<string, number>;
  };
  slow: {
    productNameOnProductMs: number | null;
    productNameOnHomeMs: number | null;
    /** The product page's picture loaded, and the page taking taps (hydrated); absent in older results. */
    productPictureMs?: number | null;
    productTapsMs?: number | null;
  };
}

/** The language every visit asks for (--language): its cookie goes with every request. */
let language: string | undefined;
const languageHeaders = (): Record<string, string> => (language ? { Cookie: `jara_lang=${language}` } : {});
/** The language's cookie and a session's together, as one Cookie header. */
const headersWith = (session?: string): Record<string, string> => {
  const cookies = [languageHeaders().Cookie, session].filter(Boolean);
  return cookies.length ? { Cookie: cookies.join('; ') } : {};
};
interface Cookie {
  name: string;
  value: string;
}
/**
 * A signed-in visit's cookies for the browser's own jar, the language's with them: a header added
 * to the page's requests would not reach the service worker's, and the worker fetches the page's
 * personal reads (/api/dispatch/user, …) once it controls the page.
 */
const browserCookies = (base: string, session: Cookie[]) =>
  [...(language ? [{ name: 'jara_lang', value: language }] : []), ...session].map((c) => ({ ...c, url: base }));

function args() {
  const argv = process.argv.slice(2);
  const urls: string[] = [];
  let save: string | undefined;
  let runs = 3;
  let only: string | undefined;
  let detail = false;
  let pages = ['home', 'product', 'cart', 'tracking'];
  let reports: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--detail') detail = true;
    else if (a === '--pages') pages = argv[++i]!.split(',');
    else if (a === '--reports') reports = path.resolve(argv[++i]!);
    else if (a === '--language') language = argv[++i];
    else if (a === '--save') save = argv[++i];
    else if (a === '--only') only = argv[++i];
    else if (a === '--runs') runs = Number(argv[++i]);
    else urls.push(a.replace(/\/$/, ''));
  }
  return { urls, save, runs, only, detail, pages, reports };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

// ── the app under test ──────────────────────────────────────────────────────────────────────
/** `npm run build`, one build at a time in this checkout (other engineers build in it too). */
function buildWeb(): Promise<void> {
  return new Promise((resolve, reject) => {
    const build = spawn('flock', ['/tmp/jara-build.lock', 'npm', 'run', 'build', '-w', 'apps/web'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    build.on('error', reject);
    build.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the web build exited with ${code}`))));
  });
}

/** `npm start` as its two steps: the build under the lock, then the server. */
async function startApp(port: number): Promise<{ base: string; stop: () => void }> {
  await buildWeb();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jara-bench-web-'));
  const child: ChildProcess = spawn('npm', ['run', 'start', '-w', 'apps/server'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 2000).unref();
  };
  process.on('exit', stop);
  const base = `http://localhost:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error('the app did not start in 4 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, stop };
}

interface ProductLite {
  _id: string;
  name: string;
  category: string;
  vendorId: string;
  inStock: boolean;
}
async function pickProduct(base: string): Promise<ProductLite> {
  const res = await fetch(`${base}/api/product/list`);
  const body = (await res.json()) as { products: ProductLite[] };
  const p = body.products.find((x) => x.inStock) ?? body.products[0];
  if (!p) throw new Error('no products in the catalogue');
  return p;
}
const productPath = (p: ProductLite) =>
  p.category === 'food' ? `/products/food/${p.vendorId}/${p._id}` : `/products/${p.category}/${p._id}`;

// ── the tracking page ───────────────────────────────────────────────────────────────────────
/** Someone using the app through its HTTP API, as a browser would: cookies kept between calls. */
class Visitor {
  private readonly jar = new Map<string, string>();
  constructor(private readonly base: string) {}
  /** The cookies the app gave (the session); the language's is added apart. */
  get cookies(): Cookie[] {
    return [...this.jar].filter(([name]) => name !== 'jara_lang').map(([name, value]) => ({ name, value }));
  }
  private get cookie(): string {
    return this.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  }
  /**
   * A call that must succeed (2xx, or a page form's redirect), from the app's origin as the server
   * requires of a change; `form` posts a page's form instead of JSON. Its JSON answer, if any.
   */
  async call<T = unknown>(
    method: 'GET' | 'POST',
    p: string,
    opts: { json?: unknown; form?: Record<string, string> } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { ...headersWith(this.cookie || undefined), origin: this.base };
    let body: string | undefined;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    } else if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    const res = await fetch(this.base + p, { method, headers, body, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0]!;
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
      if (value) this.jar.set(name, value);
      else this.jar.delete(name);
    }
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
    try {
      return JSON.parse(text) as T;
    } catch {
      return undefined as T;
    }
  }
}

const ADMIN = { email: 'admin@jara.test', password: 'Admin#2026' };
/** The parcel goes from Hall 2 to the Faculty of Engineering (as in the journeys); the rider is between. */
const HALL_2 = {
  firstName: 'Ada',
  lastName: 'Sender',
  address: 'Hall 2 (Tinubu Hall), University of Benin',
  city: 'Benin City',
  state: 'Edo',
  zipcode: '300283',
  country: 'Nigeria',
  phone: '08031234567',
  latitude: 6.39795,
  longitude: 5.6196,
};
const ENGINEERING = {
  firstName: 'Bola',
  lastName: 'Ade',
  email: 'bola@example.com',
  phone: '08051234567',
  address: 'Faculty of Engineering, University of Benin',
  latitude: 6.4017,
  longitude: 5.6141,
};
const ON_THE_WAY = { latitude: 6.4005, longitude: 5.616 };

interface Tracking {
  path: string;
  /** The sender's session. */
  cookies: Cookie[];
  /** The rider posts the position again, stamped now, so the page shows it fresh (it goes stale in 90 s). */
  refresh: () => Promise<void>;
}

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await read();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not there after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/**
 * A delivery under way, made through the app's own API as people make one: a new sender signs up,
 * saves Hall 2 as the pick-up, asks for a dispatch to the Faculty of Engineering and pays it on the
 * sandbox's checkout page (its form's Pay: the provider's charge.success webhook, then the
 * callback's verify); a new rider, approved by the demo admin, goes online, accepts it, picks it up
 * and posts a position on the way (a new one each time: a rider carries one delivery at a time, so
 * an app measured again gets a rider of its own). The position is stamped by this machine's clock,
 * which `npm start` (no JARA_TEST_CLOCK) shares with the server.
 */
async function seedTracking(base: string): Promise<Tracking> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const sender = new Visitor(base);
  const email = `bench-sender-${stamp}@example.com`;
  await sender.call('POST', '/api/user/register', {
    json: { name: 'Bench Sender', email, password: 'Bench#Tracking2026' },
  });
  const { address } = await sender.call<{ address: { _id: string } }>('POST', '/api/address/add', {
    json: { ...HALL_2, email },
  });
  const note = `Bench parcel ${stamp}`;
  const started = await sender.call<{ url: string; reference: string }>('POST', '/api/payment/paystack-dispatch', {
    json: { pickupAddress: address._id, email, deliveryNote: note, isExpress: false, dropoff: ENGINEERING },
  });
  await sender.call('POST', new URL(started.url, base).pathname, { form: { action: 'pay', channel: 'card' } });
  await sender.call('GET', `/api/payment/verify?reference=${encodeURIComponent(started.reference)}`);
  const id = await until('the paid dispatch on /api/dispatch/user', async () => {
    const { orders } = await sender.call<{ orders: { _id: string; deliveryNote: string }[] }>(
      'GET',
      '/api/dispatch/user',
    );
    return orders.find((d) => d.deliveryNote === note)?._id;
  });

  const rider = new Visitor(base);
  await rider.call('POST', '/api/user/register', {
    json: { name: 'Bench Rider', email: `bench-rider-${stamp}@example.com`, password: 'Bench#Tracking2026' },
  });
  const applied = await rider.call<{ rider: { _id: string } }>('POST', '/api/rider/apply', {
    json: {
      name: 'Bench Rider',
      phone: '08061234567',
      dateOfBirth: '2000-05-01',
      vehicle: 'motorcycle',
      acceptTerms: true,
    },
  });
  const admin = new Visitor(base);
  await admin.call('POST', '/api/user/login', { json: ADMIN });
  await admin.call('POST', `/api/admin/applications/rider/${applied.rider._id}/approve`, { json: {} });
  await rider.call('POST', '/api/rider/online', { json: { isOnline: true } });
  await rider.call('POST', `/api/rider/jobs/dispatch/${id}/accept`);
  await rider.call('POST', `/api/rider/jobs/dispatch/${id}/picked`);
  let posted = 0;
  const refresh = async () => {
    // The server takes one position per rider every 2 s.
    const wait = posted + 2_100 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await rider.call('POST', '/api/rider/position', {
      json: { ...ON_THE_WAY, accuracy: 12, at: new Date().toISOString() },
    });
    posted = Date.now();
  };
  await refresh();
  return { path: '/dispatch', cookies: sender.cookies, refresh };
}

/**
 * The tracking page on a phone with the sender's cookie, as Lighthouse will load it: fails unless
 * the arrival estimate, the map's tiles and the rider's marker show (a page measured without its
 * map would flatter it).
 */
async function checkTracking(base: string, tracking: Tracking) {
  await tracking.refresh();
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: CHROME_FLAGS.filter((f) => f !== '--headless=new'),
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 915 },
      deviceScaleFactor: 2.625,
      isMobile: true,
      hasTouch: true,
    });
    await context.addCookies(browserCookies(base, tracking.cookies));
    const page = await context.newPage();
    await page.goto(base + tracking.path);
    const live = page.getByTestId('live-tracking');
    for (const [what, sel] of [
      ['the arrival estimate', '[data-testid="eta"]'],
      ["the map's tiles", 'img.leaflet-tile-loaded'],
      ["the rider's marker", '.jara-marker-rider'],
    ] as const) {
      await live
        .locator(sel)
        .first()
        .waitFor({ timeout: 60_000 })
        .catch(async () => {
          const shot = path.join(tmpdir(), `jara-bench-tracking-${Date.now()}.png`);
          await page.screenshot({ path: shot, fullPage: true });
          throw new Error(`${tracking.path}: ${what} did not show (the page as it was: ${shot})`);
        });
    }
    process.stderr.write(
      `  tracking: ${tracking.path} shows "${await live.getByTestId('eta').textContent()}", the map and the rider\n`,
    );
  } finally {
    await browser.close();
  }
}

// ── Lighthouse ──────────────────────────────────────────────────────────────────────────────
/** A page Lighthouse measures: its path, the session it is visited with, what to do before each run. */
interface LhPage {
  path: string;
  session?: Cookie[];
  before?: () => Promise<void>;
}

async function lighthouseRun(base: string, page: LhPage, report?: string, attempt = 1): Promise<LhRun> {
  try {
    await page.before?.();
    return await lighthouseOnce(base, page, report);
  } catch (err) {
    // A busy machine sometimes loses the trace (NO_NAVSTART, NO_FCP): that run is taken again.
    if (attempt >= 3) throw err;
    process.stderr.write(`  lighthouse ${base}${page.path}: ${String(err).split('\n')[0]}; again\n`);
    return lighthouseRun(base, page, report, attempt + 1);
  }
}

/** What the largest-contentful-paint-element audit names (Lighthouse 12: a list whose first table holds the node). */
function lcpElementOf(details: unknown): string {
  const d = details as { items?: { items?: { node?: { nodeLabel?: string; snippet?: string } }[] }[] } | undefined;
  const node = d?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.snippet ?? ''} "${(node.nodeLabel ?? '').slice(0, 60)}"` : 'none';
}

/** The trace events tbtOnCpu reads (Lighthouse's trace, as the artifacts carry it). */
interface TaskEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { documentLoaderURL?: string } };
}

/**
 * TBT counted on the CPU time of the page's main-thread tasks instead of their wall time: each task
 * after the first contentful paint counts 4 × its CPU time − 50 ms (Lighthouse's 4× slowdown). On a
 * shared machine a task also waits for a core, and Lighthouse, which multiplies what it saw, counts
 * that wait four times over; the CPU time is the page's own, so two builds measured by turns compare
 * on it when Lighthouse's TBT is mostly the neighbours'. Not Lighthouse's figure, nor a prediction
 * of it (its window ends at its simulated time to interactive; its tasks' wall time counts).
 */
function tbtOnCpu(events: TaskEvent[], url: string): number | undefined {
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url);
  const fcp = nav && events.find((e) => e.name === 'firstContentfulPaint' && e.pid === nav.pid && e.ts >= nav.ts);
  if (!nav || !fcp) return undefined;
  let total = 0;
  for (const e of events)
    if (e.name === 'RunTask' && e.ph === 'X' && e.pid === nav.pid && e.tid === nav.tid && e.ts >= fcp.ts)
      total += Math.max(0, (4 * (e.tdur ?? e.dur ?? 0)) / 1000 - 50);
  return Math.round(total);
}

async function lighthouseOnce(base: string, page: LhPage, report?: string): Promise<LhRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    if (page.session) {
      // Into the browser's jar (Lighthouse resets the origin's storage, not its cookies).
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await cdp.contexts()[0]!.addCookies(browserCookies(base, page.session));
      await cdp.close();
    }
    const result = await lighthouse(base + page.path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: page.session ? {} : languageHeaders(),
    });
    if (!result) throw new Error('lighthouse returned nothing');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    if (report) writeFileSync(report, JSON.stringify(lhr));
    const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
    const requests = (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: Math.round(num('largest-contentful-paint')),
      tbtMs: Math.round(num('total-blocking-time')),
      cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
      fcpMs: Math.round(num('first-contentful-paint')),
      lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
      mapTiles: (requests ?? []).filter((r) => new URL(r.url).pathname.startsWith('/map/tiles/')).length,
      tbtCpuMs: tbtOnCpu(result.artifacts.Trace.traceEvents, lhr.finalDisplayedUrl),
    };
  } finally {
    chrome.kill();
  }
}

/** One app's pages for Lighthouse. */
interface LhSide {
  label: string;
  base: string;
  pages: Record<string, LhPage>;
}

/**
 * Each page's runs, the sides taking turns run by run (before, after, before, after …): on a
 * shared machine the two meet the same neighbours, where one side's runs after the other's would not.
 */
async function lighthousePages(sides: LhSide[], runs: number, reports?: string): Promise<Figures['lighthouse'][]> {
  const out: Figures['lighthouse'][] = sides.map(() => ({}));
  if (reports) mkdirSync(reports, { recursive: true });
  const names = [...new Set(sides.flatMap((side) => Object.keys(side.pages)))];
  for (const name of names) {
    const all: LhRun[][] = sides.map(() => []);
    for (let i = 0; i < runs; i++)
      for (const [j, side] of sides.entries()) {
        const page = side.pages[name];
        if (!page) continue;
        const report = reports && path.join(reports, `${side.label.replace(/\W+/g, '-')}-${name}-${i + 1}.json`);
        const run = await lighthouseRun(side.base, page, report);
        all[j]!.push(run);
        const who = sides.length > 1 ? `${side.label} ` : '';
        process.stderr.write(`  lighthouse ${who}${name} run ${i + 1}: ${JSON.stringify(run)}\n`);
      }
    for (const [j, runsOfSide] of all.entries()) {
      if (!runsOfSide.length) continue;
      const m = (k: keyof LhFigures) => median(runsOfSide.map((r) => r[k]));
      const onCpu = runsOfSide.flatMap((r) => (r.tbtCpuMs === undefined ? [] : [r.tbtCpuMs]));
      out[j]![name] = {
        performance: m('performance'),
        accessibility: m('accessibility'),
        lcpMs: m('lcpMs'),
        tbtMs: m('tbtMs'),
        ...(onCpu.length === runsOfSide.length && { tbtCpuMs: median(onCpu) }),
        cls: m('cls'),
        fcpMs: m('fcpMs'),
        runs: runsOfSide,
      };
    }
  }
  return out;
}

// ── bytes on the wire ───────────────────────────────────────────────────────────────────────
/** Sums encodedDataLength of every finished request of a page (and of service-worker fetches). */
class ByteCounter {
  total = 0;
  requests = 0;
  /** Of which pictures (`/media/*`). */
  images = 0;
  imageRequests = 0;
  /** Every counted transfer, for `--detail`: who fetched it, what, how many bytes. */
  readonly log: { by: 'page' | 'worker'; url: string; type: string; bytes: number; via: string }[] = [];
  private readonly imageIds = new Set<string>();
  private readonly info = new Map<string, { url: string; type: string; via: string }>();
  constructor(private readonly cdp: CDPSession) {}
  private add(bytes: number, image: boolean) {
    this.total += bytes;
    this.requests++;
    if (image) {
      this.images += bytes;
      this.imageRequests++;
    }
  }
  static async attach(page: Page, context: BrowserContext): Promise<ByteCounter> {
    const cdp = await context.newCDPSession(page);
    const counter = new ByteCounter(cdp);
    await cdp.send('Network.enable');
    const isImage = (url: string) => new URL(url).pathname.startsWith('/media/');
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string }; type?: string }) => {
      if (isImage(e.request.url)) counter.imageIds.add(e.requestId);
      counter.info.set(e.requestId, { url: e.request.url, type: e.type ?? '?', via: 'network' });
    });
    cdp.on(
      'Network.responseReceived',
      (e: { requestId: string; response: { fromServiceWorker?: boolean; fromDiskCache?: boolean } }) => {
        const i = counter.info.get(e.requestId);
        if (i) i.via = e.response.fromServiceWorker ? 'worker' : e.response.fromDiskCache ? 'disk cache' : 'network';
      },
    );
    // Disable nothing: the browser cache and service worker are part of what is measured.
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      counter.add(e.encodedDataLength, counter.imageIds.has(e.requestId));
      const i = counter.info.get(e.requestId);
      counter.log.push({
        by: 'page',
        url: i?.url ?? '?',
        type: i?.type ?? '?',
        bytes: e.encodedDataLength,
        via: i?.via ?? '?',
      });
    });
    cdp.on('Network.webSocketFrameReceived', (e: { response: { payloadData: string } }) => {
      counter.total += e.response.payloadData.length;
    });
    // Requests a service worker makes itself do not show up on the page target: count them from
    // Playwright's context-level events (Chromium reports the worker's network there).
    context.on('requestfinished', async (req) => {
      if (!req.serviceWorker()) return;
      try {
        const s = await req.sizes();
        let body = s.responseBodySize;
        // The worker's own scripts (sw.js, importScripts) are fetched by the browser, and Chromium
        // reports only their headers: a full answer (200) is counted at its compressed size.
        if (body === 0 && (await req.response())?.status() === 200 && /\.js$/.test(new URL(req.url()).pathname))
          body = await compressedSize(req.url());
        const bytes = body + s.responseHeadersSize;
        counter.add(bytes, isImage(req.url()));
        counter.log.push({ by: 'worker', url: req.url(), type: req.resourceType(), bytes, via: 'network' });
      } catch {
        /* gone */
      }
    });
    return counter;
  }
  async detach() {
    await this.cdp.detach().catch(() => {});
  }
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
  await page.waitForTimeout(500);
}

/** Bytes of the body of `url` as the server sends it to a browser (gzip), without decoding. */
function compressedSize(url: string): Promise<number> {
  return getRaw(url, { headers: { 'accept-encoding': 'gzip, deflate' } }).then(
    (r) => r.bytes,
    () => 0,
  );
}

/** `--detail`: every transfer of a step, largest first, on stderr. */
function printLog(step: string, log: ByteCounter['log']) {
  const total = log.reduce((n, r) => n + r.bytes, 0);
  process.stderr.write(`\n  ${step}: ${kb(total)} in ${log.length} transfers\n`);
  for (const r of [...log].sort((a, b) => b.bytes - a.bytes)) {
    const u = new URL(r.url);
    process.stderr.write(
      `  ${kb(r.bytes).padStart(9)}  ${r.by.padEnd(6)} ${r.via.padEnd(10)} ${r.type.padEnd(10)} ${u.pathname}${u.search}\n`,
    );
  }
}

async function measureBytes(base: string, product: ProductLite, detail = false): Promise<Figures['bytes']> {
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: CHROME_FLAGS.filter((f) => f !== '--headless=new'),
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 915 },
      deviceScaleFactor: 2.625,
      isMobile: true,
      hasTouch: true,
      extraHTTPHeaders: languageHeaders(),
    });
    const page = await context.newPage();
    const counter = await ByteCounter.attach(page, context);
    const perStep: Record<string, number> = {};
    let before = 0;
    let logged = 0;
    const step = (name: string) => {
      perStep[name] = counter.total - before;
      before = counter.total;
      if (detail) printLog(name, counter.log.slice(logged));
      logged = counter.log.length;
    };

    await page.goto(base + '/', { waitUntil: 'load' });
    await settle(page);
    step('home');
    // Like a person: tap the product on the home page (or follow its link), then the cart.
    const link = page.locator(`a[href="${productPath(product)}"]`).first();
    if (await link.count()) await link.click();
    else await page.goto(base + productPath(product));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor({ timeout: 30_000 });
    await settle(page);
    step('product');
    const cart = page.locator('a[href="/cart"]:visible').first();
    if (await cart.count()) await cart.click();
    else await page.goto(base + '/cart');
    await page.waitForURL('**/cart');
    await settle(page);
    step('cart');
    const firstVisit = counter.total;
    const firstVisitRequests = counter.requests;
    const firstVisitImages = counter.images;
    const firstVisitImageRequests = counter.imageRequests;
    await counter.detach();

    // Repeat visit: a new tab in the same browser profile (HTTP cache and service worker kept).
    const again = await context.newPage();
    const repeat = await ByteCounter.attach(again, context);
    await again.goto(base + '/', { waitUntil: 'load' });
    await settle(again);
    if (detail) printLog('repeat visit of home', repeat.log);
    return {
      firstVisit,
      firstVisitRequests,
      firstVisitImages,
      firstVisitImageRequests,
      repeatHome: repeat.total,
      repeatHomeRequests: repeat.requests,
      perStep,
    };
  } finally {
    await browser.close();
  }
}

// ── first product name at 50 KB/s + 400 ms ─────────────────────────────────────────────────
/**
 * Milliseconds from navigation start to the first rendered frame in which `text` is on screen;
 * with it, when the page's largest picture (the one asked for with high priority) had loaded and
 * when the page took taps (hydrated: `data-hydrating` gone), each null when not seen.
 */
async function timeToText(
  base: string,
  url: string,
  text: string,
): Promise<{ seen: number; picture: number | null; taps: number | null } | null> {
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: CHROME_FLAGS.filter((f) => f !== '--headless=new'),
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 915 },
      deviceScaleFactor: 2.625,
      isMobile: true,
      hasTouch: true,
      extraHTTPHeaders: languageHeaders(),
    });
    // The text counts as seen once it is laid out on the first screen and the page has painted
    // (first contentful paint waits for render-blocking CSS): max(laid out, FCP).
    // A string, not a function: tsx would wrap named functions in a helper the page does not have.
    await context.addInitScript(`(() => {
      const needle = ${JSON.stringify(text)};
      const w = window;
      const done = () => {
        if (w.__seen === undefined && w.__laidOut !== undefined && w.__fcp !== undefined) w.__seen = Math.max(w.__laidOut, w.__fcp);
      };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__fcp = e.startTime;
        done();
      }).observe({ type: 'paint', buffered: true });
      const timer = setInterval(() => {
        if (!document.body) return;
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (!n.textContent || !n.textContent.includes(needle)) continue;
          const el = n.parentElement;
          const r = el && el.getBoundingClientRect();
          if (el && r && r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden') {
            w.__laidOut = performance.now();
            clearInterval(timer);
            done();
            return;
          }
        }
      }, 20);
      const later = setInterval(() => {
        const root = document.getElementById('root');
        const pic = document.querySelector('#root img[fetchpriority="high"]');
        if (w.__picture === undefined && pic && pic.complete && pic.naturalWidth > 0) w.__picture = performance.now();
        if (w.__taps === undefined && root && document.getElementById('jara-state') && !root.hasAttribute('data-hydrating'))
          w.__taps = performance.now();
        if (w.__taps !== undefined && (w.__picture !== undefined || !pic)) clearInterval(later);
      }, 20);
    })();`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: 50 * 1024,
      uploadThroughput: 50 * 1024,
    });
    await page.goto(base + url, { waitUntil: 'commit', timeout: 120_000 });
    try {
      await page.waitForFunction(() => window.__seen !== undefined, undefined, {
        timeout: 60_000,
        polling: 200,
      });
    } catch (err) {
      const diag = await page
        .evaluate(() =>
          JSON.stringify({
            laid: window.__laidOut,
            fcp: window.__fcp,
            readyState: document.readyState,
            t: performance.now(),
          }),
        )
        .catch((e) => String(e));
      process.stderr.write(`  ${url}: "${text}" not seen (${String(err).split('\n')[0]}) ${diag.slice(0, 300)}\n`);
      return null;
    }
    const seen = Math.round(await page.evaluate(() => window.__seen!));
    // Then until the page takes taps and its picture is in (or a minute has passed).
    await page
      .waitForFunction(() => window.__taps !== undefined, undefined, {
        timeout: 60_000,
        polling: 200,
      })
      .catch(() => undefined);
    const later = await page.evaluate(() => {
      return { picture: window.__picture ?? null, taps: window.__taps ?? null };
    });
    const round = (x: number | null) => (x === null ? null : Math.round(x));
    return { seen, picture: round(later.picture), taps: round(later.taps) };
  } finally {
    await browser.close();
  }
}

interface MeasureOptions {
  runs: number;
  only?: string;
  detail: boolean;
  /** The pages Lighthouse measures, by name. */
  pages: string[];
  reports?: string;
}

/** An app to measure: its product, and the delivery under way when the tracking page is measured. */
interface Target {
  label: string;
  base: string;
  product: ProductLite;
  tracking?: Tracking;
}

async function prepare(label: string, base: string, opts: MeasureOptions): Promise<Target> {
  const product = await pickProduct(base);
  process.stderr.write(`${label}: ${base} (product ${productPath(product)})\n`);
  let tracking: Tracking | undefined;
  if ((!opts.only || opts.only === 'lighthouse') && opts.pages.includes('tracking')) {
    tracking = await seedTracking(base);
    await checkTracking(base, tracking);
  }
  return { label, base, product, tracking };
}

function lighthouseSide({ label, base, product, tracking }: Target, wanted: string[]): LhSide {
  const known: Record<string, LhPage> = {
    home: { path: '/' },
    product: { path: productPath(product) },
    cart: { path: '/cart' },
    ...(tracking && { tracking: { path: tracking.path, session: tracking.cookies, before: tracking.refresh } }),
  };
  return { label, base, pages: Object.fromEntries(wanted.filter((p) => known[p]).map((p) => [p, known[p]!])) };
}

/** Every app given: Lighthouse on all of them by turns, then the byte and slow-link visits of each. */
async function measure(apps: { label: string; base: string }[], opts: MeasureOptions): Promise<Figures[]> {
  const targets: Target[] = [];
  for (const app of apps) targets.push(await prepare(app.label, app.base, opts));
  const lighthouseOn = !opts.only || opts.only === 'lighthouse';
  const lh = lighthouseOn
    ? await lighthousePages(
        targets.map((t) => lighthouseSide(t, opts.pages)),
        opts.runs,
        opts.reports,
      )
    : targets.map(() => ({}));
  const out: Figures[] = [];
  for (const [i, target] of targets.entries()) out.push(await measureVisits(target, lh[i]!, opts));
  return out;
}

async function measureVisits(
  { label, base, product, tracking }: Target,
  lh: Figures['lighthouse'],
  opts: MeasureOptions,
): Promise<Figures> {
  const { runs, only, detail } = opts;
  const pp = productPath(product);
  const bytes =
    !only || only === 'bytes'
      ? await measureBytes(base, product, detail)
      : { firstVisit: 0, firstVisitRequests: 0, repeatHome: 0, repeatHomeRequests: 0, perStep: {} };
  const slowP: number[] = [];
  const slowH: number[] = [];
  const pictureP: number[] = [];
  const tapsP: number[] = [];
  for (let i = 0; i < (!only || only === 'slow' ? runs : 0); i++) {
    const a = await timeToText(base, pp, product.name);
    const b = await timeToText(base, '/', product.name);
    if (a !== null) {
      slowP.push(a.seen);
      if (a.picture !== null) pictureP.push(a.picture);
      if (a.taps !== null) tapsP.push(a.taps);
    }
    if (b !== null) slowH.push(b.seen);
  }
  const all = (xs: number[]) => (xs.length && xs.length === runs ? median(xs) : null);
  return {
    label,
    base,
    productPath: pp,
    productName: product.name,
    ...(tracking && { trackingPath: tracking.path }),
    lighthouse: lh,
    bytes,
    slow: {
      productNameOnProductMs: all(slowP),
      productNameOnHomeMs: all(slowH),
      productPictureMs: all(pictureP),
      productTapsMs: all(tapsP),
    },
  };
}

// ── report ──────────────────────────────────────────────────────────────────────────────────
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const s = (ms: number | null) => (ms === null ? 'not seen' : `${(ms / 1000).toFixed(2)} s`);
function rows(f: Figures): [string, string][] {
  const r: [string, string][] = [];
  for (const [page, x] of Object.entries(f.lighthouse)) {
    r.push([`${page}: performance`, String(x.performance)]);
    r.push([`${page}: accessibility`, String(x.accessibility)]);
    r.push([`${page}: LCP`, s(x.lcpMs)]);
    r.push([`${page}: TBT`, `${x.tbtMs} ms`]);
    if (x.tbtCpuMs !== undefined) r.push([`${page}: TBT on CPU time (estimate)`, `${x.tbtCpuMs} ms`]);
    r.push([`${page}: CLS`, String(x.cls)]);
    // The map drew in every run (its tiles were fetched), or the page was measured without it.
    if (x.runs.some((run) => run.mapTiles))
      r.push([`${page}: map tiles per run`, x.runs.map((run) => run.mapTiles ?? '–').join(' · ')]);
  }
  r.push(['first visit home → product → cart', `${kb(f.bytes.firstVisit)} (${f.bytes.firstVisitRequests} req)`]);
  for (const [k, v] of Object.entries(f.bytes.perStep)) r.push([`  of which ${k}`, kb(v)]);
  if (f.bytes.firstVisitImages !== undefined)
    r.push([
      '  of which pictures (/media/*)',
      `${kb(f.bytes.firstVisitImages)} (${f.bytes.firstVisitImageRequests} req)`,
    ]);
  r.push(['repeat visit of home', `${kb(f.bytes.repeatHome)} (${f.bytes.repeatHomeRequests} req)`]);
  r.push(['50 KB/s + 400 ms: product name on its page', s(f.slow.productNameOnProductMs)]);
  r.push(['50 KB/s + 400 ms: product name on home', s(f.slow.productNameOnHomeMs)]);
  if (f.slow.productPictureMs !== undefined)
    r.push(['50 KB/s + 400 ms: product page, its picture in', s(f.slow.productPictureMs ?? null)]);
  if (f.slow.productTapsMs !== undefined)
    r.push(['50 KB/s + 400 ms: product page takes taps', s(f.slow.productTapsMs ?? null)]);
  return r;
}
function print(results: Figures[]) {
  const table = results.map(rows);
  const lines = [
    `| measure | ${results.map((r) => r.label).join(' | ')} |`,
    `|---|${results.map(() => '---|').join('')}`,
  ];
  // Rows by name: a result measured with --only, or saved before a row existed, has fewer.
  const names = [...new Set(table.flat().map(([name]) => name))];
  for (const name of names)
    lines.push(`| ${name} | ${table.map((t) => t.find(([n]) => n === name)?.[1] ?? '–').join(' | ')} |`);
  console.log(lines.join('\n'));
}

async function main() {
  const { urls, save, runs, only, detail, pages, reports } = args();
  const opts: MeasureOptions = { runs, only, detail, pages, reports };
  const results: Figures[] = [];
  if (urls.length === 0) {
    const app = await startApp(Number(process.env.BENCH_PORT ?? 3210));
    try {
      results.push(...(await measure([{ label: 'this build', base: app.base }], opts)));
    } finally {
      app.stop();
    }
    const baseline = path.join(RESULTS, 'web-baseline.json');
    if (existsSync(baseline) && save !== 'baseline')
      results.unshift(JSON.parse(readFileSync(baseline, 'utf8')) as Figures);
  } else {
    const label = (u: string, i: number) => (urls.length === 2 ? (i === 0 ? 'before' : 'after') : u);
    results.push(
      ...(await measure(
        urls.map((u, i) => ({ label: label(u, i), base: u })),
        opts,
      )),
    );
  }
  if (save) {
    mkdirSync(RESULTS, { recursive: true });
    const write = (name: string, figures: Figures) =>
      writeFileSync(path.join(RESULTS, `web-${name}.json`), JSON.stringify({ ...figures, label: name }, null, 2));
    if (urls.length === 2) {
      write(`${save}-before`, results[0]!);
      write(`${save}-after`, results[1]!);
    } else write(save, results[results.length - 1]!);
  }
  print(results);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
