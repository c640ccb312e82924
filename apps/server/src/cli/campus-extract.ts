/**
 * npm run campus:extract -- --osm path/to/osm-benin-city [--radius-km 12]
 *
 * Rebuilds the committed campus extract (apps/server/campus/campus.geojson.gz) from OpenStreetMap
 * GeoJSON exports: the roads and paths a rider or a walker can use, and the named places as points,
 * inside the service area (CAMPUS_LAT, CAMPUS_LON, SERVICE_RADIUS_KM). The road graph routes on it
 * (modules/routing); the campus map will draw from it.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { haversineKm, type LatLon, type ServiceArea } from '@jara/shared';
import { loadConfig, loadEnvFile } from '../config.js';
import { representativePoint } from '../modules/geocoding/osm-import.js';
import { CAMPUS_EXTRACT_FILE, ROUTABLE_HIGHWAYS } from '../modules/routing/index.js';
import { fail } from './open.js';

type Position = [number, number];
interface OsmFeature {
  id?: string | number;
  properties?: Record<string, unknown> | null;
  geometry?: { type: string; coordinates: unknown } | null;
}

/** What the extract keeps of a feature: its OSM id, and only the tags routing and the map read. */
interface Kept {
  type: 'Feature';
  id: string;
  properties: Record<string, string>;
  geometry: { type: 'LineString'; coordinates: Position[] } | { type: 'Point'; coordinates: Position };
}

/** Named features that are places people give as a destination; power poles and boundaries are not. */
const PLACE_KEYS = ['building', 'amenity', 'shop', 'tourism', 'leisure', 'office', 'healthcare', 'historic', 'place'];

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
/** Six decimals: about 11 cm, well inside what OpenStreetMap's own positions are worth. */
const round = ([lon, lat]: Position): Position => [Math.round(lon * 1e6) / 1e6, Math.round(lat * 1e6) / 1e6];
const inside = (area: ServiceArea, [lon, lat]: Position) =>
  haversineKm({ latitude: lat, longitude: lon } satisfies LatLon, area.centre) <= area.radiusKm;

/**
 * A road that crosses the edge keeps the part from its first vertex inside to its last, plus
 * one vertex beyond at each end, so it still reaches the edge; one that leaves and comes back
 * stays whole between, so it stays one connected line.
 */
function clipLine(line: Position[], area: ServiceArea): Position[] | null {
  const first = line.findIndex((p) => inside(area, p));
  if (first < 0) return null;
  const last = line.findLastIndex((p) => inside(area, p));
  return line.slice(Math.max(0, first - 1), last + 2);
}

function keepRoad(f: OsmFeature, id: string, area: ServiceArea): Kept | null {
  const p = f.properties ?? {};
  const highway = text(p.highway);
  if (!ROUTABLE_HIGHWAYS.has(highway) || f.geometry?.type !== 'LineString') return null;
  const line = clipLine(f.geometry.coordinates as Position[], area);
  if (!line || line.length < 2) return null;
  const properties: Record<string, string> = { highway };
  if (text(p.name)) properties.name = text(p.name);
  if (text(p.oneway)) properties.oneway = text(p.oneway);
  return { type: 'Feature', id, properties, geometry: { type: 'LineString', coordinates: line.map(round) } };
}

/** Named places (and gates, named or not) as one point each: a polygon's centroid, a line's middle. */
function keepPlace(f: OsmFeature, id: string, area: ServiceArea): Kept | null {
  const p = f.properties ?? {};
  const name = text(p.name);
  const gate = p.barrier === 'gate' || p.barrier === 'entrance';
  if (!gate && (!name || p.highway !== undefined || !PLACE_KEYS.some((k) => p[k] !== undefined))) return null;
  const point = representativePoint(f.geometry);
  if (!point || !inside(area, point)) return null;
  const properties: Record<string, string> = {};
  if (name) properties.name = name;
  if (gate) properties.barrier = 'gate';
  return { type: 'Feature', id, properties, geometry: { type: 'Point', coordinates: round(point) } };
}

const size = (f: OsmFeature) => JSON.stringify(f.geometry ?? null).length;
const byId = (a: Kept, b: Kept) => a.id.localeCompare(b.id, 'en', { numeric: true });

function run() {
  const { values } = parseArgs({ options: { osm: { type: 'string' }, 'radius-km': { type: 'string' } } });
  if (!values.osm) fail('Usage: npm run campus:extract -- --osm path/to/osm-benin-city [--radius-km 12]');
  loadEnvFile();
  const { serviceArea } = loadConfig().campus;
  const area: ServiceArea = {
    centre: serviceArea.centre,
    radiusKm: values['radius-km'] ? Number(values['radius-km']) : serviceArea.radiusKm,
  };
  // npm runs the script in apps/server: a relative folder is the one the command was typed in.
  const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.osm);
  const files = readdirSync(dir).filter((f) => f.endsWith('.geojson'));
  if (!files.length) fail(`No .geojson files in ${dir}`);

  // A feature on the edge of two export tiles comes once per tile: one per OSM id, the copy
  // with the most geometry (a tile may cut a long feature short).
  const features = new Map<string, OsmFeature>();
  for (const file of files.sort()) {
    const parsed = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { features?: OsmFeature[] };
    for (const f of parsed.features ?? []) {
      const id = text(f.properties?.id) || String(f.id ?? '');
      const seen = features.get(id);
      if (id && (!seen || size(f) > size(seen))) features.set(id, f);
    }
  }
  const roads: Kept[] = [];
  const places: Kept[] = [];
  for (const [id, f] of features) {
    const road = keepRoad(f, id, area);
    if (road) roads.push(road);
    else {
      const place = keepPlace(f, id, area);
      if (place) places.push(place);
    }
  }
  // Roads, then places, each by OSM id: a rebuild from the same export gives the same bytes.
  const kept = [...roads.sort(byId), ...places.sort(byId)];
  // One feature a line: the file reads (zcat) and compares line by line.
  const json = `{"type":"FeatureCollection","features":[\n${kept.map((f) => JSON.stringify(f)).join(',\n')}\n]}\n`;
  const gz = gzipSync(json, { level: 9 });
  writeFileSync(CAMPUS_EXTRACT_FILE, gz);
  process.stdout.write(
    `${features.size} features read from ${files.length} files; kept ${roads.length} roads and ${places.length} places ` +
      `within ${area.radiusKm} km: ${(json.length / 1024).toFixed(0)} KiB, ${(gz.length / 1024).toFixed(0)} KiB gzip → ${CAMPUS_EXTRACT_FILE}\n`,
  );
}

run();
