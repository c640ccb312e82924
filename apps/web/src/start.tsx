import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type HydrationState } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { AppProviders } from './app/providers';
import { createRouter, routes } from './app/router';
import { LAYOUT_AREAS } from './app/layout';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker, whenIdleAfterLoad } from './lib/pwa';
import { preloadToasts } from './lib/toast';
import { pageLanguage, startI18n, switchLanguage, type Area } from './i18n';
import type { Language } from '@jara/shared';

interface ServerState {
  queries: DehydratedState;
  router: HydrationState;
  /** The language the page was rendered in and the catalogues it used: loaded before hydrating. */
  language: Language;
  areas: Area[];
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
 * Starts the app: hydrates the server's page, or renders the plain shell. `nextTask` ends the
 * current task (main.tsx's yieldToBrowser): the steps run in tasks of their own.
 */
async function start(nextTask: () => Promise<void>) {
  const container = document.getElementById('root')!;
  const state = serverState();
  const queryClient = createQueryClient();
  const language = await startI18n(state?.areas ?? LAYOUT_AREAS, state?.language);
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
  await nextTask();
  const router = createRouter(state.router);
  await nextTask();
  // In a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: on a slow phone a tap or a scroll is not kept waiting.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <Hydrated container={container} language={language} />
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

/** Once hydrated, the page takes taps again (the server's page holds them off: infra/web/ssr.ts). */
function Hydrated({ container, language }: { container: HTMLElement; language: Language }) {
  useEffect(() => {
    container.removeAttribute('data-hydrating');
    // A page kept from before a switch of language (the worker's copy) turns to the chosen one.
    if (pageLanguage() !== language) void switchLanguage(pageLanguage());
  }, [container, language]);
  return null;
}

/**
 * Starts the app, then after the page's own work (rendered, hydrated, loaded, idle) the toasts'
 * chunk and the worker: the worker keeps what the page loaded before it, the toasts included.
 */
export function run(nextTask: () => Promise<void>): Promise<void> {
  return start(nextTask).finally(() =>
    whenIdleAfterLoad(() => void preloadToasts().finally(() => void registerServiceWorker())),
  );
}
