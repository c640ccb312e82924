import { z } from 'zod';
import { okAnswer, str } from './common.js';

/** One step of an order's or a dispatch's timeline. */
const TRACKING_STEP_KEYS = [
  'placed',
  'confirmed',
  'declined',
  'ready',
  'assigned',
  'picked',
  'arrived',
  'delivered',
  'cancelled',
  'refund_pending',
  'refunded',
  'refund_failed',
] as const;
export const TrackingStepKey = z.enum(TRACKING_STEP_KEYS);
export type TrackingStepKey = z.infer<typeof TrackingStepKey>;

export const TrackingStepDto = z.object({
  key: TrackingStepKey,
  label: z.string(),
  /** when it happened (ISO); null for a step still to come */
  at: z.string().nullable(),
  /** e.g. the vendor's decline reason, or who confirmed */
  note: z.string().nullable(),
});
export type TrackingStepDto = z.infer<typeof TrackingStepDto>;

/** The rider on the job, once assigned. `phone` only for the customer while the job is active. */
export const TrackingRiderDto = z.object({
  firstName: z.string(),
  /** average stars (one decimal), null before the first rating */
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  phone: z.string().nullable(),
});
export type TrackingRiderDto = z.infer<typeof TrackingRiderDto>;

/** Money going back to the customer for this order or dispatch (naira). */
export const RefundStatusDto = z.object({
  state: z.enum(['pending', 'processed', 'failed']),
  amount: z.number(),
});
export type RefundStatusDto = z.infer<typeof RefundStatusDto>;

/** What the tracking view adds to an order or a dispatch (additions to the spec's shapes). */
export const TrackingDto = z.object({
  timeline: z.array(TrackingStepDto),
  rider: TrackingRiderDto.nullable(),
  refund: RefundStatusDto.nullable(),
});
export type TrackingDto = z.infer<typeof TrackingDto>;

/** The tracking additions as they ride on an order or a dispatch (absent where no timeline was loaded). */
export const TrackingFields = {
  timeline: TrackingDto.shape.timeline.optional(),
  rider: TrackingDto.shape.rider.optional(),
  refund: TrackingDto.shape.refund.optional(),
};

const base64url = (min: number, max: number) =>
  str()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Invalid key')
    .min(min)
    .max(max);

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

/** `GET /api/push/public-key`: the server's VAPID public key (base64url), for `pushManager.subscribe`. */
export const PushPublicKeyAnswer = okAnswer({ publicKey: z.string() });
export type PushPublicKeyAnswer = z.infer<typeof PushPublicKeyAnswer>;

/** `DELETE /api/push/subscriptions`: whether the caller had that subscription. */
export const PushUnsubscribedAnswer = okAnswer({ removed: z.boolean(), message: z.string() });
export type PushUnsubscribedAnswer = z.infer<typeof PushUnsubscribedAnswer>;

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
