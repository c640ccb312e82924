/**
 * The early answers on their own (the catalogue's use of them: modules/catalogue/revalidate-early.test.ts):
 * a body that fails to say what it is leaves the request to the route and is reported, and the
 * server Fastify would have made keeps Fastify's timeouts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { EarlyAnswers } from './early-answers.js';
import { Representation } from './snapshot.js';

let server: Server | null = null;
afterEach(async () => {
  await new Promise((r) => (server ? server.close(r) : r(null)));
  server = null;
});

async function serve(early: EarlyAnswers): Promise<string> {
  server = early.serverFactory((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('route'), {
    keepAliveTimeout: 72_000,
    requestTimeout: 0,
    connectionTimeout: 0,
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe('early answers', () => {
  it('answers a match, and leaves everything else to the route', async () => {
    const early = new EarlyAnswers();
    const rep = Representation.json({ success: true });
    early.revalidate((path) => (path === '/here' ? rep : null));
    const base = await serve(early);
    expect(server!.keepAliveTimeout).toBe(72_000);
    const hit = await fetch(`${base}/here?x=1`, { headers: { 'if-none-match': rep.etag('identity') } });
    expect(hit.status).toBe(304);
    expect(hit.headers.get('etag')).toBe(rep.etag('identity'));
    expect((await fetch(`${base}/elsewhere`, { headers: { 'if-none-match': '*' } })).status).toBe(200);
    expect((await fetch(`${base}/here`, { headers: { 'if-none-match': '"old"' } })).status).toBe(200);
  });

  it('leaves the request to the route when a body fails, and reports it', async () => {
    const early = new EarlyAnswers();
    const errors: unknown[] = [];
    early.onError = (err) => errors.push(err);
    early.revalidate(() => {
      throw new Error('bad opening hours');
    });
    const base = await serve(early);
    const res = await fetch(`${base}/api/seller/list`, { headers: { 'if-none-match': '*' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('route');
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('bad opening hours');
  });
});
