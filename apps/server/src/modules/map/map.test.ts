/**
 * The campus map: the extract it is drawn from, its description (/api/map) and its tiles, through
 * the app as a browser calls them (Leaflet asks for /map/tiles/<version>/{z}/{x}/{y}.png).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorAnswer, MapInfoAnswer, type MapInfo } from '@jara/shared';
import { buildTestApp, webDist, type TestApp } from '../../../test/helpers.js';
import { CAMPUS_EXTRACT_FILE } from '../routing/index.js';
import { mercator } from './campus-map.js';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Hall 2 (Tinubu Female Hostel), way/84229800: the centre of its footprint, from the extract. */
const HALL_2: [number, number] = [5.619602, 6.39794];

let app: TestApp;
let map: MapInfo;
beforeAll(async () => {
  app = await buildTestApp({ WEB_DIST: webDist() });
  map = MapInfoAnswer.parse((await app.inject({ url: '/api/map' })).json()).map;
});
afterAll(() => app.closeAll());

/** The URL of tile z/x/y, from the template /api/map gives. */
const tileUrl = (z: number, x: number, y: number) =>
  map.tileUrl.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
/** The tile holding a [lon, lat] at zoom z, and the pixel of it inside that tile. */
function tileAt(lonLat: [number, number], z: number) {
  const [px, py] = mercator.px(lonLat, z);
  return { x: Math.floor(px / 256), y: Math.floor(py / 256), left: px % 256, top: py % 256 };
}

describe('the campus extract', () => {
  const features = (
    JSON.parse(gunzipSync(readFileSync(CAMPUS_EXTRACT_FILE)).toString('utf8')) as {
      features: { properties: Record<string, string>; geometry: { type: string; coordinates: unknown } }[];
    }
  ).features;

  it('holds the building footprints and the areas the map draws, with only the tag they are drawn by', () => {
    const buildings = features.filter((f) => f.properties.building);
    expect(buildings.length).toBeGreaterThan(13_000);
    expect(buildings.every((f) => ['Polygon', 'MultiPolygon'].includes(f.geometry.type))).toBe(true);
    expect(buildings.every((f) => Object.keys(f.properties).length === 1)).toBe(true);
    const areas = features.filter((f) => f.geometry.type.endsWith('Polygon') && !f.properties.building);
    expect(areas.map((f) => Object.entries(f.properties)[0]!.join('='))).toEqual(
      expect.arrayContaining(['natural=water', 'landuse=forest', 'amenity=school']),
    );
    // Hall 2's footprint: a closed ring around the point its label stands on.
    const hall = buildings.find((f) => {
      const ring = (f.geometry.coordinates as [number, number][][])[0]!;
      const lons = ring.map((p) => p[0]);
      const lats = ring.map((p) => p[1]);
      return (
        Math.min(...lons) < HALL_2[0] &&
        Math.max(...lons) > HALL_2[0] &&
        Math.min(...lats) < HALL_2[1] &&
        Math.max(...lats) > HALL_2[1]
      );
    });
    expect(hall).toBeDefined();
  });
});

