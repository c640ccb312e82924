/**
 * Each member pays their own share (decision 0049): a payment of the `group_share` purpose whose
 * subject is the group's order, so its charge is held for that order in the ledger from the start.
 * A share paid in time counts towards the order; one that arrives after the order went (or the
 * group ended), or a second payment of a share already paid, goes back in full.
 */
import type { AppContext } from '../../context.js';
import type { Tx } from '../../infra/db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { PaymentRow, PaymentService } from '../payments/index.js';
import { queueTellMembers } from './group-notices.js';
import * as repo from './groups.repo.js';
import { GROUP_MSG } from './messages.js';

export class GroupPayments {
  constructor(
    private readonly ctx: AppContext,
    private readonly payments: PaymentService,
  ) {
    payments.registerPurpose('group_share', {
      onPaid: (tx, payment) => this.onPaid(tx, payment),
      onFailed: (tx, payment) => this.told(tx, payment, `failed:${payment.id}`),
      onRefunded: (tx, payment, amount) => this.told(tx, payment, `refunded:${payment.refundedKobo}:${amount}`),
    });
  }

  /** Starts paying the caller's share: where to pay it (the provider's page). */
  pay(user: { id: string; email: string }, groupId: string): Promise<{ url: string; reference: string }> {
    return this.payments.start(async (tx) => {
      // Shared: members pay at once; a placement (which locks it for update) waits or goes first.
      const g = await repo.lockGroup(tx, groupId, 'share');
      const m = g && (await repo.memberOf(tx, g.id, user.id));
      if (!g || !m) throw notFound(GROUP_MSG.notFound);
      if (g.state === 'open') throw conflict(GROUP_MSG.notClosed, 'group_not_closed');
      if (g.state !== 'paying' || m.state === 'dropped') throw conflict(GROUP_MSG.closed, 'group_closed');
      if (m.state === 'paid') throw conflict(GROUP_MSG.paid, 'share_paid');
      if (m.amountKobo === null) throw conflict(GROUP_MSG.shareEmpty, 'share_empty');
      return {
        attempt: {
          purpose: 'group_share' as const,
          subjectId: g.orderId,
          userId: user.id,
          email: user.email,
          amountKobo: m.amountKobo,
          callbackPath: `/loader?next=group/${g.id}` as const,
        },
        result: {},
      };
    });
  }

  /** A share's payment confirmed (once, in the payment's transaction): counted, or refunded in full. */
  private async onPaid(tx: Tx, payment: PaymentRow): Promise<void> {
    const g = await repo.lockGroupOfOrder(tx, payment.subjectId);
    if (!g) throw new Error(`group share ${payment.reference}: no group for order ${payment.subjectId}`);
    const m = await repo.memberOf(tx, g.id, payment.userId);
    const inTime = g.state === 'paying' && m?.state === 'joined' && m.amountKobo === payment.amountKobo;
    if (inTime && (await repo.markPaid(tx, m.id, payment.id, payment.paidAt ?? new Date()))) {
      await queueTellMembers(this.ctx, tx, g.id, `paid:${payment.id}`);
      return;
    }
    const why = g.state === 'paying' && m?.state === 'paid' ? 'paid twice' : 'paid after the order went';
    this.ctx.log.warn({ reference: payment.reference, groupId: g.id, state: g.state }, `group share ${why}: refunded`);
    await this.payments.refund(tx, payment.id, payment.amountKobo, `Group order ${g.id}: share ${why}`);
    await queueTellMembers(this.ctx, tx, g.id, `late:${payment.id}`);
  }

  /** The members hear of a share's payment failing or a refund processed. */
  private async told(tx: Tx, payment: PaymentRow, occurrence: string): Promise<void> {
    const g = await repo.findGroupOfOrder(tx, payment.subjectId);
    if (g) await queueTellMembers(this.ctx, tx, g.id, occurrence);
  }
}
