import { asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';
import { banners, categories } from './catalogue.tables.js';

type BannerRow = typeof banners.$inferSelect;

export async function allCategories(ex: Executor) {
  return ex.select().from(categories).orderBy(asc(categories.position), asc(categories.path));
}

export async function upsertCategory(ex: Executor, c: typeof categories.$inferInsert) {
  await ex
    .insert(categories)
    .values(c)
    .onConflictDoUpdate({
      target: categories.path,
      set: { text: c.text, image: c.image, bgColor: c.bgColor, position: c.position },
    });
}

export async function deleteCategory(ex: Executor, path: string): Promise<'deleted' | 'in_use' | 'missing'> {
  const [used] = await queryRows<{ n: number }>(
    ex,
    sql`SELECT count(*)::int AS n FROM products WHERE category = ${path}`,
  );
  if (Number(used?.n ?? 0) > 0) return 'in_use';
  const rows = await ex.delete(categories).where(eq(categories.path, path)).returning({ path: categories.path });
  return rows.length ? 'deleted' : 'missing';
}

export async function listBanners(ex: Executor, onlyActive = false): Promise<BannerRow[]> {
  return ex
    .select()
    .from(banners)
    .where(onlyActive ? eq(banners.active, true) : undefined)
    .orderBy(asc(banners.position), asc(banners.createdAt));
}

export async function insertBanner(ex: Executor, b: typeof banners.$inferInsert): Promise<BannerRow> {
  const [row] = await ex.insert(banners).values(b).returning();
  return row!;
}

export async function updateBanner(
  ex: Executor,
  id: string,
  b: Partial<typeof banners.$inferInsert>,
): Promise<BannerRow | undefined> {
  const [row] = await ex.update(banners).set(b).where(eq(banners.id, id)).returning();
  return row;
}

export async function deleteBanner(ex: Executor, id: string): Promise<boolean> {
  const rows = await ex.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
  return rows.length === 1;
}
