import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './pwa';

/** A browser with a service worker container whose worker, once ready, records what the page tells it. */
function installWorkerContainer() {
  const told: unknown[] = [];
  const active = { postMessage: (message: unknown) => told.push(message) };
  const registration = { waiting: null, active: null, installing: null, addEventListener: () => undefined };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      controller: null,
      ready: Promise.resolve({ active }),
      register: async () => registration,
      addEventListener: () => undefined,
    },
  });
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  return told;
}

describe('what the page hands to the service worker', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(window, 'isSecureContext');
  });

  it("keeps this site's scripts, pictures, catalogue and account answers, once each, and nothing else", async () => {
    vi.stubEnv('PROD', true);
    const told = installWorkerContainer();
    const origin = window.location.origin;
    const loaded = [
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
      'https://elsewhere.example/assets/their-app.js',
      'not a url',
    ];
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue(loaded.map((name) => ({ name }) as PerformanceEntry));

    // A first visit: the page was loaded before any worker, so what it loaded is handed over.
    await registerServiceWorker();

    expect(told.filter((m) => (m as { type: string }).type === 'CACHE_URLS')).toEqual([
      {
        type: 'CACHE_URLS',
        payload: {
          urlsToCache: [
            '/assets/app-abc.js',
            '/media/seed/banner-0.webp?w=800&f=avif',
            '/api/product/list',
            '/api/seller/vendor/v1',
            '/api/user/is-auth',
            '/api/order/user?page=1&limit=10',
          ],
        },
      },
    ]);
  });
});
