import { z } from 'zod';
import { str } from './common.js';

/** One step of an order's or a dispatch's timeline. */
export type TrackingStepKey =
  | 'placed' | 'confirmed' | 'declined' | 'assigned' | 'picked' | 'delivered' | 'cancelled'
  | 'refund_pending' | 'refunded' | 'refund_failed';

export interface TrackingStepDto {
  key: TrackingStepKey;
  label: string;
  /** when it happened (ISO); null for a step still to come */
  at: string | null;
  /** e.g. the vendor's decline reason, or who confirmed */
  note: string | null;
}

/** The rider on the job, once assigned. `phone` only for the customer while the job is active. */
export interface TrackingRiderDto {
  firstName: string;
  /** average stars (one decimal), null before the first rating */
  rating: number | null;
  ratingCount: number;
  phone: string | null;
}

/** Money going back to the customer for this order or dispatch (naira). */
export interface RefundStatusDto {
  state: 'pending' | 'processed' | 'failed';
  amount: number;
}

/** What the tracking view adds to an order or a dispatch (additions to the spec's shapes). */
export interface TrackingDto {
  timeline: TrackingStepDto[];
  rider: TrackingRiderDto | null;
  refund: RefundStatusDto | null;
}

const base64url = (min: number, max: number) => str().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Invalid key').min(min).max(max);

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const PushSubscriptionInput = z.strictObject({
  endpoint: str().url('Invalid push endpoint').max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    /** uncompressed P-256 point, 65 bytes → 87 base64url characters */
    p256dh: base64url(80, 100),
    /** 16 bytes → 22 base64url characters */
    auth: base64url(16, 32),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

export const PushUnsubscribeInput = z.strictObject({ endpoint: str().url('Invalid push endpoint').max(2000) });
export type PushUnsubscribeInput = z.infer<typeof PushUnsubscribeInput>;

/**
 * What every push message carries (the service worker's contract): shown as
 * `showNotification(title, { body, tag, data: { url } })`; a click opens `url`.
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}
