import { describe, expect, it } from 'vitest';
import { isCataloguePath, isPersonalCachedPath, pageKind } from './cache-rules';

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
      '/my-orders',
    ]) {
      expect(pageKind(p), p).toBe('page');
    }
  });

  it('never caches portals, the payment return, password reset or forms that need the server', () => {
    for (const p of [
      '/seller',
      '/seller/orders',
      '/rider',
      '/admin/users',
      '/support',
      '/loader',
      '/reset-password',
      '/profile',
      '/add-address',
      '/dispatch-request',
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
    ]) {
      expect(isCataloguePath(p), p).toBe(true);
      expect(isPersonalCachedPath(p), p).toBe(false);
    }
    expect(isPersonalCachedPath('/api/user/is-auth')).toBe(true);
    expect(isPersonalCachedPath('/api/order/user')).toBe(true);
    for (const p of ['/api/address/list', '/api/dispatch/user', '/api/chat', '/api/seller/me', '/api/cart/update']) {
      expect(isCataloguePath(p), p).toBe(false);
      expect(isPersonalCachedPath(p), p).toBe(false);
    }
  });
});
