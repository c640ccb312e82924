import { z } from 'zod';
import { MapInfoAnswer, NotModifiedAnswer, type MapInfo } from '@jara/shared';
import { Representation, keepAtMost, sendRepresentation } from '../../infra/snapshot.js';
import { defaultAccess } from '../../lib/access.js';
import { notFound } from '../../lib/errors.js';
import { moduleWith } from '../types.js';
import type { CatalogueStore } from '../catalogue/index.js';
import { hiddenPlaces } from '../geocoding/index.js';
import { campusMapData, mapVersion } from './campus-map.js';
import { AREA_MAX_ZOOM, MAX_ZOOM, MIN_ZOOM, TileCoverage, serviceAreaEdge } from './coverage.js';
import { renderTile } from './tile-renderer.js';
import { withoutHidden } from './hidden-labels.js';

/** What every map shows (ODbL 1.0 asks for it wherever the data is used). */
const MAP_ATTRIBUTION = '© OpenStreetMap contributors, ODbL';

/**
 * Rendered tiles kept in memory, the most recently asked for last. Every tile of the default
 * service area fits (9,159 tiles, 7.6 MB: docs/benchmarks.md, the campus map), so each is drawn at
 * most once per process, however many ask; with a wider SERVICE_RADIUS_KM the least recently asked
 * for go first.
 */
const KEPT_TILES = 10_000;
/** Tiles drawn at once: sharp works on libuv's four threads, which files and compression need too. */
const RENDERING_AT_ONCE = 2;

/** A year, never revalidated: a tile's URL names the extract and style it was drawn from. */
const TILE_CACHE = 'public, max-age=31536000, immutable';

const TileParams = z.object({
  version: z.string().max(64),
  z: z.string().regex(/^\d{1,2}$/),
  x: z.string().regex(/^\d{1,7}$/),
  y: z.string().regex(/^\d{1,7}$/),
});
/** The tile's bytes, never serialised; the schema documents them. */
const MapTileAnswer = z.any().describe('A 256×256 PNG tile of the campus map (no text: labels come from /api/map).');

/** At most `n` tasks at once; the others wait in order. */
function limited(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((go) => waiting.push(go));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

export const mapModule = moduleWith<{ catalogue: CatalogueStore }>(async (app, ctx, { catalogue }) => {
  defaultAccess(app, 'public');
  const area = ctx.config.campus.serviceArea;
  const coverage = new TileCoverage(area);
  const edge = serviceAreaEdge(area);
  const atOnce = limited(RENDERING_AT_ONCE);
  // Drawn on demand and kept (decision 0040); a second request for a tile being drawn waits for it.
  const kept = new Map<string, Buffer>();
  const drawing = new Map<string, Promise<Buffer>>();
  const tile = (z: number, x: number, y: number): Promise<Buffer> => {
    const key = `${z}/${x}/${y}`;
    const hit = kept.get(key);
    if (hit) {
      // Moved to the end: the least recently asked for goes first.
      kept.delete(key);
      kept.set(key, hit);
      return Promise.resolve(hit);
    }
    let pending = drawing.get(key);
    if (!pending) {
      pending = atOnce(() => renderTile(campusMapData(), z, x, y, edge))
        .then((png) => keepAtMost(kept, KEPT_TILES, key, png))
        .finally(() => drawing.delete(key));
      drawing.set(key, pending);
    }
    return pending;
  };

  // Made on the first request: reading the extract takes a few hundred milliseconds, once. Made
  // again when the gazetteer changes (its section of the catalogue store): the labels of places an
  // admin hid are left out (issue 33).
  let info: Representation | null = null;
  let madeFor: unknown = null;
  const mapInfo = async () => {
    const gazetteer = await catalogue.places.get();
    if (!info || madeFor !== gazetteer) {
      const hidden = await hiddenPlaces(ctx.db);
      const map: MapInfo = {
        tileUrl: `/map/tiles/${mapVersion()}/{z}/{x}/{y}.png`,
        minZoom: MIN_ZOOM,
        maxZoom: MAX_ZOOM,
        areaMaxZoom: AREA_MAX_ZOOM,
        bounds: coverage.bounds,
        detailBounds: coverage.detailBounds,
        centre: area.centre,
        attribution: MAP_ATTRIBUTION,
        places: withoutHidden(campusMapData().places, hidden),
      };
      info = Representation.json({ success: true, map });
      madeFor = gazetteer;
    }
    return info;
  };
  // Revalidations of the map's description are answered before routing once it exists (decision 0027).
  ctx.early.revalidate((path, query) =>
    path === '/api/map' && query === '' && madeFor !== null && catalogue.places.current() === madeFor ? info : null,
  );

  app.get(
    '/api/map',
    { schema: { tags: ['map'], response: { 200: MapInfoAnswer, 304: NotModifiedAnswer } }, compress: false },
    async (req, reply) => sendRepresentation(req, reply, await mapInfo()),
  );

  app.get(
    '/map/tiles/:version/:z/:x/:y.png',
    {
      schema: { tags: ['map'], params: TileParams, response: { 200: MapTileAnswer, 304: NotModifiedAnswer } },
      compress: false,
    },
    async (req, reply) => {
      const { version } = req.params;
      const [z, x, y] = [Number(req.params.z), Number(req.params.x), Number(req.params.y)];
      // An old version is gone for good: the page asks /api/map for the current one.
      if (version !== mapVersion() || !coverage.has(z, x, y)) throw notFound('There is no such map tile.');
      // The URL names the bytes (version, then the tile): the tag is known before drawing.
      const etag = `"${version}-${z}-${x}-${y}"`;
      reply.header('cache-control', TILE_CACHE).header('etag', etag);
      const known = String(req.headers['if-none-match'] ?? '').split(/\s*,\s*/);
      if (known.some((t) => t === etag || t === `W/${etag}` || t === '*')) return reply.status(304).send();
      const png = await tile(z, x, y);
      return reply.type('image/png').header('content-length', png.length).send(png);
    },
  );
});
