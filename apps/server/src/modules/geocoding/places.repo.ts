import { sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
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
