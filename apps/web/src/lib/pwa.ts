import { createStore } from './create-store';
import { whenIdle } from './idle';
import { isCataloguePath, isPersonalCachedPath, PERSONAL_CACHES } from '../sw/cache-rules';

/**
 * The page's side of the service worker (src/sw/sw.ts, decisions 0017 and 0025): registered for
 * every visitor once the page is up (production builds only: the dev server has no worker), the
 * "new version" prompt, catalogue answers the worker found changed, the pages this tab shows, and
 * the personal caches deleted on logout.
 */

/** The service worker (it also carries the push handlers, see lib/push.ts). */
export const SW_URL = '/sw.js';

/** A newer version is installed and waits for this page to say "reload". */
const [updateStore, useUpdateAvailable] = createStore<null | (() => void)>(null);
export { useUpdateAvailable };

type CatalogueListener = (url: string) => void;
const catalogueListeners = new Set<CatalogueListener>();

/** Called with the URL of a catalogue answer the worker refreshed with different content. */
export function onCatalogueUpdate(listener: CatalogueListener): () => void {
  catalogueListeners.add(listener);
  return () => catalogueListeners.delete(listener);
}

let started = false;

/** The page this tab was loaded as, and the pages it showed before the worker could be told. */
let loadedAs: string | null = null;
/** That page's HTML as the server sent it, while no worker has it (a first visit). */
let loadedDocument: string | null = null;
const shownBefore: string[] = [];
let lastShown: string | null = null;
let tellWorker: ((message: unknown) => void) | null = null;

/**
 * Tells the worker each page this tab shows (the router calls it, the first time with the page
 * loaded). Most pages are reached by a tap, a navigation the worker never sees, yet offline each
 * must reload as it was (sw.ts keeps them).
 */
export function pageShown(path: string): void {
  if (path === lastShown) return;
  lastShown = path;
  if (loadedAs === null) {
    loadedAs = path;
    // Taken before the app hydrates or renders the page: still the server's page, nothing personal
    // in it. A worker that saw the page come kept it already.
    if (typeof navigator !== 'undefined' && navigator.serviceWorker && !navigator.serviceWorker.controller)
      loadedDocument = `<!doctype html>\n${document.documentElement.outerHTML}`;
  }
  if (tellWorker) tellWorker({ type: 'PAGES_SEEN', payload: { seen: [path] } });
  else if (shownBefore.length < 100) shownBefore.push(path);
}

export async function registerServiceWorker(): Promise<void> {
  if (
    started ||
    !import.meta.env.PROD ||
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !window.isSecureContext
  )
    return;
  started = true;
  // Under a worker from the start, this tab's requests all went through it and are kept already.
  const underWorker = navigator.serviceWorker.controller !== null;
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register(SW_URL, { scope: '/' });
  } catch {
    /* private mode or a blocked worker: the site works online as before */
    return;
  }

  // A new version waits until the user chooses to reload, so a form being filled is never
  // swapped out from under them; with the choice made it takes over and the page reloads once.
  // (The first version takes the page at once: sw.ts claims its clients on activation.)
  const offerUpdate = (worker: ServiceWorker) =>
    updateStore.set(() => () => {
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      worker.postMessage({ type: 'SKIP_WAITING' });
    });
  if (registration.waiting && registration.active) offerUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && registration.active) offerUpdate(worker);
    });
  });

  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; payload?: { updatedURL?: string } } | null;
    if (data?.type === 'CACHE_UPDATED' && data.payload?.updatedURL) {
      const url = data.payload.updatedURL;
      catalogueListeners.forEach((l) => l(url));
    }
  });

  // The worker precaches only the offline page: what this tab loaded before the worker existed
  // goes into its caches now, read from the HTTP cache where it can be (no second download), and
  // the page it was loaded as is handed over: the pages it showed open offline, the first
  // visit's too. Later visits load under the worker, and nothing is handed over or fetched again.
  const ready = await navigator.serviceWorker.ready;
  const active = ready.active;
  const urlsToCache = underWorker
    ? []
    : loadedForOffline(
        performance.getEntriesByType('resource').map((e) => e.name),
        window.location.origin,
      );
  if (urlsToCache.length) active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
  // What the tab asks for after that hand-over and before the worker takes it (a tap meanwhile:
  // the next page's answers) goes neither into it nor through the worker: it follows as it arrives.
  if (!underWorker) {
    let controlledAt = navigator.serviceWorker.controller ? performance.now() : Infinity;
    navigator.serviceWorker.addEventListener('controllerchange', () => (controlledAt = performance.now()), {
      once: true,
    });
    const observer = new PerformanceObserver((list) => {
      const rest = loadedForOffline(
        list
          .getEntries()
          .filter((e) => e.startTime < controlledAt)
          .map((e) => e.name),
        window.location.origin,
      );
      if (rest.length)
        (navigator.serviceWorker.controller ?? active)?.postMessage({
          type: 'CACHE_URLS',
          payload: { urlsToCache: rest },
        });
    });
    observer.observe({ type: 'resource' });
    setTimeout(() => observer.disconnect(), 60_000);
  }
  tellWorker = (message) => (navigator.serviceWorker.controller ?? active)?.postMessage(message);
  tellWorker({
    type: 'PAGES_SEEN',
    payload: { loaded: loadedAs, document: underWorker ? null : loadedDocument, seen: shownBefore.splice(0) },
  });
  loadedDocument = null;
}

/**
 * Of the URLs a page loaded, those the worker keeps for offline use: this site's scripts and
 * pictures, the public catalogue answers and the account's answers its pages show.
 */
function loadedForOffline(urls: string[], origin: string): string[] {
  const out = new Set<string>();
  for (const u of urls) {
    let url: URL;
    try {
      url = new URL(u, origin);
    } catch {
      continue;
    }
    const kept =
      /^\/(assets|media)\//.test(url.pathname) || isCataloguePath(url.pathname) || isPersonalCachedPath(url.pathname);
    if (url.origin === origin && kept) out.add(url.pathname + url.search);
  }
  return [...out];
}

/**
 * Runs `task` once the page is interactive: loaded, hydrated (main.tsx calls this after
 * `hydrateRoot`), and the browser idle, so the worker's downloads never compete with the first
 * paint or with hydration on a slow phone.
 */
export function whenIdleAfterLoad(task: () => void): void {
  const idle = () => void whenIdle(task, 5_000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Deletes every cache that holds a user's data (session with cart and wish list, My Orders,
 * dispatches, chat, addresses) and the account's pages.
 * Called on logout and whenever the signed-in account changes, so the next person on this
 * phone never sees the previous one's answers, online or off.
 */
export async function clearPersonalCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name).catch(() => false)));
}
