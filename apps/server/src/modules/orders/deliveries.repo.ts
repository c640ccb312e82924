/**
 * The SQL behind riders' delivery of orders (orders.queries.ts exports it): the board, the
 * rider's own orders, the accept, the code tries and the earnings, on this module's tables.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { SLOT_OFFER_MINUTES, SLOT_TRAVEL_MINUTES } from '@jara/shared';
import { queryRows, type Executor } from '../../infra/db/client.js';
import { orderItems, orders } from './orders.tables.js';

export interface OrderDeliveryRow {
  id: string;
  user_id: string;
  address: Record<string, unknown>;
  delivery_note: string;
  delivery_fee_kobo: number;
  paid_at: Date | null;
  created_at: Date;
  rider_id: string | null;
  code_attempts: number;
  locked_at: Date | null;
  /** An order for later: its slot's start (decision 0047). */
  deliver_from: Date | null;
  /** Batched by hall (decision 0048). */
  batch_id: string | null;
  batch_save: boolean;
  ready_at: Date | null;
  tier_fee_kobo: number | null;
  /** The fee the rider's share is taken from (fixed at accept); null: the order's delivery fee. */
  rider_basis_kobo: number | null;
  /** A group order's members who paid (decision 0049); 0 for one customer's order. */
  group_members: number;
}

const DELIVERY_COLUMNS = sql.raw(
  'o.id, o.user_id, o.address, o.delivery_note, o.delivery_fee_kobo, o.paid_at, o.created_at, o.rider_id, o.code_attempts, o.locked_at, o.deliver_from, o.batch_id, o.batch_save, o.ready_at, o.tier_fee_kobo, o.rider_basis_kobo, ' +
    '(SELECT count(DISTINCT gi.payer_id)::int FROM order_items gi WHERE gi.order_id = o.id) AS group_members',
);

/** When the board is read: the clock's time, and how long a "Batch & save" order waits for a partner. */
export interface BoardTime {
  now: Date;
  holdMinutes: number;
}

/**
 * Orders riders may see and take at `now` (the slots' clock): as soon as possible, or for later
 * once its slot is near (SLOT_TRAVEL_MINUTES + SLOT_OFFER_MINUTES before its start); a "Batch &
 * save" order with no partner yet once its wait is over (decision 0048).
 */
const offered = ({ now, holdMinutes }: BoardTime) =>
  sql`(o.deliver_from IS NULL OR o.deliver_from <= ${new Date(now.getTime() + (SLOT_TRAVEL_MINUTES + SLOT_OFFER_MINUTES) * 60_000).toISOString()})
    AND NOT (o.batch_save AND o.batch_id IS NULL AND o.ready_at IS NOT NULL AND o.ready_at > ${new Date(now.getTime() - holdMinutes * 60_000).toISOString()})`;

const ALL_CONFIRMED = sql`
  EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.status = 'Order Confirmed')
  AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.status NOT IN ('Order Confirmed', 'Order Cancelled'))`;

/** Paid orders whose remaining items are all confirmed and that no rider holds (the board). */
export async function listOpenOrderDeliveries(ex: Executor, at: BoardTime, limit = 100): Promise<OrderDeliveryRow[]> {
  return queryRows<OrderDeliveryRow>(
    ex,
    sql`
    SELECT ${DELIVERY_COLUMNS}
    FROM orders o
    WHERE o.payment_state = 'paid' AND o.rider_id IS NULL AND o.locked_at IS NULL AND ${ALL_CONFIRMED} AND ${offered(at)}
    ORDER BY coalesce(o.deliver_from, o.paid_at) ASC NULLS LAST, o.id
    LIMIT ${limit}`,
  );
}

/**
 * Board orders (as listOpenOrderDeliveries) whose last item was confirmed before `cutoff`: on the
 * board since then with no rider.
 */
export async function listOrdersWaitingForRider(
  ex: Executor,
  cutoff: Date,
  at: BoardTime,
  limit = 100,
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    ex,
    sql`
    SELECT o.id FROM orders o
    WHERE o.payment_state = 'paid' AND o.rider_id IS NULL AND o.locked_at IS NULL AND ${ALL_CONFIRMED} AND ${offered(at)}
      AND (SELECT max(i.updated_at) FROM order_items i WHERE i.order_id = o.id AND i.status = 'Order Confirmed')
        < ${cutoff.toISOString()}
      -- A "Batch & save" order reached the board only once its wait was over.
      AND NOT (o.batch_save AND o.ready_at IS NOT NULL
        AND o.ready_at > ${new Date(cutoff.getTime() - at.holdMinutes * 60_000).toISOString()})
    ORDER BY o.paid_at ASC NULLS LAST, o.id
    LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}

export async function findOrderDelivery(ex: Executor, id: string, lock = false): Promise<OrderDeliveryRow | undefined> {
  const rows = await queryRows<OrderDeliveryRow>(
    ex,
    sql`
    SELECT ${DELIVERY_COLUMNS}
    FROM orders o WHERE o.id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return rows[0];
}

