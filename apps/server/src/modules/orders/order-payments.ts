import { CANCEL_WINDOW_MS, formatNaira, formatShortDay, formatSlot, formatTime, SLOT_MINUTES } from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../infra/db/client.js';
import { translate } from '../../infra/i18n.js';
import { deliveryCode } from '../../lib/crypto.js';
import { accountLanguage, removeCartLines } from '../auth/index.js';
import { recordStatusChanges } from '../order-events/index.js';
import type { PaymentRow } from '../payments/index.js';
import { discountsOf, releaseUses, usesPaid } from '../promotions/index.js';
import { itemsWithShops } from './order-items.js';
import * as repo from './orders.repo.js';
import { customerEmail, queueNotice } from './order-notices.js';
import { t } from './orders.messages.js';

/** The `order` purpose of the shared payment mechanism: what paying, failing and refunding do to an order. */
export class OrderPayments {
  constructor(private readonly ctx: AppContext) {}

  /** Payment confirmed (exactly once, inside the payment's transaction). */
  async onPaid(tx: Tx, payment: PaymentRow): Promise<void> {
    const order = await repo.setOrderPaid(tx, payment.subjectId, payment.paidAt ?? new Date(), deliveryCode());
    if (!order) throw new Error(`order ${payment.subjectId} was not awaiting payment`);
    await usesPaid(tx, order.id, payment.paidAt ?? this.ctx.clock.now());
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
    const lang = await accountLanguage(tx, order.userId);
    await this.ctx.mailer.send(tx, {
      to: await customerEmail(tx, order),
      subject: t(lang, 'orders.email.placed.subject', { total: formatNaira(order.amountKobo) }),
      text: [
        t(lang, 'orders.email.placed.intro'),
        '',
        ...items.map((i) =>
          t(lang, 'orders.email.placed.item', {
            product: i.productName,
            option: i.optionName,
            quantity: i.quantity,
            amount: formatNaira(i.unitPriceKobo * i.quantity),
            vendor: i.vendorName,
          }),
        ),
        '',
        t(lang, 'orders.email.placed.totals', {
          items: formatNaira(order.itemsKobo),
          delivery: order.deliveryFeeKobo ? formatNaira(order.deliveryFeeKobo) : translate(lang, 'msg.free'),
          serviceFee: formatNaira(order.serviceFeeKobo),
        }),
        // Promotions (decision 0051): what each took off and who pays for it.
        ...((await discountsOf(tx, [order.id])).get(order.id) ?? []).map(({ dto: d }) =>
          t(lang, 'orders.email.placed.discount', {
            title: d.title,
            code: d.code ? ` (${d.code})` : '',
            amount: formatNaira(Math.round(d.amount * 100)),
            who: d.vendorName ?? t(lang, 'orders.email.platform'),
          }),
        ),
        t(lang, 'orders.email.placed.paid', { total: formatNaira(order.amountKobo), reference: payment.reference }),
        '',
        // An order for later: when it comes, and cancelling until its shop starts preparing.
        ...(order.deliverFrom && order.prepareAt
          ? [
              t(lang, 'orders.email.placed.slot', {
                day: formatShortDay(order.deliverFrom),
                time: formatSlot(order.deliverFrom, new Date(order.deliverFrom.getTime() + SLOT_MINUTES * 60_000)),
              }),
              t(lang, 'orders.email.placed.cancelForLater', {
                time: formatTime(order.prepareAt),
                link: `${this.ctx.config.publicUrl}/my-orders`,
              }),
            ]
          : [
              t(lang, 'orders.email.placed.cancel', {
                minutes: CANCEL_WINDOW_MS / 60_000,
                link: `${this.ctx.config.publicUrl}/my-orders`,
              }),
            ]),
      ].join('\n'),
    });
    await queueNotice(this.ctx, tx, order.id, 'paid');
  }

  async onFailed(tx: Tx, payment: PaymentRow): Promise<void> {
    await repo.setOrderUnpaid(tx, payment.subjectId, payment.state === 'abandoned' ? 'abandoned' : 'failed');
    // Its promotions' uses are free again (decision 0051).
    await releaseUses(tx, payment.subjectId, this.ctx.clock.now(), `payment ${payment.state}`);
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
    // Refunded in full: the promotions' uses count no more (a cancellation released them already).
    if (payment.refundedKobo >= payment.amountKobo)
      await releaseUses(tx, payment.subjectId, this.ctx.clock.now(), 'refunded');
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
    const lang = await accountLanguage(tx, order.userId);
    const amount = formatNaira(amountKobo);
    await this.ctx.mailer.send(tx, {
      to: await customerEmail(tx, order),
      subject: t(lang, 'orders.email.refunded.subject', { amount }),
      text: t(lang, 'orders.email.refunded.text', { amount, reference: payment.reference }),
    });
    await queueNotice(this.ctx, tx, order.id, 'refunded', `${payment.reference}:${payment.refundedKobo}:${amountKobo}`);
  }
}
