/**
 * The network as web tests see it: nothing answers unless the test says what answers. A request
 * no stub answers is refused (the code under test sees a failed fetch, never a made-up answer)
 * and recorded here; src/test/setup.ts then fails the test that made it.
 */

import type { MapInfo } from '@jara/shared';

/** "METHOD /path?query" of each request no stub answered during the current test. */
export const unhandledRequests: string[] = [];

type Route = unknown | ((body: unknown) => unknown);

/** No promotion running: the answer product cards and pages ask for their labels. */
export const NO_PROMOTIONS = { 'GET /api/promotions/live': { success: true, promotions: [] } } as const;

/** The session answer for nobody signed in (the app's providers ask on every render). */
export const GUEST = { 'GET /api/user/is-auth': { success: false, user: null } } as const;

function target(input: RequestInfo | URL, init?: RequestInit): { method: string; url: URL } {
  const request = input instanceof Request ? input : null;
  const url = new URL(request ? request.url : String(input), 'http://localhost');
  return { method: (init?.method ?? request?.method ?? 'GET').toUpperCase(), url };
}

function refuse(method: string, url: URL): Promise<never> {
  const what = `${method} ${url.pathname}${url.search}`;
  unhandledRequests.push(what);
  return Promise.reject(new TypeError(`unhandled request in a test: ${what} (answer it with stubFetch)`));
}

/** What every test starts with (src/test/setup.ts): a fetch that answers nothing. */
export function refuseAllFetch(): void {
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const { method, url } = target(input, init);
    return refuse(method, url);
  }) as typeof fetch;
}

/**
 * A fetch stub answering JSON by "METHOD /path" (a route may also answer a Response, or be a
 * function of the request's JSON body). Any other request fails the test.
 */
export function stubFetch(routes: Record<string, Route>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const { method, url } = target(input, init);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method, path: url.pathname, body });
    const handler = routes[`${method} ${url.pathname}`];
    if (handler === undefined) return refuse(method, url);
    const value = typeof handler === 'function' ? (handler as (b: unknown) => unknown)(body) : handler;
    if (value instanceof Response) return value;
    return new Response(JSON.stringify(value), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  globalThis.fetch = fn as typeof fetch;
  return calls;
}

/**
 * The tracking map's answer for deliveries a test is not about: 404 `delivery_over`, so the map
 * stays out of the way (delivery/live-tracking.test.tsx is about it). The card asks for the map's
 * own answer beside it (map/campus-map.tsx, usePrefetchMap): answered too, with no place in it.
 */
export function noLiveMap(kind: 'order' | 'dispatch', ...ids: string[]): Record<string, Route> {
  const over = () =>
    new Response(JSON.stringify({ success: false, code: 'delivery_over', message: 'This delivery is over.' }), {
      status: 404,
      headers: { 'Content-Type': 'application/json' },
    });
  return {
    ...Object.fromEntries(ids.map((id) => [`GET /api/${kind}/${id}/live`, over])),
    ...MAP_ANSWER,
  };
}

/** How to draw the campus map, as `GET /api/map` answers it: the service area and the campus, no place names. */
export const CAMPUS_MAP: MapInfo = {
  tileUrl: '/map/tiles/t1/{z}/{x}/{y}.png',
  minZoom: 13,
  maxZoom: 18,
  areaMaxZoom: 17,
  bounds: [
    [6.3, 5.5],
    [6.5, 5.72],
  ],
  detailBounds: [
    [6.39, 5.6],
    [6.41, 5.63],
  ],
  centre: { latitude: 6.3998, longitude: 5.6099 },
  attribution: '© OpenStreetMap contributors (ODbL)',
  places: [],
};

/** `GET /api/map` answered with CAMPUS_MAP: for pages that show a map. */
export const MAP_ANSWER = { 'GET /api/map': { success: true, map: CAMPUS_MAP } } as const;