describe('GET /api/map', () => {
  it('describes the tiles, the area they cover and the places to label, to anyone', async () => {
    const res = await app.inject({ url: '/api/map' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(map.tileUrl).toMatch(/^\/map\/tiles\/[\w-]{12}\/\{z\}\/\{x\}\/\{y\}\.png$/);
    expect([map.minZoom, map.areaMaxZoom, map.maxZoom]).toEqual([13, 17, 18]);
    expect(map.attribution).toContain('OpenStreetMap');
    expect(map.attribution).toContain('ODbL');
    // The service area's box (12 km around the campus) holds the campus's (1.5 km).
    const [[south, west], [north, east]] = map.bounds;
    const [[dSouth, dWest], [dNorth, dEast]] = map.detailBounds;
    expect(north - south).toBeCloseTo((2 * 12) / 111.195, 3);
    expect(dNorth - dSouth).toBeCloseTo((2 * 1.5) / 111.195, 3);
    expect(south < dSouth && dNorth < north && west < dWest && dEast < east).toBe(true);
    expect(map.centre).toEqual({ latitude: 6.3998, longitude: 5.6099 });
    const names = map.places.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['Hall 2 (Tinubu Female Hostel)', 'Faculty of Engineering', 'Hall 7 Hostel']),
    );
    expect(map.places.find((p) => p.name === 'Hall 2 (Tinubu Female Hostel)')).toMatchObject({ kind: 'building' });
    expect(map.places.every((p) => p.latitude > south && p.latitude < north)).toBe(true);
  });

  it('is kept by browsers and revalidated with its ETag', async () => {
    const res = await app.inject({ url: '/api/map', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
    const again = await app.inject({ url: '/api/map', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /map/tiles/:version/:z/:x/:y.png', () => {
  it('answers a 256×256 PNG that a year of caching may keep, with an asset’s security headers', async () => {
    const { x, y } = tileAt(HALL_2, 16);
    const res = await app.inject({ url: tileUrl(16, x, y) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 8)).toEqual(PNG_MAGIC);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // An asset, not a document: no page policy travels with it.
    expect(res.headers['content-security-policy']).toBeUndefined();
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.isPalette]).toEqual(['png', 256, 256, true]);
    const again = await app.inject({ url: tileUrl(16, x, y), headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('draws a building where the extract has one, and plain land beyond the service area', async () => {
    const colourAt = async (png: Buffer, left: number, top: number) => {
      const { data } = await sharp(png)
        .extract({ left: Math.floor(left), top: Math.floor(top), width: 1, height: 1 })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data];
    };
    const near = (rgb: number[], hex: string) =>
      rgb.every((c, i) => Math.abs(c - parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16)) <= 6);
    const hall = tileAt(HALL_2, 18);
    const res = await app.inject({ url: tileUrl(18, hall.x, hall.y) });
    expect(res.statusCode).toBe(200);
    expect(near(await colourAt(res.rawPayload, hall.left, hall.top), '#d9d0c8')).toBe(true);
    // The box's corner is 17 km from the campus, beyond the 12 km circle: shaded, nothing drawn.
    const [[south, west]] = map.bounds;
    const corner = tileAt([west + 0.001, south + 0.001], 15);
    const outside = await app.inject({ url: tileUrl(15, corner.x, corner.y) });
    expect(outside.statusCode).toBe(200);
    expect(outside.rawPayload.length).toBeLessThan(300);
    expect(near(await colourAt(outside.rawPayload, 128, 128), '#dedad3')).toBe(true);
  });

  it('answers 404 with the JSON error for a tile that does not exist', async () => {
    const campus = (z: number) => tileAt([map.centre.longitude, map.centre.latitude], z);
    const version = map.tileUrl.split('/')[3]!;
    const [[south, west]] = map.bounds;
    const beyond = tileAt([west - 0.02, south], 15);
    const edgeOfArea = tileAt([west + 0.001, south + 0.001], 18);
    for (const url of [
      tileUrl(12, campus(12).x, campus(12).y),
      tileUrl(19, campus(19).x, campus(19).y),
      tileUrl(15, beyond.x, beyond.y),
      // Zoom 18 is drawn over the campus only; 17 still exists there.
      tileUrl(18, edgeOfArea.x, edgeOfArea.y),
      tileUrl(16, 2 ** 16, 0),
      map.tileUrl
        .replace(version, 'AAAAAAAAAAAA')
        .replace('{z}', '16')
        .replace('{x}', String(campus(16).x))
        .replace('{y}', String(campus(16).y)),
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(ErrorAnswer.parse(res.json())).toMatchObject({ success: false, code: 'not_found' });
    }
    const edge17 = tileAt([west + 0.001, south + 0.001], 17);
    expect((await app.inject({ url: tileUrl(17, edge17.x, edge17.y) })).statusCode).toBe(200);
  });

  it('leaves /map/ to the server: an unknown path there is the JSON 404, never the page shell', async () => {
    for (const url of ['/map/tiles', '/map/anything/here', '/MAP/tiles/x/1/2/3.png']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    // A page beside it still falls back to the shell.
    expect((await app.inject({ url: '/mapped-page' })).headers['content-type']).toMatch(/^text\/html/);
  });
});
