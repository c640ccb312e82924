import { and, eq } from 'drizzle-orm';
import type { Language, SiteContentKey } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import { siteContent } from './site.tables.js';

export type SiteContentRow = typeof siteContent.$inferSelect;

/** The page in that language, or undefined when the database has none. */
export async function findContent(ex: Executor, key: SiteContentKey, language: Language) {
  const [row] = await ex
    .select()
    .from(siteContent)
    .where(and(eq(siteContent.key, key), eq(siteContent.language, language)));
  return row;
}

/** Writes the page in that language (made when missing). */
export async function saveContent(
  ex: Executor,
  row: { key: SiteContentKey; language: Language; body: unknown; updatedAt: Date; updatedBy: string },
): Promise<SiteContentRow> {
  const [saved] = await ex
    .insert(siteContent)
    .values(row)
    .onConflictDoUpdate({
      target: [siteContent.key, siteContent.language],
      set: { body: row.body, updatedAt: row.updatedAt, updatedBy: row.updatedBy },
    })
    .returning();
  return saved!;
}
