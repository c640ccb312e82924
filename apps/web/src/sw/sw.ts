/*
 * Jara's service worker (decision 0017), built by vite-plugin-pwa (injectManifest, classic script)
 * to dist/sw.js. It keeps the web push handlers (public/sw-push.js, their contract is there).
 *
 *   precache        the offline page and its icons only (the list is written in at build time;
 *                   decision 0025)
 *   /assets/*       scripts and styles: cache first (files never change under their name), kept
 *                   as the pages use them; what the first page loaded before this worker existed
 *                   the page hands over in a CACHE_URLS message (lib/pwa.ts), from the HTTP cache
 *   catalogue GETs  stale-while-revalidate in jara-catalogue
 *   /media/*        cache first for a week in jara-images (public pictures)
 *   /map/tiles/*    campus map tiles: cache first in jara-map, the least recently used beyond
 *                   MAP_TILES_KEPT let go (a tile's URL names its version: it never goes stale), so
 *                   a map seen once opens offline; /api/map, which names them, is a catalogue GET
 *   personal reads  session, orders, dispatches, chat, addresses: network first in jara-personal
 *   pages           product pages stale-while-revalidate, other customer pages network first,
 *                   both in jara-pages; the account's pages network first in jara-personal
 *   pages shown     every kept page a tab shows, by a load or a tap, is noted (jara-seen, the
 *                   account's in jara-seen-personal); offline, one noted but never loaded as a
 *                   document opens on the app shell (app-shell.ts), the app draws it from the
 *                   cached scripts and answers. The page a tab was loaded as before the worker
 *                   saw it is handed over and kept; home is asked for once when a visit began
 *                   elsewhere (the offline page links to it). Offline, a page never shown
 *                   answers offline.html.
 * The page deletes jara-personal and jara-seen-personal on logout. Nothing else is cached: other
 * personal reads, every write, portals, payment pages.
 */
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { BroadcastUpdatePlugin } from 'workbox-broadcast-update';
import {
  CACHES,
  documentCache,
  isCataloguePath,
  isKeptPage,
  isMapTilePath,
  isPersonalCachedPath,
  MAP_TILES_KEPT,
  pageKind,
  readPagesSeen,
  seenCache,
  type PagesSeen,
} from './cache-rules';
import { shellHeaders, shellOf } from './app-shell';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

importScripts('/sw-push.js');

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const okOnly = new CacheableResponsePlugin({ statuses: [200] });
const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: CACHES.assets,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 86400 })],
  }),
);

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && isCataloguePath(url.pathname),
  new StaleWhileRevalidate({
    cacheName: CACHES.catalogue,
    plugins: [
      okOnly,
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 86400 }),
      // A changed answer is announced, so the open page refreshes what it shows (lib/pwa.ts).
      new BroadcastUpdatePlugin({ headersToCheck: ['etag', 'content-length'] }),
    ],
  }),
);

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: CACHES.images,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 7 * 86400 })],
  }),
);

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && isMapTilePath(url.pathname),
  new CacheFirst({
    cacheName: CACHES.map,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: MAP_TILES_KEPT })],
  }),
);

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && isPersonalCachedPath(url.pathname),
  new NetworkFirst({ cacheName: CACHES.personal, networkTimeoutSeconds: 6, plugins: [okOnly] }),
);

// Product pages too are network first: a reload is how people ask for the latest (a shop that
// has just closed, a new price), and a kept copy answered first would show the old state until
// the next reload. Offline, or after the timeout on a stalled link, the kept copy is shown.
// Pages vary by language (`Vary: Cookie, Accept-Language`, for caches between us and the phone); a
// navigation's headers differ from those of the request that kept the page, so a kept page is found
// by its address alone. The worker keeps one language at a time: it drops its pages on a switch.
const PAGE_MATCH = { ignoreVary: true };
const publicPages = new NetworkFirst({
  cacheName: CACHES.pages,
  matchOptions: PAGE_MATCH,
  networkTimeoutSeconds: 6,
  plugins: [okOnly, new ExpirationPlugin({ maxEntries: 40 })],
});
const personalPages = new NetworkFirst({
  cacheName: CACHES.personal,
  networkTimeoutSeconds: 6,
  matchOptions: PAGE_MATCH,
  plugins: [okOnly],
});
// Never cached, but offline they get the offline page rather than the browser's error.
const uncachedPages = new NetworkOnly();

const pageStrategy = (kind: ReturnType<typeof pageKind>) =>
  kind === 'product' || kind === 'page' ? publicPages : kind === 'personal' ? personalPages : uncachedPages;

registerRoute(
  ({ url, request }) => request.mode === 'navigate' && sameOrigin(url) && pageKind(url.pathname) !== 'none',
  (options) => pageStrategy(pageKind(options.url.pathname)).handle(options),
);

/** How many pages of each kind are remembered as shown (the oldest go first). */
const SEEN_MAX = 120;

async function noteShown(path: string): Promise<void> {
  const url = new URL(path, self.location.origin);
  const kind = pageKind(url.pathname);
  if (!sameOrigin(url) || !isKeptPage(kind)) return;
  const cache = await caches.open(seenCache(kind));
  // Put again, a page moves to the end of the keys: the list stays in order of last shown.
  await cache.put(url.href, new Response(null, { status: 204 }));
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - SEEN_MAX)).map((k) => cache.delete(k)));
}

