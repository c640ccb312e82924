import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { featuresToPlaces } from './osm-import.js';

const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures/osm/benin-city-sample.geojson',
);
// The full 19,199-feature extract is not part of the repository; point OSM_EXTRACT_DIR at it to check it too.
const OSM_DIR = process.env.OSM_EXTRACT_DIR;
const hasData = !!OSM_DIR && existsSync(path.join(OSM_DIR, 'map-tile-1.geojson'));

type Geometry = NonNullable<NonNullable<Parameters<typeof featuresToPlaces>[0]['features']>[number]['geometry']>;

/** Where a named feature of this geometry is placed ([lon, lat]), or null when it is skipped for its geometry. */
function pointOf(geometry: Geometry | null): [number, number] | null {
  const r = featuresToPlaces({
    features: [{ type: 'Feature', id: 'way/9', properties: { name: 'Somewhere' }, geometry }],
  });
  const [place] = r.places;
  if (!place) {
    expect(r.skippedNoGeometry).toBe(1);
    return null;
  }
  return [place.lon, place.lat];
}

describe('geometry reduction', () => {
  it('puts a square polygon at its centre', () => {
    expect(
      pointOf({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [2, 0],
            [2, 2],
            [0, 2],
            [0, 0],
          ],
        ],
      }),
    ).toEqual([1, 1]);
  });
  it('puts a line at the point halfway along it', () => {
    expect(
      pointOf({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 0],
          [1, 3],
        ],
      }),
    ).toEqual([1, 1]);
  });
  it('keeps a point and refuses unknown geometry', () => {
    expect(pointOf({ type: 'Point', coordinates: [5.6, 6.4] })).toEqual([5.6, 6.4]);
    expect(pointOf({ type: 'GeometryCollection', coordinates: [] })).toBeNull();
    expect(pointOf(null)).toBeNull();
  });
});

describe('featuresToPlaces', () => {
  const sample = {
    features: [
      {
        type: 'Feature' as const,
        id: 'way/1',
        properties: { id: 'way/1', name: 'Hall 3', building: 'dormitory' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [5.6, 6.4],
              [5.602, 6.4],
              [5.602, 6.402],
              [5.6, 6.402],
              [5.6, 6.4],
            ],
          ],
        },
      },
      {
        type: 'Feature' as const,
        id: 'way/2',
        properties: { id: 'way/2', highway: 'residential' },
        geometry: {
          type: 'LineString',
          coordinates: [
            [5.6, 6.4],
            [5.61, 6.4],
          ],
        },
      },
      {
        type: 'Feature' as const,
        id: 'way/3',
        properties: { id: 'way/3', name: 'Ekosodin Road', highway: 'tertiary' },
        geometry: {
          type: 'LineString',
          coordinates: [
            [5.6, 6.4],
            [5.61, 6.4],
          ],
        },
      },
    ],
  };
  it('reduces to points, names the street, and skips what has no name', () => {
    const r = featuresToPlaces(sample);
    expect(r.skippedUnnamed).toBe(1);
    expect(r.places).toHaveLength(2);
    expect(r.places[0]).toMatchObject({
      placeId: 'osm-way-1',
      displayName: 'Hall 3, Benin City, Nigeria',
      lat: 6.401,
      lon: 5.601,
      kind: 'building:dormitory',
    });
    expect(r.places[1]).toMatchObject({ street: 'Ekosodin Road', kind: 'highway:tertiary', lat: 6.4, lon: 5.605 });
  });
  it('can keep unnamed features, labelled', () => {
    const r = featuresToPlaces(sample, { includeUnnamed: true });
    expect(r.places.map((p) => p.displayName)).toContain('Unnamed residential, Benin City, Nigeria');
  });
});

describe('a real OpenStreetMap sample (test/fixtures/osm, cut from the Benin City extract)', () => {
  const sample = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Parameters<typeof featuresToPlaces>[0];

  it('keeps every named feature, polygons, lines and points alike, as one point each in Benin City', () => {
    const r = featuresToPlaces(sample);
    expect(sample.features).toHaveLength(41);
    expect(r.skippedUnnamed).toBe(16);
    expect(r.skippedNoGeometry).toBe(0);
    expect(r.places).toHaveLength(25);
    for (const p of r.places) {
      expect(p.lat).toBeGreaterThan(6.3);
      expect(p.lat).toBeLessThan(6.45);
      expect(p.lon).toBeGreaterThan(5.5);
      expect(p.lon).toBeLessThan(5.7);
    }
    // Egor's boundary appears on two tiles (here twice): the OSM id makes it one place.
    expect(new Set(r.places.map((p) => p.placeId)).size).toBe(24);
  });

  it('puts a hostel polygon at its centre with its campus address, and a street on itself', () => {
    const { places } = featuresToPlaces(sample);
    expect(places.find((p) => p.placeId === 'osm-way-44466622')).toMatchObject({
      displayName: 'Hall 5 Hostel, University of Benin, Ugbowo, Benin City, Nigeria',
      street: 'University of Benin, Ugbowo',
      kind: 'building',
      lat: 6.3971162,
      lon: 5.6239229,
    });
    expect(places.find((p) => p.placeId === 'osm-way-42434527')).toMatchObject({
      displayName: 'Uwelu Road, Benin City, Nigeria',
      street: 'Uwelu Road',
      kind: 'highway:tertiary',
    });
    expect(places.find((p) => p.placeId === 'osm-node-1799104530')).toMatchObject({
      displayName: 'Useh Secondary School, Benin City, Nigeria',
      kind: 'amenity:school',
    });
  });

  it('labels unnamed polygons, multipolygons, streets and points when asked to keep them', () => {
    const { places } = featuresToPlaces(sample, { includeUnnamed: true });
    expect(places).toHaveLength(41);
    const names = places.map((p) => p.displayName);
    expect(names).toContain('Unnamed building, Benin City, Nigeria');
    expect(names).toContain('Unnamed residential, Benin City, Nigeria');
    expect(names).toContain('Unnamed crossing, Benin City, Nigeria');
    expect(places.find((p) => p.placeId === 'osm-relation-14939291')).toMatchObject({
      displayName: 'Unnamed place, Benin City, Nigeria',
    });
  });
});

describe.skipIf(!hasData)('the Benin City OpenStreetMap extract', () => {
  it('imports every named feature of the four tiles as a point in Benin City’s area', () => {
    let named = 0;
    let unnamed = 0;
    const ids = new Set<string>();
    for (const n of [1, 2, 3, 4]) {
      const r = featuresToPlaces(JSON.parse(readFileSync(path.join(OSM_DIR!, `map-tile-${n}.geojson`), 'utf8')));
      named += r.places.length;
      unnamed += r.skippedUnnamed;
      for (const p of r.places) {
        ids.add(p.placeId);
        expect(p.lat).toBeGreaterThan(5.9);
        expect(p.lat).toBeLessThan(6.9);
        expect(p.lon).toBeGreaterThan(4.5);
        expect(p.lon).toBeLessThan(6.0);
      }
    }
    expect(named + unnamed).toBe(19_199);
    expect(named).toBe(768);
    // Features on a tile edge appear in two tiles; the place id (the OSM id) makes them one place.
    expect(ids.size).toBe(752);
  });
});
