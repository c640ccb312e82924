import { describe, expect, it } from 'vitest';
import { loadedForOffline } from './pwa';

describe('what the page hands to the service worker', () => {
  it("keeps this site's scripts and pictures, once each, and nothing else", () => {
    const origin = 'https://jara.example';
    expect(
      loadedForOffline(
        [
          `${origin}/assets/app-abc.js`,
          `${origin}/assets/app-abc.js`,
          `${origin}/media/seed/banner-0.webp?w=800&f=avif`,
          `${origin}/api/product/list`,
          `${origin}/`,
          'https://accounts.google.com/gsi/client',
          'not a url',
        ],
        origin,
      ),
    ).toEqual(['/assets/app-abc.js', '/media/seed/banner-0.webp?w=800&f=avif']);
  });
});
