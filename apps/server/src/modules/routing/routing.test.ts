/**
 * Routes over the committed campus extract. Each known trip has a reference: the OSM ways it
 * follows, listed so they can be checked on openstreetmap.org (https://www.openstreetmap.org/way/<id>),
 * and the length along them, measured here from the extract read on its own, not from the graph
 * under test. A route may differ from its reference by at most 5 %, and no route is shorter than
 * the straight line or more than twice it.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { haversineKm, type LatLon } from '@jara/shared';
import { CAMPUS_EXTRACT_FILE, routeOnCampus } from './index.js';

interface Feature {
  id: string;
  properties: { name?: string };
  geometry: { type: 'LineString'; coordinates: [number, number][] } | { type: 'Point'; coordinates: [number, number] };
}
const features = new Map(
  (JSON.parse(gunzipSync(readFileSync(CAMPUS_EXTRACT_FILE)).toString('utf8')) as { features: Feature[] }).features.map(
    (f) => [f.id, f],
  ),
);

const toLatLon = ([lon, lat]: [number, number]): LatLon => ({ latitude: lat, longitude: lon });
const metres = (a: LatLon, b: LatLon) => haversineKm(a, b) * 1000;
const same = (a: LatLon, b: LatLon) => a.latitude === b.latitude && a.longitude === b.longitude;

/** A named place of the extract; the name is checked so the test reads as the trip it is. */
function place(id: string, name: string): LatLon {
  const f = features.get(id);
  if (f?.geometry.type !== 'Point' || f.properties.name !== name)
    throw new Error(`${id} is not "${name}" in the extract`);
  return toLatLon(f.geometry.coordinates);
}

function road(id: string): LatLon[] {
  const f = features.get(id);
  if (f?.geometry.type !== 'LineString') throw new Error(`${id} is not a road of the extract`);
  return f.geometry.coordinates.map(toLatLon);
}

/** Length along a way between two of its vertices; a closed way (a roundabout) is gone round the shorter side. */
function along(points: LatLon[], i: number, j: number): number {
  const length = (from: number, to: number) => {
    let m = 0;
    for (let k = from; k < to; k++) m += metres(points[k]!, points[k + 1]!);
    return m;
  };
  const part = length(Math.min(i, j), Math.max(i, j));
  return same(points[0]!, points[points.length - 1]!) ? Math.min(part, length(0, points.length - 1) - part) : part;
}

function nearestVertex(points: LatLon[], p: LatLon): number {
  let best = 0;
  points.forEach((q, i) => {
    if (metres(p, q) < metres(p, points[best]!)) best = i;
  });
  return best;
}

/**
 * A trip's reference length: the straight leg from the start to the first way's nearest vertex,
 * along each way to the vertex where the next one joins it (the nearest such, when they meet
 * twice), along the last way to its vertex nearest the end, and the straight leg to the end.
 */
function referenceMetres(from: LatLon, wayIds: string[], to: LatLon): number {
  const ways = wayIds.map(road);
  let here = nearestVertex(ways[0]!, from);
  let total = metres(from, ways[0]![here]!);
  ways.forEach((points, w) => {
    const next = ways[w + 1];
    let exit: number;
    if (!next) exit = nearestVertex(points, to);
    else {
      const joins = points.flatMap((p, i) => (next.some((q) => same(p, q)) ? [i] : []));
      if (!joins.length) throw new Error(`${wayIds[w]} and ${wayIds[w + 1]} do not meet`);
      exit = joins.reduce((a, b) => (along(points, here, b) < along(points, here, a) ? b : a));
    }
    total += along(points, here, exit);
    if (next) here = next.findIndex((q) => same(q, points[exit]!));
    else total += metres(points[exit]!, to);
  });
  return total;
}

