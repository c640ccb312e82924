import { createBrowserRouter, type HydrationState, type Location, type RouteObject } from 'react-router';
import { pageShown } from '../lib/pwa';
import { RouteFallback } from '../components/ui/route-fallback';
import { preloadAreas, type Area } from '../i18n';
import { RootLayout } from './layout';
import { RouteError } from './route-error';

/**
 * A screen's chunk with the catalogues its parts show, fetched side by side: each part would
 * otherwise ask for its own when it first renders (the page, then its cards, then their map, one
 * round trip after another), and the page would fall back to the spinner meanwhile. For screens
 * the server does not render (a server-rendered page carries the areas it used).
 */
async function withAreas<T>(chunk: Promise<T>, areas: readonly Area[]): Promise<T> {
  const [loaded] = await Promise.all([chunk, preloadAreas(areas)]);
  return loaded;
}

/**
 * The catalogues the tracking screens show, loaded with their chunk; the server names them with
 * the page too (page-data.ts), so they arrive with it.
 */
export const TRACKING_AREAS = {
  'my-orders': ['orders', 'delivery', 'map'],
  dispatch: ['dispatch', 'delivery', 'map'],
} as const satisfies Record<string, readonly Area[]>;

/**
 * Every screen is its own chunk, so the storefront never downloads seller/rider/admin code: a
 * route module in routes/ takes its page from a feature's index.ts, or composes several features.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    // Shown only if a page's code is still loading when the app starts (main.tsx loads it first).
    HydrateFallback: RouteFallback,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }),
          },
          {
            path: 'products',
            lazy: async () => ({
              Component: (await import('./routes/products')).ProductsPage,
            }),
          },
          {
            path: 'products/food/:vendorId',
            lazy: async () => ({
              Component: (await import('./routes/vendor-products')).FoodVendorPage,
            }),
          },
          {
            path: 'products/food/:vendorId/:id',
            lazy: async () => ({
              Component: (await import('./routes/product')).ProductDetailPage,
            }),
          },
          {
            path: 'products/:category',
            lazy: async () => ({
              Component: (await import('./routes/category')).CategoryPage,
            }),
          },
          {
            path: 'products/:category/:id',
            lazy: async () => ({
              Component: (await import('./routes/product')).ProductDetailPage,
            }),
          },
          {
            path: 'shops',
            lazy: async () => ({ Component: (await import('./routes/shops')).ShopsPage }),
          },
          {
            path: 'shops/:vendorId',
            lazy: async () => ({
              Component: (await import('./routes/vendor-products')).ShopPage,
            }),
          },
          {
            path: 'cart',
            lazy: async () => ({ Component: (await import('./routes/cart')).CartRoute }),
          },
          {
            path: 'wishlist',
            lazy: async () => ({
              Component: (await import('./routes/wishlist')).WishlistPage,
            }),
          },
          {
            path: 'add-address',
            lazy: async () => ({
              Component: (await import('./routes/add-address')).AddAddressPage,
            }),
          },
          {
            path: 'my-orders',
            lazy: async () => ({
              Component: (await withAreas(import('./routes/my-orders'), TRACKING_AREAS['my-orders'])).MyOrdersPage,
            }),
          },
          {
            path: 'threads',
            lazy: async () => ({
              Component: (await withAreas(import('./routes/thread'), ['threads'])).ThreadsPage,
            }),
          },
          {
            path: 'threads/:kind/:id',
            lazy: async () => ({
              Component: (await withAreas(import('./routes/thread'), ['threads', 'conversation', 'delivery']))
                .ThreadPage,
            }),
          },
          {
            path: 'dispatch',
            lazy: async () => ({
              Component: (await withAreas(import('./routes/dispatch'), TRACKING_AREAS.dispatch)).DispatchPage,
            }),
          },
          {
            path: 'dispatch-request',
            lazy: async () => ({
              Component: (await import('./routes/dispatch-request')).DispatchRequestPage,
            }),
          },
          {
            path: 'contact',
            lazy: async () => ({ Component: (await import('./routes/contact')).ContactPage }),
          },
          {
            path: 'faq',
            lazy: async () => ({ Component: (await import('./routes/faq')).FaqPage }),
          },
          {
            path: 'customer-terms',
            lazy: async () => ({
              Component: (await import('./routes/customer-terms')).CustomerTermsPage,
            }),
          },
          {
            path: 'rider-terms',
            lazy: async () => ({
              Component: (await import('./routes/rider-terms')).RiderTermsPage,
            }),
          },
          {
            path: 'group/join/:token',
            lazy: async () => ({
              Component: (await withAreas(import('./routes/group'), ['groups'])).JoinGroupPage,
            }),
          },
          {
            path: 'group/:id',
            lazy: async () => ({
              Component: (await withAreas(import('./routes/group'), ['groups', 'delivery'])).GroupPage,
            }),
          },
          {
            path: 'loader',
            lazy: async () => ({ Component: (await import('./routes/loader')).LoaderPage }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('./routes/reset-password')).ResetPasswordPage,
            }),
          },
          {
            path: 'profile',
            lazy: async () => ({
              Component: (await import('./routes/profile')).ProfileRoute,
            }),
          },
          {
            path: 'seller/*',
            // The orders tab offers notifications in the delivery area's words, the promotions tab the promotions area's.
            lazy: async () => ({
              Component: (await withAreas(import('./routes/seller'), ['seller', 'delivery', 'promotions'])).SellerPage,
            }),
          },
          {
            path: 'rider/*',
            lazy: async () => ({ Component: (await import('./routes/rider')).RiderPage }),
          },
          {
            path: 'admin/*',
            // The promotions tab's form and list speak the promotions area's words.
            lazy: async () => ({
              Component: (await withAreas(import('./routes/admin'), ['admin', 'promotions'])).AdminPage,
            }),
          },
          {
            path: 'support/*',
            lazy: async () => ({
              Component: (await import('./routes/support')).SupportPage,
            }),
          },
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('./routes/not-found')).NotFoundPage,
            }),
          },
        ],
      },
    ],
  },
];

/**
 * React Router keys the history entry a document was loaded into "default", whatever the page, so
 * every full load shared one saved scroll position: the cart's, scrolled down to Place Order,
 * reopened the payment's return (/loader) at its footer. Such an entry gets a key of its own, kept
 * in history.state as the router keeps the keys it makes, so a reload or Back still restores it.
 */
function keyLoadedEntry() {
  const state = (window.history.state ?? {}) as { key?: unknown };
  if (typeof state.key === 'string' && state.key) return;
  window.history.replaceState({ ...state, key: Math.random().toString(36).slice(2, 10) }, '');
}

export const createRouter = (hydrationData?: HydrationState) => {
  keyLoadedEntry();
  const router = createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
  // Every page shown is told to the service worker, so it reloads offline (lib/pwa.ts).
  const shown = ({ pathname, search }: Location) => pageShown(pathname + search);
  shown(router.state.location);
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') shown(state.location);
  });
  return router;
};
