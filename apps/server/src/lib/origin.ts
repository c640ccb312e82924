import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a request comes from our own site (CSRF and cross-site WebSocket defence): a browser
 * sends `Origin` on state-changing requests and WebSocket handshakes, and it must be our public
 * origin or the origin of the host the request was sent to; a request the browser marks
 * `Sec-Fetch-Site: cross-site` is refused whatever it says. No `Origin` at all is not a browser's
 * cross-site request (servers, the test clients) and passes.
 */
export function sameSiteCheck(publicUrl: string): (headers: IncomingHttpHeaders) => boolean {
  const allowed = new URL(publicUrl).origin;
  return (headers) => {
    const { origin, host } = headers;
    if (origin && origin !== allowed && origin !== `http://${host}` && origin !== `https://${host}`) return false;
    return headers['sec-fetch-site'] !== 'cross-site';
  };
}

/**
 * Stricter, for the one GET that changes state (the spec's logout): a GET carries no `Origin`
 * when it is a navigation, so besides `sameSiteCheck` the browser's `Sec-Fetch-Site` must say our
 * own origin or none (typed, bookmarked) when sent (a sibling subdomain is `same-site`, refused),
 * and a prefetch or prerender is refused: it is the browser guessing, not the user asking.
 */
export function ownPageCheck(publicUrl: string): (headers: IncomingHttpHeaders) => boolean {
  const isSameSite = sameSiteCheck(publicUrl);
  return (headers) => {
    const site = headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
    const purpose = `${headers['sec-purpose'] ?? ''} ${headers.purpose ?? ''}`.toLowerCase();
    if (purpose.includes('prefetch') || purpose.includes('prerender')) return false;
    return isSameSite(headers);
  };
}
