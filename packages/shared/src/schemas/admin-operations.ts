import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../error-codes.js';
import { ApplicationParams } from './admin.js';
import { Id, okAnswer } from './common.js';
import { PayoutDto } from './seller.js';

/**
 * The operator's bulk actions and first-run checklist (issue 33): several applications approved
 * at once, failed payouts sent again, and what a new deployment still lacks.
 */

/** The most items one bulk action takes. */
const BULK_MAX = 50;

/** Every item once: the same application or payout twice is a mistake in the request. */
const distinct =
  <T>(key: (item: T) => string) =>
  (items: T[]) =>
    new Set(items.map(key)).size === items.length;

/** `POST /api/admin/applications/approve`: up to 50 applications, each approved in its own transaction. */
export const BulkApproveInput = z.strictObject({
  items: z
    .array(ApplicationParams)
    .min(1, 'Choose at least one application')
    .max(BULK_MAX, `At most ${BULK_MAX} at once`)
    .refine(
      distinct((i: ApplicationParams) => `${i.kind}:${i.id}`),
      'An application is listed twice',
    ),
});
export type BulkApproveInput = z.infer<typeof BulkApproveInput>;

const ErrorCodeOf = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

/** How one item of a bulk action went: done (`ok`), or why not (the code and message a single action answers with). */
const BulkOutcome = z.object({ ok: z.boolean(), code: ErrorCodeOf.optional(), message: z.string().optional() });

/** Each application's outcome, in the order asked. */
export const BulkApproveAnswer = okAnswer({
  results: z.array(BulkOutcome.extend({ kind: ApplicationParams.shape.kind, id: z.string() })),
});
export type BulkApproveAnswer = z.infer<typeof BulkApproveAnswer>;

export const PAYEE_TYPES = ['vendor', 'rider'] as const;
export const PayeeType = z.enum(PAYEE_TYPES);
export type PayeeType = z.infer<typeof PayeeType>;
export const PayoutState = PayoutDto.shape.state;
export type PayoutState = z.infer<typeof PayoutState>;

/** `GET /api/admin/payouts`: the latest 200 payouts, newest first, in one state and to one kind of payee. */
export const AdminPayoutsQuery = z.strictObject({
  state: PayoutState.optional(),
  payee: PayeeType.optional(),
});
export type AdminPayoutsQuery = z.infer<typeof AdminPayoutsQuery>;

/** One payout as the admin's list shows it: the payee's own view, with who the payee is. */
export const AdminPayoutRow = PayoutDto.extend({
  payeeType: PayeeType,
  /** The account paid (null when it is gone) and, for a vendor, the shop. */
  payee: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  shop: z.string().nullable(),
});
export type AdminPayoutRow = z.infer<typeof AdminPayoutRow>;

export const AdminPayoutsAnswer = okAnswer({ payouts: z.array(AdminPayoutRow) });
export type AdminPayoutsAnswer = z.infer<typeof AdminPayoutsAnswer>;

/** `POST /api/admin/payouts/retry`: failed payouts to send again, up to 50. */
export const RetryPayoutsInput = z.strictObject({
  ids: z
    .array(Id)
    .min(1, 'Choose at least one payout')
    .max(BULK_MAX, `At most ${BULK_MAX} at once`)
    .refine(
      distinct((id: string) => id),
      'A payout is listed twice',
    ),
});
export type RetryPayoutsInput = z.infer<typeof RetryPayoutsInput>;

/** Each failed payout's outcome; when sent again, the new payout that carries it (`payout`). */
export const RetryPayoutsAnswer = okAnswer({
  results: z.array(BulkOutcome.extend({ id: z.string(), payout: PayoutDto.optional() })),
});
export type RetryPayoutsAnswer = z.infer<typeof RetryPayoutsAnswer>;

/**
 * The first-run checklist: an admin account, a real payment provider, SMTP, categories, delivery
 * hours, an approved shop. `detail` says what was found (e.g. `sandbox`, `paystack_test`).
 */
const CHECKLIST_KEYS = ['admin', 'payments', 'smtp', 'categories', 'delivery_hours', 'first_vendor'] as const;
export const ChecklistKey = z.enum(CHECKLIST_KEYS);
export type ChecklistKey = z.infer<typeof ChecklistKey>;
export const ChecklistItem = z.object({ key: ChecklistKey, done: z.boolean(), detail: z.string().optional() });
export type ChecklistItem = z.infer<typeof ChecklistItem>;
export const ChecklistAnswer = okAnswer({ items: z.array(ChecklistItem) });
export type ChecklistAnswer = z.infer<typeof ChecklistAnswer>;