/** The first rider wins: the UPDATE matches only while the order is free and fully confirmed. */
/**
 * The first rider wins: the UPDATE matches only while the order is free and fully confirmed. A
 * batched order takes its whole batch with it (those of its orders still free; decision 0048).
 * Answers the orders the rider got (none: lost).
 */
export async function assignOrder(ex: Executor, id: string, riderUserId: string, at: BoardTime): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    ex,
    sql`
    UPDATE orders o SET rider_id = ${riderUserId}, assigned_at = ${at.now.toISOString()}
    WHERE o.rider_id IS NULL AND o.payment_state = 'paid' AND o.locked_at IS NULL
      AND o.user_id <> ${riderUserId} AND ${ALL_CONFIRMED} AND ${offered(at)}
      AND (o.id = ${id} OR o.batch_id = (SELECT b.batch_id FROM orders b WHERE b.id = ${id}))
      AND EXISTS (SELECT 1 FROM orders first WHERE first.id = ${id} AND first.rider_id IS NULL)
    RETURNING o.id`,
  );
  return rows.map((r) => r.id);
}

/** The rider's share of each order is taken from this fee (decision 0048). */
export async function setRiderBasis(ex: Executor, basis: Map<string, number>): Promise<void> {
  for (const [id, kobo] of basis) await ex.update(orders).set({ riderBasisKobo: kobo }).where(eq(orders.id, id));
}

/**
 * Orders waiting for a rider that a newly ready order might travel with: free, fully confirmed,
 * unlocked, ready since `since` (the batching window), with their shops.
 */
export async function batchCandidates(
  ex: Executor,
  since: Date,
): Promise<
  (Pick<OrderDeliveryRow, 'id' | 'address' | 'deliver_from' | 'batch_id' | 'batch_save' | 'ready_at'> & {
    vendor_ids: string[];
  })[]
> {
  return queryRows(
    ex,
    sql`
    SELECT o.id, o.address, o.deliver_from, o.batch_id, o.batch_save, o.ready_at,
           (SELECT array_agg(DISTINCT i.vendor_id) FROM order_items i WHERE i.order_id = o.id AND i.status <> 'Order Cancelled') AS vendor_ids
    FROM orders o
    WHERE o.payment_state = 'paid' AND o.rider_id IS NULL AND o.locked_at IS NULL AND ${ALL_CONFIRMED}
      AND o.ready_at IS NOT NULL AND o.ready_at >= ${since.toISOString()}
    ORDER BY o.ready_at, o.id
    LIMIT 500`,
  );
}

/** The order is ready for riders at `at` (first time only); answers whether this call set it. */
export async function markReady(ex: Executor, id: string, at: Date): Promise<boolean> {
  const rows = await ex
    .update(orders)
    .set({ readyAt: at })
    .where(sql`${orders.id} = ${id} AND ${orders.readyAt} IS NULL`)
    .returning({ id: orders.id });
  return rows.length === 1;
}

/** Puts these orders in one batch. */
export async function joinBatch(ex: Executor, batchId: string, ids: string[]): Promise<void> {
  await ex.update(orders).set({ batchId }).where(inArray(orders.id, ids));
}

/** The orders of these batches (any state), for the rider's card. */
export async function batchMembers(
  ex: Executor,
  batchIds: string[],
): Promise<
  { id: string; batch_id: string; address: Record<string, unknown>; ready_at: Date | null; batch_save: boolean }[]
> {
  if (!batchIds.length) return [];
  return queryRows(
    ex,
    sql`
    SELECT o.id, o.batch_id, o.address, o.ready_at, o.batch_save FROM orders o
    WHERE o.batch_id IN (${sql.join(
      batchIds.map((b) => sql`${b}::uuid`),
      sql`, `,
    )})
      AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.status <> 'Order Cancelled')`,
  );
}

/**
 * Takes the order back from a rider who accepted it but picked nothing up (support's call): the
 * rider is cleared while no item is picked up or delivered. Answers the rider released, if any.
 */
