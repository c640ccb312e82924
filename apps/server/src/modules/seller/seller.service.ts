import {
  doorOf,
  hasRole,
  DEFAULT_OPTION_NAME,
  isInServiceArea,
  isOpenAt,
  koboToNaira,
  nairaToKobo,
  shopShareKobo,
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
  READY_FOR_PICKUP,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { PaymentService } from '../payments/index.js';
import type { Executor } from '../../infra/db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../infra/sessions.js';
import { accountsByIds, dropProductFromCarts } from '../auth/index.js';
import {
  addProduct,
  editProduct,
  isCategory,
  openShopApplication,
  productsOfLines,
  retireProduct,
  setProductInStock,
  soldProduct,
  updateShop,
  vendorOfUser,
  vendorProduct,
  vendorProducts,
  type VendorProduct,
} from '../catalogue/index.js';
import { findPlace } from '../geocoding/index.js';
import { isOwnUpload } from '../media/index.js';
import { recordStatusEvents, statusEventsOf } from '../order-events/index.js';
import {
  itemStatuses,
  lockOrderForVendor,
  moveItems,
  offerToRiders,
  optionsInOrders,
  orderWithItems,
  pushOrderUpdate,
  refundCancelledItems,
  slotOf,
  vendorHasItems,
  vendorOrderLines,
  vendorHeldKobo,
  vendorSales,
} from '../orders/index.js';
import { discountsOf } from '../promotions/index.js';
import { borneByOrder, ordersWithOpenDisputes } from '../disputes/index.js';
import { escrowOf, lagosDayStart, listPayouts, requestPayout, summarise, type EarningEntry } from '../payouts/index.js';

type Vendor = NonNullable<Awaited<ReturnType<typeof vendorOfUser>>>;

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
    preparationMinutes: v.preparationMinutes,
    slotCapacity: v.slotCapacity,
    status: v.status,
    rejectionReason: v.rejectionReason,
  };
}

