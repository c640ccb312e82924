import type { TrackingDto } from './tracking.js';
import { z } from 'zod';
import { MSG } from '../messages.js';
import type { ItemStatus } from '../status.js';
import { Email, Latitude, Longitude, Phone, Text, str } from './common.js';

export const DELIVERY_NOTE_MAX = 500;

/**
 * The drop-off as the form sends it. Coordinates come from a picked suggestion; without them
 * the address was typed, not picked (SPEC §5).
 */
export const DispatchDropoffInput = z
  .strictObject({
    firstName: Text(60),
    lastName: Text(60),
    email: Email,
    address: Text(300),
    phone: Phone,
    latitude: Latitude.nullable().optional(),
    longitude: Longitude.nullable().optional(),
  })
  .superRefine((d, ctx) => {
    if (d.latitude == null || d.longitude == null) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: MSG.selectValidAddress });
    }
  });
export type DispatchDropoffInput = z.infer<typeof DispatchDropoffInput>;

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

export interface DispatchPersonDto {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  email: string;
}

/**
 * A dispatch as the API shows it. Money in naira (kobo / 100), like the catalogue.
 * `deliveryCode` is present only for the sender; everyone else gets null.
 */
export interface DispatchDto {
  _id: string;
  status: ItemStatus;
  deliveryFee: number;
  serviceFee: number;
  amount: number;
  createdAt: string;
  isExpress: boolean;
  dropoff: DispatchPersonDto;
  pickup: DispatchPersonDto;
  deliveryNote: string;
  deliveryCode: string | null;
  canCancel: boolean;
  /** for the sender: steps with times, the rider once assigned, the refund (additions for tracking) */
  timeline?: TrackingDto['timeline'];
  rider?: TrackingDto['rider'];
  refund?: TrackingDto['refund'];
}

/** At most this many wrong delivery codes; then the job is locked and support is told. */
export const MAX_CODE_ATTEMPTS = 5;
