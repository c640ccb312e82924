/**
 * npm run campus:extract -- --osm path/to/osm-benin-city [--radius-km 12]
 *
 * Rebuilds the committed campus extract (apps/server/campus/campus.geojson.gz) from OpenStreetMap
 * GeoJSON exports: the roads and paths a rider or a walker can use, the named places as points, and
 * what the map draws besides (building footprints, grounds, green areas, water), inside the service
 * area (CAMPUS_LAT, CAMPUS_LON, SERVICE_RADIUS_KM). The road graph routes on the roads
 * (modules/routing); the campus map draws all of it and labels the places (modules/map).
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

/**
 * What the extract keeps of a feature: only the tags routing and the map read, and the OSM id of
 * roads and places (what routing answers and tests name). Areas and waterways go without theirs:
 * nothing looks them up, and 13,000 building ids would add about 75 KB to the gzip.
 */
interface Kept {
  type: 'Feature';
  id?: string;
  properties: Record<string, string>;
  geometry:
    | { type: 'LineString'; coordinates: Position[] }
    | { type: 'Point'; coordinates: Position }
    | { type: 'Polygon'; coordinates: Position[][] }
    | { type: 'MultiPolygon'; coordinates: Position[][][] };
}

/**
 * Named features that are places people give as a destination; power poles and boundaries are not.
 * In this order a place's `kind` is the first it has: what it is for before that it is a building.
 */
const PLACE_KEYS = ['amenity', 'shop', 'tourism', 'leisure', 'office', 'healthcare', 'historic', 'place', 'building'];

/**
 * The areas the map draws besides buildings, by the tag that makes them one: a university's, a
 * school's or a hospital's grounds, green land, woods, water. Each is kept with that one tag. Land
 * use the map leaves plain (residential, commercial, military) and boundaries are not kept.
 */
const AREA_TAGS: Readonly<Record<string, ReadonlySet<string>>> = {
  amenity: new Set(['university', 'college', 'school', 'hospital', 'kindergarten']),
  landuse: new Set([
    'education',
    'forest',
    'grass',
    'meadow',
    'greenfield',
    'recreation_ground',
    'village_green',
    'farmland',
    'orchard',
    'cemetery',
    'reservoir',
    'basin',
  ]),
  leisure: new Set(['park', 'garden', 'pitch', 'stadium', 'playground', 'nature_reserve']),
  natural: new Set(['water', 'wetland', 'wood', 'scrub', 'grassland']),
};
/** Rivers and streams drawn as lines (a river's banks, when mapped, are `natural=water` areas). */
const WATERWAYS: ReadonlySet<string> = new Set(['river', 'stream', 'canal', 'drain']);

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

/**
 * Named places (and gates, named or not) as one point each: a polygon's centroid, a line's middle,
 * with the tag they were kept for as `kind` (`gate` for a gate), which the map's labels are styled by.
 */
function keepPlace(f: OsmFeature, id: string, area: ServiceArea): Kept | null {
  const p = f.properties ?? {};
  const name = text(p.name);
  const gate = p.barrier === 'gate' || p.barrier === 'entrance';
  const key = PLACE_KEYS.find((k) => p[k] !== undefined);
  if (!gate && (!name || p.highway !== undefined || !key)) return null;
  const point = representativePoint(f.geometry);
  if (!point || !inside(area, point)) return null;
  const properties: Record<string, string> = {};
  if (name) properties.name = name;
  properties.kind = gate ? 'gate' : key!;
  return { type: 'Feature', id, properties, geometry: { type: 'Point', coordinates: round(point) } };
}

/** The one tag an area is drawn by: `building` (its value as mapped), else the first of AREA_TAGS it has. */
function areaTag(p: Record<string, unknown>): [string, string] | null {
  const building = text(p.building);
  if (building && building !== 'no') return ['building', building];
  for (const [key, values] of Object.entries(AREA_TAGS)) {
    const value = text(p[key]);
    if (values.has(value)) return [key, value];
  }
  // water=* (river, pond, reservoir) says the area is water even without natural=water.
  return text(p.water) ? ['natural', 'water'] : null;
}

