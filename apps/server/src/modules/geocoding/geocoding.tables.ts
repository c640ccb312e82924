/**
 * The geocoding module's tables: only this module reads or writes them; other modules ask through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import { boolean, doublePrecision, pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from '../../infra/db/columns.js';

export const places = pgTable('places', {
  placeId: text('place_id').primaryKey(),
  displayName: text('display_name').notNull(),
  street: text('street').notNull().default(''),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default(''),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  kind: text('kind').notNull().default('place'),
  source: text('source').notNull().default('curated'),
  blocks: text('blocks').array().notNull().default([]),
  /** Hidden by an admin: out of search and suggestions; addresses pinned to it keep working. */
  hidden: boolean('hidden').notNull().default(false),
  /** When an admin last changed it: a release's curated gazetteer no longer overwrites it. */
  editedAt: tz('edited_at'),
});
