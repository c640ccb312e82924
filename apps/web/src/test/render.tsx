import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../app/providers';
import { CartStore, type CartSyncApi } from '../features/cart';

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
export function renderApp(ui: ReactElement, { route = '/', path = '*', extraRoutes = [] as { path: string; element: ReactElement }[] } = {}) {
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

/** A fetch stub answering JSON by "METHOD /path". */
export function stubFetch(routes: Record<string, unknown | ((body: unknown) => unknown)>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method, path: url.pathname, body });
    const handler = routes[`${method} ${url.pathname}`];
    if (handler === undefined) {
      return new Response(JSON.stringify({ success: false, message: `Not stubbed: ${method} ${url.pathname}`, code: 'not_found' }), { status: 404 });
    }
    const value = typeof handler === 'function' ? (handler as (b: unknown) => unknown)(body) : handler;
    if (value instanceof Response) return value;
    return new Response(JSON.stringify(value), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  globalThis.fetch = fn as typeof fetch;
  return calls;
}
