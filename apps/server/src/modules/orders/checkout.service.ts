import { randomUUID } from 'node:crypto';
import { isInServiceArea, orderDeliveryFee, type CheckoutInput } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { Batcher } from '../../infra/batch.js';
import type { Executor } from '../../infra/db/client.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { OUTSIDE_AREA } from '../addresses/index.js';
import { approvedShops } from '../catalogue/index.js';
import { checkAttempt, type AttemptInput, type PaymentRow, type PaymentService } from '../payments/index.js';
import * as repo from './orders.repo.js';
import { quoteFrom, readForQuotes } from './quote.js';

/** One customer's checkout waiting to be recorded, and what recording it gives back. */
interface CheckoutAsk {
  user: { id: string; email: string };
  input: CheckoutInput;
  now: Date;
}
interface Recorded {
  payment: PaymentRow;
  attempt: AttemptInput;
  orderId: string;
}

/** Checkout: the delivery fee before it, then orders recorded and handed to the payment provider. */
export class CheckoutService {
  /** Checkouts waiting to be recorded together (`record`). */
  private readonly recorder: Batcher<CheckoutAsk, Recorded>;

  constructor(
    private readonly ctx: AppContext,
    private readonly payments: PaymentService,
  ) {
    this.recorder = new Batcher((asks) => this.record(asks), { concurrency: ctx.database.batches });
  }

  /** Sum of one delivery fee per distinct vendor (vendors the server found, never the client's word). */
  async deliveryFee(
    ex: Executor,
    point: { latitude: number; longitude: number },
    vendorIds: string[],
  ): Promise<number> {
    if (!isInServiceArea(point, this.ctx.config.campus.serviceArea))
      throw badRequest(OUTSIDE_AREA, 'outside_service_area');
    const ids = [...new Set(vendorIds)];
    const vendors = await approvedShops(ex, ids);
    if (vendors.length !== ids.length)
      throw badRequest('A vendor in your cart is no longer available.', 'unknown_vendor');
    return orderDeliveryFee(
      point,
      vendors.map((v) => ({ latitude: v.latitude, longitude: v.longitude })),
      this.ctx.config.feeTiers,
    );
  }

  /**
   * Creates the order awaiting payment and its payment attempt in one short transaction, then
   * asks the provider where to pay with no transaction open (PaymentService.handOver). Checkouts
   * that arrive while others are being recorded are recorded together (`recorder`).
   */
  async checkout(
    user: { id: string; email: string },
    input: CheckoutInput,
  ): Promise<{ url: string; reference: string; orderId: string }> {
    const { payment, attempt, orderId } = await this.recorder.run({ user, input, now: this.ctx.clock.now() });
    return this.payments.handOver(payment, attempt, { orderId });
  }

  /**
   * Records the orders and payment attempts of many checkouts in one transaction: one read each
   * of their addresses, products and options, one statement for the orders and their items, one
   * for the attempts. A checkout refused by its quote is answered with its error and records
   * nothing; should the batch itself fail, each checkout is recorded on its own so that one
   * cannot sink the others.
   */
  private async record(asks: CheckoutAsk[]): Promise<(Recorded | Error)[]> {
    try {
      return await this.ctx.db.transaction(async (tx) => {
        const read = await readForQuotes(
          tx,
          asks.map((a) => a.input),
        );
        const out: (Recorded | Error)[] = [];
        const orderRows: repo.NewOrder[] = [];
        const itemRows: repo.NewOrderItem[] = [];
        const accepted: { index: number; attempt: AttemptInput }[] = [];
        asks.forEach(({ user, input, now }, index) => {
          try {
            const q = quoteFrom(this.ctx.config, read, user.id, input, now);
            const orderId = randomUUID();
            const attempt: AttemptInput = {
              purpose: 'order',
              subjectId: orderId,
              userId: user.id,
              email: user.email,
              amountKobo: q.totals.totalKobo,
              callbackPath: '/loader?next=my-orders',
            };
            checkAttempt(attempt);
            orderRows.push({
              id: orderId,
              userId: user.id,
              addressId: q.addressId,
              address: { ...q.address },
              itemsKobo: q.totals.itemsKobo,
              deliveryFeeKobo: q.totals.deliveryFeeKobo,
              serviceFeeKobo: q.totals.serviceFeeKobo,
              amountKobo: q.totals.totalKobo,
              paymentState: 'awaiting',
              deliveryNote: input.deliveryNote ?? '',
            });
            for (const l of q.lines) itemRows.push({ orderId, ...l, status: 'Order Placed' });
            accepted.push({ index, attempt });
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            out[index] = err;
          }
        });
        if (!accepted.length) return out;
        await repo.insertOrdersWithItems(tx, orderRows, itemRows);
        const payments = await this.payments.recordAttempts(
          tx,
          accepted.map((a) => a.attempt),
        );
        accepted.forEach(({ index, attempt }, k) => {
          out[index] = { attempt, payment: payments[k]!, orderId: attempt.subjectId };
        });
        return out;
      });
    } catch (err) {
      if (asks.length === 1) throw err;
      const each: (Recorded | Error)[] = [];
      for (const ask of asks) {
        each.push(
          await this.record([ask]).then(
            ([r]) => r!,
            (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
          ),
        );
      }
      return each;
    }
  }
}
