import {
  CANCEL_WINDOW_MS,
  CANCELLED,
  cartTotals,
  formatNaira,
  isInServiceArea,
  isOnTheWay,
  isWithinDailyWindow,
  koboToNaira,
  outsideDeliveryHoursMessage,
  vendorOpenState,
  nairaToKobo,
  orderCancelWindow,
  orderDeliveryFee,
  shownOrderStatus,
  unitPriceKobo,
  type CheckoutInput,
  type ItemStatus,
  type OrderAddressDto,
  type OrderDto,
  type ProductDto,
  type CartTotals,
  MSG,
} from '@jara/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../infra/db/schema.js';
import { Batcher } from '../../infra/batch.js';
import { randomUUID } from 'node:crypto';
import type { Executor, Tx } from '../../infra/db/client.js';
import { deliveryCode } from '../../lib/crypto.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { checkAttempt, type AttemptInput, type PaymentRow } from '../payments/index.js';
import { findAddresses, OUTSIDE_AREA, type AddressRow } from '../addresses/index.js';
import { productsOfLines, soldProduct } from '../catalog/index.js';
import * as repo from './orders.repo.js';
import { loadOrderTracking } from '../tracking/index.js';
import { z } from 'zod';
import { jobKind } from '../../infra/jobs/jobs.js';

export const PRICE_CHANGED = 'price_changed';

export interface QuotedLine {
  productId: string;
  optionId: string;
  vendorId: string;
  productName: string;
  optionName: string;
  image: string | null;
  unitPriceKobo: number;
  quantity: number;
}

export interface Quote {
  lines: QuotedLine[];
  totals: CartTotals;
  address: OrderAddressDto;
  addressId: string;
}

/** What the quotes of a batch of checkouts read (OrderService.readForQuotes). */
interface QuoteReads {
  addresses: Map<string, AddressRow>;
  products: Map<string, { product: repo.ProductRow; vendor: repo.VendorRow }>;
  options: Map<string, repo.OptionRow[]>;
}

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

export const ORDER_NOTICES = ['paid', 'cancelled', 'refunded'] as const;
export type OrderNotice = (typeof ORDER_NOTICES)[number];
/** Live pushes after an order's payment, cancellation or refund (see notify()). */
export const ORDER_NOTICE_JOB = jobKind(
  'orders.notify',
  z.object({ orderId: z.string(), kind: z.enum(ORDER_NOTICES) }),
);

/** Checkout, the order side of payment, My Orders and cancellation (DESIGN §2–§3). */
export class OrderService {
  /** Checkouts waiting to be recorded together (`record`). */
  private readonly recorder: Batcher<CheckoutAsk, Recorded>;

  constructor(private readonly ctx: AppContext) {
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
    const vendors = await repo.loadApprovedVendors(ex, ids);
    if (vendors.length !== ids.length)
      throw badRequest('A vendor in your cart is no longer available.', 'unknown_vendor');
    return orderDeliveryFee(
      point,
      vendors.map((v) => ({ latitude: v.latitude, longitude: v.longitude })),
      this.ctx.config.feeTiers,
    );
  }

  /** What the quotes of these checkouts read, in three statements however many there are. */
  private async readForQuotes(ex: Executor, inputs: CheckoutInput[]): Promise<QuoteReads> {
    const productIds = [...new Set(inputs.flatMap((i) => i.items.map((item) => item.product)))];
    // One after another: statements of one transaction share its connection.
    const found = await repo.loadProductsForCheckout(ex, productIds);
    const options = await repo.loadOptions(ex, productIds);
    const addresses = await findAddresses(ex, [...new Set(inputs.map((i) => i.address))]);
    const byProduct = new Map<string, repo.OptionRow[]>();
    for (const o of options) (byProduct.get(o.productId) ?? byProduct.set(o.productId, []).get(o.productId)!).push(o);
    return {
      addresses: new Map(addresses.map((a) => [a.id, a])),
      products: new Map(found.map((f) => [f.product.id, f])),
      options: byProduct,
    };
  }

