import { z } from 'zod';
import { PROMOTION_KINDS } from '../promotions.js';
import { Id, okAnswer, str } from './common.js';
import { AppliedDiscountDto, CheckoutInput, PromoCode, PROMO_CODE_MESSAGE } from './order.js';

/**
 * The promotion form's messages, in one place: the schema refuses with them, and the web app shows
 * each in the page's language (apps/web/src/promotions/promotion-fields.ts).
 */
export const PROMOTION_MSG = {
  code: PROMO_CODE_MESSAGE,
  title: 'Give the offer a title of at least 3 characters.',
  titleLong: 'At most 80 characters.',
  kind: 'Pick what the offer takes off.',
  wholePercent: 'Use a whole percentage.',
  percentRange: 'Use 1 to 100 %.',
  naira: 'Enter an amount in naira.',
  nairaNegative: 'Enter an amount of ₦0 or more.',
  nairaLarge: 'That amount is too large.',
  kobo: 'At most two decimals (kobo).',
  whole: 'Use a whole number.',
  oneOrMore: 'Use 1 or more.',
  time: 'Use a time like 20:00',
  dateTime: 'Use a date and time.',
  percentNeeded: 'Enter the percentage the offer takes off.',
  amountNeeded: 'Enter the amount the offer takes off.',
  bothTimes: 'Give both a start and an end time, or neither.',
  sameTimes: 'The end time must differ from the start time.',
  endsBeforeStart: 'The offer must end after it starts.',
  budgetZero: 'A budget must be above ₦0.',
} as const;

const HHMM = str().regex(/^([01]\d|2[0-3]):[0-5]\d$/, PROMOTION_MSG.time);
/** Naira as JSON: at most two decimals; the server keeps kobo. */
const NairaAmount = z
  .number({ message: PROMOTION_MSG.naira })
  .min(0, PROMOTION_MSG.nairaNegative)
  .max(10_000_000, PROMOTION_MSG.nairaLarge)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, PROMOTION_MSG.kobo);
const Count = z.number().int(PROMOTION_MSG.whole).min(1, PROMOTION_MSG.oneOrMore).max(1_000_000);

/**
 * A promotion as a shop (`/api/seller/promotions`, its own items, funded by it) or an admin
 * (`/api/admin/promotions`, funded by the platform) writes it. No code: automatic.
 */
export const PromotionInput = z
  .strictObject({
    title: str().trim().min(3, PROMOTION_MSG.title).max(80, PROMOTION_MSG.titleLong),
    code: PromoCode.nullable().default(null),
    kind: z.enum(PROMOTION_KINDS, { message: PROMOTION_MSG.kind }),
    /** percent: of the items; delivery: of the delivery fee (100 = free delivery). */
    percent: z
      .number()
      .int(PROMOTION_MSG.wholePercent)
      .min(1, PROMOTION_MSG.percentRange)
      .max(100, PROMOTION_MSG.percentRange)
      .nullable()
      .default(null),
    /** percent: the most it takes off, naira. */
    cap: NairaAmount.nullable().default(null),
    /** fixed: naira off. */
    amount: NairaAmount.nullable().default(null),
    minSpend: NairaAmount.default(0),
    firstOrder: z.boolean().default(false),
    studentsOnly: z.boolean().default(false),
    /** Shops it is for (admins only; a shop's own offer is for its items). */
    vendorIds: z.array(Id).max(50).default([]),
    categories: z.array(str().trim().min(1).max(100)).max(50).default([]),
    productIds: z.array(Id).max(200).default([]),
    days: z.array(z.number().int().min(0).max(6)).max(7).default([]),
    from: HHMM.nullable().default(null),
    to: HHMM.nullable().default(null),
    startsAt: z.iso.datetime({ offset: true, message: PROMOTION_MSG.dateTime }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true, message: PROMOTION_MSG.dateTime }).nullable().default(null),
    maxUses: Count.nullable().default(null),
    /** naira */
    budget: NairaAmount.nullable().default(null),
    perPerson: Count.nullable().default(null),
    active: z.boolean().default(true),
  })
  .superRefine((p, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if ((p.kind === 'percent' || p.kind === 'delivery') && p.percent === null)
      need('percent', PROMOTION_MSG.percentNeeded);
    if (p.kind === 'fixed' && !p.amount) need('amount', PROMOTION_MSG.amountNeeded);
    if ((p.from === null) !== (p.to === null)) need('to', PROMOTION_MSG.bothTimes);
    if (p.from !== null && p.from === p.to) need('to', PROMOTION_MSG.sameTimes);
    if (p.startsAt && p.endsAt && new Date(p.endsAt) <= new Date(p.startsAt))
      need('endsAt', PROMOTION_MSG.endsBeforeStart);
    if (p.budget === 0) need('budget', PROMOTION_MSG.budgetZero);
  });
