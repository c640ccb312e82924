import {
  CANCELLED,
  isOnTheWay,
  koboToNaira,
  orderCancelWindow,
  shownOrderStatus,
  SLOT_MINUTES,
  type ItemStatus,
  type OrderAddressDto,
  type OrderDto,
  type ProductDto,
} from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import { productsOfLines, soldProduct } from '../catalogue/index.js';
import { discountsOf } from '../promotions/index.js';
import { loadOrderTracking } from '../tracking/index.js';
import { itemsWithShops } from './order-items.js';
import type * as repo from './orders.repo.js';

/** Order DTOs with their timeline, rider and refund (the rider's phone only for `viewerId`'s own active orders). */
export async function orderViews(
  db: Executor,
  rows: repo.OrderRow[],
  viewerId: string,
  now: Date,
  /** The clock slots are judged on (ctx.clock; `now` unless a test fixes it). */
  clockNow: Date = now,
): Promise<OrderDto[]> {
  const items = await itemsWithShops(
    db,
    rows.map((o) => o.id),
  );
  const catalogue = await productsOfLines(
    db,
    items.map((i) => i.productId),
  );
  const dtos = rows.map((o) =>
    toOrderDto(
      o,
      items.filter((i) => i.orderId === o.id),
      now,
      catalogue,
      clockNow,
    ),
  );
  const tracking = await loadOrderTracking(
    db,
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
  const discounts = await discountsOf(
    db,
    rows.filter((o) => o.itemsDiscountKobo + o.deliveryDiscountKobo > 0).map((o) => o.id),
  );
  return dtos.map((d) => ({
    ...d,
    ...tracking.get(d._id),
    ...(discounts.has(d._id) ? { discounts: discounts.get(d._id)!.map((x) => x.dto) } : {}),
  }));
}

function toOrderDto(
  o: repo.OrderRow,
  items: (repo.OrderItemRow & { vendorName: string })[],
  now = new Date(),
  catalogue: ReadonlyMap<string, ProductDto> = new Map(),
  clockNow = now,
): OrderDto {
  const statuses = items.map((i) => i.status as ItemStatus);
  const status = shownOrderStatus(statuses);
  // An order for later may be cancelled until its shops start preparing, on the slots' clock.
  const window = o.prepareAt
    ? orderCancelWindow(statuses, o.paidAt?.getTime() ?? null, clockNow.getTime(), o.prepareAt.getTime())
    : orderCancelWindow(statuses, o.paidAt?.getTime() ?? null, now.getTime());
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
    slot: slotOf(o),
    batchSave: o.batchSave,
  };
}

/** An order for later's slot as the answers give it; null for as soon as possible. */
export function slotOf(o: { deliverFrom: Date | null }): { from: string; to: string } | null {
  if (!o.deliverFrom) return null;
  return {
    from: o.deliverFrom.toISOString(),
    to: new Date(o.deliverFrom.getTime() + SLOT_MINUTES * 60_000).toISOString(),
  };
}

/**
 * The delivery address from the order's checkout copy: the fields the answer names, a text the
 * copy lacks as ''; the gazetteer place and the door details only when the copy has them.
 */
function orderAddressOf(json: Record<string, unknown>): OrderAddressDto {
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
