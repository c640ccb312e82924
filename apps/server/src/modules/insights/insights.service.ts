/**
 * The dashboards' figures (issue 33): the admin's, a vendor's own shop's and a rider's own, for a
 * period of Lagos days. Each figure is an SQL aggregate asked of the module that owns its tables
 * (their `insight-figures` files, through their index.ts); this service puts them together, fills
 * the buckets and keeps each answer a short while per (who, period).
 */
import {
  DELIVERY_ESTIMATE_MINUTES,
  SLOT_MINUTES,
  hasRole,
  insightsDays,
  lagosDayOf,
  lagosMidnight,
  addDays,
  type AdminInsightsAnswer,
  type InsightsBucket,
  type InsightsCancellation,
  type InsightsQuery,
  type RiderInsightsAnswer,
  type VendorInsightsAnswer,
} from '@jara/shared';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { SessionUser } from '../../infra/sessions.js';
import { keepAtMost } from '../../infra/snapshot.js';
import { forbidden } from '../../lib/errors.js';
import { cartUsersBetween } from '../auth/index.js';
import { shopOwnerSql, shopsByIds, vendorOfUser } from '../catalogue/index.js';
import { dispatchRidersUnderWay, riderDispatchPromises } from '../dispatch/index.js';
import { disputesBetween } from '../disputes/index.js';
import { riderReleasesBetween } from '../ledger/index.js';
import { cancelEventSql, firstReachedSql, reachedBetweenSql } from '../order-events/index.js';
import { orderFigures, type FigureLinks, type FigureRange } from '../orders/index.js';
import { checkoutsBetween, orderRefundsBetween } from '../payments/index.js';
import { shopPayoutsBetween } from '../payouts/index.js';
import {
  deliveryStarsSql,
  isApprovedRider,
  onlineRiders,
  riderHoursOnline,
  riderRatingsBetween,
} from '../rider/index.js';

type Query = z.output<typeof InsightsQuery>;

/** A period resolved on the clock: its Lagos days, bucket, instants [start, end) and every bucket's key. */
interface ResolvedPeriod {
  from: string;
  to: string;
  bucket: InsightsBucket;
  start: Date;
  end: Date;
  keys: string[];
  /** `to_char` of Lagos time giving a bucket's key. */
  format: string;
}

const HOUR_FORMAT = 'YYYY-MM-DD"T"HH24';
const DAY_FORMAT = 'YYYY-MM-DD';
const TOP = 5;
/** How long an answer is kept: a period still running, and one that ended before today. */
const FRESH_MS = 60_000;
const PAST_MS = 15 * 60_000;
/** The most answers kept (every vendor and rider has their own). */
const KEPT = 500;
/** Orders delivered in a period may have been placed this many days before it. */
const LOOK_BACK_DAYS = 3;

/** The period a checked query asks for, on the Lagos day of `now`. */
function resolvePeriod(q: Query, now: Date): ResolvedPeriod {
  const { from, to } = insightsDays(q, now);
  const bucket: InsightsBucket = from === to ? 'hour' : 'day';
  const keys: string[] = [];
  if (bucket === 'hour') for (let h = 0; h < 24; h++) keys.push(`${from}T${String(h).padStart(2, '0')}`);
  else for (let d = from; d <= to; d = addDays(d, 1)) keys.push(d);
  return {
    from,
    to,
    bucket,
    start: lagosMidnight(from),
    end: lagosMidnight(addDays(to, 1)),
    keys,
    format: bucket === 'hour' ? HOUR_FORMAT : DAY_FORMAT,
  };
}

/** A share 0..1 to 4 decimals (0 when there is nothing to share). */
const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : 0);
const oneDecimal = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
const sum = <T>(rows: readonly T[], pick: (r: T) => number) => rows.reduce((s, r) => s + pick(r), 0);

/** Every bucket of the period in order, each from its row or zeros. */
function fill<R extends { at: string }, P>(
  p: ResolvedPeriod,
  rows: readonly R[],
  point: (at: string, r?: R) => P,
): P[] {
  const byKey = new Map(rows.map((r) => [r.at, r]));
  return p.keys.map((k) => point(k, byKey.get(k)));
}

const REASON_ORDER = ['customer', 'vendor_declined', 'confirm_deadline', 'admin', 'other'] as const;
const byReason = (rows: { reason: string; count: number }[]): InsightsCancellation[] =>
  rows
    .map((r) => ({
      reason: (REASON_ORDER as readonly string[]).includes(r.reason)
        ? (r.reason as InsightsCancellation['reason'])
        : 'other',
      count: r.count,
    }))
    .sort((a, b) => b.count - a.count || REASON_ORDER.indexOf(a.reason) - REASON_ORDER.indexOf(b.reason));

export class InsightsService {
  private readonly cache = new Map<string, { until: number; answer: Promise<unknown> }>();

  constructor(private readonly ctx: AppContext) {}

