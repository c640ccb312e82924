import { z } from 'zod';
import { koboToNaira, shownOrderStatus, type ItemStatus, type VendorOrderEvent } from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../infra/db/client.js';
import { jobKind } from '../../infra/jobs/jobs.js';
import { findUserById } from '../auth/index.js';
import { itemsWithShops } from './order-items.js';
import * as repo from './orders.repo.js';

const ORDER_NOTICES = ['paid', 'cancelled', 'refunded'] as const;
export type OrderNotice = (typeof ORDER_NOTICES)[number];
/** Live pushes after an order's payment, cancellation or refund (see queueNotice()). */
export const ORDER_NOTICE_JOB = jobKind(
  'orders.notify',
  z.object({ orderId: z.string(), kind: z.enum(ORDER_NOTICES) }),
);

/**
 * Live pushes happen after commit, from a job. The dedupe key names the event, so a replayed
 * webhook or a retried transaction queues it once; `occurrence` tells apart events of a kind
 * that can happen more than once (each refund).
 */
export async function queueNotice(
  ctx: AppContext,
  tx: Tx,
  orderId: string,
  kind: OrderNotice,
  occurrence = '',
): Promise<void> {
  await ctx.jobs.enqueue(
    tx,
    ORDER_NOTICE_JOB,
    { orderId, kind },
    { dedupeKey: `${ORDER_NOTICE_JOB.kind}:${orderId}:${kind}${occurrence ? `:${occurrence}` : ''}` },
  );
}

/** The job behind queueNotice(): `order.updated` to the customer, `vendor.order.*` to vendors' owners. */
export async function deliverNotice(ctx: AppContext, orderId: string, kind: OrderNotice): Promise<void> {
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order) return;
  const items = await itemsWithShops(ctx.db, [order.id]);
  const status = shownOrderStatus(items.map((i) => i.status as ItemStatus));
  const update = {
    _id: orderId,
    orderId,
    status,
    items: items.map((i) => ({ _id: i.id, status: i.status as ItemStatus, cancelReason: i.cancelReason })),
  };
  ctx.realtime.emitToUser(order.userId, 'order.updated', update);
  // A group order's members who paid for its items follow it too (decision 0049).
  const members = [...new Set(items.flatMap((i) => (i.payerId && i.payerId !== order.userId ? [i.payerId] : [])))];
  if (members.length) ctx.realtime.emitToPeople({ userIds: members, roles: [] }, 'order.updated', update);
  if (kind !== 'paid' && kind !== 'cancelled') return;
  const byVendor = new Map<string, typeof items>();
  for (const i of items) (byVendor.get(i.vendorId) ?? byVendor.set(i.vendorId, []).get(i.vendorId)!).push(i);
  for (const [vendorId, list] of byVendor) {
    const owner = list[0]!.vendorUserId;
    if (!owner) continue;
    const lines: VendorOrderEvent = {
      orderId,
      vendorId,
      items: list.map((i) => ({
        _id: i.id,
        productId: i.productId,
        name: i.productName,
        optionName: i.optionName,
        quantity: i.quantity,
        unitPrice: koboToNaira(i.unitPriceKobo),
        status: i.status as ItemStatus,
      })),
    };
    ctx.realtime.emitToUser(owner, kind === 'paid' ? 'vendor.order.created' : 'vendor.order.cancelled', lines);
  }
}

/** Where to mail the order's customer: their account's address, else the one given at checkout. */
export async function customerEmail(ex: Executor, order: repo.OrderRow): Promise<string> {
  const user = await findUserById(ex, order.userId);
  return user?.email ?? String(order.address.email);
}
