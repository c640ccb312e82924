import { CANCEL_WINDOW_MS, formatNaira } from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../infra/db/client.js';
import { deliveryCode } from '../../lib/crypto.js';
import { removeCartLines } from '../auth/index.js';
import { recordStatusChanges } from '../order-events/index.js';
import type { PaymentRow } from '../payments/index.js';
import { itemsWithShops } from './order-items.js';
import * as repo from './orders.repo.js';
import { customerEmail, queueNotice } from './order-notices.js';

/** The `order` purpose of the shared payment mechanism: what paying, failing and refunding do to an order. */
export class OrderPayments {
  constructor(private readonly ctx: AppContext) {}

  /** Payment confirmed (exactly once, inside the payment's transaction). */
  async onPaid(tx: Tx, payment: PaymentRow): Promise<void> {
    const order = await repo.setOrderPaid(tx, payment.subjectId, payment.paidAt ?? new Date(), deliveryCode());
    if (!order) throw new Error(`order ${payment.subjectId} was not awaiting payment`);
    const items = await itemsWithShops(tx, [order.id]);
    await recordStatusChanges(tx, [
      {
        subjectType: 'order',
        subjectId: order.id,
        status: 'paid',
        actorId: order.userId,
        note: `payment ${payment.reference}`,
      },
      ...items.map((i) => ({
        subjectType: 'order_item' as const,
        subjectId: i.id,
        status: 'Order Placed',
        actorId: order.userId,
      })),
    ]);
    await removeCartLines(tx, order.userId, items);
    await this.ctx.mailer.send(tx, {
      to: await customerEmail(tx, order),
      subject: `Your Jara order is placed (${formatNaira(order.amountKobo)})`,
      text: [
        'Thank you! We received your payment and the vendors have your order.',
        '',
        ...items.map(
          (i) =>
            `- ${i.productName} (${i.optionName}) × ${i.quantity}: ${formatNaira(i.unitPriceKobo * i.quantity)} from ${i.vendorName}`,
        ),
        '',
        `Items ${formatNaira(order.itemsKobo)} · Delivery ${order.deliveryFeeKobo ? formatNaira(order.deliveryFeeKobo) : 'Free'} · Service fee ${formatNaira(order.serviceFeeKobo)}`,
        `Total paid ${formatNaira(order.amountKobo)} (reference ${payment.reference})`,
        '',
        `Changed your mind? You can cancel within ${CANCEL_WINDOW_MS / 60_000} minutes, before a vendor confirms, in My Orders: ${this.ctx.config.publicUrl}/my-orders`,
      ].join('\n'),
    });
    await queueNotice(this.ctx, tx, order.id, 'paid');
  }

  async onFailed(tx: Tx, payment: PaymentRow): Promise<void> {
    await repo.setOrderUnpaid(tx, payment.subjectId, payment.state === 'abandoned' ? 'abandoned' : 'failed');
    await recordStatusChanges(tx, [
      {
        subjectType: 'order',
        subjectId: payment.subjectId,
        status: `payment ${payment.state}`,
        note: payment.reference,
      },
    ]);
  }

  async onRefunded(tx: Tx, payment: PaymentRow, amountKobo: number): Promise<void> {
    await recordStatusChanges(tx, [
      {
        subjectType: 'order',
        subjectId: payment.subjectId,
        status: 'refunded',
        note: `${formatNaira(amountKobo)} refunded (${payment.reference})`,
      },
    ]);
    const order = await repo.findOrder(tx, payment.subjectId);
    if (!order) return;
    await this.ctx.mailer.send(tx, {
      to: await customerEmail(tx, order),
      subject: `Refund of ${formatNaira(amountKobo)} processed`,
      text: `We have refunded ${formatNaira(amountKobo)} for your Jara order (reference ${payment.reference}). Depending on your bank it can take a few working days to show.`,
    });
    await queueNotice(this.ctx, tx, order.id, 'refunded', `${payment.reference}:${payment.refundedKobo}:${amountKobo}`);
  }
}
