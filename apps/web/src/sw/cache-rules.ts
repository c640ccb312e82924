/**
 * What the service worker caches, by path (decision 0017). Shared by the worker (sw.ts) and the
 * page (lib/pwa.ts clears the personal caches on logout), and tested on its own.
 */
export const CACHES = {
  assets: 'jara-assets',
  catalogue: 'jara-catalogue',
  images: 'jara-images',
  /** Campus map tiles: their URLs name the map's version, so a kept tile is never out of date. */
  map: 'jara-map',
  /**
   * The signed-in user's answers (session with cart and wish list, My Orders, dispatches, chat,
   * addresses) and the account's pages: deleted on logout.
   */
  personal: 'jara-personal',
  /** Public pages loaded before, shown offline. Holds no personal data: no page is rendered with a cookie. */
  pages: 'jara-pages',
  /**
   * Public pages this phone has shown, by a load or a tap (empty answers, the address is what
   * counts): offline, one never loaded as a document opens on the app shell (app-shell.ts).
   */
  seen: 'jara-seen',
  /** The same for the account's pages: deleted on logout with the answers they show. */
  seenPersonal: 'jara-seen-personal',
} as const;

/** Caches that hold a user's data: deleted when the user signs out or another user signs in. */
export const PERSONAL_CACHES: readonly string[] = [CACHES.personal, CACHES.seenPersonal];

/** Public catalogue reads (the same answer for everyone): stale-while-revalidate. */
export function isCataloguePath(pathname: string): boolean {
  return (
    pathname === '/api/product/list' ||
    pathname === '/api/category/list' ||
    pathname === '/api/seller/list' ||
    /^\/api\/seller\/vendor\/[^/]+$/.test(pathname) ||
    pathname === '/api/content/home' ||
    pathname === '/api/content/banners' ||
    pathname === '/api/config' ||
    pathname === '/api/map'
  );
}

/** A campus map tile, `/map/tiles/<version>/<z>/<x>/<y>.png` (GET /api/map gives the template): cache first. */
export function isMapTilePath(pathname: string): boolean {
  return /^\/map\/tiles\/[\w-]{1,64}\/\d{1,2}\/\d{1,7}\/\d{1,7}\.png$/.test(pathname);
}

/**
 * How many tiles the worker keeps (the least recently used go first): the campus's box at every
 * zoom, 13 to 18, is 555 tiles, about 2 MB.
 */
export const MAP_TILES_KEPT = 600;

/**
 * Personal reads kept for offline use, the ones the account's pages show: the session (with the
 * cart and wish list), My Orders, dispatches, the chat's latest messages, saved addresses, and a
 * delivery's tracking map (offline it shows the shop, the door and the road; the rider's position,
 * old by then, is not drawn).
 */
export function isPersonalCachedPath(pathname: string): boolean {
  return (
    pathname === '/api/user/is-auth' ||
    pathname === '/api/order/user' ||
    pathname === '/api/dispatch/user' ||
    pathname === '/api/chat/get-chat/' ||
    pathname === '/api/chat/get-chat' ||
    pathname === '/api/address/get' ||
    /^\/api\/(order|dispatch)\/[^/]+\/live$/.test(pathname)
  );
}

/**
 * How a page request is answered: `product` pages stale-while-revalidate, other customer `page`s
 * network first (both kept for offline), the account's `personal` pages network first and kept
 * with its data (gone on logout), `network` never cached (portals, the payment return, password
 * reset with its token), `none` not a page of the app at all.
 */
export type PageKind = 'product' | 'page' | 'personal' | 'network' | 'none';

/** Kinds of page kept for offline use. */
export const isKeptPage = (kind: PageKind): kind is 'product' | 'page' | 'personal' =>
  kind === 'product' || kind === 'page' || kind === 'personal';

const PAGES = new Set(['', 'products', 'shops', 'cart', 'wishlist', 'contact', 'faq', 'customer-terms', 'rider-terms']);

/** Pages of the signed-in account (reached by taps from the menu and the navigation bar). */
const PERSONAL_PAGES = new Set(['my-orders', 'dispatch', 'dispatch-request', 'profile', 'add-address']);

export function pageKind(pathname: string): PageKind {
  const parts = pathname.split('/').filter(Boolean);
  const first = parts[0] ?? '';
  if (/^(api|media|map|assets|socket\.io|metrics|sandbox)$/i.test(first) || /\.[a-z0-9]{1,12}$/i.test(pathname))
    return 'none';
  if (
    first === 'products' &&
    ((parts.length === 3 && parts[1] !== 'food') || (parts.length === 4 && parts[1] === 'food'))
  )
    return 'product';
  if (first === 'products' || first === 'shops')
    return parts.length <= (first === 'shops' ? 2 : 3) ? 'page' : 'network';
  if (parts.length > 1) return 'network';
  return PAGES.has(first) ? 'page' : PERSONAL_PAGES.has(first) ? 'personal' : 'network';
}

/** The cache a kept page's document goes to: the account's pages leave with its data. */
export const documentCache = (kind: 'product' | 'page' | 'personal') =>
  kind === 'personal' ? CACHES.personal : CACHES.pages;

/** The cache that remembers a kept page was shown. */
export const seenCache = (kind: 'product' | 'page' | 'personal') =>
  kind === 'personal' ? CACHES.seenPersonal : CACHES.seen;

/**
 * The pages a tab tells the worker it showed (lib/pwa.ts): `loaded`, the page it was loaded as,
 * with `document`, that page as the server sent it, when the worker did not see it come; `seen`,
 * every page shown since, most reached by a tap. Any other message, or a path that is not this
 * site's, gives null.
 */
export interface PagesSeen {
  loaded: string | null;
  document: string | null;
  seen: string[];
}

/** A page's HTML: a rendered page carries its stylesheet and state, a few hundred KB at most. */
const DOCUMENT_MAX = 2_000_000;

const isPath = (v: unknown): v is string => typeof v === 'string' && v.length <= 2000 && /^\/(?![/\\])/.test(v);

export function readPagesSeen(data: unknown): PagesSeen | null {
  if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== 'PAGES_SEEN') return null;
  const payload = (data as { payload?: unknown }).payload;
  if (typeof payload !== 'object' || payload === null) return null;
  const { loaded, document, seen } = payload as { loaded?: unknown; document?: unknown; seen?: unknown };
  if (loaded !== undefined && loaded !== null && !isPath(loaded)) return null;
  const html = typeof document === 'string' && document.length <= DOCUMENT_MAX ? document : null;
  if (document !== undefined && document !== null && (html === null || !loaded)) return null;
  if (!Array.isArray(seen) || seen.length > 100 || !seen.every(isPath)) return null;
  return { loaded: loaded ?? null, document: html, seen };
}
