/**
 * Group orders as the orders module sees them (decision 0049): the groups module places one
 * ordinary order, already paid by its members' shares, so that the shops, riders, codes and
 * tracking handle it as any other; each item remembers the member who paid for it (its refunds go
 * back to that member), and those members follow the order as its customer does.
 */
import type { OrderDto } from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../infra/db/client.js';
import { deliveryCode } from '../../lib/crypto.js';
import { removeCartLines } from '../auth/index.js';
import { recordStatusChanges } from '../order-events/index.js';
import * as repo from './orders.repo.js';
import { queueNotice } from './order-notices.js';
import { orderViews } from './order-views.js';
import type { QuotedLine } from './quote.js';

/** A group's order as its host places it: the paid members' lines, each with who paid for it. */
export interface GroupOrderInput {
  /** The id the group chose when it opened (its members' payments name it). */
  id: string;
  hostId: string;
  addressId: string;
  address: Record<string, unknown>;
  deliveryNote: string;
  itemsKobo: number;
  deliveryFeeKobo: number;
  serviceFeeKobo: number;
  /** What the paid members were charged together (the delivery fee of those who dropped out is not in it). */
  amountKobo: number;
  items: (QuotedLine & { payerId: string })[];
}

/**
 * Records a group's order, paid, in the caller's transaction: the order and its items (Order
 * Placed, each with its payer), their status events, the paid members' carts emptied of what
 * they bought, and the same notices as a paid checkout (the shops' new order, the live update).
 */
export async function placeGroupOrder(ctx: AppContext, tx: Tx, g: GroupOrderInput): Promise<void> {
  const paidAt = new Date();
  await repo.insertOrdersWithItems(
    tx,
    [
      {
        id: g.id,
        userId: g.hostId,
        addressId: g.addressId,
        address: g.address,
        itemsKobo: g.itemsKobo,
        deliveryFeeKobo: g.deliveryFeeKobo,
        serviceFeeKobo: g.serviceFeeKobo,
        amountKobo: g.amountKobo,
        paymentState: 'paid',
        paidAt,
        deliveryCode: deliveryCode(),
        deliveryNote: g.deliveryNote,
      },
    ],
    g.items.map((i) => ({ orderId: g.id, ...i, status: 'Order Placed' })),
  );
  const items = await repo.itemsOf(tx, [g.id]);
  await recordStatusChanges(tx, [
    { subjectType: 'order', subjectId: g.id, status: 'paid', actorId: g.hostId, note: 'group order' },
    ...items.map((i) => ({
      subjectType: 'order_item' as const,
      subjectId: i.id,
      status: 'Order Placed',
      actorId: i.payerId ?? g.hostId,
    })),
  ]);
  for (const payer of new Set(items.map((i) => i.payerId ?? g.hostId)))
    await removeCartLines(
      tx,
      payer,
      items.filter((i) => (i.payerId ?? g.hostId) === payer),
    );
  await queueNotice(ctx, tx, g.id, 'paid');
}

/** A group's order as one of its members sees it: the same answer, timeline and code as its customer's. */
export async function memberOrderView(
  ex: Executor,
  orderId: string,
  viewerId: string,
  clockNow: Date,
): Promise<OrderDto | null> {
  const order = await repo.findOrder(ex, orderId);
  if (!order || order.paymentState !== 'paid') return null;
  return (await orderViews(ex, [order], viewerId, new Date(), clockNow))[0] ?? null;
}

/** Kobo of these items by who paid for them: a group member, else the order's customer. */
export function itemsByPayer(
  customerId: string,
  items: readonly { payerId: string | null; unitPriceKobo: number; quantity: number }[],
): Map<string, number> {
  const out = new Map<string, number>();
  for (const i of items) {
    const payer = i.payerId ?? customerId;
    out.set(payer, (out.get(payer) ?? 0) + i.unitPriceKobo * i.quantity);
  }
  return out;
}
