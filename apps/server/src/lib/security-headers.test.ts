import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { securityHeaders } from './security-headers.js';

const PAGE_ONLY = ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection'];

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.addHook(
    'onSend',
    securityHeaders({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"] } },
      hsts: true,
    }),
  );
  app.addHook('onRequest', async (req, reply) => {
    if (req.url === '/refused') await reply.status(401).send({ success: false, message: 'Please sign in.' });
  });
  app.get('/page', (_req, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html><p>hi</p>'));
  app.get('/data', () => ({ success: true }));
  app.get('/picture', (_req, reply) => reply.type('image/avif').send(Buffer.from([0, 1, 2])));
  app.get('/script', (_req, reply) => reply.type('text/javascript; charset=utf-8').send('void 0'));
  app.get('/not-modified', (_req, reply) => reply.header('etag', '"a"').status(304).send());
  app.get('/own', (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('referrer-policy', 'same-origin').send('<p>form</p>'),
  );
  app.get('/refused', () => ({ success: true }));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ url });

describe('security headers by what the answer is', () => {
  it("a page gets helmet's whole set", async () => {
    const res = await get('/page');
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    for (const name of PAGE_ONLY) expect(res.headers[name], name).toBeDefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });

  it('data gets a policy that lets nothing run in it or frame it, and nothing page-only', async () => {
    for (const url of ['/data', '/refused']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['strict-transport-security'], url).toContain('max-age=');
      for (const name of PAGE_ONLY) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
    expect((await get('/refused')).statusCode).toBe(401);
  });

  it('an asset gets nosniff, Cross-Origin-Resource-Policy and HSTS only', async () => {
    for (const url of ['/picture', '/script']) {
      const res = await get(url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toContain('max-age=');
      for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', ...PAGE_ONLY])
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
  });

  it('a 304 gets none: the browser keeps those of the copy it revalidated', async () => {
    const res = await get('/not-modified');
    expect(res.statusCode).toBe(304);
    expect(res.headers.etag).toBe('"a"');
    for (const name of ['content-security-policy', 'x-content-type-options', 'strict-transport-security'])
      expect(res.headers[name], name).toBeUndefined();
  });

  it('keeps a header the route chose itself', async () => {
    const res = await get('/own');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
