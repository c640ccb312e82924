import { describe, expect, it } from 'vitest';
import { haversineKm } from '@jara/shared';
import { loadConfig } from '../config.js';
import { CURATED_PLACES } from './places.js';

/** The campus a deployment serves by default (CAMPUS_LAT, CAMPUS_LON). */
const { centre } = loadConfig({}).campus.serviceArea;
const kmFromCampus = (latitude: number, longitude: number) => haversineKm(centre, { latitude, longitude });

describe('CURATED_PLACES', () => {
  it('ships at least 150 places', () => {
    expect(CURATED_PLACES.length).toBeGreaterThanOrEqual(150);
  });

  it('has unique, prefixed place ids and unique display names', () => {
    const ids = CURATED_PLACES.map((p) => p.placeId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^jara-[a-z0-9-]+$/);
    const names = CURATED_PLACES.map((p) => p.displayName.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('keeps every place within 8 km of the campus centre', () => {
    const far = CURATED_PLACES.filter((p) => kmFromCampus(p.lat, p.lon) > 8);
    expect(far.map((p) => p.displayName)).toEqual([]);
  });

  it('has no empty names and a Benin City, Nigeria address', () => {
    for (const p of CURATED_PLACES) {
      expect(p.displayName.trim()).not.toBe('');
      expect(p.street.trim()).not.toBe('');
      expect(p.city).toBe('Benin City');
      expect(p.country).toBe('Nigeria');
      expect(p.displayName).toContain('Benin City');
    }
  });

  it('covers the campus essentials', () => {
    const names = CURATED_PLACES.map((p) => p.displayName);
    for (const needle of [
      'Hall 1',
      'Hall 6',
      'Faculty of Engineering',
      'John Harris Library',
      'UBTH',
      'Main Gate',
      'Ekosodin',
    ]) {
      expect(names.some((n) => n.includes(needle))).toBe(true);
    }
  });
});