/**
 * Building footprints and the areas of AREA_TAGS with a vertex inside the service area, whole, as
 * their polygons (holes kept). Not simplified: nine in ten buildings are four corners, and a
 * tolerance of a metre took out 0.3 % of the vertices.
 */
function keepArea(f: OsmFeature, area: ServiceArea): Kept | null {
  const tag = areaTag(f.properties ?? {});
  const g = f.geometry;
  if (!tag || (g?.type !== 'Polygon' && g?.type !== 'MultiPolygon')) return null;
  const polygons = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as Position[][][];
  if (!polygons.some((rings) => rings[0]?.some((p) => inside(area, p)))) return null;
  const roundRings = (rings: Position[][]) => rings.map((ring) => ring.map(round));
  const properties = { [tag[0]]: tag[1] };
  return g.type === 'Polygon'
    ? { type: 'Feature', properties, geometry: { type: 'Polygon', coordinates: roundRings(polygons[0]!) } }
    : { type: 'Feature', properties, geometry: { type: 'MultiPolygon', coordinates: polygons.map(roundRings) } };
}

/** A river or stream of WATERWAYS, cut at the edge as roads are. */
function keepWaterway(f: OsmFeature, area: ServiceArea): Kept | null {
  const waterway = text(f.properties?.waterway);
  if (!WATERWAYS.has(waterway) || f.geometry?.type !== 'LineString') return null;
  const line = clipLine(f.geometry.coordinates as Position[], area);
  if (!line || line.length < 2) return null;
  return { type: 'Feature', properties: { waterway }, geometry: { type: 'LineString', coordinates: line.map(round) } };
}

const size = (f: OsmFeature) => JSON.stringify(f.geometry ?? null).length;
const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id, 'en', { numeric: true });

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
  // Each list holds the OSM id beside what is kept, for the order (areas keep no id of their own).
  type Listed = { id: string; kept: Kept };
  const roads: Listed[] = [];
  const places: Listed[] = [];
  const waterways: Listed[] = [];
  const areas: Listed[] = [];
  const buildings: Listed[] = [];
  for (const [id, f] of features) {
    const road = keepRoad(f, id, area);
    if (road) {
      roads.push({ id, kept: road });
      continue;
    }
    // A named building is a place to label and a footprint to draw.
    const place = keepPlace(f, id, area);
    if (place) places.push({ id, kept: place });
    const waterway = keepWaterway(f, area);
    if (waterway) waterways.push({ id, kept: waterway });
    const shape = keepArea(f, area);
    if (shape) (shape.properties.building ? buildings : areas).push({ id, kept: shape });
  }
  // Roads, places, waterways, areas, buildings, each by OSM id: the same export gives the same bytes.
  const kept = [roads, places, waterways, areas, buildings].flatMap((list) => list.sort(byId).map((x) => x.kept));
  // One feature a line: the file reads (zcat) and compares line by line.
  const json = `{"type":"FeatureCollection","features":[\n${kept.map((f) => JSON.stringify(f)).join(',\n')}\n]}\n`;
  const gz = gzipSync(json, { level: 9 });
  writeFileSync(CAMPUS_EXTRACT_FILE, gz);
  process.stdout.write(
    `${features.size} features read from ${files.length} files; kept ${roads.length} roads, ${places.length} places, ` +
      `${waterways.length} waterways, ${areas.length} areas and ${buildings.length} buildings ` +
      `within ${area.radiusKm} km: ${(json.length / 1024).toFixed(0)} KiB, ${(gz.length / 1024).toFixed(0)} KiB gzip → ${CAMPUS_EXTRACT_FILE}\n`,
  );
}

run();
