import { createBrowserRouter, type HydrationState, type Location, type RouteObject } from 'react-router';
import { pageShown } from '../lib/pwa';
import { RouteFallback } from '../components/ui/route-fallback';
import { RootLayout } from './layout';
import { RouteError } from './route-error';

/** Every screen is its own chunk, so the storefront never downloads seller/rider/admin code. */
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
            lazy: async () => ({ Component: (await import('../features/home/components/home-page')).HomePage }),
          },
          {
            path: 'products',
            lazy: async () => ({
              Component: (await import('../features/catalogue/components/products-page')).ProductsPage,
            }),
          },
          {
            path: 'products/food/:vendorId',
            lazy: async () => ({
              Component: (await import('../features/catalogue/components/vendor-products-page')).FoodVendorPage,
            }),
          },
          {
            path: 'products/food/:vendorId/:id',
            lazy: async () => ({
              Component: (await import('../features/catalogue/components/product-detail-page')).ProductDetailPage,
            }),
          },
          {
            path: 'products/:category',
            lazy: async () => ({
              Component: (await import('../features/catalogue/components/category-page')).CategoryPage,
            }),
          },
          {
            path: 'products/:category/:id',
            lazy: async () => ({
              Component: (await import('../features/catalogue/components/product-detail-page')).ProductDetailPage,
            }),
          },
          {
            path: 'shops',
            lazy: async () => ({ Component: (await import('../features/catalogue/components/shops-page')).ShopsPage }),
          },
          {
            path: 'shops/:vendorId',
            lazy: async () => ({
              Component: (await import('../features/catalogue/components/vendor-products-page')).ShopPage,
            }),
          },
          {
            path: 'cart',
            lazy: async () => ({ Component: (await import('../features/checkout/components/cart-page')).CartPage }),
          },
          {
            path: 'wishlist',
            lazy: async () => ({
              Component: (await import('../features/wishlist/components/wishlist-page')).WishlistPage,
            }),
          },
          {
            path: 'add-address',
            lazy: async () => ({
              Component: (await import('../features/addresses/components/add-address-page')).AddAddressPage,
            }),
          },
          {
            path: 'my-orders',
            lazy: async () => ({
              Component: (await import('../features/orders/components/my-orders-page')).MyOrdersPage,
            }),
          },
          {
            path: 'dispatch',
            lazy: async () => ({
              Component: (await import('../features/dispatch/components/dispatch-page')).DispatchPage,
            }),
          },
          {
            path: 'dispatch-request',
            lazy: async () => ({
              Component: (await import('../features/dispatch/components/dispatch-request-page')).DispatchRequestPage,
            }),
          },
          {
            path: 'contact',
            lazy: async () => ({ Component: (await import('../features/pages/components/contact-page')).ContactPage }),
          },
          {
            path: 'faq',
            lazy: async () => ({ Component: (await import('../features/pages/components/faq-page')).FaqPage }),
          },
          {
            path: 'customer-terms',
            lazy: async () => ({
              Component: (await import('../features/pages/components/customer-terms-page')).CustomerTermsPage,
            }),
          },
          {
            path: 'rider-terms',
            lazy: async () => ({
              Component: (await import('../features/pages/components/rider-terms-page')).RiderTermsPage,
            }),
          },
          {
            path: 'loader',
            lazy: async () => ({ Component: (await import('../features/pages/components/loader-page')).LoaderPage }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('../features/auth/components/reset-password-page')).ResetPasswordPage,
            }),
          },
          {
            path: 'profile',
            lazy: async () => ({
              Component: (await import('../features/profile/components/profile-page')).ProfilePage,
            }),
          },
          {
            path: 'seller/*',
            lazy: async () => ({ Component: (await import('../features/seller/components/seller-page')).SellerPage }),
          },
          {
            path: 'rider/*',
            lazy: async () => ({ Component: (await import('../features/rider/components/rider-page')).RiderPage }),
          },
          {
            path: 'admin/*',
            lazy: async () => ({ Component: (await import('../features/admin/components/admin-page')).AdminPage }),
          },
          {
            path: 'support/*',
            lazy: async () => ({
              Component: (await import('../features/support/components/support-page')).SupportPage,
            }),
          },
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('../features/pages/components/not-found-page')).NotFoundPage,
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
