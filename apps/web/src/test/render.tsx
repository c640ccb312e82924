import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../app/providers';
import { CartStore } from '../session/cart-store';
import type { CartSyncApi } from '../session/cart-store';

export function fakeSyncApi(): CartSyncApi & { carts: unknown[]; wishes: unknown[] } {
  const carts: unknown[] = [];
  const wishes: unknown[] = [];
  return {
    carts,
    wishes,
    pushCart: async (cartItems) => {
      carts.push(cartItems);
      return { cartItems };
    },
    pushWishList: async (wishList) => {
      wishes.push(wishList);
      return { wishList };
    },
  };
}

/** Renders a screen inside the app's providers and a memory router at `route`. */
export function renderApp(
  ui: ReactElement,
  { route = '/', path = '*', extraRoutes = [] as { path: string; element: ReactElement }[] } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const cartStore = new CartStore(fakeSyncApi());
  const router = createMemoryRouter([{ path, element: ui }, ...extraRoutes], { initialEntries: [route] });
  const utils = render(
    <AppProviders queryClient={queryClient} cartStore={cartStore}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient, cartStore };
}

export { CAMPUS_MAP, GUEST, MAP_ANSWER, NO_PROMOTIONS, noLiveMap, stubFetch } from './fetch';
