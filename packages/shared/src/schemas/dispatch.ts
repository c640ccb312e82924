import { TrackingFields } from './tracking.js';
import { z } from 'zod';
import { MSG } from '../messages.js';
import { DELIVERY_NOTE_MAX } from '../constants.js';
import { CANCELLED, ORDER_STATUSES } from '../status.js';
import { Email, Latitude, Longitude, Phone, Text, okAnswer, str } from './common.js';
import { AddressInput } from './address.js';
import { DoorDto } from './rider.js';

/** An item's or a dispatch's status as answers carry it. */
export const ItemStatusEnum = z.enum([...ORDER_STATUSES, CANCELLED]);

/**
 * The drop-off as the form sends it. Coordinates come from a picked suggestion; without them
 * the address was typed, not picked (SPEC §5).
 */
const DispatchDropoffInput = z
  .strictObject({
    firstName: Text(60),
    lastName: Text(60),
    email: Email,
    address: Text(300),
    phone: Phone,
    latitude: Latitude.nullable().optional(),
    longitude: Longitude.nullable().optional(),
    // The door inside the picked place: optional, under the very rules of a saved address's.
    block: AddressInput.shape.block,
    floor: AddressInput.shape.floor,
    room: AddressInput.shape.room,
    landmark: AddressInput.shape.landmark,
  })
  .superRefine((d, ctx) => {
    if (d.latitude == null || d.longitude == null) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: MSG.selectValidAddress });
    }
  });

/** POST /api/payment/paystack-dispatch. Prices are never part of it: the server computes them. */
export const DispatchRequestInput = z.strictObject({
  pickupAddress: z.uuid({ error: MSG.selectPickup }),
  dropoff: DispatchDropoffInput,
  deliveryNote: str().trim().max(DELIVERY_NOTE_MAX, `At most ${DELIVERY_NOTE_MAX} characters`).default(''),
  isExpress: z.boolean().default(false),
  email: Email,
});
export type DispatchRequestInput = z.input<typeof DispatchRequestInput>;
export type DispatchRequest = z.output<typeof DispatchRequestInput>;

/** POST /api/dispatch/delivery-fee: pick-up (1) to drop-off (2). */
export const DispatchFeeInput = z.strictObject({
  latitude1: Latitude,
  longitude1: Longitude,
  latitude2: Latitude,
  longitude2: Longitude,
});
export type DispatchFeeInput = z.infer<typeof DispatchFeeInput>;

const DispatchPersonDto = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  address: z.string(),
  email: z.string(),
  /** Block, floor, room and landmark at this address, when given (a saved address has them). */
  door: DoorDto.nullable().optional(),
});

/**
 * A dispatch as the API shows it. Money in naira (kobo / 100), like the catalogue.
 * `deliveryCode` is present only for the sender; everyone else gets null.
 */
export const DispatchDto = z.object({
  _id: z.string(),
  status: ItemStatusEnum,
  deliveryFee: z.number(),
  serviceFee: z.number(),
  amount: z.number(),
  createdAt: z.string(),
  isExpress: z.boolean(),
  dropoff: DispatchPersonDto,
  pickup: DispatchPersonDto,
  deliveryNote: z.string(),
  deliveryCode: z.string().nullable(),
  canCancel: z.boolean(),
  /** until when cancelling is allowed (ISO), while it is */
  cancelUntil: z.string().nullable(),
  /** for the sender: steps with times, the rider once assigned, the refund (additions for tracking) */
  ...TrackingFields,
});
export type DispatchDto = z.infer<typeof DispatchDto>;

/** `POST /api/dispatch/delivery-fee`: the distance fee before express, naira. */
export const DispatchFeeAnswer = okAnswer({ deliveryFee: z.number() });
export type DispatchFeeAnswer = z.infer<typeof DispatchFeeAnswer>;
/** `GET /api/dispatch/user`: the sender's paid dispatches, newest first (`orders`, as the spec names it). */
export const DispatchListAnswer = okAnswer({ orders: z.array(DispatchDto) });
export type DispatchListAnswer = z.infer<typeof DispatchListAnswer>;
/** `GET /api/dispatch/:id`. */
export const DispatchAnswer = okAnswer({ order: DispatchDto });
export type DispatchAnswer = z.infer<typeof DispatchAnswer>;
/** `POST /api/dispatch/cancel/:id`. */
export const DispatchCancelAnswer = okAnswer({ message: z.string(), order: DispatchDto });
export type DispatchCancelAnswer = z.infer<typeof DispatchCancelAnswer>;
/** `POST /api/payment/paystack-dispatch`: where to pay. */
export const DispatchPaymentAnswer = okAnswer({ url: z.string(), reference: z.string() });
export type DispatchPaymentAnswer = z.infer<typeof DispatchPaymentAnswer>;

/** At most this many wrong delivery codes; then the job is locked and support is told. */
export const MAX_CODE_ATTEMPTS = 5;
