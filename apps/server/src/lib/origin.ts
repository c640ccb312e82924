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