export async function unassignOrder(ex: Executor, id: string): Promise<string | null> {
  const rows = await queryRows<{ rider_id: string }>(
    ex,
    sql`
    UPDATE orders o SET rider_id = NULL
    FROM (SELECT rider_id FROM orders WHERE id = ${id} FOR UPDATE) before
    WHERE o.id = ${id} AND o.rider_id IS NOT NULL AND o.locked_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.status IN ('Order Picked', 'Order Delivered'))
      AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.status = 'Order Assigned')
    RETURNING before.rider_id`,
  );
  return rows[0]?.rider_id ?? null;
}

/** What a rider collects at each vendor of these orders (items not cancelled), by order and vendor. */
export async function pickupLines(
  ex: Executor,
  orderIds: string[],
): Promise<{ order_id: string; vendor_id: string; items: string[] }[]> {
  if (!orderIds.length) return [];
  return queryRows(
    ex,
    sql`
    SELECT i.order_id, i.vendor_id,
           array_agg(i.quantity || ' × ' || i.product_name || CASE WHEN i.option_name <> 'Default Option' THEN ' (' || i.option_name || ')' ELSE '' END ORDER BY i.id) AS items
    FROM order_items i
    WHERE i.order_id IN (${sql.join(
      orderIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND i.status <> 'Order Cancelled'
    GROUP BY i.order_id, i.vendor_id`,
  );
}

/** The shown status of each order (earliest live item), for the rider's own orders. */
export async function riderOrders(
  ex: Executor,
  riderUserId: string,
  active: boolean,
  limit = 100,
): Promise<(OrderDeliveryRow & { statuses: string[] })[]> {
  return queryRows(
    ex,
    sql`
    SELECT ${DELIVERY_COLUMNS},
           (SELECT array_agg(i.status) FROM order_items i WHERE i.order_id = o.id) AS statuses
    FROM orders o
    WHERE o.rider_id = ${riderUserId}
      AND ${
        active
          ? sql`EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.status IN ('Order Assigned', 'Order Picked'))`
          : sql`NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.status IN ('Order Assigned', 'Order Picked'))`
      }
    ORDER BY o.created_at DESC LIMIT ${limit}`,
  );
}

export async function orderCode(ex: Executor, id: string): Promise<string | null> {
  const [row] = await ex.select({ code: orders.deliveryCode }).from(orders).where(eq(orders.id, id));
  return row?.code ?? null;
}

/** Counts one wrong code; the try that reaches `max` also locks the order. */
export async function recordWrongOrderCode(
  ex: Executor,
  id: string,
  max: number,
): Promise<{ attempts: number; locked: boolean }> {
  const [row] = await ex
    .update(orders)
    .set({
      codeAttempts: sql`${orders.codeAttempts} + 1`,
      lockedAt: sql`CASE WHEN ${orders.codeAttempts} + 1 >= ${max} THEN now() ELSE ${orders.lockedAt} END`,
    })
    .where(eq(orders.id, id))
    .returning({ attempts: orders.codeAttempts, lockedAt: orders.lockedAt });
  return { attempts: row!.attempts, locked: row!.lockedAt !== null };
}

/**
 * A rider's delivered orders with the delivery fee (kobo) the rider's share is taken from (a batch's
 * drop its basis, decision 0048) and when the last item was delivered.
 */
export async function deliveredOrders(
  ex: Executor,
  riderUserId: string,
): Promise<{ id: string; deliveryFeeKobo: number; at: Date }[]> {
  const rows = await queryRows<{ id: string; fee: number; at: Date }>(
    ex,
    sql`
    SELECT o.id, coalesce(o.rider_basis_kobo, o.delivery_fee_kobo) AS fee,
           (SELECT max(i.updated_at) FROM order_items i WHERE i.order_id = o.id) AS at
    FROM orders o
    WHERE o.rider_id = ${riderUserId}
      AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.status = 'Order Delivered')
      AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.status NOT IN ('Order Delivered', 'Order Cancelled'))`,
  );
  return rows.map((r) => ({ id: r.id, deliveryFeeKobo: Number(r.fee), at: new Date(r.at) }));
}

/** Whether the rider carries an order that is not delivered, cancelled or locked. */
export async function carriesOrder(ex: Executor, riderUserId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    ex,
    sql`
    SELECT o.id FROM orders o WHERE o.rider_id = ${riderUserId} AND o.locked_at IS NULL
      AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.status IN ('Order Assigned', 'Order Picked'))
    LIMIT 1`,
  );
  return rows.length > 0;
}

export async function itemStatuses(ex: Executor, orderId: string): Promise<string[]> {
  const rows = await ex.select({ status: orderItems.status }).from(orderItems).where(eq(orderItems.orderId, orderId));
  return rows.map((r) => r.status);
}
