import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { featuresToPlaces, lineMidpoint, representativePoint, ringCentroid } from './osm-import.js';

const OSM_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../shared/data/osm-benin-city');
const hasData = existsSync(path.join(OSM_DIR, 'map-tile-1.geojson'));

describe('geometry reduction', () => {
  it('puts a square polygon at its centre', () => {
    expect(ringCentroid([[0, 0], [2, 0], [2, 2], [0, 2], [0, 0]])).toEqual([1, 1]);
  });
  it('puts a line at the point halfway along it', () => {
    expect(lineMidpoint([[0, 0], [1, 0], [1, 3]])).toEqual([1, 1]);
  });
  it('keeps a point and refuses unknown geometry', () => {
    expect(representativePoint({ type: 'Point', coordinates: [5.6, 6.4] })).toEqual([5.6, 6.4]);
    expect(representativePoint({ type: 'GeometryCollection', coordinates: [] })).toBeNull();
    expect(representativePoint(null)).toBeNull();
  });
});

describe('featuresToPlaces', () => {
  const sample = {
    features: [
      { type: 'Feature' as const, id: 'way/1', properties: { id: 'way/1', name: 'Hall 3', building: 'dormitory' }, geometry: { type: 'Polygon', coordinates: [[[5.6, 6.4], [5.602, 6.4], [5.602, 6.402], [5.6, 6.402], [5.6, 6.4]]] } },
      { type: 'Feature' as const, id: 'way/2', properties: { id: 'way/2', highway: 'residential' }, geometry: { type: 'LineString', coordinates: [[5.6, 6.4], [5.61, 6.4]] } },
      { type: 'Feature' as const, id: 'way/3', properties: { id: 'way/3', name: 'Ekosodin Road', highway: 'tertiary' }, geometry: { type: 'LineString', coordinates: [[5.6, 6.4], [5.61, 6.4]] } },
    ],
  };
  it('reduces to points, names the street, and skips what has no name', () => {
    const r = featuresToPlaces(sample);
    expect(r.skippedUnnamed).toBe(1);
    expect(r.places).toHaveLength(2);
    expect(r.places[0]).toMatchObject({ placeId: 'osm-way-1', displayName: 'Hall 3, Benin City, Nigeria', lat: 6.401, lon: 5.601, kind: 'building:dormitory' });
    expect(r.places[1]).toMatchObject({ street: 'Ekosodin Road', kind: 'highway:tertiary', lat: 6.4, lon: 5.605 });
  });
  it('can keep unnamed features, labelled', () => {
    const r = featuresToPlaces(sample, { includeUnnamed: true });
    expect(r.places.map((p) => p.displayName)).toContain('Unnamed residential, Benin City, Nigeria');
  });
});

describe.skipIf(!hasData)('the Benin City OpenStreetMap extract', () => {
  it('imports every named feature of the four tiles as a point in Benin City’s area', () => {
    let named = 0;
    let unnamed = 0;
    const ids = new Set<string>();
    for (const n of [1, 2, 3, 4]) {
      const r = featuresToPlaces(JSON.parse(readFileSync(path.join(OSM_DIR, `map-tile-${n}.geojson`), 'utf8')));
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
