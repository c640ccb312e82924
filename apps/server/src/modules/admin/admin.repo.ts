import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';
import { categories, vendors } from '../catalogue/catalogue.tables.js';
import { mailOutbox } from '../../infra/db/tables.js';
import { riders } from '../rider/rider.tables.js';
import { users } from '../auth/auth.tables.js';
import { banners } from '../catalogue/catalogue.tables.js';
import { roleChanges } from './admin.tables.js';

type Role = (typeof users.$inferSelect)['roles'][number];

export async function pendingVendors(ex: Executor) {
  return ex
    .select({ v: vendors, email: users.email, userName: users.name })
    .from(vendors)
    .leftJoin(users, eq(users.id, vendors.userId))
    .where(eq(vendors.status, 'pending'))
    .orderBy(asc(vendors.createdAt));
}

export async function pendingRiders(ex: Executor) {
  return ex
    .select({ r: riders, email: users.email })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .where(eq(riders.status, 'pending'))
    .orderBy(asc(riders.createdAt));
}

export async function lockVendor(ex: Executor, id: string) {
  const [row] = await ex.select().from(vendors).where(eq(vendors.id, id)).for('update');
  return row;
}

export async function lockRider(ex: Executor, id: string) {
  const [row] = await ex.select().from(riders).where(eq(riders.id, id)).for('update');
  return row;
}

export async function setVendorStatus(
  ex: Executor,
  id: string,
  status: 'approved' | 'rejected',
  reason: string | null,
) {
  await ex.update(vendors).set({ status, rejectionReason: reason }).where(eq(vendors.id, id));
}

export async function setRiderStatus(ex: Executor, id: string, status: 'approved' | 'rejected', reason: string | null) {
  await ex
    .update(riders)
    .set({ status, rejectionReason: reason, ...(status === 'rejected' ? { isOnline: false } : {}) })
    .where(eq(riders.id, id));
}

