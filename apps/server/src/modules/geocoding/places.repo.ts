import { sql } from 'drizzle-orm';
import { ADDRESS_SUGGESTIONS } from '@jara/shared';
import { queryRows, type Db, type Executor } from '../../infra/db/client.js';
import { places } from '../../infra/db/schema.js';

export type PlaceRow = typeof places.$inferInsert;

/** Inserts or updates places by place_id, in batches. */
export async function upsertPlaces(ex: Executor, rows: PlaceRow[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500);
    await ex
      .insert(places)
      .values(batch)
      .onConflictDoUpdate({
        target: places.placeId,
        set: {
          displayName: sql`excluded.display_name`, street: sql`excluded.street`, city: sql`excluded.city`,
          country: sql`excluded.country`, lat: sql`excluded.lat`, lon: sql`excluded.lon`, kind: sql`excluded.kind`, source: sql`excluded.source`,
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
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`);
    // The planner over-costs the GIN trigram scan and picks a sequential scan that is ~10x
    // slower at 19k places (bench/address-search.ts); this transaction alone is told not to.
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
    const rows = await queryRows<PlaceHit>(tx, sql`
      SELECT place_id, display_name, lat, lon, city, street, country
      FROM places
      WHERE lower(display_name) %> ${q}
      ORDER BY (lower(display_name) LIKE ${like + '%'}) DESC,
               word_similarity(${q}, lower(display_name)) DESC, length(display_name), place_id
      LIMIT ${limit}`);
    return rows.map((r) => ({ ...r, lat: Number(r.lat), lon: Number(r.lon) }));
  });
}
