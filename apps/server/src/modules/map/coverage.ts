import { haversineKm, type LatLon, type ServiceArea } from '@jara/shared';
import { mercator } from './campus-map.js';
import type { AreaEdge } from './tile-renderer.js';

/** Zooms with tiles over the whole service area. */
export const MIN_ZOOM = 13;
export const AREA_MAX_ZOOM = 17;
/** The one zoom deeper, over the campus only: a building a few pixels wide at 17 is a dozen at 18. */
export const MAX_ZOOM = 18;
/** The campus, where zoom 18 exists: this far around CAMPUS_LAT/CAMPUS_LON (the Ugbowo campus is about 2.4 × 1.8 km). */
const CAMPUS_RADIUS_KM = 1.5;

const KM_PER_DEGREE = haversineKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 });
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** `[[south, west], [north, east]]`: the box around a circle, as Leaflet takes bounds. */
export type Bounds = [[number, number], [number, number]];

function boundsAround(centre: LatLon, radiusKm: number): Bounds {
  const dLat = radiusKm / KM_PER_DEGREE;
  const dLon = dLat / Math.cos((centre.latitude * Math.PI) / 180);
  return [
    [round6(centre.latitude - dLat), round6(centre.longitude - dLon)],
    [round6(centre.latitude + dLat), round6(centre.longitude + dLon)],
  ];
}

/**
 * Which tiles exist: at MIN_ZOOM … AREA_MAX_ZOOM those meeting the service area's box, at
 * MAX_ZOOM those meeting the campus's, exactly the tiles Leaflet asks for when given these boxes
 * as `bounds` (it asks for a tile whose box overlaps, edges excluded: LatLngBounds.overlaps).
 */
export class TileCoverage {
  readonly bounds: Bounds;
  readonly detailBounds: Bounds;

  constructor(area: ServiceArea) {
    this.bounds = boundsAround(area.centre, area.radiusKm);
    this.detailBounds = boundsAround(area.centre, CAMPUS_RADIUS_KM);
  }

  has(z: number, x: number, y: number): boolean {
    if (!Number.isInteger(z) || z < MIN_ZOOM || z > MAX_ZOOM) return false;
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= 2 ** z || y >= 2 ** z) return false;
    const [[south, west], [north, east]] = z > AREA_MAX_ZOOM ? this.detailBounds : this.bounds;
    const [w, s, e, n] = mercator.bbox(x, y, z);
    return n > south && s < north && e > west && w < east;
  }

  /** Every tile at zoom z, row by row. */
  *tiles(z: number): Generator<[number, number]> {
    const [[south, west], [north, east]] = z > AREA_MAX_ZOOM ? this.detailBounds : this.bounds;
    const range = mercator.xyz([west, south, east, north], z);
    // A tile wider on each side: xyz works in whole pixels, `has` decides.
    for (let y = range.minY - 1; y <= range.maxY + 1; y++)
      for (let x = range.minX - 1; x <= range.maxX + 1; x++) if (this.has(z, x, y)) yield [x, y];
  }
}

/** A point `km` from `from` on the bearing `radians` (clockwise from north), on the sphere haversineKm uses. */
function destination(from: LatLon, km: number, radians: number): [number, number] {
  const d = km / (KM_PER_DEGREE * (180 / Math.PI));
  const lat1 = (from.latitude * Math.PI) / 180;
  const lon1 = (from.longitude * Math.PI) / 180;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(radians));
  const lon2 =
    lon1 + Math.atan2(Math.sin(radians) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return [(lon2 * 180) / Math.PI, (lat2 * 180) / Math.PI];
}

/** Vertices of the drawn edge: 12 km / 1024 sides strays 6 cm from the circle, a tenth of a pixel at 18. */
const EDGE_SIDES = 1024;

/** The service area's edge, drawn on the tiles it crosses (the land beyond it is shaded). */
export function serviceAreaEdge(area: ServiceArea): AreaEdge {
  const ring = new Float64Array((EDGE_SIDES + 1) * 2);
  for (let i = 0; i <= EDGE_SIDES; i++) {
    const [x, y] = mercator.forward(destination(area.centre, area.radiusKm, (2 * Math.PI * i) / EDGE_SIDES));
    ring[i * 2] = x;
    ring[i * 2 + 1] = y;
  }
  const km = (lon: number, lat: number) => haversineKm({ latitude: lat, longitude: lon }, area.centre);
  return {
    ring,
    place([minX, minY, maxX, maxY]) {
      const [w, s] = mercator.inverse([minX, minY]);
      const [e, n] = mercator.inverse([maxX, maxY]);
      const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
      const nearest = km(clamp(area.centre.longitude, w, e), clamp(area.centre.latitude, s, n));
      if (nearest > area.radiusKm) return 'outside';
      const farthest = Math.max(km(w, s), km(w, n), km(e, s), km(e, n));
      return farthest <= area.radiusKm ? 'inside' : 'across';
    },
  };
}
