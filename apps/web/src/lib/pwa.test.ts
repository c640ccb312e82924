import { describe, expect, it } from 'vitest';
import { loadedForOffline } from './pwa';

describe('what the page hands to the service worker', () => {
  it("keeps this site's scripts, pictures, catalogue and account answers, once each, and nothing else", () => {
    const origin = 'https://jara.example';
    expect(
      loadedForOffline(
        [
          `${origin}/assets/app-abc.js`,
          `${origin}/assets/app-abc.js`,
          `${origin}/media/seed/banner-0.webp?w=800&f=avif`,
          `${origin}/api/product/list`,
          `${origin}/api/seller/vendor/v1`,
          `${origin}/api/user/is-auth`,
          `${origin}/api/order/user?page=1&limit=10`,
          `${origin}/api/chat/unread`,
          `${origin}/api/geocoding/fetchAddresses`,
          `${origin}/`,
          'https://accounts.google.com/gsi/client',
          'https://elsewhere.example/api/product/list',
          'not a url',
        ],
        origin,
      ),
    ).toEqual([
      '/assets/app-abc.js',
      '/media/seed/banner-0.webp?w=800&f=avif',
      '/api/product/list',
      '/api/seller/vendor/v1',
      '/api/user/is-auth',
      '/api/order/user?page=1&limit=10',
    ]);
  });
});
