import type { PlaceRow } from './places.repo.js';

type Position = [number, number];
interface Geometry {
  type: string;
  coordinates: unknown;
}
interface Feature {
  type: 'Feature';
  id?: string | number;
  properties?: Record<string, unknown> | null;
  geometry?: Geometry | null;
}

export interface ImportOptions {
  /** City used when a feature has no addr:city. */
  defaultCity?: string;
  country?: string;
  /** Keep features without a name, labelled "Unnamed <kind>" (default: skipped). */
  includeUnnamed?: boolean;
}

export interface ImportResult {
  places: PlaceRow[];
  skippedUnnamed: number;
  skippedNoGeometry: number;
}

/** Area-weighted centroid of a ring (shoelace); falls back to the vertex mean for degenerate rings. */
function ringCentroid(ring: Position[]): Position {
  let a = 0,
    cx = 0,
    cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0, y0] = ring[j]!;
    const [x1, y1] = ring[i]!;
    const f = x0 * y1 - x1 * y0;
    a += f;
    cx += (x0 + x1) * f;
    cy += (y0 + y1) * f;
  }
  if (Math.abs(a) < 1e-14) {
    const n = ring.length || 1;
    return [ring.reduce((s, p) => s + p[0], 0) / n, ring.reduce((s, p) => s + p[1], 0) / n];
  }
  return [cx / (3 * a), cy / (3 * a)];
}

function ringArea(ring: Position[]): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    a += ring[j]![0] * ring[i]![1] - ring[i]![0] * ring[j]![1];
  return Math.abs(a / 2);
}

/** The point halfway along a line, so a street's point lies on the street. */
function lineMidpoint(line: Position[]): Position {
  if (line.length === 1) return line[0]!;
  const seg = line.slice(1).map((p, i) => Math.hypot(p[0] - line[i]![0], p[1] - line[i]![1]));
  let half = seg.reduce((s, d) => s + d, 0) / 2;
  for (let i = 0; i < seg.length; i++) {
    const d = seg[i]!;
    if (half <= d && d > 0) {
      const t = half / d;
      const [x0, y0] = line[i]!;
      const [x1, y1] = line[i + 1]!;
      return [x0 + (x1 - x0) * t, y0 + (y1 - y0) * t];
    }
    half -= d;
  }
  return line[line.length - 1]!;
}

/** Reduces any GeoJSON geometry to one [lon, lat] point, or null (also the campus extract's labels). */
export function representativePoint(g: Geometry | null | undefined): Position | null {
  if (!g) return null;
  const c = g.coordinates as never;
  switch (g.type) {
    case 'Point':
      return c;
    case 'MultiPoint':
      return (c as Position[])[0] ?? null;
    case 'LineString':
      return lineMidpoint(c);
    case 'MultiLineString':
      return lineMidpoint([...(c as Position[][])].sort((a, b) => b.length - a.length)[0]!);
    case 'Polygon':
      return ringCentroid((c as Position[][])[0]!);
    case 'MultiPolygon': {
      const largest = [...(c as Position[][][])].sort((a, b) => ringArea(b[0]!) - ringArea(a[0]!))[0];
      return largest ? ringCentroid(largest[0]!) : null;
    }
    default:
      return null;
  }
}

const KIND_KEYS = [
  'amenity',
  'shop',
  'tourism',
  'leisure',
  'office',
  'healthcare',
  'highway',
  'building',
  'landuse',
  'place',
  'boundary',
  'man_made',
  'waterway',
  'power',
];

function kindOf(p: Record<string, unknown>): string {
  for (const k of KIND_KEYS) {
    const v = p[k];
    if (typeof v === 'string' && v) return v === 'yes' ? k : `${k}:${v}`.slice(0, 60);
  }
  return 'place';
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Turns an OpenStreetMap FeatureCollection into gazetteer rows. */
export function featuresToPlaces(collection: { features?: Feature[] }, opts: ImportOptions = {}): ImportResult {
  const city = opts.defaultCity ?? 'Benin City';
  const country = opts.country ?? 'Nigeria';
  const places: PlaceRow[] = [];
  let skippedUnnamed = 0;
  let skippedNoGeometry = 0;
  for (const f of collection.features ?? []) {
    const p = f.properties ?? {};
    const kind = kindOf(p);
    let name = str(p.name);
    if (!name) {
      if (!opts.includeUnnamed) {
        skippedUnnamed++;
        continue;
      }
      name = `Unnamed ${kind.replace(/^[a-z_]+:/, '').replace(/_/g, ' ')}`;
    }
    const pt = representativePoint(f.geometry);
    if (!pt || !Number.isFinite(pt[0]) || !Number.isFinite(pt[1])) {
      skippedNoGeometry++;
      continue;
    }
    const osmId = str(p.id) || String(f.id ?? '');
    if (!osmId) {
      skippedNoGeometry++;
      continue;
    }
    const street = str(p['addr:street']) || (p.highway ? name : '');
    const placeCity = str(p['addr:city']) || city;
    const parts = [name, street && street !== name ? street : '', placeCity, country].filter(Boolean);
    places.push({
      placeId: `osm-${osmId.replace(/[^a-z0-9]+/gi, '-')}`,
      displayName: parts.join(', ').slice(0, 300),
      street,
      city: placeCity,
      country,
      lat: Math.round(pt[1] * 1e7) / 1e7,
      lon: Math.round(pt[0] * 1e7) / 1e7,
      kind,
      source: 'osm',
    });
  }
  return { places, skippedUnnamed, skippedNoGeometry };
}
