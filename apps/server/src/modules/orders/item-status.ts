/**
 * An order's items move through their statuses here, whoever moves them (the vendor confirms, the
 * rider picks up and delivers, an admin cancels): only the orders module writes order_items. The
 * caller records the change in the status log (order-events) in the same transaction.
 */
import { shownOrderStatus, type ItemStatus, type OrderUpdatedEvent } from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../infra/db/client.js';
import * as repo from './orders.repo.js';

/** Moves the given items of an order from one status to another; returns the ids that moved. */
export function moveItems(
  ex: Executor,
  orderId: string,
  from: readonly string[],
  to: ItemStatus,
  filter: { vendorId?: string; itemIds?: string[]; cancelReason?: string } = {},
): Promise<repo.MovedItem[]> {
  return repo.moveItemStatuses(ex, orderId, from, to, filter);
}

/** The order's current statuses, in the shape pushed as `order.updated`. */
async function orderUpdatePayload(
  ex: Executor,
  orderId: string,
): Promise<{ userId: string; members: string[]; update: OrderUpdatedEvent } | null> {
  const order = await repo.orderCustomer(ex, orderId);
  if (!order) return null;
  const items = await repo.itemStatusesById(ex, orderId);
  return {
    userId: order.userId,
    // A group order's members who paid for its items follow it too (decision 0049).
    members: [...new Set(items.flatMap((i) => (i.payerId && i.payerId !== order.userId ? [i.payerId] : [])))],
    update: {
      _id: order.id,
      orderId: order.id,
      status: shownOrderStatus(items.map((i) => i.status as ItemStatus)),
      items: items.map((i) => ({ _id: i.id, status: i.status as ItemStatus, cancelReason: i.cancelReason })),
    },
  };
}

/** Pushes `order.updated` to the customer's open pages, and a group order's members' (after the change is committed). */
export async function pushOrderUpdate(ctx: AppContext, orderId: string): Promise<void> {
  const p = await orderUpdatePayload(ctx.db, orderId);
  if (!p) return;
  ctx.realtime.emitToUser(p.userId, 'order.updated', p.update);
  if (p.members.length) ctx.realtime.emitToPeople({ userIds: p.members, roles: [] }, 'order.updated', p.update);
}