/**
 * Keeps the page a tab was loaded as before this worker saw it, as the tab had it from the server
 * (its HTML taken before the app touched it, lib/pwa.ts): asking again would download it again,
 * since every render differs. It gets the security headers pages get, those of the offline page.
 */
async function keepLoaded(path: string, html: string): Promise<void> {
  const url = new URL(path, self.location.origin);
  const kind = pageKind(url.pathname);
  if (!sameOrigin(url) || !isKeptPage(kind) || shellOf(html) === null) return;
  const offline = await matchPrecache('/offline.html');
  const headers = shellHeaders(offline?.headers ?? new Headers());
  await (await caches.open(documentCache(kind))).put(url.href, new Response(html, { status: 200, headers }));
}

/** Asks for a page as its navigation would, through the same strategy, until it is in the cache. */
async function fetchDocument(path: string, event: ExtendableEvent): Promise<void> {
  const url = new URL(path, self.location.origin);
  const kind = pageKind(url.pathname);
  if (!isKeptPage(kind)) return;
  // Without following redirects: a redirected answer cannot stand for a navigation.
  const request = new Request(url.href, { redirect: 'manual', credentials: 'same-origin' });
  const [answered, done] = pageStrategy(kind).handleAll({ request, event });
  await Promise.all([answered, done]).catch(() => undefined);
}

async function keepPages({ loaded, document, seen }: PagesSeen, event: ExtendableEvent): Promise<void> {
  if (loaded && document) await keepLoaded(loaded, document);
  for (const path of loaded ? [loaded, ...seen] : seen) await noteShown(path);
  // The offline page's way back: home, asked for once when the visit began elsewhere.
  if (!(await (await caches.open(CACHES.pages)).match(new URL('/', self.location.origin).href, PAGE_MATCH)))
    await fetchDocument('/', event);
}

/** Whether this phone showed the page (and, for the account's pages, since the last logout). */
async function wasShown(url: URL): Promise<boolean> {
  const kind = pageKind(url.pathname);
  if (!isKeptPage(kind)) return false;
  return (await (await caches.open(seenCache(kind))).match(url.href)) !== undefined;
}

/** The app shell made from the latest kept page (rendered pages first: their styles are inside). */
async function appShell(): Promise<Response | undefined> {
  for (const name of [CACHES.pages, CACHES.personal]) {
    const cache = await caches.open(name);
    for (const key of [...(await cache.keys())].reverse()) {
      if (!isKeptPage(pageKind(new URL(key.url).pathname))) continue;
      const page = await cache.match(key, PAGE_MATCH);
      if (!page || !/text\/html/.test(page.headers.get('content-type') ?? '')) continue;
      const shell = shellOf(await page.text());
      if (shell !== null) return new Response(shell, { status: 200, headers: shellHeaders(page.headers) });
    }
  }
  return undefined;
}

// A page request nothing could answer: offline, a page shown before but never kept as a document
// (reached by a tap) opens on the app shell; any other gets the offline page.
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  const url = new URL(request.url);
  const shell = sameOrigin(url) && (await wasShown(url)) ? await appShell() : undefined;
  return shell ?? (await matchPrecache('/offline.html')) ?? Response.error();
});

/**
 * Settles once this worker's activation is over. Activation empties the page caches, and a page's
 * messages reach the worker while it is still activating (the page posts them as soon as
 * `navigator.serviceWorker.ready`), so what a message keeps waits for it: kept earlier, the page a
 * first visit was loaded as was deleted again. A worker started again later is already activated;
 * a browser that does not tell a worker its own state (`self.serviceWorker`, Chrome 116+) does not
 * wait, as before.
 */
let activated: () => void = () => undefined;
const activation = new Promise<void>((resolve) => {
  const state = (self as { serviceWorker?: ServiceWorker }).serviceWorker?.state;
  if (state === undefined || state === 'activated') resolve();
  else activated = resolve;
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  // The page asks for the new version once the user chose to reload (components/update-prompt).
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // The student chose another language: the pages kept are in the old one (the server writes each
  // page in the cookie's language), so they go, and home is asked for again in the new one.
  if (data?.type === 'LANGUAGE') event.waitUntil(activation.then(() => forgetPagesOfOtherLanguage(event)));
  const pages = readPagesSeen(data);
  if (pages) event.waitUntil(activation.then(() => keepPages(pages, event)));
});

/** The account's pages kept in jara-personal, leaving its answers (the session, My Orders …). */
async function deletePersonalDocuments(): Promise<void> {
  const cache = await caches.open(CACHES.personal);
  const keys = await cache.keys();
  await Promise.all(keys.filter((k) => isKeptPage(pageKind(new URL(k.url).pathname))).map((k) => cache.delete(k)));
}

async function forgetPagesOfOtherLanguage(event: ExtendableEvent): Promise<void> {
  await Promise.all([caches.delete(CACHES.pages), deletePersonalDocuments()]);
  await fetchDocument('/', event);
}

self.addEventListener('activate', (event) => {
  // Pages kept by an older version name assets the new one does not have, and a page shown then
  // would open on a shell whose scripts name others: both go. The first version takes the open
  // tabs at once, so the visit that installed it already works offline.
  event.waitUntil(
    Promise.all([
      caches.delete(CACHES.pages),
      caches.delete(CACHES.seen),
      caches.delete(CACHES.seenPersonal),
      deletePersonalDocuments(),
    ])
      .finally(() => activated())
      .then(() => self.clients.claim()),
  );
});
