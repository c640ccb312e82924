/**
 * First paint on a cheap phone (issue 12): Lighthouse, bytes on the wire and time to the first
 * product name on a slow link, against the real production build.
 *
 *   npm run bench:web -w bench                    build + `npm start` this checkout, measure it,
 *                                                 print it beside bench/results/web-baseline.json
 *   npm run bench:web -w bench -- URL             measure an app that is already running
 *   npm run bench:web -w bench -- URL_A URL_B     measure both, print side by side (before | after)
 *   --save NAME                                   also write bench/results/web-NAME.json
 *   --runs N                                      Lighthouse runs per page (default 3; median)
 *   --only lighthouse|bytes|slow                  measure one part (while working on it)
 *   --detail                                      list every transfer of the byte visits (stderr)
 *   --language pcm                                every visit in that language (the jara_lang cookie)
 *
 * Lighthouse 12 (default mobile emulation: simulated slow 4G, 4× CPU slowdown) in Debian's
 * Chromium (CHROME_PATH, default /usr/bin/chromium). Bytes: Playwright + CDP `Network.loadingFinished`
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
interface Figures {
  label: string;
  base: string;
  productPath: string;
  productName: string;
  lighthouse: Record<string, LhFigures & { runs: LhFigures[] }>;
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

function args() {
  const argv = process.argv.slice(2);
  const urls: string[] = [];
  let save: string | undefined;
  let runs = 3;
  let only: string | undefined;
  let detail = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--detail') detail = true;
    else if (a === '--language') language = argv[++i];
    else if (a === '--save') save = argv[++i];
    else if (a === '--only') only = argv[++i];
    else if (a === '--runs') runs = Number(argv[++i]);
    else urls.push(a.replace(/\/$/, ''));
  }
  return { urls, save, runs, only, detail };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

// ── the app under test ──────────────────────────────────────────────────────────────────────
async function startApp(port: number): Promise<{ base: string; stop: () => void }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jara-bench-web-'));
  const child: ChildProcess = spawn('npm', ['start'], {
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

// ── Lighthouse ──────────────────────────────────────────────────────────────────────────────
async function lighthouseRun(url: string, attempt = 1): Promise<LhFigures> {
  try {
    return await lighthouseOnce(url);
  } catch (err) {
    // A busy machine sometimes loses the trace (NO_NAVSTART, NO_FCP): that run is taken again.
    if (attempt >= 3) throw err;
    process.stderr.write(`  lighthouse ${url}: ${String(err).split('\n')[0]}; again\n`);
    return lighthouseRun(url, attempt + 1);
  }
}

async function lighthouseOnce(url: string): Promise<LhFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: languageHeaders(),
    });
    if (!result) throw new Error('lighthouse returned nothing');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: Math.round(num('largest-contentful-paint')),
      tbtMs: Math.round(num('total-blocking-time')),
      cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
      fcpMs: Math.round(num('first-contentful-paint')),
    };
  } finally {
    chrome.kill();
  }
}

async function lighthousePages(base: string, pages: Record<string, string>, runs: number) {
  const out: Figures['lighthouse'] = {};
  for (const [name, p] of Object.entries(pages)) {
    const all: LhFigures[] = [];
    for (let i = 0; i < runs; i++) {
      all.push(await lighthouseRun(base + p));
      process.stderr.write(`  lighthouse ${name} run ${i + 1}: ${JSON.stringify(all[all.length - 1])}\n`);
    }
    const m = (k: keyof LhFigures) => median(all.map((r) => r[k]));
    out[name] = {
      performance: m('performance'),
      accessibility: m('accessibility'),
      lcpMs: m('lcpMs'),
      tbtMs: m('tbtMs'),
      cls: m('cls'),
      fcpMs: m('fcpMs'),
      runs: all,
    };
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

async function measure(label: string, base: string, runs: number, only?: string, detail = false): Promise<Figures> {
  const product = await pickProduct(base);
  const pp = productPath(product);
  process.stderr.write(`${label}: ${base} (product ${pp})\n`);
  const lh =
    !only || only === 'lighthouse' ? await lighthousePages(base, { home: '/', product: pp, cart: '/cart' }, runs) : {};
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
    r.push([`${page}: CLS`, String(x.cls)]);
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
  const { urls, save, runs, only, detail } = args();
  const results: Figures[] = [];
  if (urls.length === 0) {
    const app = await startApp(Number(process.env.BENCH_PORT ?? 3210));
    try {
      results.push(await measure('this build', app.base, runs, only, detail));
    } finally {
      app.stop();
    }
    const baseline = path.join(RESULTS, 'web-baseline.json');
    if (existsSync(baseline) && save !== 'baseline')
      results.unshift(JSON.parse(readFileSync(baseline, 'utf8')) as Figures);
  } else {
    for (const [i, u] of urls.entries())
      results.push(await measure(urls.length === 2 ? (i === 0 ? 'before' : 'after') : u, u, runs, only, detail));
  }
  if (save) {
    mkdirSync(RESULTS, { recursive: true });
    const last = results[results.length - 1]!;
    writeFileSync(path.join(RESULTS, `web-${save}.json`), JSON.stringify({ ...last, label: save }, null, 2));
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
