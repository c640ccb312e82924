import sharp from 'sharp';
import { z } from 'zod';
import type { Module } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { notFound } from '../../lib/errors.js';

/** Folders whose files anyone may see; chat and contact uploads are served by their modules. */
const PUBLIC_PREFIXES = ['seed/', 'products/', 'vendors/', 'categories/', 'banners/'];
export const MEDIA_WIDTHS = [200, 400, 800] as const;

/**
 * The width to serve. A browser that asks to save data (`Save-Data: on`, Chromium's Lite mode and
 * Android data saver) gets the next smaller copy, never wider than 400 px: 800 → 400, 400 → 200,
 * the original → 400. The same URL then answers by that header, so answers say `Vary: Save-Data`.
 */
export function servedWidth(asked: number | undefined, saveData: boolean): number | null {
  const width = asked && (MEDIA_WIDTHS as readonly number[]).includes(asked) ? asked : null;
  if (!saveData) return width;
  if (width === null) return 400;
  return Math.max(MEDIA_WIDTHS[0], Math.min(400, width / 2));
}

export const mediaModule: Module = async (app, ctx) => {
  defaultAccess(app, 'public');
  app.get(
    '/media/*',
    { schema: { hide: true, querystring: z.object({ w: z.coerce.number().optional() }) } },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      if (!PUBLIC_PREFIXES.some((p) => key.startsWith(p)) || !/^[a-z0-9/_.-]+\.webp$/i.test(key) || key.includes('..')) throw notFound();
      const saveData = String(req.headers['save-data'] ?? '').trim().toLowerCase() === 'on';
      const width = servedWidth(req.query.w, saveData);
      let served = key;
      let info = await ctx.storage.stat(key);
      if (info && width) {
        // Resized copies are made once and kept in storage, where every instance finds them.
        served = `cache/w${width}/${key}`;
        info = await ctx.storage.stat(served);
        if (!info) {
          const original = await ctx.storage.get(key);
          if (!original) throw notFound();
          await ctx.storage.put(served, await sharp(original).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer());
          info = await ctx.storage.stat(served);
        }
      }
      if (!info) throw notFound();
      reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800')
        .header('vary', 'Save-Data')
        // The ETag @fastify/etag would compute from the bytes, known without reading them.
        .header('etag', info.etag);
      const etag = info.etag;
      const known = String(req.headers['if-none-match'] ?? '').split(/\s*,\s*/);
      if (known.some((t) => t === etag || t === `W/${etag}` || t === '*')) return reply.status(304).send();
      const body = await ctx.storage.stream(served);
      if (!body) throw notFound();
      return reply.header('content-length', info.size).send(body);
    },
  );
};
