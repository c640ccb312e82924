import { randomUUID } from 'node:crypto';
import { isInServiceArea, orderDeliveryFee, type CheckoutInput } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { Batcher } from '../../infra/batch.js';
import type { Executor, Tx } from '../../infra/db/client.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { OUTSIDE_AREA } from '../addresses/index.js';
import { approvedShops, lockSlotCapacities } from '../catalogue/index.js';
import { checkAttempt, type AttemptInput, type PaymentRow, type PaymentService } from '../payments/index.js';
import * as repo from './orders.repo.js';
import { quoteFrom, readForQuotes, SLOT_MSG, type Quote } from './quote.js';

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
   * The checkouts of this batch that would put a shop over its capacity in their slot (decision
   * 0047): the slot orders' shops are locked, then each slot's orders counted, those already
   * recorded and this batch's in turn.
   */
  private async overbooked(tx: Tx, quoted: { index: number; quote: Quote }[]): Promise<Set<number>> {
    const slotted = quoted.filter((q) => q.quote.slot);
    if (!slotted.length) return new Set();
    const shopsOf = (q: Quote) => [...new Set(q.lines.map((l) => l.vendorId))];
    const capacity = await lockSlotCapacities(
      tx,
      slotted.flatMap((q) => shopsOf(q.quote)),
    );
    const taken = await repo.ordersInSlots(
      tx,
      [...capacity.keys()],
      slotted.map((q) => q.quote.slot!.deliverFrom),
    );
    const full = new Set<number>();
    for (const { index, quote } of slotted) {
      const keys = shopsOf(quote).map((v) => `${v}|${quote.slot!.deliverFrom.toISOString()}`);
      if (keys.some((k, i) => (taken.get(k) ?? 0) >= (capacity.get(shopsOf(quote)[i]!) ?? 0))) full.add(index);
      else for (const k of keys) taken.set(k, (taken.get(k) ?? 0) + 1);
    }
    return full;
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
        const quoted: { index: number; quote: Quote }[] = [];
        asks.forEach(({ user, input, now }, index) => {
          try {
            quoted.push({ index, quote: quoteFrom(this.ctx.config, read, user.id, input, now) });
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            out[index] = err;
          }
        });
        const full = await this.overbooked(tx, quoted);
        const orderRows: repo.NewOrder[] = [];
        const itemRows: repo.NewOrderItem[] = [];
        const accepted: { index: number; attempt: AttemptInput }[] = [];
        for (const { index, quote: q } of quoted) {
          if (full.has(index)) {
            out[index] = conflict(SLOT_MSG.full, 'slot_full');
            continue;
          }
          const { user, input } = asks[index]!;
          const orderId = randomUUID();
          const attempt: AttemptInput = {
            purpose: 'order',
            subjectId: orderId,
            userId: user.id,
            email: user.email,
            amountKobo: q.totals.totalKobo,
            callbackPath: '/loader?next=my-orders',
          };
          try {
            checkAttempt(attempt);
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            out[index] = err;
            continue;
          }
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
            deliverFrom: q.slot?.deliverFrom ?? null,
            prepareAt: q.slot?.prepareAt ?? null,
            batchSave: q.batchSave,
            tierFeeKobo: q.tierFeeKobo,
          });
          for (const l of q.lines) itemRows.push({ orderId, ...l, status: 'Order Placed' });
          accepted.push({ index, attempt });
        }
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
