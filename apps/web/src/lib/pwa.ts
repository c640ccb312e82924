import { createStore } from './create-store';
import { PERSONAL_CACHES } from '../sw/cache-rules';

/**
 * The page's side of the service worker (src/sw/sw.ts, decision 0017): registered on load for
 * every visitor (production builds only: the dev server has no worker), the "new version" prompt,
 * catalogue answers the worker found changed, and the personal caches deleted on logout.
 */

/** The service worker (it also carries the push handlers, see lib/push.ts). */
export const SW_URL = '/sw.js';

/** A newer version is installed and waits for this page to say "reload". */
export const [updateStore, useUpdateAvailable] = createStore<null | (() => void)>(null);

type CatalogueListener = (url: string) => void;
const catalogueListeners = new Set<CatalogueListener>();

/** Called with the URL of a catalogue answer the worker refreshed with different content. */
export function onCatalogueUpdate(listener: CatalogueListener): () => void {
  catalogueListeners.add(listener);
  return () => catalogueListeners.delete(listener);
}

let started = false;

export async function registerServiceWorker(): Promise<void> {
  if (started || !import.meta.env.PROD || typeof window === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  started = true;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(SW_URL, { scope: '/' });

  // A new version waits until the user chooses to reload, so a form being filled is never
  // swapped out from under them; with the choice made it takes over and the page reloads once.
  wb.addEventListener('waiting', () => {
    updateStore.set(() => () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });

  wb.addEventListener('message', (event) => {
    const data = event.data as { type?: string; meta?: string; payload?: { updatedURL?: string } } | null;
    if (data?.type === 'CACHE_UPDATED' && data.payload?.updatedURL) {
      const url = data.payload.updatedURL;
      catalogueListeners.forEach((l) => l(url));
    }
  });

  try {
    await wb.register();
  } catch {
    /* private mode or a blocked worker: the site works online as before */
  }
}

/**
 * Deletes every cache that holds a user's data (session with cart and wish list, My Orders).
 * Called on logout and whenever the signed-in account changes, so the next person on this
 * phone never sees the previous one's answers, online or off.
 */
export async function clearPersonalCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name).catch(() => false)));
}
