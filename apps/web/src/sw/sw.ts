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
 *   session, orders network first in jara-personal; the page deletes it on logout
 *   pages           product pages stale-while-revalidate, other customer pages network first,
 *                   both in jara-pages; a page never seen answers offline.html when offline
 * Nothing else is cached: other personal reads, every write, portals, payment pages.
 */
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { BroadcastUpdatePlugin } from 'workbox-broadcast-update';
import { CACHES, isCataloguePath, isPersonalCachedPath, pageKind } from './cache-rules';

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
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && isPersonalCachedPath(url.pathname),
  new NetworkFirst({ cacheName: CACHES.personal, networkTimeoutSeconds: 6, plugins: [okOnly] }),
);

const productPages = new StaleWhileRevalidate({
  cacheName: CACHES.pages,
  plugins: [okOnly, new ExpirationPlugin({ maxEntries: 40 })],
});
const otherPages = new NetworkFirst({
  cacheName: CACHES.pages,
  networkTimeoutSeconds: 6,
  plugins: [okOnly, new ExpirationPlugin({ maxEntries: 40 })],
});
// Never cached, but offline they get the offline page rather than the browser's error.
const uncachedPages = new NetworkOnly();

registerRoute(
  ({ url, request }) => request.mode === 'navigate' && sameOrigin(url) && pageKind(url.pathname) !== 'none',
  (options) => {
    const kind = pageKind(options.url.pathname);
    return (kind === 'product' ? productPages : kind === 'page' ? otherPages : uncachedPages).handle(options);
  },
);

// A page request nothing could answer (offline, never seen, or a page that is never cached).
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache('/offline.html')) ?? Response.error();
  return Response.error();
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  // The page asks for the new version once the user chose to reload (components/update-prompt).
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Pages cached by an older version name assets the new one no longer precaches; and the first
  // version takes the open tabs at once, so the visit that installed it already works offline.
  event.waitUntil(caches.delete(CACHES.pages).then(() => self.clients.claim()));
});
