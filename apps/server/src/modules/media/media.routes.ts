import sharp from 'sharp';
import { z } from 'zod';
import { MediaImageAnswer, NotModifiedAnswer } from '@jara/shared';
import type { Module } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { notFound } from '../../lib/errors.js';

/** Folders whose files anyone may see; chat and contact uploads are served by their modules. */
const PUBLIC_PREFIXES = ['seed/', 'products/', 'vendors/', 'categories/', 'banners/'];
const MEDIA_WIDTHS = [200, 400, 800] as const;
/** Formats a copy can be asked for (`?f=`); the stored originals are WebP (decision 0020). */
const MEDIA_FORMATS = ['avif', 'webp'] as const;
type MediaFormat = (typeof MEDIA_FORMATS)[number];

const MediaQuery = z.object({
  w: z.coerce
    .number()
    .refine((w) => (MEDIA_WIDTHS as readonly number[]).includes(w), { message: `one of ${MEDIA_WIDTHS.join(', ')}` })
    .optional(),
  f: z.enum(MEDIA_FORMATS).optional(),
});

/**
 * The width to serve. A browser that asks to save data (`Save-Data: on`, Chromium's Lite mode and
 * Android data saver) gets the next smaller copy, never wider than 400 px: 800 → 400, 400 → 200,
 * the original → 400. The same URL then answers by that header, so answers say `Vary: Save-Data`.
 */
function servedWidth(asked: number | undefined, saveData: boolean): number | null {
  const width = asked && (MEDIA_WIDTHS as readonly number[]).includes(asked) ? asked : null;
  if (!saveData) return width;
  if (width === null) return 400;
  return Math.max(MEDIA_WIDTHS[0], Math.min(400, width / 2));
}

/** Where a copy is kept in storage; null for the original itself (full-size WebP). */
function copyKey(key: string, width: number | null, format: MediaFormat): string | null {
  if (format === 'webp') return width ? `cache/w${width}/${key}` : null;
  return `cache/avif/${width ? `w${width}` : 'full'}/${key}`;
}

async function encode(original: Buffer, width: number | null, format: MediaFormat): Promise<Buffer> {
  let img = sharp(original);
  if (width) img = img.resize({ width, withoutEnlargement: true });
  // Effort 2, not sharp's 4: the first visitor to ask waits for the encoding (decision 0020).
  return format === 'avif' ? img.avif({ quality: 55, effort: 2 }).toBuffer() : img.webp({ quality: 78 }).toBuffer();
}

export const mediaModule: Module = async (app, ctx) => {
  defaultAccess(app, 'public');
  // Copies being encoded now: a second request for the same copy waits for the first encoding.
  const encoding = new Map<string, Promise<void>>();
  const makeCopy = (key: string, served: string, width: number | null, format: MediaFormat) => {
    let pending = encoding.get(served);
    if (!pending) {
      pending = (async () => {
        const original = await ctx.storage.get(key);
        if (!original) throw notFound();
        await ctx.storage.put(served, await encode(original, width, format));
      })().finally(() => encoding.delete(served));
      encoding.set(served, pending);
    }
    return pending;
  };

  // The answer is the image's bytes (a stream, not serialised); the schema documents it.
  const schema = {
    tags: ['media'],
    querystring: MediaQuery,
    response: { 200: MediaImageAnswer, 304: NotModifiedAnswer },
  };
  app.get('/media/*', { schema }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    if (!PUBLIC_PREFIXES.some((p) => key.startsWith(p)) || !/^[a-z0-9/_.-]+\.webp$/i.test(key) || key.includes('..'))
      throw notFound();
    const saveData =
      String(req.headers['save-data'] ?? '')
        .trim()
        .toLowerCase() === 'on';
    const width = servedWidth(req.query.w, saveData);
    const format = req.query.f ?? 'webp';
    let info = await ctx.storage.stat(key);
    if (!info) throw notFound();
    // Copies are made once and kept in storage, where every instance finds them.
    const served = copyKey(key, width, format) ?? key;
    if (served !== key) {
      info = await ctx.storage.stat(served);
      if (!info) {
        await makeCopy(key, served, width, format);
        info = await ctx.storage.stat(served);
      }
    }
    if (!info) throw notFound();
    reply
      .type(`image/${format}`)
      .header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800')
      // One URL per format (decision 0020): the answer varies only by the data saver.
      .header('vary', 'Save-Data')
      // The ETag @fastify/etag would compute from the bytes, known without reading them.
      .header('etag', info.etag);
    const etag = info.etag;
    const known = String(req.headers['if-none-match'] ?? '').split(/\s*,\s*/);
    if (known.some((t) => t === etag || t === `W/${etag}` || t === '*')) return reply.status(304).send();
    const body = await ctx.storage.stream(served);
    if (!body) throw notFound();
    return reply.header('content-length', info.size).send(body);
  });
};
