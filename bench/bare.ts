/**
 * The baseline for bench/server.ts: a bare Fastify 5 server (no plugins, no hooks) answering
 * with bytes it was handed: for each path a body, its gzip and its ETag (304 when it matches),
 * and /hello with the health check's bytes. Started by server.ts with BARE_SPEC (a JSON file).
 * It first gets process.nextTick optimised (decision 0032, next-tick.ts): a bare process left it
 * slow once in a while, which made the baseline, and every ratio to it, move between runs.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { optimiseNextTick } from './next-tick.js';

await optimiseNextTick();

interface Spec {
  port: number;
  routes: { path: string; etag: string; body: string; gzip: string }[];
  hello: string;
}

const spec = JSON.parse(readFileSync(process.env.BARE_SPEC!, 'utf8')) as Spec;
const app = Fastify({ logger: false });
for (const r of spec.routes) {
  const body = Buffer.from(r.body, 'base64');
  const gz = Buffer.from(r.gzip, 'base64');
  app.get(r.path, async (req, reply) => {
    reply.header('etag', r.etag).header('vary', 'accept-encoding').header('cache-control', 'no-cache');
    if (req.headers['if-none-match'] === r.etag) return reply.status(304).send();
    reply.type('application/json; charset=utf-8');
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')))
      return reply.header('content-encoding', 'gzip').send(gz);
    return reply.send(body);
  });
}
const hello = Buffer.from(spec.hello, 'base64');
app.get('/hello', async (_req, reply) => reply.type('application/json; charset=utf-8').send(hello));
await app.listen({ port: spec.port, host: '127.0.0.1' });
process.stdout.write('ready\n');
