import { randomUUID } from 'node:crypto';
import { isInServiceArea, koboToNaira, orderDeliveryFee, type CheckoutInput, type QuoteInput } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { Batcher } from '../../infra/batch.js';
import type { Executor, Tx } from '../../infra/db/client.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { OUTSIDE_AREA } from '../addresses/index.js';
import { approvedShops, lockSlotCapacities } from '../catalogue/index.js';
import { checkAttempt, type AttemptInput, type PaymentRow, type PaymentService } from '../payments/index.js';
import { appliedDto, checkLimits, readPromotions, reserveUses, type PromotionClaim } from '../promotions/index.js';
import * as repo from './orders.repo.js';
import { quoteFrom, readForQuotes, SLOT_MSG, type Quote, type QuoteReads } from './quote.js';

const shopNamesOf = (read: QuoteReads) =>
  new Map([...read.products.values()].map((f) => [f.vendor.id, f.vendor.businessName]));

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
   * What checkout would charge for this cart now, with its promotions (decision 0051): the same
   * reads and rules as `record`, the promotions' limits read without locking them, nothing kept.
   */
  async quote(user: { id: string }, input: QuoteInput) {
    const now = this.ctx.clock.now();
    const ask = { user: { id: user.id, email: '' }, input, now };
    const read = await readForQuotes(this.ctx.db, [input]);
    read.promotions = await this.promotionReads(this.ctx.db, [ask]);
    let quote = quoteFrom(this.ctx.config, read, user.id, input, now);
    // At most once per automatic promotion: each refusal takes one out.
    for (let tries = 0; tries <= read.promotions.automatic.length; tries++) {
      const refused = (await checkLimits(this.ctx.db, [this.claimOf(0, ask, read, quote)], false)).get(0);
      if (!refused) return { quote, shopNames: shopNamesOf(read) };
      // An automatic promotion with too little budget left for this cart is not offered; a code says so.
      if (refused.promotion.code !== null) throw refused.error;
      const unavailable = read.promotions.unavailable;
      unavailable.set(user.id, (unavailable.get(user.id) ?? new Set()).add(refused.promotion.id));
      quote = quoteFrom(this.ctx.config, read, user.id, input, now);
    }
    throw new Error('promotion limits kept refusing a quote');
  }

  /** The cart's figures as the cart shows them (naira). */
  async quoteAnswer(user: { id: string }, input: QuoteInput) {
    const { quote, shopNames } = await this.quote(user, input);
    const t = quote.totals;
    return {
      itemsPrice: koboToNaira(t.itemsKobo + quote.discount.itemsKobo),
      deliveryFee: koboToNaira(t.deliveryFeeKobo + quote.discount.deliveryKobo),
      serviceFee: koboToNaira(t.serviceFeeKobo),
      total: koboToNaira(t.totalKobo),
      discounts: quote.discount.applied.map((a) => appliedDto(a, shopNames)),
    };
  }

  /** What promotions the quotes of these checkouts read (readPromotions), first orders from the orders' own table. */
  private async promotionReads(ex: Executor, asks: CheckoutAsk[]) {
    return readPromotions(
      ex,
      asks.map((a) => ({ userId: a.user.id, code: a.input.code })),
      (ids) => repo.usersWithKeptOrders(ex, ids),
      this.ctx.config.verification.promotionsNeedPhone,
      asks[0]!.now,
    );
  }

  private claimOf(index: number, ask: CheckoutAsk, read: QuoteReads, quote: Quote): PromotionClaim {
    return {
      index,
      userId: ask.user.id,
      phone: read.promotions?.shoppers.get(ask.user.id)?.phone ?? null,
      applied: quote.discount.applied,
    };
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
        read.promotions = await this.promotionReads(tx, asks);
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
        // The promotions' limits, counted under their locks after the slots (a refused checkout holds no use).
        const overLimit = await checkLimits(
          tx,
          quoted.filter((q) => !full.has(q.index)).map((q) => this.claimOf(q.index, asks[q.index]!, read, q.quote)),
          true,
        );
        const orderRows: repo.NewOrder[] = [];
        const itemRows: repo.NewOrderItem[] = [];
        const accepted: { index: number; attempt: AttemptInput }[] = [];
        const uses: Parameters<typeof reserveUses>[1] = [];
        for (const { index, quote: q } of quoted) {
          if (full.has(index)) {
            out[index] = conflict(SLOT_MSG.full, 'slot_full');
            continue;
          }
          if (overLimit.has(index)) {
            out[index] = overLimit.get(index)!.error;
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
            // Before promotions (the rider's pay reads the fee); what they took off beside them.
            itemsKobo: q.totals.itemsKobo + q.discount.itemsKobo,
            deliveryFeeKobo: q.totals.deliveryFeeKobo + q.discount.deliveryKobo,
            itemsDiscountKobo: q.discount.itemsKobo,
            deliveryDiscountKobo: q.discount.deliveryKobo,
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
          if (q.discount.applied.length)
            uses.push({
              orderId,
              userId: user.id,
              phone: this.claimOf(index, asks[index]!, read, q).phone,
              applied: q.discount.applied,
            });
        }
        if (!accepted.length) return out;
        await repo.insertOrdersWithItems(tx, orderRows, itemRows);
        await reserveUses(tx, uses);
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
