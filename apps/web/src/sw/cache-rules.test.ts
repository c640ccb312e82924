import { describe, expect, it } from 'vitest';
import {
  CACHES,
  PERSONAL_CACHES,
  isCataloguePath,
  isMapTilePath,
  isPersonalCachedPath,
  MAP_TILES_KEPT,
  pageKind,
  readPagesSeen,
  seenCache,
} from './cache-rules';

describe('what the service worker caches', () => {
  it('answers product pages stale-while-revalidate, other customer pages network first', () => {
    expect(pageKind('/products/gadgets/abc')).toBe('product');
    expect(pageKind('/products/food/vendor-1/abc')).toBe('product');
    for (const p of [
      '/',
      '/products',
      '/products/gadgets',
      '/products/food/vendor-1',
      '/shops',
      '/shops/v1',
      '/cart',
      '/wishlist',
      '/faq',
    ]) {
      expect(pageKind(p), p).toBe('page');
    }
  });

  it("keeps the account's pages apart, with its data, and forgets them on logout", () => {
    for (const p of ['/my-orders', '/dispatch', '/dispatch-request', '/profile', '/add-address']) {
      expect(pageKind(p), p).toBe('personal');
    }
    expect(seenCache('personal')).toBe(CACHES.seenPersonal);
    expect(seenCache('product')).toBe(CACHES.seen);
    expect(seenCache('page')).toBe(CACHES.seen);
    expect([...PERSONAL_CACHES].sort()).toEqual([CACHES.personal, CACHES.seenPersonal].sort());
    expect(PERSONAL_CACHES).not.toContain(CACHES.seen);
    expect(PERSONAL_CACHES).not.toContain(CACHES.pages);
  });

  it('never caches portals, the payment return or password reset', () => {
    for (const p of [
      '/seller',
      '/seller/orders',
      '/rider',
      '/admin/users',
      '/support',
      '/loader',
      '/reset-password',
      '/dispatch/x',
      '/my-orders/x',
    ]) {
      expect(pageKind(p), p).toBe('network');
    }
    for (const p of [
      '/api/user/is-auth',
      '/media/seed/x.webp',
      '/assets/index-1.js',
      '/sandbox/checkout/x',
      '/sw.js',
      '/manifest.webmanifest',
    ]) {
      expect(pageKind(p), p).toBe('none');
    }
  });

  it('keeps public catalogue reads apart from personal ones; other personal reads are not cached', () => {
    for (const p of [
      '/api/product/list',
      '/api/category/list',
      '/api/seller/list',
      '/api/seller/vendor/v1',
      '/api/content/home',
      '/api/config',
      '/api/map',
    ]) {
      expect(isCataloguePath(p), p).toBe(true);
      expect(isPersonalCachedPath(p), p).toBe(false);
    }
    for (const p of [
      '/api/user/is-auth',
      '/api/order/user',
      '/api/dispatch/user',
      '/api/chat/get-chat/',
      '/api/address/get',
      '/api/order/o1/live',
      '/api/dispatch/d1/live',
    ]) {
      expect(isPersonalCachedPath(p), p).toBe(true);
      expect(isCataloguePath(p), p).toBe(false);
    }
    for (const p of [
      '/api/address/list',
      '/api/chat',
      '/api/chat/unread',
      '/api/seller/me',
      '/api/cart/update',
      '/api/order/o1/rider-position',
      '/api/order/o1/live/x',
    ]) {
      expect(isCataloguePath(p), p).toBe(false);
      expect(isPersonalCachedPath(p), p).toBe(false);
    }
  });

  it('keeps campus map tiles in a bounded cache of their own, never as pages or personal data', () => {
    for (const p of ['/map/tiles/Ab_c-12345678/16/33790/31600.png', '/map/tiles/v1/18/135157/126402.png']) {
      expect(isMapTilePath(p), p).toBe(true);
      expect(pageKind(p), p).toBe('none');
      expect(isCataloguePath(p) || isPersonalCachedPath(p), p).toBe(false);
    }
    for (const p of [
      '/map/tiles/v1/16/33790/31600',
      '/map/tiles/v1/16/33790.png',
      '/map/tiles/v1/16/x/31600.png',
      '/map/tiles/v.1/16/1/2.png',
      '/map/tiles/../../api/map/1/2/3.png',
      '/media/map/tiles/v1/16/1/2.png',
      '/api/map',
    ]) {
      expect(isMapTilePath(p), p).toBe(false);
    }
    expect(pageKind('/map')).toBe('none');
    expect(PERSONAL_CACHES).not.toContain(CACHES.map);
    expect(Object.values(CACHES).filter((c) => c === CACHES.map)).toHaveLength(1);
    expect(MAP_TILES_KEPT).toBeGreaterThan(100);
    expect(MAP_TILES_KEPT).toBeLessThanOrEqual(1000);
  });

  it('reads the pages a tab showed, and nothing that is not a path of this site', () => {
    expect(
      readPagesSeen({ type: 'PAGES_SEEN', payload: { loaded: '/', seen: ['/products/gadgets', '/cart?x=1'] } }),
    ).toEqual({ loaded: '/', document: null, seen: ['/products/gadgets', '/cart?x=1'] });
    expect(readPagesSeen({ type: 'PAGES_SEEN', payload: { seen: ['/faq'] } })).toEqual({
      loaded: null,
      document: null,
      seen: ['/faq'],
    });
    const html = '<!doctype html><html><body><div id="root"></div></body></html>';
    expect(readPagesSeen({ type: 'PAGES_SEEN', payload: { loaded: '/faq', document: html, seen: [] } })).toEqual({
      loaded: '/faq',
      document: html,
      seen: [],
    });
    for (const bad of [
      null,
      'PAGES_SEEN',
      { type: 'CACHE_URLS', payload: { seen: ['/faq'] } },
      { type: 'PAGES_SEEN' },
      { type: 'PAGES_SEEN', payload: { seen: '/faq' } },
      { type: 'PAGES_SEEN', payload: { seen: ['https://elsewhere.example/'] } },
      { type: 'PAGES_SEEN', payload: { seen: ['//elsewhere.example/'] } },
      { type: 'PAGES_SEEN', payload: { seen: ['/\\elsewhere.example/'] } },
      { type: 'PAGES_SEEN', payload: { loaded: 'faq', seen: [] } },
      { type: 'PAGES_SEEN', payload: { seen: Array.from({ length: 101 }, () => '/faq') } },
      // A document names the page it is.
      { type: 'PAGES_SEEN', payload: { document: html, seen: [] } },
      { type: 'PAGES_SEEN', payload: { loaded: '/faq', document: 42, seen: [] } },
      { type: 'PAGES_SEEN', payload: { loaded: '/faq', document: 'x'.repeat(2_000_001), seen: [] } },
    ]) {
      expect(readPagesSeen(bad), JSON.stringify(bad).slice(0, 120)).toBeNull();
    }
  });
});
