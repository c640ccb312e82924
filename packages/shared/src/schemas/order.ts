import type { TrackingDto } from './tracking.js';
import type { Address } from './address.js';
import { z } from 'zod';
import { MAX_CART_QUANTITY } from '../constants.js';
import type { ItemStatus } from '../status.js';
import { Id, Latitude, Longitude, str } from './common.js';
import { DELIVERY_NOTE_MAX } from './dispatch.js';

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
  quantity: z.number({ message: QUANTITY_MESSAGE }).int(QUANTITY_MESSAGE).min(1, QUANTITY_MESSAGE).max(MAX_CART_QUANTITY, QUANTITY_MESSAGE),
  vendorId: Id.optional(),
  optionId: Id.optional(),
  /** What the cart showed for one unit (naira); refused when it is not the real price. */
  price: Naira.optional(),
});

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
});
export type CheckoutInput = z.infer<typeof CheckoutInput>;

export const OrderListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

export interface OrderItemDto {
  _id: string;
  product: { _id: string; name: string; image: string | null };
  optionId: string;
  optionName: string;
  quantity: number;
  vendorId: string;
  vendorName: string;
  status: ItemStatus;
  /** naira */
  unitPrice: number;
  /** why the item was cancelled (e.g. the vendor's decline reason) */
  cancelReason?: string | null;
}

/** The address an order was delivered to, as it was at checkout. */
export type OrderAddressDto = Omit<Address, '_id' | 'placeId' | 'placeName' | 'block' | 'floor' | 'room' | 'landmark'> &
  Partial<Pick<Address, 'placeId' | 'placeName' | 'block' | 'floor' | 'room' | 'landmark'>>;

/** An order as My Orders shows it. Money in naira. */
export interface OrderDto {
  _id: string;
  createdAt: string;
  paidAt: string | null;
  /** total paid, naira */
  amount: number;
  itemsPrice: number;
  deliveryFee: number;
  serviceFee: number;
  /** the shown status (earliest stage among items not cancelled) */
  status: ItemStatus;
  items: OrderItemDto[];
  /** only while the order is on its way */
  deliveryCode: string | null;
  canCancel: boolean;
  /** until when cancelling is allowed (ISO), while it is */
  cancelUntil: string | null;
  address: OrderAddressDto;
  /** steps with times, the rider once assigned, the refund (additions for tracking) */
  timeline?: TrackingDto['timeline'];
  rider?: TrackingDto['rider'];
  refund?: TrackingDto['refund'];
  /** The note given at checkout ('' when none). */
  deliveryNote?: string;
}

export interface OrderListAnswer {
  success: true;
  orders: OrderDto[];
  page: number;
  limit: number;
  hasMore: boolean;
}