function toProductDto(p: VendorProduct): SellerProductDto {
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
  constructor(
    private readonly ctx: AppContext,
    private readonly payments: PaymentService,
  ) {}

  /** The approved vendor owned by this user, or 403. Role and approval are both required. */
  async requireVendor(user: SessionUser): Promise<Vendor> {
    if (!hasRole(user, 'vendor')) throw forbidden('Only approved vendors can do that.');
    const v = await vendorOfUser(this.ctx.db, user.id);
    if (!v || v.status !== 'approved') throw forbidden('Only approved vendors can do that.');
    return v;
  }

  async profile(user: SessionUser) {
    const v = await vendorOfUser(this.ctx.db, user.id);
    return v ? toProfileDto(v) : null;
  }

  /** Applies (or re-applies after a rejection); an approved vendor edits the shop profile. */
  async apply(user: SessionUser, input: VendorApplicationInput): Promise<SellerProfileDto> {
    if (!hasRole(user, 'customer', 'vendor')) throw forbidden('Staff accounts cannot open a shop.');
    const place = await findPlace(this.ctx.db, input.placeId);
    if (!place) throw badRequest(MSG.selectValidAddress, 'invalid_place');
    const point = { latitude: place.lat, longitude: place.lon };
    if (!isInServiceArea(point, this.ctx.config.campus.serviceArea))
      throw badRequest('That location is outside the area we serve.', 'outside_service_area');
    const existing = await vendorOfUser(this.ctx.db, user.id);
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
        const row = await openShopApplication(tx, {
          ...values,
          userId: user.id,
          status: 'pending',
          placeId: input.placeId,
        });
        if (!row) throw conflict('You have already applied.', 'already_applied');
      } else if (existing.status === 'approved') {
        if (!hasRole(user, 'vendor')) throw forbidden('Your shop is not active. Contact support.');
        await updateShop(tx, existing.id, { ...values, placeId: input.placeId });
      } else {
        await updateShop(tx, existing.id, {
          ...values,
          status: 'pending',
          rejectionReason: null,
          placeId: input.placeId,
        });
      }
      const v = await vendorOfUser(tx, user.id);
      return toProfileDto(v!);
    });
  }

  async setOpen(user: SessionUser, isOpen: boolean) {
    const v = await this.requireVendor(user);
    await updateShop(this.ctx.db, v.id, { isOpen });
    return toProfileDto({ ...v, isOpen });
  }

  /**
   * The shop's preparation time, which the arrival estimate adds until the rider picks up and the
   * delivery slots allow for, and how many orders for later it takes per slot.
   */
  async setPreparationMinutes(user: SessionUser, preparationMinutes: number, slotCapacity?: number) {
    const v = await this.requireVendor(user);
    const capacity = slotCapacity ?? v.slotCapacity;
    await updateShop(this.ctx.db, v.id, { preparationMinutes, slotCapacity: capacity });
    return toProfileDto({ ...v, preparationMinutes, slotCapacity: capacity });
  }

  async listProducts(user: SessionUser, q?: string) {
    const v = await this.requireVendor(user);
    return (await vendorProducts(this.ctx.db, v.id, q)).map(toProductDto);
  }

  private async checkProductInput(vendorId: string, input: ProductInput, currentImages: string[] = []) {
    if (!(await isCategory(this.ctx.db, input.category)))
      throw badRequest('Choose a category from the list.', 'invalid_category');
    for (const url of input.images) {
      if (currentImages.includes(url)) continue;
      if (!(await isOwnUpload(this.ctx.storage, url, `products/${vendorId}/`)))
        throw badRequest('Upload the images again.', 'invalid_image');
    }
    if (new Set(input.images).size !== input.images.length)
      throw badRequest('The same image is there twice.', 'duplicate_image');
  }

  private productValues(input: ProductInput) {
    return {
      category: input.category,
      name: input.name,
      description: input.description,
      images: input.images,
      weight: input.weight || null,
      inStock: input.inStock,
    };
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
      const id = await addProduct(
        tx,
        v.id,
        this.productValues(input),
        this.optionValues(input).map(({ id: _id, ...o }) => o),
      );
      return toProductDto((await vendorProduct(tx, v.id, id))!);
    });
  }

  async updateProduct(user: SessionUser, productId: string, input: ProductInput) {
    const v = await this.requireVendor(user);
    const current = await vendorProduct(this.ctx.db, v.id, productId);
    if (!current) throw notFound('Product not found.');
    await this.checkProductInput(v.id, input, current.product.images);
    return this.ctx.db.transaction(async (tx) => {
      const locked = await vendorProduct(tx, v.id, productId, true);
      if (!locked) throw notFound('Product not found.');
      const existingIds = new Set(locked.options.map((o) => o.id));
      const wanted = this.optionValues(input);
      for (const o of wanted)
        if (o.id && !existingIds.has(o.id))
          throw badRequest('That option does not belong to this product.', 'invalid_option');
      const keep = new Set(wanted.filter((o) => o.id).map((o) => o.id!));
      const removed = [...existingIds].filter((id) => !keep.has(id));
      const referenced = await optionsInOrders(tx, removed);
      if (referenced.length) {
        throw conflict(
          'An option that is in past orders cannot be removed; change its price or mark the product out of stock instead.',
          'option_in_orders',
        );
      }
      await editProduct(tx, productId, this.productValues(input), {
        removed,
        kept: wanted.flatMap(({ id, ...o }) => (id ? [{ ...o, id }] : [])),
        added: wanted.flatMap(({ id, ...o }) => (id ? [] : [o])),
      });
      return toProductDto((await vendorProduct(tx, v.id, productId))!);
    });
  }

  async setStock(user: SessionUser, productId: string, inStock: boolean) {
    const v = await this.requireVendor(user);
    const current = await vendorProduct(this.ctx.db, v.id, productId);
    if (!current) throw notFound('Product not found.');
    await setProductInStock(this.ctx.db, productId, inStock);
    return toProductDto({ ...current, product: { ...current.product, inStock } });
  }

  async deleteProduct(user: SessionUser, productId: string) {
    const v = await this.requireVendor(user);
    const current = await vendorProduct(this.ctx.db, v.id, productId);
    if (!current) throw notFound('Product not found.');
    // Withdrawn from the catalogue (kept for past orders) and dropped from carts and wish lists.
    await this.ctx.db.transaction(async (tx) => {
      await retireProduct(tx, productId);
      await dropProductFromCarts(tx, productId);
    });
  }

  async listOrders(user: SessionUser, scope: 'active' | 'today' | 'past'): Promise<SellerOrderDto[]> {
    const v = await this.requireVendor(user);
    const lines = await vendorOrderLines(this.ctx.db, v.id, scope, lagosDayStart());
    const [catalogue, customers] = await Promise.all([
      productsOfLines(
        this.ctx.db,
        lines.map((r) => r.product_id),
      ),
      accountsByIds(
        this.ctx.db,
        lines.map((r) => r.user_id),
      ),
    ]);
    // An order shows with its customer's account only.
    const rows = lines.flatMap((r) => {
      const customer = customers.get(r.user_id);
      return customer ? [{ ...r, customer_name: customer.name }] : [];
    });
    const out = new Map<string, SellerOrderDto>();
    for (const r of rows) {
      let o = out.get(r.order_id);
      if (!o) {
        const a = r.address as {
          firstName?: string;
          lastName?: string;
          phone?: string;
          address?: string;
          latitude?: number;
          longitude?: number;
        };
        o = {
          _id: r.order_id,
          createdAt: new Date(r.created_at).toISOString(),
          paidAt: r.paid_at ? new Date(r.paid_at).toISOString() : null,
          customerName: [a.firstName, a.lastName].filter(Boolean).join(' ') || r.customer_name,
          customerPhone: a.phone ?? null,
          dropoff: a.address ?? '',
          door: doorOf(r.address),
          doorPoint:
            typeof a.latitude === 'number' && typeof a.longitude === 'number'
              ? { latitude: a.latitude, longitude: a.longitude }
              : null,
          deliveryNote: r.delivery_note ?? '',
          items: [],
          itemsTotal: 0,
          status: 'Order Placed',
          active: false,
          readyAt: null,
          slot:
            r.deliver_from && r.prepare_at
              ? {
                  ...slotOf({ deliverFrom: new Date(r.deliver_from) })!,
                  prepareAt: new Date(r.prepare_at).toISOString(),
                  upcoming: new Date(r.prepare_at) > this.ctx.clock.now(),
                }
              : null,
          batch: { save: r.batch_save, of: Number(r.batch_size), members: Number(r.group_members) },
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
    await this.shopDiscounts(
      v.id,
      out,
      rows.filter((r) => Number(r.order_discount_kobo) > 0),
    );
    const said = (await statusEventsOf(this.ctx.db, [...out.keys()])).filter(
      (e) => e.status === READY_FOR_PICKUP && e.actorId === user.id,
    );
    for (const o of out.values()) {
      o.readyAt = said.find((e) => e.subjectId === o._id)?.createdAt.toISOString() ?? null;
      o.status = shownOrderStatus(o.items.map((i) => i.status as ItemStatus));
      o.active = o.items.some((i) => ACTIVE_STATUSES.has(i.status));
      // The customer's phone and door pin only while this vendor still has work on the order.
      if (!o.active) {
        o.customerPhone = null;
        o.doorPoint = null;
      }
    }
    return [...out.values()];
  }

  /** Confirms this vendor's placed items of an order (all, or the given ones). */
  async confirm(user: SessionUser, orderId: string, itemIds?: string[]) {
    const v = await this.requireVendor(user);
    const ready: { order: { id: string; deliverFrom: Date | null } | null } = { order: null };
    await this.ctx.db.transaction(async (tx) => {
      const order = await lockOrderForVendor(tx, orderId);
      if (!order || !(await vendorHasItems(tx, orderId, v.id))) throw notFound('Order not found.');
      if (order.paymentState !== 'paid') throw conflict('This order is not paid.', 'not_paid');
      const moved = await moveItems(tx, orderId, ['Order Placed'], 'Order Confirmed', { vendorId: v.id, itemIds });
      if (!moved.length) throw conflict('There is nothing to confirm on this order.', 'nothing_to_confirm');
      await recordStatusEvents(
        tx,
        'order_item',
        moved.map((m) => m.id),
        'Order Confirmed',
        user.id,
      );
      const live = (await itemStatuses(tx, orderId)).filter((s) => s !== 'Order Cancelled');
      if (live.length > 0 && live.every((s) => s === 'Order Confirmed') && !order.riderId) ready.order = order;
    });
    // Batched first (decision 0048): the lists the push refreshes show the order's batch.
    if (ready.order) await offerToRiders(this.ctx, ready.order);
    await pushOrderUpdate(this.ctx, orderId);
  }

  /**
   * The shop's part of the order is ready to collect: a timeline event (not a status: SPEC §4's
   * five stay as they are) the customer sees, and the order's rider is told at once. Once per shop
   * and order; refused before confirming and once the rider has it.
   */
  async ready(user: SessionUser, orderId: string): Promise<void> {
    const v = await this.requireVendor(user);
    const riderId = await this.ctx.db.transaction(async (tx) => {
      const order = await lockOrderForVendor(tx, orderId);
      if (!order || !(await vendorHasItems(tx, orderId, v.id))) throw notFound('Order not found.');
      const found = await orderWithItems(tx, orderId);
      const waiting = found?.items.filter(
        (i) => i.vendorId === v.id && (i.status === 'Order Confirmed' || i.status === 'Order Assigned'),
      );
      if (!waiting?.length)
        throw conflict('Only a confirmed order not yet picked up can be marked ready.', 'invalid_status');
      const told = (await statusEventsOf(tx, [orderId])).some(
        (e) => e.status === READY_FOR_PICKUP && e.actorId === user.id,
      );
      if (!told) await recordStatusEvents(tx, 'order', [orderId], READY_FOR_PICKUP, user.id, v.businessName);
      return order.riderId;
    });
    await pushOrderUpdate(this.ctx, orderId);
    if (riderId)
      this.ctx.realtime.emitToUser(riderId, 'order.ready', {
        orderId,
        shop: v.businessName,
        at: this.ctx.clock.now().toISOString(),
      });
  }

  /**
   * The promotions on this shop's part of each order (decision 0051): an items promotion with
   * what fell on its lines, and a delivery promotion when the shop funds it.
   */
  private async shopDiscounts(
    vendorId: string,
    orders: Map<string, SellerOrderDto>,
    lines: { order_id: string; discount_kobo: number }[],
  ): Promise<void> {
    if (!lines.length) return;
    const byOrder = await discountsOf(this.ctx.db, [...new Set(lines.map((l) => l.order_id))]);
    for (const [orderId, discounts] of byOrder) {
      const onLines = lines.filter((l) => l.order_id === orderId).reduce((s, l) => s + Number(l.discount_kobo), 0);
      const mine = discounts.flatMap(({ dto, vendorId: funder }) =>
        dto.target === 'items'
          ? onLines > 0
            ? [{ ...dto, amount: koboToNaira(onLines) }]
            : []
          : funder === vendorId
            ? [dto]
            : [],
      );
      if (mine.length) orders.get(orderId)!.discounts = mine;
    }
  }

  /** Declines this vendor's items: Order Cancelled with the reason, and those items refunded. */
  async decline(user: SessionUser, orderId: string, input: DeclineInput) {
    const v = await this.requireVendor(user);
    const ready: { order: { id: string; deliverFrom: Date | null } | null } = { order: null };
    await this.ctx.db.transaction(async (tx) => {
      const order = await lockOrderForVendor(tx, orderId);
      if (!order || !(await vendorHasItems(tx, orderId, v.id))) throw notFound('Order not found.');
      if (order.paymentState !== 'paid') throw conflict('This order is not paid.', 'not_paid');
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
      // What the customer paid for them: their price less any promotion's discount on them.
      const itemsKobo = moved.reduce((s, m) => s + m.unitPriceKobo * m.quantity - m.discountKobo, 0);
      const live = (await itemStatuses(tx, orderId)).filter((s) => s !== 'Order Cancelled');
      await refundCancelledItems(
        this.payments,
        tx,
        orderId,
        itemsKobo,
        live.length === 0,
        `Declined by ${v.businessName}: ${input.reason}`,
        moved.map((m) => m.id),
      );
      if (live.length > 0 && live.every((s) => s === 'Order Confirmed') && !order.riderId) ready.order = order;
    });
    // Batched first (decision 0048): the lists the push refreshes show the order's batch.
    if (ready.order) await offerToRiders(this.ctx, ready.order);
    await pushOrderUpdate(this.ctx, orderId);
  }

  /** Delivered items, less the shop's own promotions, then the configured commission on the rest (decision 0051). */
  private async entries(ex: Executor, vendorId: string): Promise<EarningEntry[]> {
    const pct = this.ctx.config.vendorCommissionPercent;
    const sales = await vendorSales(ex, vendorId);
    const ids = sales.map((r) => r.orderId);
    const [disputed, borne] = await Promise.all([ordersWithOpenDisputes(ex, ids), borneByOrder(ex, ids, { vendorId })]);
    return sales.map((r) => ({
      id: r.orderId,
      at: r.at,
      grossKobo: r.grossKobo,
      netKobo: Math.max(0, shopShareKobo(r.grossKobo, r.shopFundedKobo, pct) - (borne.get(r.orderId) ?? 0)),
      discountKobo: r.shopFundedKobo,
      what: { kind: 'items', count: r.count },
      disputed: disputed.has(r.orderId),
      borneKobo: borne.get(r.orderId) ?? 0,
    }));
  }

  async earnings(user: SessionUser) {
    const v = await this.requireVendor(user);
    const pct = this.ctx.config.vendorCommissionPercent;
    const [entries, history, heldGross] = await Promise.all([
      this.entries(this.ctx.db, v.id),
      listPayouts(this.ctx.db, user.id, 'vendor'),
      vendorHeldKobo(this.ctx.db, v.id),
    ]);
    return summarise(entries, history, pct, escrowOf(this.ctx), shopShareKobo(heldGross, 0, pct));
  }

  async requestPayout(user: SessionUser, account: PayoutInput) {
    const v = await this.requireVendor(user);
    return requestPayout(this.ctx, { userId: user.id, payeeType: 'vendor', vendorId: v.id }, account, (tx) =>
      this.entries(tx, v.id),
    );
  }
}
