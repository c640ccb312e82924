/**
 * The campus map's raster tiles (issue 28, decision 0040), through the real routes of an app built
 * as the server builds it (embedded database, `inject`, one request at a time):
 *
 *   - every tile at zoom 17 over the service area and 18 over the campus: how many, their bytes
 *     (issue 28: ≤ 15 MB in all) and the time to draw one (median, p95, max), each drawn on demand
 *     as its first visitor would have it; zooms 13–16 too, for the whole pyramid;
 *   - a first map view: a 360×640 phone viewport centred on the campus at 16 and at 17, the tiles
 *     Leaflet 1.9 loads for it (GridLayer._update: the tiles the viewport touches) and, as an upper
 *     bound, those with its keepBuffer of 2 tiles around, with GET /api/map: bytes on the wire
 *     (bodies and headers; issue 28: ≤ 300 KB);
 *   - with --vector-modules DIR (a node_modules folder holding geojson-vt, vt-pbf, @mapbox/vector-tile,
 *     pbf, and optionally leaflet.vectorgrid, protomaps-leaflet and maplibre-gl, installed outside
 *     the repository: `npm install --prefix /tmp/vt geojson-vt vt-pbf @mapbox/vector-tile pbf …`):
 *     the same extract as vector tiles (geojson-vt, vt-pbf, gzip), their bytes for the same views
 *     and pyramid, and the JavaScript a phone would run for each;
 *   - with --phone too (Debian's Chromium, CHROME_PATH): the time a phone at Lighthouse's 4× CPU
 *     slowdown takes to put the first view on screen from the raster tiles (decode and draw) and
 *     from the vector tiles (parse and draw on a canvas, as a Leaflet vector layer does).
 *
 *   npm run bench:map-tiles -w bench [-- --vector-modules /tmp/vt/node_modules [--phone]] [--save NAME]
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import pino from 'pino';
import { MapInfoAnswer, type MapInfo } from '@jara/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openPglite } from '../apps/server/src/infra/db/client.js';
import { CAMPUS_EXTRACT_FILE } from '../apps/server/src/modules/routing/index.js';
import { mercator } from '../apps/server/src/modules/map/campus-map.js';
import { TileCoverage } from '../apps/server/src/modules/map/coverage.js';
import { pct } from './harness.js';

const { values } = parseArgs({
  options: {
    'vector-modules': { type: 'string' },
    phone: { type: 'boolean', default: false },
    save: { type: 'string' },
    /** Only these zooms (e.g. 16,17 while trying the vector part); all of 13–18 by default. */
    zooms: { type: 'string', default: '17,18,13,14,15,16' },
  },
});
const ROOT = path.resolve(import.meta.dirname, '..');
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const ms = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;
const r2 = (x: number) => +x.toFixed(2);

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  JOBS_ENABLED: 'false',
  UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'jara-bench-map-')),
  PUBLIC_URL: 'http://localhost:3000',
});
const app = await buildApp(config, { database: await openPglite(null), logger: pino({ level: 'silent' }) });

/** Bytes of an answer on the wire: status line, headers, body (HTTP/1.1, as a phone's proxy sees it). */
function wireBytes(res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }) {
  let head = `HTTP/1.1 ${res.statusCode} OK\r\n`;
  for (const [name, value] of Object.entries(res.headers)) head += `${name}: ${String(value)}\r\n`;
  return Buffer.byteLength(`${head}\r\n`) + res.rawPayload.length;
}

// The map's description: the first call reads the extract (once per process).
let t = process.hrtime.bigint();
const first = await app.inject({ url: '/api/map', headers: { 'accept-encoding': 'br, gzip' } });
const firstApiMapMs = ms(t);
const map: MapInfo = MapInfoAnswer.parse(JSON.parse((await app.inject({ url: '/api/map' })).body)).map;
const apiMap = {
  firstCallMs: Math.round(firstApiMapMs),
  places: map.places.length,
  jsonBytes: (await app.inject({ url: '/api/map' })).rawPayload.length,
  brotliBytes: first.rawPayload.length,
  wireBytes: wireBytes(first),
};

const coverage = new TileCoverage(config.campus.serviceArea);
const tileUrl = (z: number, x: number, y: number) =>
  map.tileUrl.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
/** Every tile answered, by "z/x/y": its body and wire bytes. */
const answered = new Map<string, { bytes: number; wire: number; png: Buffer }>();