// OSM has no gate node at the main gate: it is where the entrance road (way/547787075) leaves the
// Benin–Lagos expressway, 100 m west of the campus centre the service area is drawn around.
const MAIN_GATE = road('way/547787075')[0]!;
// The campus ring road, which most trips across the campus follow for a while.
const RING_ROAD = 'way/547780709';

const TRIPS = [
  {
    name: 'Hall 2 → Faculty of Engineering',
    from: place('way/84229800', 'Hall 2 (Tinubu Female Hostel)'),
    to: place('node/12899395830', 'Faculty of Engineering'),
    ways: [
      'way/1384538311',
      'way/547787095',
      'way/42919409',
      'way/784099015',
      'way/784099016',
      'way/784099017',
      'way/558769100',
      'way/1118082102',
    ],
  },
  {
    name: 'main gate → Hall 7',
    from: MAIN_GATE,
    to: place('way/1118090053', 'Hall 7 Hostel'),
    // In at the gate, round the small roundabout, east on the ring road, a short cut past the
    // faculties and back onto the ring road, then up to the hall.
    ways: [
      'way/547787075',
      'way/547787077',
      'way/547787078',
      'way/547787081',
      RING_ROAD,
      'way/547787087',
      'way/547787085',
      'way/1118094313',
      'way/997346745',
      RING_ROAD,
      'way/42919411',
    ],
  },
  {
    name: 'NDDC Hostel → University Health Centre',
    from: place('way/1118082152', 'NDDC Hostel'),
    to: place('way/1118088085', 'University of Benin Health Centre'),
    ways: ['way/548080386', RING_ROAD, 'way/42919410', 'way/998644612', 'way/998644609'],
  },
  {
    name: 'Faculty of Law → Food Court',
    from: place('node/12899395832', 'Faculty Of Law'),
    to: place('way/1393499503', 'Food Court (Buka)'),
    ways: ['way/998299422', 'way/998299423', 'way/42919410', RING_ROAD, 'way/548080386', 'way/997354517'],
  },
];

describe('routing over the campus extract', () => {
  it.each(TRIPS)('$name is as long as the ways it follows', ({ from, to, ways }) => {
    const route = routeOnCampus(from, to);
    if (!route.reachable) throw new Error(`unreachable: ${route.reason}`);
    const reference = referenceMetres(from, ways, to);
    expect(Math.abs(route.metres - reference) / reference).toBeLessThanOrEqual(0.05);
    // The drawn line starts and ends at the two points themselves.
    expect(route.path[0]).toEqual([from.latitude, from.longitude]);
    expect(route.path[route.path.length - 1]).toEqual([to.latitude, to.longitude]);
  });

  it.each(TRIPS)('$name is at least the straight line and at most twice it', ({ from, to }) => {
    const straight = metres(from, to);
    const route = routeOnCampus(from, to);
    if (!route.reachable) throw new Error(`unreachable: ${route.reason}`);
    // The route is given in whole metres: the straight line rounded down is its floor.
    expect(route.metres).toBeGreaterThanOrEqual(Math.floor(straight));
    expect(route.metres).toBeLessThanOrEqual(2 * straight);
  });

  it('says which end is off the roads', () => {
    const hall2 = TRIPS[0]!.from;
    // 15 km north-east of the campus, beyond the last road of the extract.
    const field = { latitude: 6.5, longitude: 5.7 };
    expect(routeOnCampus(field, hall2)).toEqual({ reachable: false, reason: 'from_off_road' });
    expect(routeOnCampus(hall2, field)).toEqual({ reachable: false, reason: 'to_off_road' });
  });

  it('says when no road joins the two points', () => {
    // way/1175005672, a street 5 km east of the campus mapped without a junction to any other.
    const island = road('way/1175005672')[5]!;
    expect(routeOnCampus(island, TRIPS[0]!.from)).toEqual({ reachable: false, reason: 'no_path' });
    expect(routeOnCampus(island, road('way/1175005672')[0]!)).toMatchObject({ reachable: true });
  });
});
