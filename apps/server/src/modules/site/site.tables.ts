/**
 * The site module's table: only this module reads or writes it. The SQL in migrations/ (0026) is
 * the source of truth; infra/db/schema.test.ts checks this mirrors it.
 */
import { jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../../infra/db/columns.js';

/** One content page (FAQ, terms, contact details) in one language; the body as the shared schemas check it. */
export const siteContent = pgTable(
  'site_content',
  {
    key: text('key').notNull(),
    language: text('language').notNull(),
    body: jsonb('body').notNull(),
    updatedAt: tz('updated_at'),
    updatedBy: uuid('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.key, t.language] })],
);