  /** Forgets every kept answer (the benchmark's cold rounds; tests after new data). */
  clearCache(): void {
    this.cache.clear();
  }

  /** The pieces of other modules' SQL the orders' figures embed. */
  private links(): FigureLinks {
    return {
      firstReached: firstReachedSql,
      cancelEvent: cancelEventSql,
      shopOwner: shopOwnerSql,
      orderStars: (orderId: SQL) => deliveryStarsSql('order', orderId),
    };
  }

  /** The answer kept for (scope, period), or built now and kept: longer for a period that is over. */
  private kept<T>(scope: string, p: ResolvedPeriod, build: () => Promise<T>): Promise<T> {
    const key = `${scope}|${p.from}|${p.to}`;
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.until > now) return hit.answer as Promise<T>;
    const over = p.end.getTime() <= lagosMidnight(lagosDayOf(this.ctx.clock.now())).getTime();
    const answer = build();
    keepAtMost(this.cache, KEPT, key, { until: now + (over ? PAST_MS : FRESH_MS), answer });
    // A failed build is not kept: the next request tries again.
    answer.catch(() => {
      if (this.cache.get(key)?.answer === answer) this.cache.delete(key);
    });
    return answer;
  }

  private range(p: ResolvedPeriod): FigureRange {
    return { from: p.start, to: p.end, unit: p.bucket, format: p.format };
  }

  async admin(q: Query): Promise<AdminInsightsAnswer> {
    const p = resolvePeriod(q, this.ctx.clock.now());
    const [figures, riders] = await Promise.all([this.kept('admin', p, () => this.adminFigures(p)), this.ridersNow()]);
    return { ...figures, riders };
  }

  /** Riders online now, how many of them carry a delivery, and that share (null when none is online). */
  private async ridersNow(): Promise<AdminInsightsAnswer['riders']> {
    const db = this.ctx.db;
    const online = await onlineRiders(db);
    const [orders, dispatches] = await Promise.all([
      orderFigures.ridersUnderWay(db, online),
      dispatchRidersUnderWay(db, online),
    ]);
    const busy = new Set([...orders, ...dispatches]).size;
    return { online: online.length, busy, utilisation: online.length ? rate(busy, online.length) : null };
  }

  private async adminFigures(p: ResolvedPeriod): Promise<Omit<AdminInsightsAnswer, 'riders'>> {
    const db = this.ctx.db;
    const r = this.range(p);
    const links = this.links();
    const [figures, times, refunds, disputes, checkouts, carts] = await Promise.all([
      orderFigures.periodFigures(db, r, this.ctx.config.vendorCommissionPercent, links, TOP),
      orderFigures.deliveryTimes(db, r),
      orderRefundsBetween(db, p.start, p.end),
      disputesBetween(db, p.start, p.end),
      checkoutsBetween(db, p.start, p.end),
      cartUsersBetween(db, p.from, p.to),
    ]);
    const { buckets, shops, products, customers, cancellations } = figures;
    const orders = sum(buckets, (b) => b.orders);
    const gmvKobo = sum(buckets, (b) => b.gmvKobo);
    const top = [...shops].sort(
      (a, b) => b.salesKobo - a.salesKobo || b.orders - a.orders || (a.vendorId < b.vendorId ? -1 : 1),
    );
    const names = await shopsByIds(db, [
      ...new Set([...top.slice(0, TOP).map((s) => s.vendorId), ...products.map((x) => x.vendorId)]),
    ]);
    const nameOf = (id: string) => names.get(id)?.businessName ?? '';
    return {
      success: true,
      period: { from: p.from, to: p.to, bucket: p.bucket },
      series: fill(p, buckets, (at, b) => ({ at, orders: b?.orders ?? 0, gmvKobo: b?.gmvKobo ?? 0 })),
      totals: {
        orders,
        gmvKobo,
        averageBasketKobo: orders ? Math.round(gmvKobo / orders) : 0,
        deliveryFeeKobo: sum(buckets, (b) => b.deliveryFeeKobo),
        serviceFeeKobo: sum(buckets, (b) => b.serviceFeeKobo),
        commissionKobo: sum(shops, (s) => s.commissionKobo),
      },
      refunds: { count: refunds.orders, kobo: refunds.kobo, rate: rate(refunds.orders, orders) },
      disputes: { count: disputes.count, kobo: disputes.kobo, rate: rate(disputes.count, orders) },
      cancellations: byReason(cancellations),
      times: {
        orders: times.orders,
        placedToDeliveredMin: oneDecimal(times.placedToDeliveredMin),
        confirmMin: oneDecimal(times.confirmMin),
        waitForRiderMin: oneDecimal(times.waitForRiderMin),
        rideMin: oneDecimal(times.rideMin),
      },
      funnel: { cart: carts, checkout: checkouts.started, paid: checkouts.paid },
      topVendors: top
        .slice(0, TOP)
        .map((s) => ({ id: s.vendorId, name: nameOf(s.vendorId), orders: s.orders, salesKobo: s.salesKobo })),
      topProducts: products.map((x) => ({
        id: x.id,
        name: x.name,
        vendorName: nameOf(x.vendorId),
        quantity: x.quantity,
        salesKobo: x.salesKobo,
      })),
      customers,
    };
  }

  /** The approved vendor's own shop, or 403 (as the seller portal answers). */
  private async shopOf(user: SessionUser) {
    if (!hasRole(user, 'vendor')) throw forbidden('Only approved vendors can do that.');
    const v = await vendorOfUser(this.ctx.db, user.id);
    if (!v || v.status !== 'approved') throw forbidden('Only approved vendors can do that.');
    return v;
  }

  async vendor(user: SessionUser, q: Query): Promise<VendorInsightsAnswer> {
    const shop = await this.shopOf(user);
    const p = resolvePeriod(q, this.ctx.clock.now());
    return this.kept(`vendor:${shop.id}`, p, () => this.vendorFigures(p, shop.id, user.id));
  }

  private async vendorFigures(p: ResolvedPeriod, vendorId: string, ownerUserId: string): Promise<VendorInsightsAnswer> {
    const db = this.ctx.db;
    const r = this.range(p);
    const links = this.links();
    const [figures, preparation, payouts] = await Promise.all([
      orderFigures.shopFigures(db, r, vendorId, links, TOP),
      orderFigures.shopPreparation(db, r, vendorId, ownerUserId, links),
      shopPayoutsBetween(db, vendorId, p.start, p.end),
    ]);
    const { buckets, items, busyHours, ratings, cancellations } = figures;
    const orders = sum(buckets, (b) => b.orders);
    const salesKobo = sum(buckets, (b) => b.salesKobo);
    return {
      success: true,
      period: { from: p.from, to: p.to, bucket: p.bucket },
      series: fill(p, buckets, (at, b) => ({ at, orders: b?.orders ?? 0, salesKobo: b?.salesKobo ?? 0 })),
      totals: { orders, salesKobo, averageOrderKobo: orders ? Math.round(salesKobo / orders) : 0 },
      topItems: items.map((i) => ({ id: i.id, name: i.name, quantity: i.quantity, salesKobo: i.salesKobo })),
      busyHours,
      preparation: { orders: preparation.orders, medianMin: oneDecimal(preparation.medianMin) },
      ratings: { count: ratings.count, average: ratings.count ? oneDecimal(ratings.average) : null },
      cancellations: byReason(cancellations),
      payouts: payouts.map((x) => ({ at: x.at.toISOString(), amountKobo: x.amountKobo, status: x.state })),
      paidOutKobo: sum(
        payouts.filter((x) => x.state === 'paid'),
        (x) => x.amountKobo,
      ),
    };
  }

  async rider(user: SessionUser, q: Query): Promise<RiderInsightsAnswer> {
    if (!hasRole(user, 'rider') || !(await isApprovedRider(this.ctx.db, user.id)))
      throw forbidden('Only approved riders can do that.');
    const p = resolvePeriod(q, this.ctx.clock.now());
    return this.kept(`rider:${user.id}`, p, () => this.riderFigures(p, user.id));
  }

  private async riderFigures(p: ResolvedPeriod, riderUserId: string): Promise<RiderInsightsAnswer> {
    const db = this.ctx.db;
    const r = this.range(p);
    const links = this.links();
    const now = this.ctx.clock.now();
    const [releases, orderPromises, dispatchPromises, hours, ratings] = await Promise.all([
      riderReleasesBetween(db, riderUserId, p.start, p.end, p.format),
      orderFigures.riderOrderPromises(db, r, riderUserId, links, {
        slotMinutes: SLOT_MINUTES,
        asapMinutes: DELIVERY_ESTIMATE_MINUTES.max,
        lookBackDays: LOOK_BACK_DAYS,
      }),
      riderDispatchPromises(
        db,
        riderUserId,
        reachedBetweenSql('dispatch', 'Order Delivered', p.start, p.end),
        DELIVERY_ESTIMATE_MINUTES.max,
      ),
      riderHoursOnline(db, riderUserId, p.start, p.end, now),
      riderRatingsBetween(db, riderUserId, p.start, p.end),
    ]);
    const delivered = orderPromises.delivered + dispatchPromises.delivered;
    const onTime = orderPromises.onTime + dispatchPromises.onTime;
    return {
      success: true,
      period: { from: p.from, to: p.to, bucket: p.bucket },
      series: fill(p, releases, (at, x) => ({ at, earningsKobo: x?.kobo ?? 0, jobs: x?.jobs ?? 0 })),
      totals: {
        earningsKobo: sum(releases, (x) => x.kobo),
        jobs: sum(releases, (x) => x.jobs),
        onTimeShare: delivered ? rate(onTime, delivered) : null,
        hoursOnline: oneDecimal(hours) ?? 0,
      },
      ratings: { count: ratings.count, average: ratings.count ? oneDecimal(ratings.average) : null },
    };
  }
}
