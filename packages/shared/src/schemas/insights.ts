import { z } from 'zod';
import { okAnswer } from './common.js';
import { lagosDayOf } from '../format.js';

/**
 * The dashboards (issue 33): figures of a period of Lagos days, for the admin, a vendor's own shop
 * and a rider's own work. A Lagos day D runs [D 00:00+01:00, D+1 00:00+01:00) (no DST).
 */
export const INSIGHTS_PERIODS = ['today', '7d', '30d', 'custom'] as const;
export const InsightsPeriodKind = z.enum(INSIGHTS_PERIODS, { message: 'Choose today, 7d, 30d or custom' });
export type InsightsPeriodKind = z.infer<typeof InsightsPeriodKind>;

/** The longest custom period, in days (both ends included). */
const INSIGHTS_MAX_DAYS = 366;

export const INSIGHTS_MSG = {
  customNeedsDates: 'A custom period needs a start day and an end day (from and to).',
  endBeforeStart: 'The end day is before the start day.',
  tooLong: `A period can be at most ${INSIGHTS_MAX_DAYS} days.`,
  dayFormat: 'Give the day as YYYY-MM-DD',
} as const;

/** Days from `from` to `to`, both included (YYYY-MM-DD calendar dates). */
const daysBetweenInclusive = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * `?period=today|7d|30d|custom&from=YYYY-MM-DD&to=YYYY-MM-DD` (all three dashboards). `today`, `7d`
 * and `30d` end on the server's Lagos today; `custom` needs from ≤ to and at most 366 days.
 */
export const InsightsQuery = z
  .strictObject({
    period: InsightsPeriodKind.default('7d'),
    from: z.iso.date({ message: INSIGHTS_MSG.dayFormat }).optional(),
    to: z.iso.date({ message: INSIGHTS_MSG.dayFormat }).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.period !== 'custom') return;
    if (!q.from || !q.to) {
      ctx.addIssue({ code: 'custom', message: INSIGHTS_MSG.customNeedsDates, path: [q.from ? 'to' : 'from'] });
      return;
    }
    if (q.from > q.to) ctx.addIssue({ code: 'custom', message: INSIGHTS_MSG.endBeforeStart, path: ['to'] });
    else if (daysBetweenInclusive(q.from, q.to) > INSIGHTS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', message: INSIGHTS_MSG.tooLong, path: ['to'] });
  });
export type InsightsQuery = z.input<typeof InsightsQuery>;

/** The day `n` days after a 'YYYY-MM-DD' day (negative: before). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The Lagos days a checked query covers (both included), on the Lagos day of `now`. */
export function insightsDays(q: z.output<typeof InsightsQuery>, now: Date): { from: string; to: string } {
  const today = lagosDayOf(now);
  if (q.period === 'custom') return { from: q.from!, to: q.to! };
  if (q.period === 'today') return { from: today, to: today };
  return { from: addDays(today, q.period === '7d' ? -6 : -29), to: today };
}

export const InsightsBucket = z.enum(['hour', 'day']);
export type InsightsBucket = z.infer<typeof InsightsBucket>;

/** The period answered: Lagos days, both included; `hour` buckets when it is one day. */
export const InsightsPeriod = z.object({ from: z.string(), to: z.string(), bucket: InsightsBucket });
export type InsightsPeriod = z.infer<typeof InsightsPeriod>;

/** How many and how much, and the share of paid orders (0..1, 4 decimals). */
const InsightsTally = z.object({ count: z.number().int(), kobo: z.number().int(), rate: z.number() });

/**
 * Why a paid order's items were cancelled, read from who cancelled them: the customer, the shop
 * declined them, no shop confirmed in time (the confirm deadline), staff (an admin or support);
 * `other` for anything else. Counted once per order (and reason).
 */
const CANCELLATION_REASONS = ['customer', 'vendor_declined', 'confirm_deadline', 'admin', 'other'] as const;
export const CancellationReason = z.enum(CANCELLATION_REASONS);
export type CancellationReason = z.infer<typeof CancellationReason>;

export const InsightsCancellation = z.object({ reason: CancellationReason, count: z.number().int() });
export type InsightsCancellation = z.infer<typeof InsightsCancellation>;

/** A rating's average (1 decimal; null when there is none) and how many. */
const InsightsRatings = z.object({ average: z.number().nullable(), count: z.number().int() });

/** `at`: 'YYYY-MM-DD' for days, 'YYYY-MM-DDTHH' (Lagos hour) for hours. */
const AdminSeriesPoint = z.object({ at: z.string(), orders: z.number().int(), gmvKobo: z.number().int() });

