import {
  koboToNaira,
  shownOrderStatus,
  type AdminOrderDetail,
  type AdminOrderRow,
  type ItemStatus,
  type RefundInput,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { PaymentService } from '../payments/index.js';
import type { SessionUser } from '../../infra/sessions.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { accountIdsMatching, accountsByIds, findUserById } from '../auth/index.js';
import { recordStatusEvents, statusEventsOf } from '../order-events/index.js';
import {
  adminOrderList,
  cancelOrderItems,
  itemsByPayer,
  orderWithItems,
  pushOrderUpdate,
  slotOf,
} from '../orders/index.js';
import { leftToRefund, orderPaymentsOf } from '../payments/index.js';
import { iso, isoOf, trailOf } from './records.js';

/** Orders as an admin sees them: the list, one order with its trail, and refunds. */
export class AdminOrders {
  constructor(
    private readonly ctx: AppContext,
    private readonly payments: PaymentService,
  ) {}

  /** `q` finds an order by its id or by its customer's name or email. */
  async list(f: { q?: string; status?: string; from?: string; to?: string }): Promise<AdminOrderRow[]> {
    const customerIds = f.q ? await accountIdsMatching(this.ctx.db, f.q) : undefined;
    const rows = await adminOrderList(this.ctx.db, { q: f.q, customerIds, from: f.from, to: f.to });
    const people = await accountsByIds(
      this.ctx.db,
      rows.flatMap((o) => (o.rider_id ? [o.user_id, o.rider_id] : [o.user_id])),
    );
    const out = rows.flatMap((o) => {
      const customer = people.get(o.user_id);
      if (!customer) return [];
      return [
        {
          _id: o.id,
          createdAt: isoOf(o.created_at),
          paidAt: iso(o.paid_at),
          paymentState: o.payment_state,
          amount: koboToNaira(o.amount_kobo),
          customerName: customer.name,
          customerEmail: customer.email,
          riderName: (o.rider_id ? people.get(o.rider_id)?.name : undefined) ?? null,
          locked: o.locked_at !== null,
          status: o.payment_state === 'paid' ? shownOrderStatus(o.statuses as ItemStatus[]) : o.payment_state,
          slot: slotOf({ deliverFrom: o.deliver_from ? new Date(o.deliver_from) : null }),
          batch: { save: o.batch_save, of: Number(o.batch_size), members: Number(o.group_members) },
        },
      ];
    });
    return f.status ? out.filter((o) => o.status === f.status) : out;
  }

  async detail(id: string): Promise<AdminOrderDetail> {
    const found = await orderWithItems(this.ctx.db, id);
    if (!found) throw notFound('Order not found.');
    const { order: o, items } = found;
    const [customer, rider, trail] = await Promise.all([
      findUserById(this.ctx.db, o.userId),
      o.riderId ? findUserById(this.ctx.db, o.riderId) : undefined,
      trailOf(this.ctx.db, [id, ...items.map((i) => i.id)], id),
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
      ...trail,
    };
  }

  /**
   * Refunds one item (its price × quantity) or the whole rest of the order. Items not yet
   * delivered are cancelled with the reason; a delivered item keeps its status.
   */
  async refund(admin: SessionUser, orderId: string, input: RefundInput) {
    const amount = await this.ctx.db.transaction(async (tx) => {
      const found = await orderWithItems(tx, orderId, true);
      if (!found) throw notFound('Order not found.');
      // Its checkout's payment, or (a group order) its members' shares (decision 0049).
      const paid = await orderPaymentsOf(tx, orderId);
      if (!paid.length) throw conflict('This order has no paid payment to refund.', 'not_paid');
      const left = leftToRefund(paid);
      if (left <= 0) throw conflict('This order has already been refunded in full.', 'already_refunded');
      const { items } = found;
      let amount: number;
      let targets: typeof items;
      if (input.itemId) {
        const item = items.find((i) => i.id === input.itemId);
        if (!item) throw notFound('Item not found.');
        const already = (await statusEventsOf(tx, [item.id])).some(
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
        await cancelOrderItems(tx, cancel, input.reason);
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
      await this.payments.refundOrder(tx, orderId, amount, `Admin refund: ${input.reason}`, {
        // An item's price goes back to whoever paid for it.
        byPayer: input.itemId ? itemsByPayer(found.order.userId, targets) : undefined,
      });
      return amount;
    });
    await pushOrderUpdate(this.ctx, orderId);
    return { amount: koboToNaira(amount) };
  }
}
