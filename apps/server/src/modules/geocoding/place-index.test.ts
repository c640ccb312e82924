/**
 * The in-memory suggestions rank exactly as PostgreSQL's pg_trgm search does (places.repo.ts
 * searchPlaces is the reference): the first keystrokes of a third of the curated place names,
 * plus typos, ties and odd input, gives the same places in the same order from both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tidyPlaceName } from '@jara/shared';
import { freshDatabase } from '../../../test/helpers.js';
import { migrate, type Database } from '../../infra/db/client.js';
import { places } from './geocoding.tables.js';
import { CURATED_PLACES } from '../../seed/places.js';
import { PlaceIndex } from './place-index.js';
import { searchPlaces, upsertPlaces } from './places.repo.js';

let database: Database;
let drop: () => Promise<void>;
let index: PlaceIndex;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await migrate(database);
  await upsertPlaces(
    database.db,
    CURATED_PLACES.map((p) => ({ ...p, source: 'curated' })),
  );
  // Near-duplicates and ties, where the order's last keys (length, place_id) decide.
  const base = {
    city: 'Benin City',
    country: 'Nigeria',
    street: '',
    kind: 'place',
    source: 'test',
    lat: 6.4,
    lon: 5.6,
  };
  await upsertPlaces(database.db, [
    { ...base, placeId: 't-b', displayName: 'Hall 2 Annex' },
    { ...base, placeId: 't-a', displayName: 'Hall 2 Annex' },
    { ...base, placeId: 't-c', displayName: 'Ekosodin-Ugbowo Road (Old)' },
    { ...base, placeId: 't-d', displayName: 'St. Albert’s Chapel' },
    // Several words, and one-letter words, which pg_trgm pads into trigrams of their own.
    { ...base, placeId: 't-e', displayName: 'Two Words Kiosk' },
    { ...base, placeId: 't-f', displayName: 'A-B Stores' },
  ]);
  const rows = await database.db.select().from(places);
  index = new PlaceIndex(
    rows.map((p) => ({
      place_id: p.placeId,
      display_name: tidyPlaceName(p.displayName),
      lat: p.lat,
      lon: p.lon,
      city: p.city,
      street: p.street,
      country: p.country,
      blocks: p.blocks,
      curated: p.source === 'curated',
    })),
  );
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('in-memory place index', () => {
  it('pads words into trigrams as pg_trgm does', async () => {
    for (const q of ['two words', 'two', 'wo', 'words', 'rds', 'a-b', 'a b', 'b', 'ab', 'b-a']) {
      const fromSql = (await searchPlaces(database.db, q)).map((h) => h.place_id);
      expect(
        index.suggest(q).map((h) => h.place_id),
        JSON.stringify(q),
      ).toEqual(fromSql);
    }
    expect((await searchPlaces(database.db, 'two words')).map((h) => h.place_id)).toContain('t-e');
    expect((await searchPlaces(database.db, 'a-b')).map((h) => h.place_id)).toContain('t-f');
  });

  it('ranks the prefixes of curated names as the SQL search does', async () => {
    const names = [
      ...CURATED_PLACES.filter((_, i) => i % 3 === 0).map((p) => p.displayName),
      'Ekosodin-Ugbowo Road (Old)',
      'St. Albert’s Chapel',
    ];
    const queries = new Set<string>([
      'ekosdin',
      'hal 3',
      'ubth',
      'ug',
      'ch',
      'ba',
      'x',
      'zzzz',
      '2',
      'hall 2 annex',
      'st. a',
    ]);
    for (const n of names)
      for (let i = 1; i <= Math.min(n.length, 8); i++) if (n.slice(0, i).trim()) queries.add(n.slice(0, i));
    let compared = 0;
    for (const q of queries) {
      const fromSql = (await searchPlaces(database.db, q)).map((h) => h.place_id);
      expect(
        index.suggest(q).map((h) => h.place_id),
        JSON.stringify(q),
      ).toEqual(fromSql);
      compared++;
    }
    expect(compared).toBeGreaterThan(60);
  }, 120_000);
});