const AdminInsightsTotals = z.object({
  orders: z.number().int(),
  gmvKobo: z.number().int(),
  averageBasketKobo: z.number().int(),
  deliveryFeeKobo: z.number().int(),
  serviceFeeKobo: z.number().int(),
  commissionKobo: z.number().int(),
});

/** Riders now: online, with an active delivery, busy / online (null when none online). */
const RidersNow = z.object({
  online: z.number().int(),
  busy: z.number().int(),
  utilisation: z.number().nullable(),
});

/** Medians in minutes (1 decimal) over the orders delivered in the period; null when none. */
const DeliveryTimes = z.object({
  orders: z.number().int(),
  placedToDeliveredMin: z.number().nullable(),
  confirmMin: z.number().nullable(),
  waitForRiderMin: z.number().nullable(),
  rideMin: z.number().nullable(),
});

/** Distinct logged-in users: with a synced cart touched in the period, who started a checkout, who paid. */
const CheckoutFunnel = z.object({ cart: z.number().int(), checkout: z.number().int(), paid: z.number().int() });

const TopVendor = z.object({
  id: z.string(),
  name: z.string(),
  orders: z.number().int(),
  salesKobo: z.number().int(),
});

const TopProduct = z.object({
  id: z.string(),
  name: z.string(),
  vendorName: z.string(),
  quantity: z.number().int(),
  salesKobo: z.number().int(),
});

/** Paying customers of the period whose first paid order is in it (new) or before it (returning). */
const CustomerMix = z.object({ new: z.number().int(), returning: z.number().int() });

/** `GET /api/admin/insights`. */
export const AdminInsightsAnswer = okAnswer({
  period: InsightsPeriod,
  series: z.array(AdminSeriesPoint),
  totals: AdminInsightsTotals,
  refunds: InsightsTally,
  disputes: InsightsTally,
  cancellations: z.array(InsightsCancellation),
  riders: RidersNow,
  times: DeliveryTimes,
  funnel: CheckoutFunnel,
  topVendors: z.array(TopVendor),
  topProducts: z.array(TopProduct),
  customers: CustomerMix,
});
export type AdminInsightsAnswer = z.infer<typeof AdminInsightsAnswer>;

const VendorSeriesPoint = z.object({ at: z.string(), orders: z.number().int(), salesKobo: z.number().int() });

const VendorInsightsTotals = z.object({
  orders: z.number().int(),
  salesKobo: z.number().int(),
  averageOrderKobo: z.number().int(),
});

const TopItem = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  salesKobo: z.number().int(),
});

/** One cell of the heat map: weekday 0 = Monday … 6 = Sunday, Lagos hour 0..23; only non-zero cells. */
export const BusyHour = z.object({ weekday: z.number().int(), hour: z.number().int(), orders: z.number().int() });
export type BusyHour = z.infer<typeof BusyHour>;

/** Confirm → ready (or picked up), median minutes (1 decimal), null when none. */
const PreparationTime = z.object({ orders: z.number().int(), medianMin: z.number().nullable() });

/** A payout of the period: when asked (ISO instant), how much, its status. */
const InsightsPayout = z.object({ at: z.string(), amountKobo: z.number().int(), status: z.string() });

/** `GET /api/seller/insights` (the vendor's own shop). */
export const VendorInsightsAnswer = okAnswer({
  period: InsightsPeriod,
  series: z.array(VendorSeriesPoint),
  totals: VendorInsightsTotals,
  topItems: z.array(TopItem),
  busyHours: z.array(BusyHour),
  preparation: PreparationTime,
  ratings: InsightsRatings,
  cancellations: z.array(InsightsCancellation),
  payouts: z.array(InsightsPayout),
  paidOutKobo: z.number().int(),
});
export type VendorInsightsAnswer = z.infer<typeof VendorInsightsAnswer>;

const RiderSeriesPoint = z.object({ at: z.string(), earningsKobo: z.number().int(), jobs: z.number().int() });

/** onTimeShare 0..1 (4 decimals) or null when no delivery had a promised time; hoursOnline 1 decimal. */
const RiderInsightsTotals = z.object({
  earningsKobo: z.number().int(),
  jobs: z.number().int(),
  onTimeShare: z.number().nullable(),
  hoursOnline: z.number(),
});

/** `GET /api/rider/insights` (the rider's own). */
export const RiderInsightsAnswer = okAnswer({
  period: InsightsPeriod,
  series: z.array(RiderSeriesPoint),
  totals: RiderInsightsTotals,
  ratings: InsightsRatings,
});
export type RiderInsightsAnswer = z.infer<typeof RiderInsightsAnswer>;
