import {
  CANCEL_WINDOW_MS,
  CANCELLED,
  MSG,
  formatNaira,
  orderCancelWindow,
  type ItemStatus,
  type OrderDto,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import { accountLanguage } from '../auth/index.js';
import { recordStatusChanges } from '../order-events/index.js';
import { leftToRefund, orderPaymentsOf, type PaymentService } from '../payments/index.js';
import { releaseUses } from '../promotions/index.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import * as repo from './orders.repo.js';
import { customerEmail, queueNotice } from './order-notices.js';
import { orderViews } from './order-views.js';
import { t } from './orders.messages.js';

/** The customer's own cancellation of a paid order. */
export class OrderCancellation {
  constructor(
    private readonly ctx: AppContext,
    private readonly payments: PaymentService,
  ) {}

  /** Customer cancellation (DESIGN §3): no item confirmed, within 5 minutes of payment; full refund. */
  async cancel(userId: string, orderId: string, now = new Date()): Promise<OrderDto> {
    await this.ctx.db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, orderId);
      if (!order || order.userId !== userId || order.paymentState !== 'paid') throw notFound('Order not found.');
      const items = await repo.itemsOf(tx, [order.id]);
      const live = items.filter((i) => i.status !== CANCELLED);
      if (!live.length) throw conflict('This order is already cancelled.', 'already_cancelled');
      // An order for later: free to cancel until its shops start preparing, on the slots' clock.
      const window = orderCancelWindow(
        items.map((i) => i.status as ItemStatus),
        order.paidAt?.getTime() ?? null,
        order.prepareAt ? this.ctx.clock.now().getTime() : now.getTime(),
        order.prepareAt?.getTime() ?? null,
      );
      if (window.stop !== null && window.stop !== 'window_passed' && window.stop !== 'unpaid')
        throw conflict(
          'This order can no longer be cancelled: a vendor has already confirmed it.',
          'cancel_not_allowed',
        );
      if (window.stop !== null) {
        throw conflict(
          order.prepareAt
            ? 'This order can no longer be cancelled: its shop has started preparing it.'
            : `Orders can only be cancelled within ${CANCEL_WINDOW_MS / 60_000} minutes of payment.`,
          'cancel_window_passed',
        );
      }
      const changed = await repo.cancelPlacedItems(tx, order.id, 'Cancelled by the customer');
      if (changed.length !== live.length)
        throw conflict(
          'This order can no longer be cancelled: a vendor has already confirmed it.',
          'cancel_not_allowed',
        );
      await recordStatusChanges(
        tx,
        changed.map((i) => ({
          subjectType: 'order_item' as const,
          subjectId: i.id,
          status: CANCELLED,
          actorId: userId,
          note: 'customer cancelled',
        })),
      );
      // Its checkout's payment, or (a group order) every member's share (decision 0049).
      const paid = await orderPaymentsOf(tx, order.id);
      if (!paid.length) throw new AppError(500, 'payment_missing', MSG.somethingWrong);
      const left = leftToRefund(paid);
      if (left > 0) await this.payments.refundOrder(tx, order.id, left, `Order ${order.id} cancelled by the customer`);
      await releaseUses(tx, order.id, this.ctx.clock.now(), 'cancelled by the customer');
      const lang = await accountLanguage(tx, order.userId);
      await this.ctx.mailer.send(tx, {
        to: await customerEmail(tx, order),
        subject: t(lang, 'orders.email.cancelled.subject'),
        text: [
          t(lang, 'orders.email.cancelled.text'),
          ...(left > 0 ? [t(lang, 'orders.email.cancelled.refund', { amount: formatNaira(left) })] : []),
        ].join(' '),
      });
      await queueNotice(this.ctx, tx, order.id, 'cancelled');
    });
    const order = await repo.findOrder(this.ctx.db, orderId);
    return (await orderViews(this.ctx.db, [order!], userId, now, this.ctx.clock.now()))[0]!;
  }
}
