import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { asc, sql } from 'drizzle-orm';
import { PlaceSearchQuery } from '@jara/shared';
import type { Module } from '../types.js';
import { places } from '../../infra/db/schema.js';
import { searchPlaces } from './places.repo.js';

export const geocodingModule: Module = async (app, ctx) => {
  // The whole gazetteer in the spec's shape, built once per change and served gzipped with an ETag.
  let cache: { etag: string; json: string; gz: Buffer; count: number } | null = null;
  async function fullList() {
    const [{ count } = { count: 0 }] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(places);
    if (cache && cache.count === count) return cache;
    const rows = await ctx.db.select().from(places).orderBy(asc(places.displayName));
    const data = rows.map((p) => ({ display_name: p.displayName, city: p.city, country: p.country, street: p.street, lat: p.lat, lon: p.lon, place_id: p.placeId }));
    const json = JSON.stringify({ success: true, data });
    cache = { etag: `"${createHash('sha1').update(json).digest('base64url')}"`, json, gz: gzipSync(json), count };
    return cache;
  }

  app.get('/api/geocoding/fetchAddresses', { schema: { tags: ['geocoding'] } }, async (req, reply) => {
    const c = await fullList();
    reply.header('etag', c.etag).header('cache-control', 'public, max-age=3600').header('vary', 'accept-encoding');
    if (req.headers['if-none-match'] === c.etag) return reply.status(304).send();
    reply.type('application/json');
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(c.gz);
    }
    return reply.send(c.json);
  });

  app.get('/api/geocoding/search', { schema: { tags: ['geocoding'], querystring: PlaceSearchQuery } }, async (req) => {
    const rows = await searchPlaces(ctx.db, req.query.q);
    return { success: true, data: rows };
  });
};
