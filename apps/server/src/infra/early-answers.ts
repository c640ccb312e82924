import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import { encodingFor, type Representation } from './snapshot.js';

/**
 * The body a route would answer right now, when it is in memory and current (no database work,
 * nothing to wait for); null when the route must answer itself. `path` is the request's path as
 * sent, `query` what follows the `?` (empty without one).
 */
export type CurrentBody = (path: string, query: string) => Representation | null;

/** The caller's `x-request-id` when well formed, else a new one (Fastify's genReqId and early answers). */
export function requestId(headers: IncomingMessage['headers']): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
}

/**
 * Revalidations answered before Fastify (decision 0027). A GET or HEAD whose If-None-Match names
 * the body a registered route would answer now gets its 304 straight from the HTTP server's
 * request event: the same status and headers as the route's (ETag of the negotiated encoding,
 * Vary, `Cache-Control: no-cache`, the request id; a 304 carries no security headers, decision
 * 0026), without routing, hooks, the access log line or the latency histogram; a counter counts
 * them. Everything else (a changed body, a body not in memory, another method, a server closing)
 * goes to Fastify unchanged.
 *
 * Only public answers may be registered: nobody is asked who they are here.
 */
export class EarlyAnswers {
  private readonly bodies: CurrentBody[] = [];
  /** Set when the server starts closing: from then on Fastify answers everything (503 and close). */
  closing = false;
  /** Called once per early answer (the metrics count them). */
  onAnswer: () => void = () => undefined;
  /** Called when a registered body fails to say what it is; the route then answers (and logs its own). */
  onError: (err: unknown) => void = () => undefined;

  /** Registers the current bodies of some public routes. */
  revalidate(current: CurrentBody): void {
    this.bodies.push(current);
  }

  /**
   * Answers the request with 304 and returns true, or returns false and leaves it untouched. Never
   * throws: it runs in the HTTP server's request event, where a throw would stop the process.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    try {
      return this.tryAnswer(req, res);
    } catch (err) {
      this.onError(err);
      return false;
    }
  }

  private tryAnswer(req: IncomingMessage, res: ServerResponse): boolean {
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch === undefined || this.closing || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q + 1);
    for (const current of this.bodies) {
      const rep = current(path, query);
      if (rep === null) continue;
      if (!rep.matches(ifNoneMatch)) return false;
      res.writeHead(304, {
        etag: rep.etag(encodingFor(rep, req.headers['accept-encoding'])),
        vary: 'accept-encoding',
        'cache-control': 'no-cache',
        'x-request-id': requestId(req.headers),
      });
      res.end();
      this.onAnswer();
      return true;
    }
    return false;
  }

  /**
   * Fastify's `serverFactory`: the HTTP server Fastify would make (same options and timeouts),
   * whose requests meet the early answers first.
   */
  serverFactory = (
    handler: (req: IncomingMessage, res: ServerResponse) => void,
    opts: Record<string, unknown>,
  ): Server => {
    const server = createServer((opts.http as ServerOptions | null) ?? {}, (req, res) => {
      if (!this.answer(req, res)) handler(req, res);
    });
    // As Fastify sets them on the server it makes (its defaults are in `opts`).
    server.keepAliveTimeout = Number(opts.keepAliveTimeout);
    server.requestTimeout = Number(opts.requestTimeout);
    server.setTimeout(Number(opts.connectionTimeout));
    const perSocket = Number(opts.maxRequestsPerSocket ?? 0);
    if (perSocket > 0) server.maxRequestsPerSocket = perSocket;
    return server;
  };
}