async function zoom(z: number) {
  const times: number[] = [];
  const sizes: number[] = [];
  for (const [x, y] of coverage.tiles(z)) {
    t = process.hrtime.bigint();
    const res = await app.inject({ url: tileUrl(z, x, y) });
    times.push(ms(t));
    if (res.statusCode !== 200) throw new Error(`${tileUrl(z, x, y)}: ${res.statusCode}`);
    sizes.push(res.rawPayload.length);
    answered.set(`${z}/${x}/${y}`, { bytes: res.rawPayload.length, wire: wireBytes(res), png: res.rawPayload });
  }
  return {
    zoom: z,
    tiles: sizes.length,
    mb: r2(sizes.reduce((a, b) => a + b, 0) / 1e6),
    medianBytes: pct(sizes, 50),
    maxBytes: Math.max(...sizes),
    drawMedianMs: r2(pct(times, 50)),
    drawP95Ms: r2(pct(times, 95)),
    drawMaxMs: r2(Math.max(...times)),
    drawTotalS: r2(times.reduce((a, b) => a + b, 0) / 1000),
  };
}

// The first tile pays for reading and filing the extract's shapes: drawn apart, before the timings.
t = process.hrtime.bigint();
await app.inject({ url: tileUrl(13, ...(coverage.tiles(13).next().value as [number, number])) });
const firstTileMs = Math.round(ms(t));
answered.clear();

const zooms = [];
for (const z of values.zooms.split(',').map(Number)) {
  zooms.push(await zoom(z));
  process.stderr.write(`zoom ${z} drawn\n`);
}
const asked = zooms.filter((z) => z.zoom >= 17);
const askedMb = r2(asked.reduce((a, z) => a + z.mb, 0));

/**
 * The tiles Leaflet 1.9 loads for a viewport: GridLayer._getTiledPixelBounds (the centre's pixel,
 * floored, ± half the size) and _pxBoundsToTileRange (floor of the top left, ceil of the bottom
 * right less one); with `buffer`, that many more rows and columns all round (keepBuffer).
 */
function leafletTiles(z: number, width: number, height: number, buffer = 0): [number, number][] {
  const [cx, cy] = mercator.px([map.centre.longitude, map.centre.latitude], z);
  const minX = Math.floor((cx - width / 2) / 256) - buffer;
  const minY = Math.floor((cy - height / 2) / 256) - buffer;
  const maxX = Math.ceil((cx + width / 2) / 256) - 1 + buffer;
  const maxY = Math.ceil((cy + height / 2) / 256) - 1 + buffer;
  const out: [number, number][] = [];
  for (let y = minY; y <= maxY; y++) for (let x = minX; x <= maxX; x++) out.push([x, y]);
  return out;
}

const firstViews = [];
for (const z of [16, 17]) {
  for (const buffer of [0, 2]) {
    const tiles = leafletTiles(z, 360, 640, buffer).map(([x, y]) => answered.get(`${z}/${x}/${y}`)!);
    const wire = tiles.reduce((a, b) => a + b.wire, 0) + apiMap.wireBytes;
    firstViews.push({
      zoom: z,
      tiles: tiles.length,
      with: buffer ? 'keepBuffer 2' : 'viewport',
      tileKb: kb(tiles.reduce((a, b) => a + b.bytes, 0)),
      wireKbWithApiMap: kb(wire),
      within300Kb: wire <= 300 * 1024,
    });
  }
}

const results: Record<string, unknown> = {
  label: values.save ?? 'map-tiles',
  machine: { cpus: cpus().length, loadAverage: loadavg().map((l) => r2(l)) },
  extractKb: kb(readFileSync(CAMPUS_EXTRACT_FILE).length),
  firstTileMs,
  apiMap,
  zooms,
  asked: { zooms: '17 over the service area, 18 over the campus', mb: askedMb, within15Mb: askedMb <= 15 },
  pyramid: {
    tiles: zooms.reduce((a, z) => a + z.tiles, 0),
    mb: r2(zooms.reduce((a, z) => a + z.mb, 0)),
    drawTotalS: r2(zooms.reduce((a, z) => a + z.drawTotalS, 0)),
  },
  firstViews,
};
console.table(zooms);
console.table(firstViews);
console.log({ ...apiMap, firstTileMs, asked: results.asked, pyramid: results.pyramid });

if (values['vector-modules']) results.vector = await vector(values['vector-modules']);
await app.close();

