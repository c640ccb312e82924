import { and, eq, sql } from 'drizzle-orm';
import {
  doorOf,
  hasRole,
  DEFAULT_OPTION_NAME,
  isInServiceArea,
  isOpenAt,
  koboToNaira,
  nairaToKobo,
  percentOf,
  shownOrderStatus,
  type DeclineInput,
  type ItemStatus,
  type PayoutInput,
  type ProductInput,
  type SellerOrderDto,
  type SellerProductDto,
  type SellerProfileDto,
  type VendorApplicationInput,
  MSG,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import { queryRows, type Executor, type Tx } from '../../infra/db/client.js';
import { orderItems } from '../orders/orders.tables.js';
import { payments } from '../payments/payments.tables.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../infra/sessions.js';
import { productsOfLines, soldProduct } from '../catalogue/index.js';
import { isOwnUpload } from '../media/index.js';
import { moveItems, pushOrderUpdate, recordStatusEvents } from '../order-events/index.js';
import { lagosDayStart, listPayouts, requestPayout, summarise, type EarningEntry } from '../payouts/index.js';
import * as repo from './seller.repo.js';

type Vendor = NonNullable<Awaited<ReturnType<typeof repo.findVendorByUser>>>;

function toProfileDto(v: Vendor, now = new Date()): SellerProfileDto {
  return {
    _id: v.id,
    businessName: v.businessName,
    kind: v.kind,
    phone: v.phone,
    address: v.address,
    placeId: v.placeId,
    latitude: v.latitude,
    longitude: v.longitude,
    profilePhoto: v.profilePhoto,
    openingHours: v.openingHours,
    isOpen: v.isOpen,
    openNow: v.isOpen && isOpenAt(v.openingHours, now),
    status: v.status,
    rejectionReason: v.rejectionReason,
  };
}

function toProductDto(p: { product: repo.ProductRow; options: repo.OptionRow[] }): SellerProductDto {
  return {
    _id: p.product.id,
    name: p.product.name,
    category: p.product.category,
    image: p.product.images,
    vendorId: p.product.vendorId,
    description: p.product.description,
    weight: p.product.weight,
    inStock: p.product.inStock,
    options: p.options.map((o) => ({
      _id: o.id,
      name: o.name,
      price: koboToNaira(o.priceKobo),
      offerPrice: o.offerPriceKobo === null ? null : koboToNaira(o.offerPriceKobo),
    })),
    updatedAt: p.product.updatedAt.toISOString(),
  };
}

const ACTIVE_STATUSES = new Set(['Order Placed', 'Order Confirmed', 'Order Assigned', 'Order Picked']);

export class SellerService {
  constructor(private readonly ctx: AppContext) {}

  /** The approved vendor owned by this user, or 403. Role and approval are both required. */
  async requireVendor(user: SessionUser): Promise<Vendor> {
    if (!hasRole(user, 'vendor')) throw forbidden('Only approved vendors can do that.');
    const v = await repo.findVendorByUser(this.ctx.db, user.id);
    if (!v || v.status !== 'approved') throw forbidden('Only approved vendors can do that.');
    return v;
  }

  async profile(user: SessionUser) {
    const v = await repo.findVendorByUser(this.ctx.db, user.id);
    return v ? toProfileDto(v) : null;
  }

  /** Applies (or re-applies after a rejection); an approved vendor edits the shop profile. */
  async apply(user: SessionUser, input: VendorApplicationInput): Promise<SellerProfileDto> {
    if (!hasRole(user, 'customer', 'vendor')) throw forbidden('Staff accounts cannot open a shop.');
    const place = await repo.findPlace(this.ctx.db, input.placeId);
    if (!place) throw badRequest(MSG.selectValidAddress, 'invalid_place');
    const point = { latitude: place.lat, longitude: place.lon };
    if (!isInServiceArea(point, this.ctx.config.campus.serviceArea))
      throw badRequest('That location is outside the area we serve.', 'outside_service_area');
    const existing = await repo.findVendorByUser(this.ctx.db, user.id);
    const photoOk =
      (existing && existing.profilePhoto === input.profilePhoto) ||
      (await isOwnUpload(this.ctx.storage, input.profilePhoto, `vendors/${user.id}/`));
    if (!photoOk) throw badRequest('Upload the profile photo again.', 'invalid_photo');
    const values = {
      businessName: input.businessName,
      kind: input.kind,
      phone: input.phone,
      address: place.displayName,
      latitude: place.lat,
      longitude: place.lon,
      profilePhoto: input.profilePhoto,
      openingHours: input.openingHours,
    };
    return this.ctx.db.transaction(async (tx) => {
      if (!existing) {
        if (!hasRole(user, 'customer')) throw forbidden('Staff accounts cannot open a shop.');
        const row = await repo.insertVendor(tx, { ...values, userId: user.id, status: 'pending' }, input.placeId);
        if (!row) throw conflict('You have already applied.', 'already_applied');
      } else if (existing.status === 'approved') {
        if (!hasRole(user, 'vendor')) throw forbidden('Your shop is not active. Contact support.');
        await repo.updateVendor(tx, existing.id, values, input.placeId);
      } else {
        await repo.updateVendor(
          tx,
          existing.id,
          { ...values, status: 'pending', rejectionReason: null },
          input.placeId,
        );
      }
      const v = await repo.findVendorByUser(tx, user.id);
      return toProfileDto(v!);
    });
  }

  async setOpen(user: SessionUser, isOpen: boolean) {
    const v = await this.requireVendor(user);
    await repo.updateVendor(this.ctx.db, v.id, { isOpen });
    return toProfileDto({ ...v, isOpen });
  }

  async listProducts(user: SessionUser, q?: string) {
    const v = await this.requireVendor(user);
    return (await repo.listVendorProducts(this.ctx.db, v.id, q)).map(toProductDto);
  }

  private async checkProductInput(vendorId: string, input: ProductInput, currentImages: string[] = []) {
    if (!(await repo.categoryExists(this.ctx.db, input.category)))
      throw badRequest('Choose a category from the list.', 'invalid_category');
    for (const url of input.images) {
      if (currentImages.includes(url)) continue;
      if (!(await isOwnUpload(this.ctx.storage, url, `products/${vendorId}/`)))
        throw badRequest('Upload the images again.', 'invalid_image');
    }
    if (new Set(input.images).size !== input.images.length)
      throw badRequest('The same image is there twice.', 'duplicate_image');
  }

  private optionValues(input: ProductInput) {
    const single = input.options.length === 1;
    return input.options.map((o, position) => ({
      id: o.id,
      name: single ? DEFAULT_OPTION_NAME : o.name,
      priceKobo: nairaToKobo(o.price),
      offerPriceKobo: o.offerPrice == null ? null : nairaToKobo(o.offerPrice),
      position,
    }));
  }

  async createProduct(user: SessionUser, input: ProductInput) {
    const v = await this.requireVendor(user);
    await this.checkProductInput(v.id, input);
    if (input.options.some((o) => o.id)) throw badRequest('A new product has no existing options.', 'invalid_option');
    return this.ctx.db.transaction(async (tx) => {
      const p = await repo.insertProduct(tx, {
        vendorId: v.id,
        category: input.category,
        name: input.name,
        description: input.description,
        images: input.images,
        weight: input.weight || null,
        inStock: input.inStock,
      });
      await repo.insertOptions(
        tx,
        this.optionValues(input).map(({ id: _id, ...o }) => ({ ...o, productId: p.id })),
      );
      return toProductDto((await repo.findOwnProduct(tx, v.id, p.id))!);
    });
  }

  async updateProduct(user: SessionUser, productId: string, input: ProductInput) {
    const v = await this.requireVendor(user);
    const current = await repo.findOwnProduct(this.ctx.db, v.id, productId);
    if (!current) throw notFound('Product not found.');
    await this.checkProductInput(v.id, input, current.product.images);
    return this.ctx.db.transaction(async (tx) => {
      const locked = await repo.findOwnProduct(tx, v.id, productId, true);
      if (!locked) throw notFound('Product not found.');
      const existingIds = new Set(locked.options.map((o) => o.id));
      const wanted = this.optionValues(input);
      for (const o of wanted)
        if (o.id && !existingIds.has(o.id))
          throw badRequest('That option does not belong to this product.', 'invalid_option');
      const keep = new Set(wanted.filter((o) => o.id).map((o) => o.id!));
      const removed = [...existingIds].filter((id) => !keep.has(id));
      const referenced = await repo.optionsInOrders(tx, removed);
      if (referenced.length) {
        throw conflict(
          'An option that is in past orders cannot be removed; change its price or mark the product out of stock instead.',
          'option_in_orders',
        );
      }
      await repo.deleteOptions(tx, removed);
      for (const o of wanted.filter((w) => w.id))
        await repo.updateOption(tx, o.id!, {
          name: o.name,
          priceKobo: o.priceKobo,
          offerPriceKobo: o.offerPriceKobo,
          position: o.position,
        });
      await repo.insertOptions(
        tx,
        wanted.filter((w) => !w.id).map(({ id: _id, ...o }) => ({ ...o, productId })),
      );
      await repo.updateProduct(tx, productId, {
        name: input.name,
        category: input.category,
        description: input.description,
        images: input.images,
        weight: input.weight || null,
        inStock: input.inStock,
      });
      return toProductDto((await repo.findOwnProduct(tx, v.id, productId))!);
    });
  }

  async setStock(user: SessionUser, productId: string, inStock: boolean) {
    const v = await this.requireVendor(user);
    const current = await repo.findOwnProduct(this.ctx.db, v.id, productId);
    if (!current) throw notFound('Product not found.');
    await repo.updateProduct(this.ctx.db, productId, { inStock });
    return toProductDto({ ...current, product: { ...current.product, inStock } });
  }

  async deleteProduct(user: SessionUser, productId: string) {
    const v = await this.requireVendor(user);
    const current = await repo.findOwnProduct(this.ctx.db, v.id, productId);
    if (!current) throw notFound('Product not found.');
    await this.ctx.db.transaction((tx) => repo.softDeleteProduct(tx, productId));
  }

  async listOrders(user: SessionUser, scope: 'active' | 'today' | 'past'): Promise<SellerOrderDto[]> {
    const v = await this.requireVendor(user);
    const rows = await repo.listVendorOrderItems(this.ctx.db, v.id, scope, lagosDayStart());
    const catalogue = await productsOfLines(
      this.ctx.db,
      rows.map((r) => r.product_id),
    );
    const out = new Map<string, SellerOrderDto>();
    for (const r of rows) {
      let o = out.get(r.order_id);
      if (!o) {
        const a = r.address as { firstName?: string; lastName?: string; phone?: string; address?: string };
        o = {
          _id: r.order_id,
          createdAt: new Date(r.created_at).toISOString(),
          paidAt: r.paid_at ? new Date(r.paid_at).toISOString() : null,
          customerName: [a.firstName, a.lastName].filter(Boolean).join(' ') || r.customer_name,
          customerPhone: a.phone ?? null,
          dropoff: a.address ?? '',
          door: doorOf(r.address),
          deliveryNote: r.delivery_note ?? '',
          items: [],
          itemsTotal: 0,
          status: 'Order Placed',
          active: false,
        };
        out.set(r.order_id, o);
      }
      o.items.push({
        _id: r.item_id,
        productName: r.product_name,
        product: soldProduct(
          { productId: r.product_id, productName: r.product_name, vendorId: v.id, image: r.image },
          catalogue.get(r.product_id),
        ),
        optionName: r.option_name,
        quantity: r.quantity,
        unitPrice: koboToNaira(r.unit_price_kobo),
        status: r.status,
        cancelReason: r.cancel_reason,
      });
      if (r.status !== 'Order Cancelled') o.itemsTotal += koboToNaira(r.unit_price_kobo * r.quantity);
    }
    for (const o of out.values()) {
      o.status = shownOrderStatus(o.items.map((i) => i.status as ItemStatus));
      o.active = o.items.some((i) => ACTIVE_STATUSES.has(i.status));
      // The customer's phone only while this vendor still has work on the order.
      if (!o.active) o.customerPhone = null;
    }
    return [...out.values()];
  }

  /** Confirms this vendor's placed items of an order (all, or the given ones). */
  async confirm(user: SessionUser, orderId: string, itemIds?: string[]) {
    const v = await this.requireVendor(user);
    let nowReady = false;
    await this.ctx.db.transaction(async (tx) => {
      const order = await repo.findPaidOrder(tx, orderId, true);
      if (!order || !(await this.hasItems(tx, orderId, v.id))) throw notFound('Order not found.');
      if (order.payment_state !== 'paid') throw conflict('This order is not paid.', 'not_paid');
      const moved = await moveItems(tx, orderId, ['Order Placed'], 'Order Confirmed', { vendorId: v.id, itemIds });
      if (!moved.length) throw conflict('There is nothing to confirm on this order.', 'nothing_to_confirm');
      await recordStatusEvents(
        tx,
        'order_item',
        moved.map((m) => m.id),
        'Order Confirmed',
        user.id,
      );
      const all = await repo.orderItemStatuses(tx, orderId);
      const live = all.filter((i) => i.status !== 'Order Cancelled');
      nowReady = live.length > 0 && live.every((i) => i.status === 'Order Confirmed') && !order.rider_id;
    });
    await pushOrderUpdate(this.ctx, orderId);
    if (nowReady) this.ctx.realtime.emitToRole('rider', 'job.available', { kind: 'order', _id: orderId });
  }

  /** Declines this vendor's items: Order Cancelled with the reason, and those items refunded. */
  async decline(user: SessionUser, orderId: string, input: DeclineInput) {
    const v = await this.requireVendor(user);
    let nowReady = false;
    await this.ctx.db.transaction(async (tx) => {
      const order = await repo.findPaidOrder(tx, orderId, true);
      if (!order || !(await this.hasItems(tx, orderId, v.id))) throw notFound('Order not found.');
      if (order.payment_state !== 'paid') throw conflict('This order is not paid.', 'not_paid');
      const moved = await moveItems(tx, orderId, ['Order Placed', 'Order Confirmed'], 'Order Cancelled', {
        vendorId: v.id,
        itemIds: input.itemIds,
        cancelReason: input.reason,
      });
      if (!moved.length) throw conflict('These items can no longer be declined.', 'nothing_to_decline');
      await recordStatusEvents(
        tx,
        'order_item',
        moved.map((m) => m.id),
        'Order Cancelled',
        user.id,
        input.reason,
      );
      const itemsKobo = moved.reduce((s, m) => s + m.unitPriceKobo * m.quantity, 0);
      const all = await repo.orderItemStatuses(tx, orderId);
      const live = all.filter((i) => i.status !== 'Order Cancelled');
      await refundForCancelledItems(
        this.ctx,
        tx,
        orderId,
        itemsKobo,
        live.length === 0,
        `Declined by ${v.businessName}: ${input.reason}`,
      );
      nowReady = live.length > 0 && live.every((i) => i.status === 'Order Confirmed') && !order.rider_id;
    });
    await pushOrderUpdate(this.ctx, orderId);
    if (nowReady) this.ctx.realtime.emitToRole('rider', 'job.available', { kind: 'order', _id: orderId });
  }

  private async hasItems(ex: Executor, orderId: string, vendorId: string): Promise<boolean> {
    const [row] = await ex
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.vendorId, vendorId)))
      .limit(1);
    return Boolean(row);
  }

  /** Delivered items, less the configured commission. */
  private async entries(ex: Executor, vendorId: string): Promise<EarningEntry[]> {
    const pct = this.ctx.config.vendorCommissionPercent;
    const rows = await queryRows<{ order_id: string; at: Date; gross: number; n: number }>(
      ex,
      sql`
      SELECT i.order_id, max(i.updated_at) AS at, sum(i.unit_price_kobo * i.quantity)::int AS gross, count(*)::int AS n
      FROM order_items i
      WHERE i.vendor_id = ${vendorId} AND i.status = 'Order Delivered'
      GROUP BY i.order_id ORDER BY max(i.updated_at) DESC`,
    );
    return rows.map((r) => {
      const gross = Number(r.gross);
      return {
        id: r.order_id,
        at: new Date(r.at),
        grossKobo: gross,
        netKobo: gross - percentOf(gross, pct),
        label: `${r.n} item${Number(r.n) === 1 ? '' : 's'}`,
      };
    });
  }

  async earnings(user: SessionUser) {
    const v = await this.requireVendor(user);
    const [entries, history] = await Promise.all([
      this.entries(this.ctx.db, v.id),
      listPayouts(this.ctx.db, user.id, 'vendor'),
    ]);
    return summarise(entries, history, this.ctx.config.vendorCommissionPercent);
  }

  async requestPayout(user: SessionUser, account: PayoutInput) {
    const v = await this.requireVendor(user);
    return requestPayout(this.ctx, { userId: user.id, payeeType: 'vendor', vendorId: v.id }, account, async (tx) =>
      (await this.entries(tx, v.id)).reduce((s, e) => s + e.netKobo, 0),
    );
  }
}

/**
 * Refunds cancelled items through the payment provider. When nothing is left of the order, the
 * whole remaining payment (delivery and service fees too) goes back.
 */
async function refundForCancelledItems(
  ctx: AppContext,
  tx: Tx,
  orderId: string,
  itemsKobo: number,
  wholeOrder: boolean,
  reason: string,
): Promise<number> {
  const [pay] = await tx
    .select({ id: payments.id, amountKobo: payments.amountKobo, refundedKobo: payments.refundedKobo })
    .from(payments)
    .where(and(eq(payments.purpose, 'order'), eq(payments.subjectId, orderId), eq(payments.state, 'paid')))
    .limit(1);
  if (!pay) return 0;
  const left = pay.amountKobo - pay.refundedKobo;
  const amount = Math.min(left, wholeOrder ? left : itemsKobo);
  if (amount <= 0) return 0;
  await ctx.payments.refund(tx, pay.id, amount, reason);
  return amount;
}
