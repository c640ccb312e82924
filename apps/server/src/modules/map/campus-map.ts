import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { SphericalMercator } from '@mapbox/sphericalmercator';
import type { MapPlace } from '@jara/shared';
import { CAMPUS_EXTRACT_FILE } from '../routing/index.js';

type Position = [number, number];

/** What the map reads of a feature of the extract (apps/server/campus/README.md). */
interface ExtractFeature {
  properties: Record<string, string | undefined>;
  geometry:
    | { type: 'Point'; coordinates: Position }
    | { type: 'LineString'; coordinates: Position[] }
    | { type: 'Polygon'; coordinates: Position[][] }
    | { type: 'MultiPolygon'; coordinates: Position[][][] };
}

/** How a feature is drawn: the style classes of tile-renderer.ts. */
export type LineClass = 'major' | 'secondary' | 'minor' | 'service' | 'track' | 'path' | 'steps' | 'waterway';
export type AreaClass = 'grounds' | 'green' | 'wood' | 'water' | 'building';

/**
 * A feature ready to draw: its rings or line in Web Mercator metres (EPSG:3857, x east, y north),
 * as flat [x0, y0, x1, y1, …] arrays, and their bounding box.
 */
export interface Shape<C> {
  cls: C;
  parts: Float64Array[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const HIGHWAY_CLASS: Readonly<Record<string, LineClass>> = {
  motorway: 'major',
  motorway_link: 'major',
  trunk: 'major',
  trunk_link: 'major',
  primary: 'major',
  primary_link: 'major',
  secondary: 'secondary',
  secondary_link: 'secondary',
  tertiary: 'secondary',
  tertiary_link: 'secondary',
  unclassified: 'minor',
  residential: 'minor',
  living_street: 'minor',
  road: 'minor',
  pedestrian: 'minor',
  service: 'service',
  track: 'track',
  footway: 'path',
  path: 'path',
  cycleway: 'path',
  bridleway: 'path',
  steps: 'steps',
};

/** The area class of a kept area's one tag (the extract keeps only tags that have one). */
function areaClass(p: ExtractFeature['properties']): AreaClass | null {
  if (p.building) return 'building';
  if (p.natural === 'water' || p.natural === 'wetland' || p.landuse === 'reservoir' || p.landuse === 'basin')
    return 'water';
  if (p.landuse === 'forest' || p.natural === 'wood' || p.natural === 'scrub') return 'wood';
  if (p.amenity || p.landuse === 'education') return 'grounds';
  if (p.landuse || p.leisure || p.natural) return 'green';
  return null;
}

/** The tile pyramid's maths (pixels, bounds, tile ranges), from @mapbox/sphericalmercator. */
export const mercator = new SphericalMercator({ size: 256 });

/**
 * Features are filed by the tiles they touch at this zoom, so a tile looks only at its own
 * bucket (at 15 and deeper) or its few children's (13, 14). 15: a bucket is about 1.2 km wide.
 */
const BUCKET_ZOOM = 15;
/**
 * Each feature's box is widened by this much before it is filed, so a road whose stroke (or a
 * building whose outline) spills over a bucket's edge is drawn in the tile beyond it too.
 */
const BUCKET_MARGIN_METRES = 30;

const bucketKey = (x: number, y: number) => x * 2 ** BUCKET_ZOOM + y;

function project(line: Position[]): Float64Array {
  const out = new Float64Array(line.length * 2);
  line.forEach((p, i) => {
    const [x, y] = mercator.forward(p);
    out[i * 2] = x;
    out[i * 2 + 1] = y;
  });
  return out;
}

function shape<C>(cls: C, lines: Position[][]): Shape<C> {
  const parts = lines.map(project);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const part of parts) {
    for (let i = 0; i < part.length; i += 2) {
      minX = Math.min(minX, part[i]!);
      maxX = Math.max(maxX, part[i]!);
      minY = Math.min(minY, part[i + 1]!);
      maxY = Math.max(maxY, part[i + 1]!);
    }
  }
  return { cls, parts, minX, minY, maxX, maxY };
}

/** What one tile is drawn from: the shapes touching its bucket(s), in the extract's order. */
export interface TileFeatures {
  areas: Shape<AreaClass>[];
  lines: Shape<LineClass>[];
}

/**
 * The committed extract as the map uses it: every area, building, road and waterway projected
 * once and filed by bucket, and the named places to label. Built on the first use, kept for the
 * life of the process (the extract never changes under a running server).
 */
export class CampusMapData {
  readonly places: readonly MapPlace[];
  private readonly areas: Shape<AreaClass>[] = [];
  private readonly lines: Shape<LineClass>[] = [];
  private readonly buckets = new Map<number, { areas: number[]; lines: number[] }>();

