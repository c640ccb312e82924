import { z } from 'zod';
import { Email } from '@jara/shared';
import type { Module } from '../types.js';
import { newsletterSubscribers } from '../../infra/db/schema.js';
import { notFound } from '../../lib/errors.js';
import { rateLimit } from '../../lib/http.js';
import { findVendor, listActiveBanners, listCategories, listProducts, listVendors, toVendorDto } from './catalog.repo.js';

/** Shown until an admin adds banners of their own (seeded into the banners table too). */
export const DEFAULT_BANNERS = [
  { image: '/media/seed/banner-0.webp', headline: 'Campus food, at your hall in 30 minutes', text: 'Jollof, shawarma, small chops and more from vendors around Ugbowo.', link: '/products/food' },
  { image: '/media/seed/banner-1.webp', headline: 'Send a parcel across campus', text: 'A rider picks it up and delivers it with a code only your recipient knows.', link: '/dispatch-request' },
];
const HOME_SLIDES = [0, 1, 2, 3].map((i) => `/media/seed/slide-${i}.webp`);

export const catalogModule: Module = async (app, ctx) => {
  app.get('/api/product/list', { schema: { tags: ['catalogue'] } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return { success: true, products: await listProducts(ctx.db) };
  });

  app.get('/api/category/list', { schema: { tags: ['catalogue'] } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return { success: true, categories: await listCategories(ctx.db) };
  });

  app.get('/api/seller/list', { schema: { tags: ['catalogue'] } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    const now = new Date();
    return { success: true, vendors: (await listVendors(ctx.db)).map((v) => toVendorDto(v, now)) };
  });

  app.get('/api/seller/vendor/:vendorId', { schema: { tags: ['catalogue'], params: z.object({ vendorId: z.string() }) } }, async (req) => {
    const id = req.params.vendorId;
    const vendor = z.uuid().safeParse(id).success ? await findVendor(ctx.db, id) : undefined;
    if (!vendor) throw notFound('Vendor not found.');
    return { success: true, vendor: toVendorDto(vendor) };
  });

  app.get('/api/content/home', { schema: { tags: ['catalogue'] } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    const active = await listActiveBanners(ctx.db);
    return { success: true, banners: active.length ? active : DEFAULT_BANNERS, slides: HOME_SLIDES };
  });

  app.post('/api/newsletter/subscribe', { schema: { tags: ['newsletter'], body: z.strictObject({ email: Email }) } }, async (req, reply) => {
    await rateLimit(ctx.limiter, reply, [{ key: `newsletter:ip:${req.ip}`, limit: 20, windowMs: 3_600_000 }]);
    await ctx.db.insert(newsletterSubscribers).values({ email: req.body.email }).onConflictDoNothing();
    return { success: true, message: 'Thanks for subscribing!' };
  });
};
