/**
 * Revalidations of the catalogue answered before Fastify (decision 0027), over real HTTP (inject
 * does not go through the HTTP server): the same 304 as the route's, only when the body is the
 * one the route would answer now; everything else reaches the route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, catalogueWritten, createProduct, createVendor, type TestApp } from '../../../test/helpers.js';
import { products } from './catalogue.tables.js';

let app: TestApp;
let base: string;
let vendorId: string;
let productId: string;

beforeAll(async () => {
  app = await buildTestApp();
  const v = await createVendor(app);
  vendorId = v.id;
  productId = (await createProduct(app, v.id)).product.id;
  await createProduct(app, v.id, { category: 'shoes' });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.closeAll());

const answeredEarly = async () =>
  (await app.ctx.metrics.registry.getSingleMetric('jara_http_early_not_modified_total')!.get()).values[0]?.value ?? 0;

/** A GET over HTTP: status, headers, body. */
async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { headers });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/** The route's own answer and ETag for `path` with `encoding` (through Fastify: no If-None-Match). */
async function first(path: string, encoding = 'identity') {
  const res = await get(path, { 'accept-encoding': encoding });
  expect(res.status).toBe(200);
  return res.headers.get('etag')!;
}

const ROUTES = [
  '/api/product/list',
  '/api/product/list?category=shoes&inStock=true&sort=price-asc',
  '/api/product/list?sort=popular&inStock=true&limit=8',
  '/api/category/list',
  '/api/seller/list',
  '/api/content/home',
];

describe('revalidations answered before Fastify', () => {
  it('answers a matching revalidation of every catalogue read with the route’s own 304', async () => {
    for (const path of [...ROUTES, `/api/seller/vendor/${vendorId}`]) {
      for (const encoding of ['identity', 'gzip', 'br']) {
        const etag = await first(path, encoding);
        // The route's 304 (inject goes through Fastify, never the early answers) …
        const route = await app.inject({
          url: path,
          headers: { 'accept-encoding': encoding, 'if-none-match': etag, 'x-request-id': 'req-1' },
        });
        expect(route.statusCode, path).toBe(304);
        // … and the early one, over HTTP: counted, with the same status and headers.
        const before = await answeredEarly();
        const early = await get(path, { 'accept-encoding': encoding, 'if-none-match': etag, 'x-request-id': 'req-1' });
        expect(early.status, path).toBe(304);
        expect(await answeredEarly(), path).toBe(before + 1);
        for (const name of ['etag', 'vary', 'cache-control', 'x-request-id'])
          expect(early.headers.get(name), `${path} ${name}`).toBe(String(route.headers[name]));
        expect(early.headers.get('content-security-policy')).toBeNull();
        expect(early.body).toBe('');
      }
    }
    // Without an id of its own the answer still carries one.
    const etag = await first('/api/category/list');
    const early = await get('/api/category/list', { 'if-none-match': etag });
    expect(early.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets the route answer when the body changed, even before the snapshot is rebuilt', async () => {
    const etag = await first('/api/product/list', 'gzip');
    // Written as another process would: the revision moves, the snapshot is not rebuilt yet.
    await app.ctx.db.update(products).set({ name: 'Renamed Early' }).where(eq(products.id, productId));
    await catalogueWritten(app);
    expect(app.services.catalogue.catalogue.current()).toBeNull();
    const before = await answeredEarly();
    const res = await fetch(`${base}/api/product/list`, {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Renamed Early');
    expect(res.headers.get('etag')).not.toBe(etag);
    // The old ETag now meets the new body: the route answers 200 again, early or not.
    expect((await get('/api/product/list', { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(200);
    expect(await answeredEarly()).toBe(before);
  });

  it('leaves to the route what it must decide itself', async () => {
    const etag = await first('/api/product/list');
    const before = await answeredEarly();
    // A query the route refuses: its 400, whatever the If-None-Match, the second time too (the
    // early path keeps what it made of a query).
    for (let i = 0; i < 2; i++) {
      expect((await get('/api/product/list?page=2', { 'if-none-match': etag })).status).toBe(400);
      expect((await get('/api/product/list?sort=popular&sort=newest', { 'if-none-match': etag })).status).toBe(400);
      // A text search (the database ranks it).
      expect((await get('/api/product/list?q=rice', { 'if-none-match': '*' })).status).toBe(304);
    }
    // An unknown shop, a path that is not a route.
    expect((await get('/api/seller/vendor/nobody', { 'if-none-match': '*' })).status).toBe(404);
    expect((await get('/api/seller/vendor/a%2Fb', { 'if-none-match': '*' })).status).toBe(404);
    expect((await get('/api/product/list/', { 'if-none-match': etag })).status).toBe(404);
    // Not a revalidation, or one that does not match: the route's 200.
    expect((await get('/api/product/list')).status).toBe(200);
    expect((await get('/api/product/list', { 'if-none-match': '"other"' })).status).toBe(200);
    // Another method.
    const post = await fetch(`${base}/api/product/list`, { method: 'POST', headers: { 'if-none-match': etag } });
    expect(post.status).toBe(404);
    expect(await answeredEarly()).toBe(before);
  });

  it('leaves everything to Fastify once the server is closing', async () => {
    const etag = await first('/api/category/list');
    const before = await answeredEarly();
    app.ctx.early.closing = true;
    try {
      expect((await get('/api/category/list', { 'if-none-match': etag })).status).toBe(304);
      expect(await answeredEarly()).toBe(before);
    } finally {
      app.ctx.early.closing = false;
    }
  });
});
