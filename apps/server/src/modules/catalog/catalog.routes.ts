import { z } from 'zod';
import { Email, ProductListQuery, str } from '@jara/shared';
import type { Module } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { newsletterSubscribers } from '../../infra/db/schema.js';
import { notFound } from '../../lib/errors.js';
import { rateLimit } from '../../lib/http.js';
import { isPlainList, searchProducts } from './product-search.js';
import { sendRepresentation } from '../../infra/snapshot.js';

export { DEFAULT_BANNERS } from './snapshot.js';

/**
 * The public catalogue is answered from memory (snapshot.ts, decision 0011): no database work
 * while the snapshot is current, and none at all for a revalidation that matches.
 */
export const catalogModule: Module = async (app, ctx) => {
  defaultAccess(app, 'public');
  const store = ctx.catalogue;
  const fromMemory = { tags: ['catalogue'] };

  // The spec's plain list comes from memory; a search, filter or sort is computed per request.
  app.get('/api/product/list', { schema: { tags: ['catalogue'], querystring: ProductListQuery }, compress: false }, async (req, reply) => {
    if (isPlainList(req.query)) return sendRepresentation(req, reply, (await store.catalogue.get()).productList({}));
    reply.header('cache-control', 'no-cache');
    return { success: true, products: await searchProducts(ctx.db, req.query, store.now()) };
  });

  app.get('/api/category/list', { schema: fromMemory, compress: false }, async (req, reply) => {
    return sendRepresentation(req, reply, (await store.catalogue.get()).categories);
  });

  app.get('/api/seller/list', { schema: fromMemory, compress: false }, async (req, reply) => {
    return sendRepresentation(req, reply, (await store.catalogue.get()).vendorListAt(store.now()));
  });

  app.get('/api/seller/vendor/:vendorId', { schema: { tags: ['catalogue'], params: z.object({ vendorId: str().max(100) }) }, compress: false }, async (req, reply) => {
    const rep = (await store.catalogue.get()).vendorAt(req.params.vendorId, store.now());
    if (!rep) throw notFound('Vendor not found.');
    return sendRepresentation(req, reply, rep);
  });

  app.get('/api/content/home', { schema: fromMemory, compress: false }, async (req, reply) => {
    return sendRepresentation(req, reply, (await store.catalogue.get()).home);
  });

  app.post('/api/newsletter/subscribe', { schema: { tags: ['newsletter'], body: z.strictObject({ email: Email }) } }, async (req, reply) => {
    await rateLimit(ctx.limiter, reply, [{ key: `newsletter:ip:${req.ip}`, limit: 20, windowMs: 3_600_000 }]);
    await ctx.db.insert(newsletterSubscribers).values({ email: req.body.email }).onConflictDoNothing();
    return { success: true, message: 'Thanks for subscribing!' };
  });
};
