import { and, eq, inArray } from 'drizzle-orm';
import {
  koboToNaira,
  shownOrderStatus,
  type AdminOrderDetail,
  type AdminOrderRow,
  type ItemStatus,
  type RefundInput,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import { orderItems, orders } from '../orders/orders.tables.js';
import { payments } from '../payments/payments.tables.js';
import type { SessionUser } from '../../infra/sessions.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { findUserById } from '../auth/index.js';
import { pushOrderUpdate, recordStatusEvents } from '../order-events/index.js';
import * as repo from './admin.repo.js';
import { iso, isoOf, toTrail } from './records.js';

/** Orders as an admin sees them: the list, one order with its trail, and refunds. */
export class AdminOrders {
  constructor(private readonly ctx: AppContext) {}

  async list(f: { q?: string; status?: string; from?: string; to?: string }): Promise<AdminOrderRow[]> {
    const rows = await repo.listOrders(this.ctx.db, f);
    const out = rows.map((o) => ({
      _id: o.id,
      createdAt: isoOf(o.created_at),
      paidAt: iso(o.paid_at),
      paymentState: o.payment_state,
      amount: koboToNaira(o.amount_kobo),
      customerName: o.customer_name,
      customerEmail: o.customer_email,
      riderName: o.rider_name,
      locked: o.locked_at !== null,
      status: o.payment_state === 'paid' ? shownOrderStatus(o.statuses as ItemStatus[]) : o.payment_state,
    }));
    return f.status ? out.filter((o) => o.status === f.status) : out;
  }

  async detail(id: string): Promise<AdminOrderDetail> {
    const [o] = await this.ctx.db.select().from(orders).where(eq(orders.id, id));
    if (!o) throw notFound('Order not found.');
    const items = await this.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, id));
    const [customer, rider] = await Promise.all([
      findUserById(this.ctx.db, o.userId),
      o.riderId ? findUserById(this.ctx.db, o.riderId) : undefined,
    ]);
    const [events, pays, refunds] = await Promise.all([
      repo.statusHistory(this.ctx.db, [id, ...items.map((i) => i.id)]),
      repo.paymentsOf(this.ctx.db, id),
      repo.refundsOf(this.ctx.db, id),
    ]);
    return {
      _id: o.id,
      createdAt: o.createdAt.toISOString(),
      paidAt: iso(o.paidAt),
      paymentState: o.paymentState,
      itemsTotal: koboToNaira(o.itemsKobo),
      deliveryFee: koboToNaira(o.deliveryFeeKobo),
      serviceFee: koboToNaira(o.serviceFeeKobo),
      amount: koboToNaira(o.amountKobo),
      address: o.address,
      deliveryNote: o.deliveryNote,
      customer: customer ? { _id: customer.id, name: customer.name, email: customer.email } : null,
      rider: rider ? { _id: rider.id, name: rider.name } : null,
      codeAttempts: o.codeAttempts,
      locked: o.lockedAt !== null,
      status: shownOrderStatus(items.map((i) => i.status as ItemStatus)),
      items: items.map((i) => ({
        _id: i.id,
        productName: i.productName,
        optionName: i.optionName,
        quantity: i.quantity,
        unitPrice: koboToNaira(i.unitPriceKobo),
        vendorId: i.vendorId,
        status: i.status,
        cancelReason: i.cancelReason,
      })),
      ...toTrail(events, pays, refunds),
    };
  }

  /**
   * Refunds one item (its price × quantity) or the whole rest of the order. Items not yet
   * delivered are cancelled with the reason; a delivered item keeps its status.
   */
  async refund(admin: SessionUser, orderId: string, input: RefundInput) {
    const amount = await this.ctx.db.transaction(async (tx) => {
      const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!o) throw notFound('Order not found.');
      const [pay] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.purpose, 'order'), eq(payments.subjectId, orderId), eq(payments.state, 'paid')))
        .limit(1);
      if (!pay) throw conflict('This order has no paid payment to refund.', 'not_paid');
      const left = pay.amountKobo - pay.refundedKobo;
      if (left <= 0) throw conflict('This order has already been refunded in full.', 'already_refunded');
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      let amount: number;
      let targets: typeof items;
      if (input.itemId) {
        const item = items.find((i) => i.id === input.itemId);
        if (!item) throw notFound('Item not found.');
        const already = (await repo.statusHistory(tx, [item.id])).some(
          (e) => e.status === 'Refunded' || e.status === 'Order Cancelled',
        );
        if (already || item.status === 'Order Cancelled')
          throw conflict('This item has already been cancelled or refunded.', 'already_refunded');
        amount = Math.min(left, item.unitPriceKobo * item.quantity);
        targets = [item];
      } else {
        amount = left;
        targets = items.filter((i) => i.status !== 'Order Cancelled');
      }
      const cancel = targets
        .filter((i) => i.status !== 'Order Delivered' && i.status !== 'Order Cancelled')
        .map((i) => i.id);
      if (cancel.length) {
        await tx
          .update(orderItems)
          .set({ status: 'Order Cancelled', cancelReason: input.reason, updatedAt: new Date() })
          .where(inArray(orderItems.id, cancel));
        await recordStatusEvents(tx, 'order_item', cancel, 'Order Cancelled', admin.id, input.reason);
      }
      await recordStatusEvents(
        tx,
        'order_item',
        targets.map((t) => t.id),
        'Refunded',
        admin.id,
        input.reason,
      );
      if (amount <= 0) throw badRequest('Nothing to refund.', 'nothing_to_refund');
      await this.ctx.payments.refund(tx, pay.id, amount, `Admin refund: ${input.reason}`);
      return amount;
    });
    await pushOrderUpdate(this.ctx, orderId);
    return { amount: koboToNaira(amount) };
  }
}
