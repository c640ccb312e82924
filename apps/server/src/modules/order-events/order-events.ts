import { and, asc, eq, inArray } from 'drizzle-orm';
import { shownOrderStatus, type ItemStatus, type OrderUpdatedEvent } from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../infra/db/client.js';
import { orderItems, orders } from '../orders/orders.tables.js';
import { statusEvents } from './order-events.tables.js';
import { queueStatusPush } from '../push/index.js';

/** Records who moved which subjects to which status, and when (DESIGN §3). */
export async function recordStatusEvents(
  ex: Executor,
  subjectType: 'order' | 'order_item' | 'dispatch',
  subjectIds: string[],
  status: string,
  actorId: string | null,
  note?: string | null,
): Promise<void> {
  if (!subjectIds.length) return;
  await ex
    .insert(statusEvents)
    .values(subjectIds.map((subjectId) => ({ subjectType, subjectId, status, actorId, note: note ?? null })));
  await queueStatusPush(ex, { subjectType, subjectIds, status, actorId, note: note ?? null });
}

/** The order's current statuses, in the shape pushed as `order.updated`. */
async function orderUpdatePayload(
  ex: Executor,
  orderId: string,
): Promise<{ userId: string; update: OrderUpdatedEvent } | null> {
  const [order] = await ex.select({ id: orders.id, userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await ex
    .select({ id: orderItems.id, status: orderItems.status, cancelReason: orderItems.cancelReason })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return {
    userId: order.userId,
    update: {
      _id: order.id,
      orderId: order.id,
      status: shownOrderStatus(items.map((i) => i.status as ItemStatus)),
      items: items.map((i) => ({ _id: i.id, status: i.status as ItemStatus, cancelReason: i.cancelReason })),
    },
  };
}

/** Pushes `order.updated` to the customer's open pages (after the change is committed). */
export async function pushOrderUpdate(ctx: AppContext, orderId: string): Promise<void> {
  const p = await orderUpdatePayload(ctx.db, orderId);
  if (p) ctx.realtime.emitToUser(p.userId, 'order.updated', p.update);
}

/** Moves the given items of an order from one status to another; returns the ids that moved. */
export async function moveItems(
  ex: Executor,
  orderId: string,
  from: readonly string[],
  to: ItemStatus,
  filter: { vendorId?: string; itemIds?: string[]; cancelReason?: string } = {},
): Promise<{ id: string; vendorId: string; unitPriceKobo: number; quantity: number }[]> {
  return ex
    .update(orderItems)
    .set({
      status: to,
      updatedAt: new Date(),
      ...(filter.cancelReason !== undefined ? { cancelReason: filter.cancelReason } : {}),
    })
    .where(
      and(
        eq(orderItems.orderId, orderId),
        inArray(orderItems.status, [...from]),
        filter.vendorId ? eq(orderItems.vendorId, filter.vendorId) : undefined,
        filter.itemIds ? inArray(orderItems.id, filter.itemIds) : undefined,
      ),
    )
    .returning({
      id: orderItems.id,
      vendorId: orderItems.vendorId,
      unitPriceKobo: orderItems.unitPriceKobo,
      quantity: orderItems.quantity,
    });
}
