import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, worked out once: helmet's own middleware, run against a
 * response that only records them. Static options give the same headers on every answer.
 */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return Object.freeze(headers);
}

/**
 * An `onRequest` hook putting helmet's security headers on every answer (pages, API, errors,
 * 404s, static files). The @fastify/helmet plugin called `helmet(options)` on every request,
 * which validates and serialises the Content-Security-Policy anew each time; the headers are the
 * same for every request, so they are computed once here and copied onto each reply.
 */
export function securityHeaders(options: HelmetOptions) {
  const headers = Object.entries(helmetHeaders(options));
  return (_req: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  };
}
