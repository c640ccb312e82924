import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { disputes } from './disputes.tables.js';

export type DisputeRow = typeof disputes.$inferSelect;

export async function insertDispute(ex: Executor, values: typeof disputes.$inferInsert): Promise<DisputeRow | null> {
  // One open dispute per order (disputes_open_idx): a second at the same moment inserts nothing.
  const [row] = await ex.insert(disputes).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export function disputesOfOrder(ex: Executor, orderId: string): Promise<DisputeRow[]> {
  return ex.select().from(disputes).where(eq(disputes.orderId, orderId)).orderBy(desc(disputes.createdAt));
}

export async function findDispute(ex: Executor, id: string): Promise<DisputeRow | undefined> {
  const [row] = await ex.select().from(disputes).where(eq(disputes.id, id));
  return row;
}

/** Locks an open dispute for settling; undefined when it is not open (settled meanwhile). */
export async function lockOpenDispute(ex: Executor, id: string): Promise<DisputeRow | undefined> {
  const [row] = await ex
    .select()
    .from(disputes)
    .where(and(eq(disputes.id, id), eq(disputes.state, 'open')))
    .for('update');
  return row;
}

export async function settleDispute(
  ex: Executor,
  id: string,
  values: Pick<DisputeRow, 'state' | 'refundKobo' | 'bearer' | 'bearerVendorId' | 'resolution' | 'settledBy'> & {
    settledAt: Date;
  },
): Promise<DisputeRow> {
  const [row] = await ex.update(disputes).set(values).where(eq(disputes.id, id)).returning();
  return row!;
}

/** Of these orders, those with a dispute open. */
export async function ordersWithOpenDisputes(ex: Executor, orderIds: string[]): Promise<Set<string>> {
  if (!orderIds.length) return new Set();
  const rows = await ex
    .select({ orderId: disputes.orderId })
    .from(disputes)
    .where(and(inArray(disputes.orderId, orderIds), eq(disputes.state, 'open')));
  return new Set(rows.map((r) => r.orderId));
}

/** Refunds borne by a shop (`vendorId`) or by the rider of the orders, per order, in kobo. */
export async function borneByOrder(
  ex: Executor,
  orderIds: string[],
  bearer: { vendorId: string } | 'rider',
): Promise<Map<string, number>> {
  if (!orderIds.length) return new Map();
  const rows = await ex
    .select({ orderId: disputes.orderId, kobo: sql<number>`sum(${disputes.refundKobo})::int` })
    .from(disputes)
    .where(
      and(
        inArray(disputes.orderId, orderIds),
        eq(disputes.state, 'refunded'),
        bearer === 'rider'
          ? eq(disputes.bearer, 'rider')
          : and(eq(disputes.bearer, 'vendor'), eq(disputes.bearerVendorId, bearer.vendorId)),
      ),
    )
    .groupBy(disputes.orderId);
  return new Map(rows.map((r) => [r.orderId, Number(r.kobo)]));
}

export async function setPhoto(ex: Executor, id: string, photo: string): Promise<void> {
  await ex.update(disputes).set({ photo }).where(eq(disputes.id, id));
}
