import sharp from 'sharp';
import { z } from 'zod';
import type { Module } from '../types.js';
import { notFound } from '../../lib/errors.js';

/** Folders whose files anyone may see; chat and contact uploads are served by their modules. */
const PUBLIC_PREFIXES = ['seed/', 'products/', 'vendors/', 'categories/', 'banners/'];
export const MEDIA_WIDTHS = [200, 400, 800] as const;

export const mediaModule: Module = async (app, ctx) => {
  app.get(
    '/media/*',
    { schema: { hide: true, querystring: z.object({ w: z.coerce.number().optional() }) } },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      if (!PUBLIC_PREFIXES.some((p) => key.startsWith(p)) || !/^[a-z0-9/_.-]+\.webp$/i.test(key) || key.includes('..')) throw notFound();
      const width = req.query.w && (MEDIA_WIDTHS as readonly number[]).includes(req.query.w) ? req.query.w : null;
      let body: Buffer | null;
      if (width) {
        const cacheKey = `cache/w${width}/${key}`;
        body = await ctx.storage.get(cacheKey);
        if (!body) {
          const original = await ctx.storage.get(key);
          if (!original) throw notFound();
          body = await sharp(original).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
          await ctx.storage.put(cacheKey, body);
        }
      } else {
        body = await ctx.storage.get(key);
      }
      if (!body) throw notFound();
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800')
        .send(body);
    },
  );
};
