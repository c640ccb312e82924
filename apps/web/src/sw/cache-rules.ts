/**
 * What the service worker caches, by path (decision 0017). Shared by the worker (sw.ts) and the
 * page (lib/pwa.ts clears the personal caches on logout), and tested on its own.
 */
export const CACHES = {
  assets: 'jara-assets',
  catalogue: 'jara-catalogue',
  images: 'jara-images',
  /** The signed-in user's answers (session with cart and wish list, My Orders): deleted on logout. */
  personal: 'jara-personal',
  /** Pages seen before, shown offline. Holds no personal data: no page is rendered with a cookie. */
  pages: 'jara-pages',
} as const;

/** Caches that hold a user's data: deleted when the user signs out or another user signs in. */
export const PERSONAL_CACHES: readonly string[] = [CACHES.personal];

/** Public catalogue reads (the same answer for everyone): stale-while-revalidate. */
export function isCataloguePath(pathname: string): boolean {
  return (
    pathname === '/api/product/list' ||
    pathname === '/api/category/list' ||
    pathname === '/api/seller/list' ||
    /^\/api\/seller\/vendor\/[^/]+$/.test(pathname) ||
    pathname === '/api/content/home' ||
    pathname === '/api/content/banners' ||
    pathname === '/api/config'
  );
}

/** Personal reads kept for offline use (the session carries the cart and wish list; My Orders). */
export function isPersonalCachedPath(pathname: string): boolean {
  return pathname === '/api/user/is-auth' || pathname === '/api/order/user';
}

/**
 * How a page request is answered: `product` pages stale-while-revalidate, other customer `page`s
 * network first (both kept for offline), `network` never cached (portals, payment return, password
 * reset with its token, forms that need the server), `none` not a page of the app at all.
 */
export type PageKind = 'product' | 'page' | 'network' | 'none';

const PAGES = new Set([
  '',
  'products',
  'shops',
  'cart',
  'wishlist',
  'contact',
  'faq',
  'customer-terms',
  'rider-terms',
  'my-orders',
]);

export function pageKind(pathname: string): PageKind {
  const parts = pathname.split('/').filter(Boolean);
  const first = parts[0] ?? '';
  if (/^(api|media|assets|socket\.io|metrics|sandbox)$/i.test(first) || /\.[a-z0-9]{1,12}$/i.test(pathname))
    return 'none';
  if (
    first === 'products' &&
    ((parts.length === 3 && parts[1] !== 'food') || (parts.length === 4 && parts[1] === 'food'))
  )
    return 'product';
  if (first === 'products' || first === 'shops')
    return parts.length <= (first === 'shops' ? 2 : 3) ? 'page' : 'network';
  return PAGES.has(first) && parts.length <= 1 ? 'page' : 'network';
}
