import { z } from 'zod';
import { okAnswer, str } from './common.js';

/**
 * Disputes (issue 30): within the dispute window after delivery (DISPUTE_WINDOW_MINUTES) the
 * customer reports a problem with an order or one of its items from its thread, with an amount;
 * it freezes the release of that order's shares until support or an admin settles it: a refund of
 * any amount up to what remains paid, borne by the vendor, the rider or the platform, or a
 * rejection with a reason. Amounts are naira in the API, kobo in the server.
 */
export const DisputeReason = z.enum(['wrong_item', 'missing_item', 'damaged', 'never_arrived'], {
  message: 'Choose what went wrong',
});
export type DisputeReason = z.infer<typeof DisputeReason>;

export const DisputeState = z.enum(['open', 'refunded', 'rejected']);
export type DisputeState = z.infer<typeof DisputeState>;

/** Who bears a refund: taken from the vendor's or the rider's share, or paid by the platform. */
export const DisputeBearer = z.enum(['vendor', 'rider', 'platform'], { message: 'Choose who bears the refund' });
export type DisputeBearer = z.infer<typeof DisputeBearer>;

export const DISPUTE_MSG = {
  notDelivered: 'You can report a problem once the order is delivered.',
  windowOver: 'The time to report a problem with this order is over.',
  alreadyOpen: 'A problem with this order is already being looked at.',
  tooMuch: 'That is more than what remains paid for this order.',
  onlyCustomer: 'Only the customer can report a problem with the order.',
  settled: 'This dispute is already settled.',
  noItem: 'That item is not in this order.',
  vendorOfItem: 'Choose the item whose vendor bears the refund.',
  noRider: 'No rider delivered this order.',
} as const;

const AMOUNT_FORMAT = 'Enter the amount in naira, e.g. 300 or 300.50.';
const AMOUNT_ABOVE_ZERO = 'Enter an amount above ₦0.';
const AMOUNT_KOBO = 'At most two decimals (kobo).';
const AMOUNT_MAX = 10_000_000;

/** Naira as typed in a form field: digits, at most two decimals, above 0; answers kobo. */
const AmountField = str()
  .trim()
  .regex(/^\d{1,8}(\.\d+)?$/, AMOUNT_FORMAT)
  .refine((v) => !/\.\d{3,}$/.test(v), AMOUNT_KOBO)
  .transform((v) => Math.round(Number(v) * 100))
  .refine((kobo) => kobo > 0, AMOUNT_ABOVE_ZERO);

/** Naira as a JSON number: above 0, at most two decimals; answers kobo. */
const AmountNumber = z
  .number({ message: AMOUNT_FORMAT })
  .positive(AMOUNT_ABOVE_ZERO)
  .max(AMOUNT_MAX, AMOUNT_FORMAT)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, AMOUNT_KOBO)
  .transform((n) => Math.round(n * 100));

/** The fields of `POST /api/threads/order/:id/disputes` (multipart; one photo as `attachment`). */
export const DisputeOpenFields = z.strictObject({
  reason: DisputeReason,
  /** Naira; the server answers in kobo after parsing. */
  amount: AmountField,
  /** The item it is about; absent for the whole order. */
  itemId: z.uuid({ message: DISPUTE_MSG.noItem }).optional(),
  note: str().trim().max(500, 'At most 500 characters.').default(''),
});
export type DisputeOpenFields = z.input<typeof DisputeOpenFields>;

/** `POST /api/support/disputes/:id/settle`: a refund (naira) and who bears it, or a rejection with its reason. */
export const DisputeSettleInput = z.discriminatedUnion(
  'outcome',
  [
    z.strictObject({ outcome: z.literal('refund'), amount: AmountNumber, bearer: DisputeBearer }),
    z.strictObject({
      outcome: z.literal('reject'),
      reason: str().trim().min(3, 'Say why it is rejected.').max(500, 'At most 500 characters.'),
    }),
  ],
  { message: 'Choose to refund or reject' },
);
export type DisputeSettleInput = z.input<typeof DisputeSettleInput>;

export const DisputeDto = z.object({
  _id: z.string(),
  orderId: z.string(),
  itemId: z.string().nullable(),
  /** The item's name as ordered, when the dispute is about one item. */
  itemName: z.string().nullable(),
  reason: DisputeReason,
  /** What the customer asked for (naira). */
  amount: z.number(),
  note: z.string(),
  /** The photo's URL (served to the thread's people only), or null. */
  photo: z.string().nullable(),
  state: DisputeState,
  /** What was refunded (naira), once refunded. */
  refund: z.number().nullable(),
  bearer: DisputeBearer.nullable(),
  /** Why it was rejected. */
  resolution: z.string().nullable(),
  openedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type DisputeDto = z.infer<typeof DisputeDto>;

/** What the thread shows of disputes: the order's, and whether (and until when) its customer may open one. */
export const ThreadDisputesDto = z.object({
  disputes: z.array(DisputeDto),
  /** The customer may report a problem until then (the delivery plus the window); null when not (yet). */
  openUntil: z.string().nullable(),
  /** What remains paid for the order (naira): the most a dispute may ask or a refund give. */
  remaining: z.number(),
});
export type ThreadDisputesDto = z.infer<typeof ThreadDisputesDto>;

/** `POST /api/threads/order/:id/disputes` and `POST /api/support/disputes/:id/settle` */
export const DisputeAnswer = okAnswer({ dispute: DisputeDto });
export type DisputeAnswer = z.infer<typeof DisputeAnswer>;