if (values.save) {
  const file = path.join(ROOT, 'bench', 'results', `${values.save}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  process.stderr.write(`saved ${file} (run prettier --write on it)\n`);
}

/** The vector-tile alternative, from the same extract. */
async function vector(modulesDir: string) {
  const load = createRequire(path.join(path.resolve(modulesDir), 'noop.js'));
  // A class since geojson-vt 5 (a function that news one before it): `new` suits both.
  const GeoJsonVt = (await import(load.resolve('geojson-vt'))).default as new (
    data: unknown,
    options: Record<string, number>,
  ) => { getTile(z: number, x: number, y: number): unknown };
  const vtpbf = load('vt-pbf') as { fromGeojsonVt(layers: Record<string, unknown>, options?: unknown): Uint8Array };
  const features = (
    JSON.parse(gunzipSync(readFileSync(CAMPUS_EXTRACT_FILE)).toString('utf8')) as {
      features: { properties: Record<string, string>; geometry: { type: string } }[];
    }
  ).features;
  // Three layers with the one property a style reads, as a vector map would be served.
  const layer = (keep: (f: (typeof features)[number]) => boolean) => ({
    type: 'FeatureCollection',
    features: features.filter(keep).map((f) => ({
      type: 'Feature',
      properties: { class: f.properties.highway ?? Object.values(f.properties)[0] },
      geometry: f.geometry,
    })),
  });
  t = process.hrtime.bigint();
  // Drawn as deep as 16 and stretched beyond it (overzoom), as vector maps usually are.
  const options = { maxZoom: 16, indexMaxZoom: 5, tolerance: 3, extent: 4096, buffer: 64 };
  const indexes = {
    roads: new GeoJsonVt(
      layer((f) => f.geometry.type === 'LineString'),
      options,
    ),
    areas: new GeoJsonVt(
      layer((f) => f.geometry.type.endsWith('Polygon') && !f.properties.building),
      options,
    ),
    buildings: new GeoJsonVt(
      layer((f) => !!f.properties.building),
      options,
    ),
  };
  const indexMs = Math.round(ms(t));
  const pbfs = new Map<string, Uint8Array>();
  const tile = (z: number, x: number, y: number) => {
    const key = `${z}/${x}/${y}`;
    let pbf = pbfs.get(key);
    if (!pbf) {
      const layers: Record<string, unknown> = {};
      for (const [name, index] of Object.entries(indexes)) {
        const vt = index.getTile(z, x, y);
        if (vt) layers[name] = vt;
      }
      pbf = vtpbf.fromGeojsonVt(layers, { version: 2 });
      pbfs.set(key, pbf);
    }
    return pbf;
  };
  const gz = (b: Uint8Array) => gzipSync(b).length;
  const pyramid = { tiles: 0, mb: 0 };
  t = process.hrtime.bigint();
  for (const z of [13, 14, 15, 16]) {
    for (const [x, y] of coverage.tiles(z)) {
      pyramid.tiles++;
      pyramid.mb += gz(tile(z, x, y)) / 1e6;
    }
  }
  const tilesMs = ms(t) / pyramid.tiles;
  pyramid.mb = r2(pyramid.mb);
  const views = [];
  for (const z of [16, 17]) {
    // At 17 the z16 tiles are stretched: a quarter as many tiles, each drawn at twice the scale.
    const source = Math.min(16, z);
    const keys = new Set(
      leafletTiles(z, 360, 640).map(([x, y]) => `${source}/${x >> (z - source)}/${y >> (z - source)}`),
    );
    const tiles = [...keys].map((k) => k.split('/').map(Number) as [number, number, number]);
    const bytes = tiles.reduce((a, [tz, x, y]) => a + gz(tile(tz, x, y)), 0);
    views.push({ zoom: z, tiles: tiles.length, gzipKb: kb(bytes), withApiMapKb: kb(bytes + apiMap.wireBytes) });
  }
  console.table(views);
  const js: Record<string, number> = {};
  const gzipOf = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
  js.leaflet = kb(gzipOf(path.join(ROOT, 'node_modules/leaflet/dist/leaflet.js')));
  for (const [name, file] of [
    ['leaflet.vectorgrid', 'leaflet.vectorgrid/dist/Leaflet.VectorGrid.bundled.min.js'],
    ['protomaps-leaflet', 'protomaps-leaflet/dist/protomaps-leaflet.js'],
    ['maplibre-gl', 'maplibre-gl/dist/maplibre-gl.mjs'],
    ['maplibre-gl worker', 'maplibre-gl/dist/maplibre-gl-worker.mjs'],
  ]) {
    const where = path.join(path.resolve(modulesDir), file!);
    if (existsSync(where)) js[name!] = kb(gzipOf(where));
  }
  console.table(js);
  console.log({ vectorIndexMs: indexMs, vectorTileMs: r2(tilesMs), vectorPyramid: pyramid });
  const out: Record<string, unknown> = {
    options,
    indexMs,
    tileMs: r2(tilesMs),
    pyramid: { zooms: '13-16 over the service area, stretched beyond', ...pyramid },
    firstViews: views,
    jsGzipKb: js,
  };
  if (values.phone) out.phone = await phone(load, views, tile);
  return out;
}

declare global {
  /** What the bundle puts on the page's window: a vector tile parser and its protobuf reader. */
  interface Window {
    VT?: PageVectorTile;
  }
}
interface PageVectorTile {
  VectorTile: new (pbf: unknown) => {
    layers: Record<
      string,
      {
        length: number;
        extent: number;
        feature(i: number): { type: number; loadGeometry(): { x: number; y: number }[][] };
      }
    >;
  };
  Pbf: new (bytes: Uint8Array) => unknown;
}

/**
 * A phone's time to put the first view on screen, in Chromium at Lighthouse's 4× CPU slowdown: the
 * raster tiles decoded and drawn (createImageBitmap, drawImage), the vector tiles parsed
 * (@mapbox/vector-tile, pbf) and drawn on a canvas per tile (fills, then strokes), as a Leaflet
 * vector layer draws them. The median of 5 runs each.
 */
async function phone(
  load: ReturnType<typeof createRequire>,
  views: { zoom: number }[],
  tile: (z: number, x: number, y: number) => Uint8Array,
) {
  const { chromium } = await import('playwright-core');
  const { build } = await import('esbuild');
  const bundle = await build({
    stdin: {
      // pbf 5 names its reader PbfReader; earlier versions export one class by default.
      contents:
        `import { VectorTile } from '@mapbox/vector-tile'; ` +
        (Number(
          (
            JSON.parse(
              readFileSync(path.join(path.resolve(values['vector-modules']!), 'pbf/package.json'), 'utf8'),
            ) as {
              version: string;
            }
          ).version.split('.')[0],
        ) >= 5
          ? `import { PbfReader as Pbf } from 'pbf'; `
          : `import Pbf from 'pbf'; `) +
        `window.VT = { VectorTile, Pbf };`,
      resolveDir: path.dirname(load.resolve('pbf')),
    },
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    nodePaths: [path.resolve(values['vector-modules']!)],
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 1 });
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const out = [];
    for (const { zoom: z } of views) {
      const raster = leafletTiles(z, 360, 640).map(([x, y]) => answered.get(`${z}/${x}/${y}`)!.png.toString('base64'));
      const source = Math.min(16, z);
      const keys = new Set(
        leafletTiles(z, 360, 640).map(([x, y]) => `${source}/${x >> (z - source)}/${y >> (z - source)}`),
      );
      const vector = [...keys].map((k) => {
        const [tz, x, y] = k.split('/').map(Number) as [number, number, number];
        return Buffer.from(tile(tz, x, y)).toString('base64');
      });
      const runs = { raster: [] as number[], vector: [] as number[] };
      for (let i = 0; i < 5; i++) {
        runs.raster.push(
          await page.evaluate(async (tiles) => {
            const blobs = tiles.map(
              (b64) => new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' }),
            );
            const canvas = document.createElement('canvas');
            canvas.width = 256;
            canvas.height = 256;
            const ctx = canvas.getContext('2d')!;
            const start = performance.now();
            for (const bitmap of await Promise.all(blobs.map((b) => createImageBitmap(b)))) ctx.drawImage(bitmap, 0, 0);
            ctx.getImageData(0, 0, 1, 1);
            return performance.now() - start;
          }, raster),
        );
        runs.vector.push(
          await page.evaluate(
            ({ tiles, scale }) => {
              const { VectorTile, Pbf } = window.VT!;
              const bytes = tiles.map((b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
              const start = performance.now();
              for (const b of bytes) {
                const canvas = document.createElement('canvas');
                canvas.width = 256 * scale;
                canvas.height = 256 * scale;
                const ctx = canvas.getContext('2d')!;
                const vt = new VectorTile(new Pbf(b));
                for (const name of ['areas', 'buildings', 'roads']) {
                  const layer = vt.layers[name];
                  if (!layer) continue;
                  const k = (256 * scale) / layer.extent;
                  for (let i = 0; i < layer.length; i++) {
                    const f = layer.feature(i);
                    ctx.beginPath();
                    for (const ring of f.loadGeometry()) {
                      ring.forEach((p, j) => (j ? ctx.lineTo(p.x * k, p.y * k) : ctx.moveTo(p.x * k, p.y * k)));
                    }
                    if (f.type === 3) {
                      ctx.fillStyle = '#d9d0c8';
                      ctx.fill();
                    } else {
                      ctx.strokeStyle = '#c3bbb0';
                      ctx.lineWidth = 6;
                      ctx.stroke();
                      ctx.strokeStyle = '#ffffff';
                      ctx.lineWidth = 4;
                      ctx.stroke();
                    }
                  }
                }
                ctx.getImageData(0, 0, 1, 1);
              }
              return performance.now() - start;
            },
            { tiles: vector, scale: 2 ** (z - source) },
          ),
        );
      }
      out.push({
        zoom: z,
        rasterTiles: raster.length,
        rasterMs: Math.round(pct(runs.raster, 50)),
        vectorTiles: vector.length,
        vectorMs: Math.round(pct(runs.vector, 50)),
      });
    }
    console.table(out);
    return { cpuSlowdown: 4, runs: 5, views: out };
  } finally {
    await browser.close();
  }
}
