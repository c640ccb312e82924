import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The part of a response helmet's middleware uses: it only sets and removes headers. */
type HeaderRecorder = Pick<ServerResponse, 'removeHeader'> & {
  setHeader(name: string, value: string | number | readonly string[]): void;
};

/**
 * The headers helmet sets for `options`, worked out once: helmet's own middleware, run against a
 * response that only records them. Static options give the same headers on every answer.
 */
function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder: HeaderRecorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Narrowing to the two methods helmet calls: the cast holds while ServerResponse has them in this shape.
  helmet(options)({} as IncomingMessage, recorder as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return Object.freeze(headers);
}

/** A script, a stylesheet, a picture, a font, the manifest: bytes a page loads, never a page itself. */
const ASSET_TYPE = /^(?:image|video|audio|font)\/|^text\/css|javascript|^application\/(?:manifest\+json|wasm)/;

export interface SecurityHeaderSets {
  /** A page (text/html): helmet's headers for `options`. */
  page: Readonly<Record<string, string>>;
  /** An API answer or any other data: nothing may run in it, frame it or sniff it. */
  data: Readonly<Record<string, string>>;
  /** A page's asset: not sniffed, not read by other sites. */
  asset: Readonly<Record<string, string>>;
}

/**
 * The three sets of security headers. A page needs helmet's whole set (what it may load, frame or
 * open: about 1 KB); a JSON answer needs only to be inert if opened on its own (a policy that
 * allows nothing, no framing, no sniffing, as OWASP's REST guidance has it), and an asset only
 * `nosniff` and Cross-Origin-Resource-Policy. HSTS, when on, goes on every answer.
 */
function securityHeaderSets(options: HelmetOptions): SecurityHeaderSets {
  const page = helmetHeaders(options);
  const hsts = page['strict-transport-security'];
  const asset = Object.freeze({
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    ...(hsts === undefined ? {} : { 'strict-transport-security': hsts }),
  });
  const data = Object.freeze({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    ...asset,
  });
  return { page, data, asset };
}

/**
 * An `onSend` hook putting on each answer the security headers of what it is (pages, API answers,
 * errors, 404s, static files; see securityHeaderSets), computed once rather than by helmet on
 * every request, and without overwriting a header the route chose itself. A 304 gets none: the
 * browser keeps the headers of the copy it revalidated, and a revalidation is the commonest
 * answer of the catalogue.
 */
export function securityHeaders(options: HelmetOptions) {
  const sets = securityHeaderSets(options);
  const page = Object.entries(sets.page);
  const data = Object.entries(sets.data);
  const asset = Object.entries(sets.asset);
  return (_req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, p: unknown) => void): void => {
    if (reply.statusCode !== 304) {
      const type = reply.getHeader('content-type');
      const kind =
        typeof type !== 'string' ? data : type.startsWith('text/html') ? page : ASSET_TYPE.test(type) ? asset : data;
      for (const [name, value] of kind) if (!reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  };
}
