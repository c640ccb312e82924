import { and, asc, eq, or, sql } from 'drizzle-orm';
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
        // A place an admin changed keeps the change (a release's curated list, an import).
        setWhere: sql`${places.editedAt} IS NULL`,
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

/** Every place of the gazetteer that is shown (hidden ones left out), by display name. */
export async function shownPlaces(ex: Executor) {
  return ex.select().from(places).where(eq(places.hidden, false)).orderBy(asc(places.displayName));
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
    WHERE kind <> 'street' AND NOT hidden
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
      WHERE lower(display_name) %> ${q} AND NOT hidden
      ORDER BY (lower(display_name) LIKE ${like + '%'}) DESC,
               word_similarity(${q}, lower(display_name)) DESC, length(display_name), (source = 'curated') DESC, place_id
      LIMIT ${limit * 2}`,
    );
    // Two places may share a name (an imported copy of a curated one): the list shows it once.
    return uniqueByName(rows.map(tidy)).slice(0, limit);
  });
}

export type PlaceRecord = typeof places.$inferSelect;

/** The admin's list: by name or street containing `q`, hidden ones included or alone, a page at a time. */
export async function listPlaces(
  ex: Executor,
  f: { q?: string | undefined; show: 'all' | 'visible' | 'hidden'; offset: number; limit: number },
): Promise<{ rows: PlaceRecord[]; total: number }> {
  const wanted = [];
  const q = f.q?.trim().toLowerCase();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (m) => '\\' + m)}%`;
    wanted.push(or(sql`lower(${places.displayName}) LIKE ${like}`, sql`lower(${places.street}) LIKE ${like}`)!);
  }
  if (f.show !== 'all') wanted.push(eq(places.hidden, f.show === 'hidden'));
  const where = wanted.length ? and(...wanted) : undefined;
  const [rows, [count]] = await Promise.all([
    ex
      .select()
      .from(places)
      .where(where)
      .orderBy(asc(places.displayName), asc(places.placeId))
      .limit(f.limit)
      .offset(f.offset),
    ex
      .select({ n: sql<number>`count(*)::int` })
      .from(places)
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** A new place, as an admin made it. */
export async function insertPlace(ex: Executor, row: PlaceRow): Promise<PlaceRecord> {
  const [made] = await ex.insert(places).values(row).returning();
  return made!;
}

/** The place as changed, or undefined when there is none with that id. */
export async function updatePlace(
  ex: Executor,
  placeId: string,
  set: Partial<Omit<PlaceRow, 'placeId'>>,
): Promise<PlaceRecord | undefined> {
  const [row] = await ex.update(places).set(set).where(eq(places.placeId, placeId)).returning();
  return row;
}

/** The places an admin hid: their names and points (the map leaves out labels standing for them). */
export async function hiddenPlaces(ex: Executor) {
  return ex
    .select({ displayName: places.displayName, lat: places.lat, lon: places.lon })
    .from(places)
    .where(eq(places.hidden, true));
}