  /**
   * Recomputes every line and fee of one checkout from the rows read for it (pure); refuses
   * anything that does not hold, by throwing.
   */
  private quoteFrom(read: QuoteReads, userId: string, input: CheckoutInput, now: Date): Quote {
    const hours = this.ctx.config.deliveryHours;
    if (!isWithinDailyWindow(hours, now))
      throw badRequest(outsideDeliveryHoursMessage(hours), 'outside_delivery_hours');
    const address = read.addresses.get(input.address);
    if (!address || address.userId !== userId)
      throw notFound('Address not found. Please select one of your addresses.');
    const point = { latitude: address.latitude, longitude: address.longitude };
    if (!isInServiceArea(point, this.ctx.config.campus.serviceArea))
      throw badRequest(OUTSIDE_AREA, 'outside_service_area');

    const merged = new Map<string, QuotedLine>();
    for (const item of input.items) {
      const f = read.products.get(item.product);
      if (!f)
        throw badRequest(
          'A product in your cart is no longer available. Please remove it and try again.',
          'product_unavailable',
        );
      const { product, vendor } = f;
      if (item.vendorId !== undefined && item.vendorId !== product.vendorId) {
        throw badRequest(`${product.name} is not sold by that vendor.`, 'vendor_mismatch');
      }
      if (!product.inStock) throw badRequest(`${product.name} is out of stock.`, 'out_of_stock');
      const own = read.options.get(product.id) ?? [];
      const option = item.optionId === undefined ? own[0] : own.find((o) => o.id === item.optionId);
      if (!option) throw badRequest(`That option does not belong to ${product.name}.`, 'option_mismatch');
      const state = vendorOpenState(vendor.openingHours, vendor.isOpen, now);
      if (!state.open) {
        const when = state.opensAt ? ` (${state.label.replace('Closed · ', '')})` : '';
        throw badRequest(
          `${vendor.businessName} is closed right now${when}. Please remove ${product.name} or try again when it opens.`,
          'vendor_closed',
        );
      }
      const unit = unitPriceKobo(option);
      if (item.price !== undefined && nairaToKobo(item.price) !== unit) {
        throw conflict(
          `The price of ${product.name} is ${formatNaira(unit)}, not ${formatNaira(nairaToKobo(item.price))}. Please review your cart.`,
          PRICE_CHANGED,
        );
      }
      const key = `${product.id}/${option.id}`;
      const prev = merged.get(key);
      const quantity = (prev?.quantity ?? 0) + item.quantity;
      if (quantity > 99) throw badRequest(`Quantity must be a whole number from 1 to 99.`, 'bad_quantity');
      merged.set(key, {
        productId: product.id,
        optionId: option.id,
        vendorId: product.vendorId,
        productName: product.name,
        optionName: option.name,
        image: product.images[0] ?? null,
        unitPriceKobo: unit,
        quantity,
      });
    }
    const lines = [...merged.values()];
    const itemsKobo = lines.reduce((s, l) => s + l.unitPriceKobo * l.quantity, 0);
    const vendorLocations = [
      ...new Map(
        [...read.products.values()]
          .filter((f) => lines.some((l) => l.vendorId === f.vendor.id))
          .map((f) => [f.vendor.id, f.vendor]),
      ).values(),
    ];
    const deliveryKobo = orderDeliveryFee(
      point,
      vendorLocations.map((v) => ({ latitude: v.latitude, longitude: v.longitude })),
      this.ctx.config.feeTiers,
    );
    const totals = cartTotals(itemsKobo, deliveryKobo);
    if (!Number.isSafeInteger(totals.totalKobo) || totals.totalKobo > 100_000_000) {
      throw badRequest('This order is too large to pay in one go. Please split it.', 'order_too_large');
    }
    if (input.amount !== undefined && nairaToKobo(input.amount) !== totals.totalKobo) {
      throw conflict(
        `The total is now ${formatNaira(totals.totalKobo)}. Please review your cart and pay again.`,
        PRICE_CHANGED,
      );
    }
    const snapshot: OrderAddressDto = {
      firstName: address.firstName,
      lastName: address.lastName,
      email: address.email,
      address: address.address,
      city: address.city,
      state: address.state,
      zipcode: address.zipcode,
      country: address.country,
      phone: address.phone,
      latitude: address.latitude,
      longitude: address.longitude,
      placeId: address.placeId,
      placeName: address.placeName,
      block: address.block,
      floor: address.floor,
      room: address.room,
      landmark: address.landmark,
    };
    return { lines, totals, address: snapshot, addressId: address.id };
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
    return this.ctx.payments.handOver(payment, attempt, { orderId });
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
        const read = await this.readForQuotes(
          tx,
          asks.map((a) => a.input),
        );
        const out: (Recorded | Error)[] = [];
        const orderRows: repo.NewOrder[] = [];
        const itemRows: repo.NewOrderItem[] = [];
        const accepted: { index: number; attempt: AttemptInput }[] = [];
        asks.forEach(({ user, input, now }, index) => {
          try {
            const q = this.quoteFrom(read, user.id, input, now);
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
        const payments = await this.ctx.payments.recordAttempts(
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

  /** Payment confirmed (exactly once, inside the payment's transaction). */
  async onPaid(tx: Tx, payment: PaymentRow): Promise<void> {
    const order = await repo.setOrderPaid(tx, payment.subjectId, payment.paidAt ?? new Date(), deliveryCode());
    if (!order) throw new Error(`order ${payment.subjectId} was not awaiting payment`);
    const items = await repo.itemsOf(tx, [order.id]);
    await repo.recordStatusEvents(tx, [
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
    await repo.removeCartLines(tx, order.userId, items);
    await this.ctx.mailer.send(tx, {
      to: await this.customerEmail(tx, order),
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
    await this.notify(tx, order.id, 'paid');
  }

  async onFailed(tx: Tx, payment: PaymentRow): Promise<void> {
    await repo.setOrderUnpaid(tx, payment.subjectId, payment.state === 'abandoned' ? 'abandoned' : 'failed');
    await repo.recordStatusEvents(tx, [
      {
        subjectType: 'order',
        subjectId: payment.subjectId,
        status: `payment ${payment.state}`,
        note: payment.reference,
      },
    ]);
  }

  async onRefunded(tx: Tx, payment: PaymentRow, amountKobo: number): Promise<void> {
    await repo.recordStatusEvents(tx, [
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
      to: await this.customerEmail(tx, order),
      subject: `Refund of ${formatNaira(amountKobo)} processed`,
      text: `We have refunded ${formatNaira(amountKobo)} for your Jara order (reference ${payment.reference}). Depending on your bank it can take a few working days to show.`,
    });
    await this.notify(tx, order.id, 'refunded', `${payment.reference}:${payment.refundedKobo}:${amountKobo}`);
  }

  private async customerEmail(ex: Executor, order: repo.OrderRow): Promise<string> {
    const [u] = await ex.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
    return u?.email ?? String(order.address.email);
  }

  /**
   * Live pushes happen after commit, from a job. The dedupe key names the event, so a replayed
   * webhook or a retried transaction queues it once; `occurrence` tells apart events of a kind
   * that can happen more than once (each refund).
   */
  private async notify(tx: Tx, orderId: string, kind: OrderNotice, occurrence = ''): Promise<void> {
    await this.ctx.jobs.enqueue(
      tx,
      ORDER_NOTICE_JOB,
      { orderId, kind },
      { dedupeKey: `${ORDER_NOTICE_JOB.kind}:${orderId}:${kind}${occurrence ? `:${occurrence}` : ''}` },
    );
  }

  /** The job behind notify(): `order.updated` to the customer, `vendor.order.*` to vendors' owners. */
  async deliverNotice(orderId: string, kind: OrderNotice): Promise<void> {
    const order = await repo.findOrder(this.ctx.db, orderId);
    if (!order) return;
    const items = await repo.itemsOf(this.ctx.db, [order.id]);
    const status = shownOrderStatus(items.map((i) => i.status as ItemStatus));
    this.ctx.realtime.emitToUser(order.userId, 'order.updated', {
      _id: orderId,
      orderId,
      status,
      items: items.map((i) => ({ _id: i.id, status: i.status as ItemStatus, cancelReason: i.cancelReason })),
    });
    if (kind !== 'paid' && kind !== 'cancelled') return;
    const byVendor = new Map<string, typeof items>();
    for (const i of items) (byVendor.get(i.vendorId) ?? byVendor.set(i.vendorId, []).get(i.vendorId)!).push(i);
    for (const [vendorId, list] of byVendor) {
      const owner = list[0]!.vendorUserId;
      if (!owner) continue;
      this.ctx.realtime.emitToUser(owner, kind === 'paid' ? 'vendor.order.created' : 'vendor.order.cancelled', {
        orderId,
        vendorId,
        items: list.map((i) => ({
          _id: i.id,
          productId: i.productId,
          name: i.productName,
          optionName: i.optionName,
          quantity: i.quantity,
          unitPrice: koboToNaira(i.unitPriceKobo),
          status: i.status as ItemStatus,
        })),
      });
    }
  }

  /** My Orders: the caller's paid orders, newest first. */
  async listForUser(
    userId: string,
    page: number,
    limit: number,
    now = new Date(),
  ): Promise<{ orders: OrderDto[]; hasMore: boolean }> {
    const rows = await repo.listPaidOrders(this.ctx.db, userId, limit + 1, (page - 1) * limit);
    const pageRows = rows.slice(0, limit);
    return { orders: await this.withTracking(pageRows, userId, now), hasMore: rows.length > limit };
  }

  /** One paid order of the caller, with its timeline; anyone else's is 404. */
  async getForUser(userId: string, orderId: string, now = new Date()): Promise<OrderDto> {
    const order = await repo.findOrder(this.ctx.db, orderId);
    if (!order || order.userId !== userId || order.paymentState !== 'paid') throw notFound('Order not found.');
    return (await this.withTracking([order], userId, now))[0]!;
  }

  /** Order DTOs with their timeline, rider and refund (the rider's phone only for `viewerId`'s own active orders). */
  private async withTracking(rows: repo.OrderRow[], viewerId: string, now: Date): Promise<OrderDto[]> {
    const items = await repo.itemsOf(
      this.ctx.db,
      rows.map((o) => o.id),
    );
    const catalogue = await productsOfLines(
      this.ctx.db,
      items.map((i) => i.productId),
    );
    const dtos = rows.map((o) =>
      toOrderDto(
        o,
        items.filter((i) => i.orderId === o.id),
        now,
        catalogue,
      ),
    );
    const tracking = await loadOrderTracking(
      this.ctx.db,
      rows.map((o, n) => ({
        id: o.id,
        userId: o.userId,
        paidAt: o.paidAt,
        lockedAt: o.lockedAt,
        riderId: o.riderId,
        status: dtos[n]!.status,
        items: items
          .filter((i) => i.orderId === o.id)
          .map((i) => ({ id: i.id, vendorName: i.vendorName, vendorUserId: i.vendorUserId, status: i.status })),
      })),
      viewerId,
    );
    return dtos.map((d) => ({ ...d, ...tracking.get(d._id) }));
  }

  /** Customer cancellation (DESIGN §3): no item confirmed, within 5 minutes of payment; full refund. */
  async cancel(userId: string, orderId: string, now = new Date()): Promise<OrderDto> {
    await this.ctx.db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, orderId);
      if (!order || order.userId !== userId || order.paymentState !== 'paid') throw notFound('Order not found.');
      const items = await repo.itemsOf(tx, [order.id]);
      const live = items.filter((i) => i.status !== CANCELLED);
      if (!live.length) throw conflict('This order is already cancelled.', 'already_cancelled');
      const window = orderCancelWindow(
        items.map((i) => i.status as ItemStatus),
        order.paidAt?.getTime() ?? null,
        now.getTime(),
      );
      if (window.stop !== null && window.stop !== 'window_passed' && window.stop !== 'unpaid')
        throw conflict(
          'This order can no longer be cancelled: a vendor has already confirmed it.',
          'cancel_not_allowed',
        );
      if (window.stop !== null) {
        throw conflict(
          `Orders can only be cancelled within ${CANCEL_WINDOW_MS / 60_000} minutes of payment.`,
          'cancel_window_passed',
        );
      }
      const changed = await repo.cancelPlacedItems(tx, order.id, 'Cancelled by the customer');
      if (changed.length !== live.length)
        throw conflict(
          'This order can no longer be cancelled: a vendor has already confirmed it.',
          'cancel_not_allowed',
        );
      await repo.recordStatusEvents(
        tx,
        changed.map((i) => ({
          subjectType: 'order_item' as const,
          subjectId: i.id,
          status: CANCELLED,
          actorId: userId,
          note: 'customer cancelled',
        })),
      );
      const payment = await repo.paidPaymentOf(tx, order.id);
      if (!payment) throw new AppError(500, 'payment_missing', MSG.somethingWrong);
      const left = payment.amountKobo - payment.refundedKobo;
      if (left > 0) await this.ctx.payments.refund(tx, payment.id, left, `Order ${order.id} cancelled by the customer`);
      await this.ctx.mailer.send(tx, {
        to: await this.customerEmail(tx, order),
        subject: 'Your Jara order is cancelled',
        text: `Your order is cancelled as you asked. ${left > 0 ? `We are refunding ${formatNaira(left)} to your payment method.` : ''}`,
      });
      await this.notify(tx, order.id, 'cancelled');
    });
    const order = await repo.findOrder(this.ctx.db, orderId);
    return (await this.withTracking([order!], userId, now))[0]!;
  }
}

export function toOrderDto(
  o: repo.OrderRow,
  items: (repo.OrderItemRow & { vendorName: string })[],
  now = new Date(),
  catalogue: ReadonlyMap<string, ProductDto> = new Map(),
): OrderDto {
  const statuses = items.map((i) => i.status as ItemStatus);
  const status = shownOrderStatus(statuses);
  const window = orderCancelWindow(statuses, o.paidAt?.getTime() ?? null, now.getTime());
  const canCancel = o.paymentState === 'paid' && window.stop === null;
  return {
    _id: o.id,
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    amount: koboToNaira(o.amountKobo),
    itemsPrice: koboToNaira(o.itemsKobo),
    deliveryFee: koboToNaira(o.deliveryFeeKobo),
    serviceFee: koboToNaira(o.serviceFeeKobo),
    status,
    items: items.map((i) => ({
      _id: i.id,
      product: soldProduct(i, catalogue.get(i.productId)),
      optionId: i.optionId,
      optionName: i.optionName,
      quantity: i.quantity,
      vendorId: i.vendorId,
      vendorName: i.vendorName,
      status: i.status as ItemStatus,
      unitPrice: koboToNaira(i.unitPriceKobo),
      cancelReason: i.status === CANCELLED ? i.cancelReason : null,
    })),
    deliveryCode: isOnTheWay(status) ? o.deliveryCode : null,
    canCancel,
    cancelUntil: canCancel && window.until !== null ? new Date(window.until).toISOString() : null,
    address: orderAddressOf(o.address),
    deliveryNote: o.deliveryNote,
  };
}

/**
 * The delivery address from the order's checkout copy: the fields the answer names, a text the
 * copy lacks as ''; the gazetteer place and the door details only when the copy has them.
 */
export function orderAddressOf(json: Record<string, unknown>): OrderAddressDto {
  const text = (k: string) => (typeof json[k] === 'string' ? (json[k] as string) : '');
  const dto: OrderAddressDto = {
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipcode: text('zipcode'),
    country: text('country'),
    phone: text('phone'),
    latitude: Number(json.latitude ?? 0),
    longitude: Number(json.longitude ?? 0),
  };
  for (const k of ['placeId', 'placeName'] as const) {
    if (k in json) dto[k] = typeof json[k] === 'string' ? (json[k] as string) : null;
  }
  for (const k of ['block', 'floor', 'room', 'landmark'] as const) {
    if (typeof json[k] === 'string') dto[k] = json[k] as string;
  }
  return dto;
}
