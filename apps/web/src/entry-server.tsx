import { StrictMode } from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import {
  appScreen,
  headHtml,
  isServerRendered,
  matchPage,
  pageHead,
  prefetchPage,
  type AppScreen,
} from './app/page-data';
import { LAYOUT_AREAS } from './app/layout';
import { createQueryClient } from './lib/query-client';
import { setApiTransport } from './lib/api-client';
import { setupI18n } from '@lingui/core';
import { FORMAT_LOCALE, type Language } from '@jara/shared';
import { AREAS, catalogueModule, loadCatalogue, ROOT_AREAS } from './i18n/catalogues';
import { markAllLoaded, usedAreas } from './i18n';

/** Every catalogue of a language, merged once per process (a render only reads them). */
const merged = new Map<Language, Promise<Record<string, unknown>>>();
function messagesOf(language: Language) {
  let m = merged.get(language);
  if (!m) {
    m = Promise.all(AREAS.map((area) => loadCatalogue(area, language))).then((all) =>
      Object.assign({}, ...all.map((c) => c.messages)),
    );
    merged.set(language, m);
  }
  return m;
}

interface RenderInput {
  /** Path and query of the request. */
  url: string;
  /** The site's public origin (canonical and Open Graph URLs). */
  origin: string;
  /** Answers a GET of one of the API's own routes (the server passes its in-process inject). */
  fetchApi: (path: string) => Promise<Response>;
  /** The visitor's language (cookie, else Accept-Language): the page is written in it. */
  language: Language;
}

type RenderResult =
  | { kind: 'page'; status: number; head: string; html: string; state: string; errors: unknown[] }
  /**
   * Not a server-rendered page: the server sends the plain shell and the browser renders it;
   * `modules` name the chunks (in the build's manifest) and `reads` the public API reads the shell
   * asks for with the app.
   */
  | { kind: 'shell'; modules?: string[]; reads?: readonly string[] }
  | { kind: 'redirect'; status: number; location: string };

/** JSON for an inert <script type="application/json"> block: nothing in it can close the tag. */
const safeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * Renders one customer page to HTML: the public reads it shows are fetched through the API's own
 * routes into a query cache, the router renders with that cache, and the cache (dehydrated) and
 * the router's state go with the page for hydration. Nothing personal is rendered: the session,
 * the cart and the wish list are the browser's and appear after hydration.
 * @public the server loads it from the built dist-ssr/entry-server.js (apps/server/src/infra/web/ssr.ts)
 */
export async function render({ url, origin, fetchApi, language }: RenderInput): Promise<RenderResult> {
  setApiTransport((path, init) => {
    if (init.method && init.method !== 'GET') throw new Error(`server render may only read (${init.method} ${path})`);
    return fetchApi(path);
  });
  const pathname = new URL(url, origin).pathname;
  const match = matchPage(pathname);
  if (!match) return { kind: 'shell' };
  if (!isServerRendered(match)) {
    const screen = appScreen(match);
    return screen
      ? { kind: 'shell', modules: screenModules(screen, language), reads: screen.reads ?? [] }
      : { kind: 'shell' };
  }

  // An instance of its own: two renders in two languages never share one.
  const i18n = setupI18n({
    locale: language,
    locales: [FORMAT_LOCALE],
    messages: { [language]: (await messagesOf(language)) as never },
  });
  markAllLoaded(i18n);
  const queryClient = createQueryClient();
  await prefetchPage(queryClient, match, language);
  const head = pageHead(queryClient, match, (id, values) => i18n._(id, values));

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, origin)));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  const html = await renderAll(
    <StrictMode>
      <AppProviders queryClient={queryClient} i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
    errors,
  );
  const state = safeJson({
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData },
    language,
    areas: usedAreas(i18n),
  });
  queryClient.clear();
  return {
    kind: 'page',
    errors,
    status: Math.max(head.status, context.statusCode === 200 ? 0 : context.statusCode),
    head: headHtml(head, origin),
    html,
    state,
  };
}

/** A screen's chunks and the catalogues it and the layout show, in the page's language. */
function screenModules(screen: AppScreen, language: Language): string[] {
  const areas = new Set([...ROOT_AREAS, ...LAYOUT_AREAS, ...screen.areas]);
  return [...screen.modules, ...new Set([...areas].map((area) => catalogueModule(area, language)))];
}

/** The whole page as one string, once every boundary is ready; render errors are collected. */
function renderAll(element: React.ReactNode, errors: unknown[]): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        html += chunk.toString();
        cb();
      },
      final(cb) {
        resolve(html);
        cb();
      },
    });
    const stream = renderToPipeableStream(element, {
      // One complete document, no boundary sent apart with an inline script to reveal it: the
      // CSP allows no inline script, and the page must read the same without JavaScript.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (err) => {
        errors.push(err);
      },
    });
  });
}
