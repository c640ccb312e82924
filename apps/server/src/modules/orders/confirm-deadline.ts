import { CANCELLED, formatNaira } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { jobKind, noPayload } from '../../infra/jobs/jobs.js';
import { accountLanguage } from '../auth/index.js';
import { recordStatusEvents } from '../order-events/index.js';
import type { PaymentService } from '../payments/index.js';
import { pushOrderUpdate } from './item-status.js';
import { refundCancelledItems } from './portals.service.js';
import { itemsWithShops } from './order-items.js';
import { customerEmail, queueNotice } from './order-notices.js';
import * as repo from './orders.repo.js';
import { t } from './orders.messages.js';

/** The sweep for orders no vendor confirmed in time, once a minute across all instances. */
const CONFIRM_DEADLINE_JOB = jobKind('orders.confirm-deadline', noPayload);
const SWEEP_EVERY_MS = 60_000;
/** Orders handled per sweep; the rest wait for the next minute. */
const SWEEP_LIMIT = 100;

/**
 * No order left waiting (issue 29): what a vendor has not confirmed within VENDOR_CONFIRM_MINUTES
 * of payment is cancelled and refunded, and the customer is told why — the order card shows the
 * reason, a push and an email say it. Items a vendor did confirm go on as before; an order left
 * with none is refunded in full (its delivery and service fees too).
 */
export class ConfirmDeadline {
  constructor(
    private readonly ctx: AppContext,
    private readonly payments: PaymentService,
  ) {
    ctx.jobs.register(CONFIRM_DEADLINE_JOB, async () => {
      await this.sweep();
    });
    ctx.jobs.schedule(CONFIRM_DEADLINE_JOB, SWEEP_EVERY_MS);
  }

  /** Cancels the unconfirmed items of every order overdue at `now`; answers how many orders. */
  async sweep(now = new Date()): Promise<number> {
    const minutes = this.ctx.config.vendorConfirmMinutes;
    const cutoff = new Date(now.getTime() - minutes * 60_000);
    // An order for later is due from when its shops start preparing, on the slots' clock.
    const slotCutoff = new Date(this.ctx.clock.now().getTime() - minutes * 60_000);
    const overdue = await repo.ordersAwaitingConfirmation(this.ctx.db, cutoff, SWEEP_LIMIT, slotCutoff);
    let cancelled = 0;
    for (const orderId of overdue) {
      try {
        if (await this.cancelUnconfirmed(orderId, cutoff, minutes, slotCutoff)) cancelled++;
      } catch (err) {
        this.ctx.log.error({ err, orderId }, 'could not cancel an unconfirmed order');
      }
    }
    return cancelled;
  }

  private async cancelUnconfirmed(orderId: string, cutoff: Date, minutes: number, slotCutoff: Date): Promise<boolean> {
    const done = await this.ctx.db.transaction(async (tx) => {
      // Read again under the lock: the vendor may have confirmed, or the customer cancelled, since.
      const order = await repo.lockOrder(tx, orderId);
      if (!order || order.paymentState !== 'paid' || !order.paidAt || order.paidAt >= cutoff) return false;
      if (order.prepareAt && order.prepareAt >= slotCutoff) return false;
      const lang = await accountLanguage(tx, order.userId);
      const reason = t(lang, 'orders.unconfirmed.reason', { minutes });
      const changed = await repo.cancelPlacedItems(tx, order.id, reason);
      if (!changed.length) return false;
      await recordStatusEvents(
        tx,
        'order_item',
        changed.map((i) => i.id),
        CANCELLED,
        null,
        reason,
      );
      const items = await itemsWithShops(tx, [order.id]);
      const amount = await refundCancelledItems(
        this.payments,
        tx,
        order.id,
        changed.reduce((sum, i) => sum + i.unitPriceKobo * i.quantity - i.discountKobo, 0),
        items.every((i) => i.status === CANCELLED),
        `Order ${order.id}: not confirmed within ${minutes} minutes`,
        changed.map((i) => i.id),
      );
      const shops = [...new Set(items.filter((i) => changed.some((c) => c.id === i.id)).map((i) => i.vendorName))];
      await this.ctx.mailer.send(tx, {
        to: await customerEmail(tx, order),
        subject: t(lang, 'orders.email.unconfirmed.subject'),
        text: [
          t(lang, 'orders.email.unconfirmed.text', { shops: shops.join(', '), minutes }),
          ...(amount > 0 ? [t(lang, 'orders.email.cancelled.refund', { amount: formatNaira(amount) })] : []),
        ].join(' '),
      });
      await queueNotice(this.ctx, tx, order.id, 'cancelled');
      return true;
    });
    if (done) await pushOrderUpdate(this.ctx, orderId);
    return done;
  }
}
