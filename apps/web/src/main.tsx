import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type HydrationState } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { AppProviders } from './app/providers';
import { createRouter, routes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker, whenIdleAfterLoad } from './lib/pwa';
import './index.css';

interface ServerState {
  queries: DehydratedState;
  router: HydrationState;
}

/** The state a server-rendered page came with (an inert JSON block), or null for the plain shell. */
function serverState(): ServerState | null {
  const el = document.getElementById('jara-state');
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as ServerState;
  } catch {
    return null;
  }
}

/**
 * Ends the current task and continues in a new one, so the browser can paint and answer a tap in
 * between: starting the app is several short tasks instead of one long one on a slow phone.
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start() {
  await yieldToBrowser();
  const container = document.getElementById('root')!;
  const state = serverState();
  const queryClient = createQueryClient();
  if (!state) {
    createRoot(container).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={createRouter()} />
        </AppProviders>
      </StrictMode>,
    );
    return;
  }
  hydrate(queryClient, state.queries);
  // The matched screens are lazy chunks: load them before hydrating, so the first client render
  // is the page the server rendered rather than a fallback.
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  await yieldToBrowser();
  const router = createRouter(state.router);
  await yieldToBrowser();
  // In a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: on a slow phone a tap or a scroll is not kept waiting.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <Hydrated container={container} />
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

/** Once hydrated, the page takes taps again (the server's page holds them off: infra/web/ssr.ts). */
function Hydrated({ container }: { container: HTMLElement }) {
  useEffect(() => container.removeAttribute('data-hydrating'), [container]);
  return null;
}

// The worker after the page's own work (rendered, hydrated, loaded, idle): it never competes with
// the first paint or with hydration.
void start().finally(() => whenIdleAfterLoad(() => void registerServiceWorker()));
