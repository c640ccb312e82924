import type { Tx } from '../../infra/db/client.js';
import type { PaymentRow } from './payments.repo.js';

/** `group_share`: a group order member's share, its subject the group's order (decision 0049). */
export type PaymentPurpose = 'order' | 'dispatch' | 'group_share';

export interface PurposeHandler {
  /** Inside the one transaction that flips the payment awaiting → paid (runs exactly once per payment). */
  onPaid(tx: Tx, payment: PaymentRow): Promise<void>;
  /** Payment declined/abandoned (exactly once). */
  onFailed(tx: Tx, payment: PaymentRow): Promise<void>;
  /** After a refund is recorded as processed. */
  onRefunded?(tx: Tx, payment: PaymentRow, amountKobo: number): Promise<void>;
}

/** What each purpose (order, dispatch) does when its payment settles; one handler per purpose. */
export class Purposes {
  private readonly handlers = new Map<PaymentPurpose, PurposeHandler>();

  register(purpose: PaymentPurpose, handler: PurposeHandler): void {
    if (this.handlers.has(purpose)) throw new Error(`payment purpose ${purpose} registered twice`);
    this.handlers.set(purpose, handler);
  }

  /** The handler a payment settles through; a payment of an unknown purpose is a bug. */
  of(purpose: string): PurposeHandler {
    const h = this.handlers.get(purpose as PaymentPurpose);
    if (!h) throw new Error(`no payment handler for purpose ${purpose}`);
    return h;
  }

  find(purpose: string): PurposeHandler | undefined {
    return this.handlers.get(purpose as PaymentPurpose);
  }
}