export type PromotionInput = z.input<typeof PromotionInput>;
export type PromotionFields = z.output<typeof PromotionInput>;

export const PromotionDto = z.object({
  _id: z.string(),
  title: z.string(),
  code: z.string().nullable(),
  kind: z.enum(PROMOTION_KINDS),
  percent: z.number().nullable(),
  cap: z.number().nullable(),
  amount: z.number().nullable(),
  minSpend: z.number(),
  firstOrder: z.boolean(),
  studentsOnly: z.boolean(),
  vendorIds: z.array(z.string()),
  categories: z.array(z.string()),
  productIds: z.array(z.string()),
  days: z.array(z.number()),
  from: z.string().nullable(),
  to: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  budget: z.number().nullable(),
  perPerson: z.number().nullable(),
  active: z.boolean(),
  fundedBy: z.enum(['platform', 'vendor']),
  vendorId: z.string().nullable(),
  vendorName: z.string().nullable(),
  /** Uses held or made (a failed, abandoned, cancelled or refunded order's use is given back). */
  uses: z.number().int(),
  /** naira taken off by those uses */
  spent: z.number(),
  createdAt: z.string(),
});
export type PromotionDto = z.infer<typeof PromotionDto>;

export const PromotionAnswer = okAnswer({ promotion: PromotionDto });
export type PromotionAnswer = z.infer<typeof PromotionAnswer>;
export const PromotionsAnswer = okAnswer({ promotions: z.array(PromotionDto) });
export type PromotionsAnswer = z.infer<typeof PromotionsAnswer>;

/** A running automatic promotion as product cards and the product page label it. */
export const LivePromotionDto = z.object({
  _id: z.string(),
  title: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  vendorIds: z.array(z.string()),
  categories: z.array(z.string()),
  productIds: z.array(z.string()),
  studentsOnly: z.boolean(),
});
export type LivePromotionDto = z.infer<typeof LivePromotionDto>;
export const LivePromotionsAnswer = okAnswer({ promotions: z.array(LivePromotionDto) });
export type LivePromotionsAnswer = z.infer<typeof LivePromotionsAnswer>;

/**
 * `POST /api/order/quote`: the cart priced by the server as checkout will price it, with its
 * promotions (automatic ones, and the code when given). A code that does not apply answers 400
 * with why; the cart keeps the total it had.
 */
export const QuoteInput = CheckoutInput.pick({ items: true, address: true, slot: true, batch: true, code: true });
export type QuoteInput = z.input<typeof QuoteInput>;

export const QuoteAnswer = okAnswer({
  /** naira, before discounts */
  itemsPrice: z.number(),
  deliveryFee: z.number(),
  /** naira, on the discounted total */
  serviceFee: z.number(),
  /** naira: what checkout charges */
  total: z.number(),
  discounts: z.array(AppliedDiscountDto),
});
export type QuoteAnswer = z.infer<typeof QuoteAnswer>;

/** `GET /api/admin/promotions/:id/uses`: uses per person. */
export const PromotionUserDto = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** uses held or made */
  uses: z.number().int(),
  /** naira */
  discount: z.number(),
  released: z.number().int(),
  barred: z.boolean(),
});
export type PromotionUserDto = z.infer<typeof PromotionUserDto>;
export const PromotionUsesAnswer = okAnswer({ people: z.array(PromotionUserDto) });
export type PromotionUsesAnswer = z.infer<typeof PromotionUsesAnswer>;

/** `POST /api/admin/promotions/people/:userId/bar`: the account may no longer use promotions (or may again). */
export const PromotionBarInput = z.strictObject({
  barred: z.boolean(),
  reason: str().trim().max(200).default(''),
});
export type PromotionBarInput = z.input<typeof PromotionBarInput>;

export const PromotionIdParams = z.strictObject({ id: Id });
