import { TrackingFields } from './tracking.js';
import { z } from 'zod';
import { DELIVERY_NOTE_MAX, MAX_CART_QUANTITY } from '../constants.js';
import { Address } from './address.js';
import { Id, Latitude, Longitude, okAnswer, SlotDto, str } from './common.js';
import { ItemStatusEnum } from './dispatch.js';
import { ProductDto } from './product.js';
import { normaliseCode, PROMO_CODE_PATTERN } from '../promotions.js';

export const PROMO_CODE_MESSAGE = 'A code is 3 to 20 letters, digits or dashes.';

/** A typed promotion code: letter case and spaces do not matter ("jollof 10" is JOLLOF10). */
export const PromoCode = str()
  .max(40, PROMO_CODE_MESSAGE)
  .transform(normaliseCode)
  .refine((c) => PROMO_CODE_PATTERN.test(c), PROMO_CODE_MESSAGE);

/** A discount on an order: what it took off and who pays for it. Money in naira. */
export const AppliedDiscountDto = z.object({
  promotionId: z.string(),
  title: z.string(),
  code: z.string().nullable(),
  target: z.enum(['items', 'delivery']),
  amount: z.number(),
  fundedBy: z.enum(['platform', 'vendor']),
  /** The shop that pays for it (fundedBy vendor). */
  vendorName: z.string().nullable(),
});
export type AppliedDiscountDto = z.infer<typeof AppliedDiscountDto>;

