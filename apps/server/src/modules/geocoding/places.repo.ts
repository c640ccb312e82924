import { asc, eq, sql } from 'drizzle-orm';
import { ADDRESS_SUGGESTIONS, haversineKm, tidyPlaceName, uniqueByName } from '@jara/shared';
import { queryRows, type Db, type Executor } from '../../infra/db/client.js';
import { places } from './geocoding.tables.js';

export type PlaceRow = typeof places.$inferInsert;

/** Inserts or updates places by place_id, in batches. */
export async function upsertPlaces(ex: Executor, rows: PlaceRow[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500).map((r) => ({ ...r, displayName: tidyPlaceName(r.displayName) }));
    await ex
      .insert(places)
      .values(batch)
      .onConflictDoUpdate({
        target: places.placeId,
        set: {
          displayName: sql`excluded.display_name`,
          street: sql`excluded.street`,
          city: sql`excluded.city`,
          country: sql`excluded.country`,
          lat: sql`excluded.lat`,
          lon: sql`excluded.lon`,
          kind: sql`excluded.kind`,
          source: sql`excluded.source`,
          blocks: sql`excluded.blocks`,
        },
      });
    n += batch.length;
  }
  return n;
}

export interface PlaceHit {
  place_id: string;
  display_name: string;
  lat: number;
  lon: number;
  city: string;
  street: string;
  country: string;
  blocks: string[];
  distanceKm?: number;
}

export async function findPlace(ex: Executor, placeId: string) {
  const [row] = await ex.select().from(places).where(eq(places.placeId, placeId));
  return row;
}

/** Every place of the gazetteer, by display name. */
export async function allPlaces(ex: Executor) {
  return ex.select().from(places).orderBy(asc(places.displayName));
}

const tidy = (r: PlaceHit & { lat: unknown; lon: unknown }): PlaceHit => ({
  ...r,
  display_name: tidyPlaceName(r.display_name),
  lat: Number(r.lat),
  lon: Number(r.lon),
  blocks: r.blocks ?? [],
});

/**
 * The known places nearest a point, closest first, for an address not in the list ("Can't find
 * your lodge?"). Squared degrees (longitude scaled by cos(latitude)) order the rows; the answer
 * carries the haversine distance.
 */
export async function nearbyPlaces(
  ex: Executor,
  lat: number,
  lon: number,
  limit = ADDRESS_SUGGESTIONS,
): Promise<PlaceHit[]> {
  const k = Math.cos((lat * Math.PI) / 180);
  const rows = await queryRows<PlaceHit>(
    ex,
    sql`
    SELECT place_id, display_name, lat, lon, city, street, country, blocks
    FROM places
    WHERE kind <> 'street'
    ORDER BY (lat - ${lat}) ^ 2 + ((lon - ${lon}) * ${k}) ^ 2, place_id
    LIMIT ${limit * 2}`,
  );
  return uniqueByName(rows.map(tidy))
    .slice(0, limit)
    .map((p) => ({
      ...p,
      distanceKm:
        Math.round(haversineKm({ latitude: lat, longitude: lon }, { latitude: p.lat, longitude: p.lon }) * 100) / 100,
    }));
}

/** Threshold of the `<%` (word similarity) operator: low enough to forgive a typo while typing. */
const WORD_SIMILARITY_THRESHOLD = 0.3;

/**
 * The best places for what the user typed: trigram word similarity (GIN index), prefix
 * matches first, then the closest, shorter names before longer ones.
 */
export async function searchPlaces(db: Db, text: string, limit = ADDRESS_SUGGESTIONS): Promise<PlaceHit[]> {
  const q = text.trim().toLowerCase();
  const like = q.replace(/[\\%_]/g, (m) => '\\' + m);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
    );
    // The planner over-costs the GIN trigram scan and picks a sequential scan that is ~10x
    // slower at 19k places (bench/address-search.ts); this transaction alone is told not to.
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
    const rows = await queryRows<PlaceHit>(
      tx,
      sql`
      SELECT place_id, display_name, lat, lon, city, street, country, blocks
      FROM places
      WHERE lower(display_name) %> ${q}
      ORDER BY (lower(display_name) LIKE ${like + '%'}) DESC,
               word_similarity(${q}, lower(display_name)) DESC, length(display_name), (source = 'curated') DESC, place_id
      LIMIT ${limit * 2}`,
    );
    // Two places may share a name (an imported copy of a curated one): the list shows it once.
    return uniqueByName(rows.map(tidy)).slice(0, limit);
  });
}