export async function lockUser(ex: Executor, id: string) {
  const [row] = await ex.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** Sets the user's roles and writes the change to the audit (`customer,rider` → `customer,rider,vendor`). */
export async function setRoles(
  ex: Executor,
  userId: string,
  from: readonly Role[],
  to: Role[],
  actorId: string | null,
  reason?: string,
) {
  await ex.update(users).set({ roles: to, updatedAt: new Date() }).where(eq(users.id, userId));
  await ex
    .insert(roleChanges)
    .values({ userId, actorId, fromRole: from.join(','), toRole: to.join(','), reason: reason ?? null });
}

export async function searchUsers(ex: Executor, q: string | undefined, role: Role | undefined) {
  const like = q ? `%${q.replace(/[\\%_]/g, (m) => '\\' + m)}%` : null;
  return ex
    .select({ id: users.id, name: users.name, email: users.email, roles: users.roles, createdAt: users.createdAt })
    .from(users)
    .where(
      and(
        like ? or(ilike(users.name, like), ilike(users.email, like)) : undefined,
        role ? sql`${role} = ANY(${users.roles})` : undefined,
      ),
    )
    .orderBy(desc(users.createdAt))
    .limit(100);
}

export async function roleHistory(ex: Executor, userId: string) {
  return queryRows<{ from_role: string; to_role: string; actor_name: string | null; created_at: Date }>(
    ex,
    sql`
    SELECT rc.from_role, rc.to_role, a.name AS actor_name, rc.created_at
    FROM role_changes rc LEFT JOIN users a ON a.id = rc.actor_id
    WHERE rc.user_id = ${userId} ORDER BY rc.id DESC LIMIT 50`,
  );
}

export interface OrderListRecord {
  id: string;
  created_at: Date;
  paid_at: Date | null;
  payment_state: string;
  amount_kobo: number;
  customer_name: string;
  customer_email: string;
  rider_id: string | null;
  rider_name: string | null;
  locked_at: Date | null;
  statuses: string[];
}

export async function listOrders(ex: Executor, f: { q?: string; from?: string; to?: string }) {
  const like = f.q ? `%${f.q.replace(/[\\%_]/g, (m) => '\\' + m)}%` : null;
  return queryRows<OrderListRecord>(
    ex,
    sql`
    SELECT o.id, o.created_at, o.paid_at, o.payment_state, o.amount_kobo, u.name AS customer_name, u.email AS customer_email,
           o.rider_id, r.name AS rider_name, o.locked_at,
           coalesce((SELECT array_agg(i.status) FROM order_items i WHERE i.order_id = o.id), '{}') AS statuses
    FROM orders o JOIN users u ON u.id = o.user_id LEFT JOIN users r ON r.id = o.rider_id
    WHERE o.payment_state <> 'awaiting'
      ${like ? sql`AND (o.id::text ILIKE ${like} OR u.name ILIKE ${like} OR u.email ILIKE ${like})` : sql``}
      ${f.from ? sql`AND o.created_at >= ${f.from}::date` : sql``}
      ${f.to ? sql`AND o.created_at < (${f.to}::date + 1)` : sql``}
    ORDER BY o.created_at DESC LIMIT 300`,
  );
}

export interface DispatchListRecord {
  id: string;
  created_at: Date;
  paid_at: Date | null;
  payment_state: string;
  status: string;
  amount_kobo: number;
  is_express: boolean;
  customer_name: string;
  rider_name: string | null;
  locked_at: Date | null;
  pickup: Record<string, unknown>;
  dropoff: Record<string, unknown>;
}

export async function listDispatches(ex: Executor, f: { q?: string; status?: string; from?: string; to?: string }) {
  const like = f.q ? `%${f.q.replace(/[\\%_]/g, (m) => '\\' + m)}%` : null;
  return queryRows<DispatchListRecord>(
    ex,
    sql`
    SELECT d.id, d.created_at, d.paid_at, d.payment_state, d.status, d.amount_kobo, d.is_express, u.name AS customer_name,
           r.name AS rider_name, d.locked_at, d.pickup, d.dropoff
    FROM dispatches d JOIN users u ON u.id = d.user_id LEFT JOIN users r ON r.id = d.rider_id
    WHERE d.payment_state <> 'awaiting'
      ${f.status ? sql`AND d.status = ${f.status}` : sql``}
      ${like ? sql`AND (d.id::text ILIKE ${like} OR u.name ILIKE ${like} OR u.email ILIKE ${like})` : sql``}
      ${f.from ? sql`AND d.created_at >= ${f.from}::date` : sql``}
      ${f.to ? sql`AND d.created_at < (${f.to}::date + 1)` : sql``}
    ORDER BY d.created_at DESC LIMIT 300`,
  );
}

export async function statusHistory(ex: Executor, subjectIds: string[]) {
  if (!subjectIds.length) return [];
  return queryRows<{
    subject_type: string;
    subject_id: string;
    status: string;
    actor_name: string | null;
    note: string | null;
    created_at: Date;
  }>(
    ex,
    sql`
    SELECT e.subject_type, e.subject_id, e.status, a.name AS actor_name, e.note, e.created_at
    FROM status_events e LEFT JOIN users a ON a.id = e.actor_id
    WHERE e.subject_id IN (${sql.join(
      subjectIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    ORDER BY e.created_at, e.id`,
  );
}

export async function paymentsOf(ex: Executor, subjectId: string) {
  return queryRows<{
    id: string;
    reference: string;
    state: string;
    amount_kobo: number;
    refunded_kobo: number;
    provider: string;
    paid_at: Date | null;
  }>(
    ex,
    sql`
    SELECT id, reference, state, amount_kobo, refunded_kobo, provider, paid_at FROM payments WHERE subject_id = ${subjectId} ORDER BY created_at`,
  );
}

export async function refundsOf(ex: Executor, subjectId: string) {
  return queryRows<{ id: string; amount_kobo: number; reason: string; state: string; created_at: Date }>(
    ex,
    sql`
    SELECT r.id, r.amount_kobo, r.reason, r.state, r.created_at FROM refunds r JOIN payments p ON p.id = r.payment_id
    WHERE p.subject_id = ${subjectId} ORDER BY r.created_at`,
  );
}

export async function lowRatedRiders(ex: Executor, threshold: number) {
  return queryRows<{ user_id: string; name: string; email: string; avg: number; count: number }>(
    ex,
    sql`
    SELECT u.id AS user_id, u.name, u.email, avg(r.stars)::float AS avg, count(*)::int AS count
    FROM ratings r JOIN users u ON u.id = r.rider_id
    GROUP BY u.id HAVING avg(r.stars) < ${threshold}
    ORDER BY avg(r.stars) ASC`,
  );
}

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

export async function listBanners(ex: Executor, onlyActive = false) {
  return ex
    .select()
    .from(banners)
    .where(onlyActive ? eq(banners.active, true) : undefined)
    .orderBy(asc(banners.position), asc(banners.createdAt));
}

export async function insertBanner(ex: Executor, b: typeof banners.$inferInsert) {
  const [row] = await ex.insert(banners).values(b).returning();
  return row!;
}

export async function updateBanner(ex: Executor, id: string, b: Partial<typeof banners.$inferInsert>) {
  const [row] = await ex.update(banners).set(b).where(eq(banners.id, id)).returning();
  return row;
}

export async function deleteBanner(ex: Executor, id: string) {
  const rows = await ex.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
  return rows.length === 1;
}

export async function outbox(ex: Executor) {
  return ex.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(100);
}