  constructor(features: readonly ExtractFeature[]) {
    const places: MapPlace[] = [];
    for (const f of features) {
      const p = f.properties;
      const g = f.geometry;
      if (g.type === 'Point') {
        if (p.name && p.kind)
          places.push({ name: p.name, kind: p.kind, latitude: g.coordinates[1], longitude: g.coordinates[0] });
      } else if (g.type === 'LineString') {
        const cls = p.waterway ? 'waterway' : HIGHWAY_CLASS[p.highway ?? ''];
        if (cls) this.file('lines', this.lines, shape(cls, [g.coordinates]));
      } else {
        const cls = areaClass(p);
        if (!cls) continue;
        // A ring list per polygon, drawn with the even-odd rule: holes stay open.
        const rings = g.type === 'Polygon' ? g.coordinates : g.coordinates.flat();
        this.file('areas', this.areas, shape(cls, rings));
      }
    }
    this.places = places;
  }

  private file<C>(kind: 'areas' | 'lines', list: Shape<C>[], s: Shape<C>) {
    const index = list.push(s) - 1;
    const [west, south] = mercator.inverse([s.minX - BUCKET_MARGIN_METRES, s.minY - BUCKET_MARGIN_METRES]);
    const [east, north] = mercator.inverse([s.maxX + BUCKET_MARGIN_METRES, s.maxY + BUCKET_MARGIN_METRES]);
    const range = mercator.xyz([west, south, east, north], BUCKET_ZOOM);
    for (let x = range.minX; x <= range.maxX; x++) {
      for (let y = range.minY; y <= range.maxY; y++) {
        const key = bucketKey(x, y);
        let bucket = this.buckets.get(key);
        if (!bucket) this.buckets.set(key, (bucket = { areas: [], lines: [] }));
        bucket[kind].push(index);
      }
    }
  }

  /**
   * The shapes whose box, widened by `marginMetres`, meets the tile z/x/y: from its bucket at
   * BUCKET_ZOOM and deeper, from the buckets it covers above, each shape once.
   */
  featuresFor(z: number, x: number, y: number, marginMetres: number): TileFeatures {
    const [minX, minY, maxX, maxY] = mercator.bbox(x, y, z, false, '900913');
    const keys: number[] = [];
    if (z >= BUCKET_ZOOM) keys.push(bucketKey(x >> (z - BUCKET_ZOOM), y >> (z - BUCKET_ZOOM)));
    else {
      const n = 2 ** (BUCKET_ZOOM - z);
      for (let bx = x * n; bx < (x + 1) * n; bx++)
        for (let by = y * n; by < (y + 1) * n; by++) keys.push(bucketKey(bx, by));
    }
    const meets = (s: Shape<unknown>) =>
      s.maxX >= minX - marginMetres &&
      s.minX <= maxX + marginMetres &&
      s.maxY >= minY - marginMetres &&
      s.minY <= maxY + marginMetres;
    const pick = <C>(list: Shape<C>[], kind: 'areas' | 'lines') => {
      const indexes = new Set<number>();
      for (const key of keys) for (const i of this.buckets.get(key)?.[kind] ?? []) indexes.add(i);
      // In the extract's order, so that a tile draws overlapping shapes as its neighbours do.
      return [...indexes].sort((a, b) => a - b).flatMap((i) => (meets(list[i]!) ? [list[i]!] : []));
    };
    return { areas: pick(this.areas, 'areas'), lines: pick(this.lines, 'lines') };
  }
}

/** The renderer's source: what the tiles look like is part of their version. */
const RENDERER_FILE = fileURLToPath(new URL('./tile-renderer.ts', import.meta.url));

let extractBytes: Buffer | undefined;
let version: string | undefined;
let data: CampusMapData | undefined;

/**
 * The tiles' version: a short hash of the committed extract's bytes and of the renderer's source,
 * so a rebuilt extract or a new style gets new tile URLs (the old ones are cached for a year).
 */
export function mapVersion(): string {
  extractBytes ??= readFileSync(CAMPUS_EXTRACT_FILE);
  version ??= createHash('sha256')
    .update(extractBytes)
    .update(readFileSync(RENDERER_FILE))
    .digest('base64url')
    .slice(0, 12);
  return version;
}

/** The extract read, projected and filed, on the first call (about a second), then kept. */
export function campusMapData(): CampusMapData {
  if (!data) {
    extractBytes ??= readFileSync(CAMPUS_EXTRACT_FILE);
    const json = gunzipSync(extractBytes).toString('utf8');
    data = new CampusMapData((JSON.parse(json) as { features: ExtractFeature[] }).features);
  }
  return data;
}