/** The refusal of a quantity, by the schema and by the server once a cart's lines are merged. */
export const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_CART_QUANTITY}.`;

/** `POST /api/order/delivery-fee` (spec payload). */
export const DeliveryFeeInput = z.strictObject({
  latitude: Latitude,
  longitude: Longitude,
  vendorIds: z.array(Id).min(1, 'Add an item to your cart first.').max(50),
});
export type DeliveryFeeInput = z.infer<typeof DeliveryFeeInput>;

const Naira = z.number().finite().nonnegative();

export const CheckoutItem = z.object({
  product: Id,
  quantity: z
    .number({ message: QUANTITY_MESSAGE })
    .int(QUANTITY_MESSAGE)
    .min(1, QUANTITY_MESSAGE)
    .max(MAX_CART_QUANTITY, QUANTITY_MESSAGE),
  vendorId: Id.optional(),
  optionId: Id.optional(),
  /** What the cart showed for one unit (naira); refused when it is not the real price. */
  price: Naira.optional(),
});
export type CheckoutItem = z.infer<typeof CheckoutItem>;

/**
 * `POST /api/payment/paystack` (spec payload: userId, items, address id, email). The server ignores
 * userId and email (the session decides) and recomputes every price; `amount`, when sent, is the
 * total the cart page showed and must equal the server's.
 */
export const CheckoutInput = z.object({
  userId: str().max(100).optional(),
  items: z.array(CheckoutItem).min(1, 'Your cart is empty.').max(100, 'Too many items in one order.'),
  address: Id,
  email: str().max(254).optional(),
  amount: Naira.optional(),
  /** For the rider and the vendor: "call when you reach the gate", "no pepper". */
  deliveryNote: str().trim().max(DELIVERY_NOTE_MAX, `At most ${DELIVERY_NOTE_MAX} characters`).optional(),
  /** A delivery slot's start (GET /api/order/slots); absent: as soon as possible (decision 0047). */
  slot: z.iso.datetime({ offset: true, message: 'Pick a delivery slot from the list' }).optional(),
  /** "Batch & save" (decision 0048): a cheaper delivery fee for a short wait for a partner to the same hall. */
  batch: z.boolean().optional(),
  /** A promotion code typed in the cart (decision 0051); automatic promotions apply without one. */
  code: PromoCode.optional(),
});
export type CheckoutInput = z.infer<typeof CheckoutInput>;

/** `GET /api/order/slots?vendorIds=a,b`: the delivery slots the cart's shops can make. */
export const SlotsQuery = z.strictObject({
  vendorIds: str()
    .max(50 * 37)
    .transform((s) => [...new Set(s.split(',').filter(Boolean))])
    .pipe(z.array(Id).min(1, 'Add an item to your cart first.').max(50)),
});
export type SlotsQuery = z.infer<typeof SlotsQuery>;

export const SlotsAnswer = okAnswer({
  /** Whether the cart can be delivered now (delivery hours, every shop open). */
  asap: z.boolean(),
  /** Today's and tomorrow's slots; `full` when a shop has no room left in it. */
  slots: z.array(SlotDto.extend({ full: z.boolean() })),
});
export type SlotsAnswer = z.infer<typeof SlotsAnswer>;

export const OrderListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

export const OrderItemDto = z.object({
  _id: z.string(),
  /**
   * The spec's Product (SPEC §3): its name as sold, the picture shown at checkout first in
   * `image`, the rest from the catalogue (out of stock once withdrawn).
   */
  product: ProductDto,
  optionId: z.string(),
  optionName: z.string(),
  quantity: z.number().int(),
  vendorId: z.string(),
  vendorName: z.string(),
  status: ItemStatusEnum,
  /** naira */
  unitPrice: z.number(),
  /** why the item was cancelled (e.g. the vendor's decline reason) */
  cancelReason: z.string().nullable().optional(),
});
export type OrderItemDto = z.infer<typeof OrderItemDto>;

/**
 * The address an order was delivered to, as it was at checkout (a copy of the saved address;
 * the gazetteer place and the door details are there on orders placed since they existed).
 */
export const OrderAddressDto = Address.omit({ _id: true }).partial({
  placeId: true,
  placeName: true,
  block: true,
  floor: true,
  room: true,
  landmark: true,
});
export type OrderAddressDto = z.infer<typeof OrderAddressDto>;

/** An order as My Orders shows it. Money in naira. */
export const OrderDto = z.object({
  _id: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** total paid, naira */
  amount: z.number(),
  itemsPrice: z.number(),
  deliveryFee: z.number(),
  serviceFee: z.number(),
  /** the shown status (earliest stage among items not cancelled) */
  status: ItemStatusEnum,
  items: z.array(OrderItemDto),
  /** only while the order is on its way */
  deliveryCode: z.string().nullable(),
  canCancel: z.boolean(),
  /** until when cancelling is allowed (ISO), while it is */
  cancelUntil: z.string().nullable(),
  address: OrderAddressDto,
  /** steps with times, the rider once assigned, the refund (additions for tracking) */
  ...TrackingFields,
  /** The note given at checkout ('' when none). */
  deliveryNote: z.string().optional(),
  /** The delivery slot of an order for later; null: as soon as possible. */
  slot: SlotDto.nullable().optional(),
  /** The customer chose "Batch & save" (decision 0048). */
  batchSave: z.boolean().optional(),
  /** Promotions on the order: `itemsPrice` and `deliveryFee` are before them, `amount` after. */
  discounts: z.array(AppliedDiscountDto).optional(),
});
export type OrderDto = z.infer<typeof OrderDto>;

/** `GET /api/order/user`: one page of My Orders. */
export const OrderListAnswer = okAnswer({
  orders: z.array(OrderDto),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
export type OrderListAnswer = z.infer<typeof OrderListAnswer>;

/** `GET /api/order/:id`. */
export const OrderAnswer = okAnswer({ order: OrderDto });
export type OrderAnswer = z.infer<typeof OrderAnswer>;

/** `POST /api/order/cancel/:id`: the order as it is now. */
export const OrderCancelAnswer = okAnswer({ message: z.string(), order: OrderDto });
export type OrderCancelAnswer = z.infer<typeof OrderCancelAnswer>;

/** `POST /api/order/delivery-fee`: the sum of one delivery fee per vendor, naira. */
export const DeliveryFeeAnswer = okAnswer({
  totalDeliveryFee: z.number(),
  /** The same delivery with "Batch & save" (decision 0048), and how much longer it may take. */
  batch: z.object({ deliveryFee: z.number(), waitMinutes: z.number().int() }).optional(),
});
export type DeliveryFeeAnswer = z.infer<typeof DeliveryFeeAnswer>;

/** `POST /api/payment/paystack`: where to pay for the order just created. */
export const CheckoutAnswer = okAnswer({ url: z.string(), reference: z.string() });
export type CheckoutAnswer = z.infer<typeof CheckoutAnswer>;
