/**
 * The orders' figures for the dashboards (modules/insights): aggregates over the paid orders placed
 * in a period (Lagos buckets by `to_char` of Lagos time) and their lines, one statement each. The
 * status log's and other modules' parts come in as pieces of SQL from their owners (`FigureLinks`),
 * so only this module names its tables.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';

/** A period [from, to), its buckets ('hour' or 'day', for date_trunc) and their keys' `to_char` format on Lagos time. */
export interface FigureRange {
  from: Date;
  to: Date;
  unit: 'hour' | 'day';
  format: string;
}

/** The pieces of other modules' SQL the figures embed, each given the SQL expression of an id. */
export interface FigureLinks {
  /** The first time a subject reached a status (by an actor when given), or NULL. */
  firstReached: (subjectId: SQL, status: string, actorId?: SQL) => SQL;
  /** The latest 'Order Cancelled' event of an item: a row (found, actor_id) for LEFT JOIN LATERAL. */
  cancelEvent: (subjectId: SQL) => SQL;
  /** The account that runs a shop. */
  shopOwner: (vendorId: SQL) => SQL;
  /** The stars of an order's delivery, or NULL. */
  orderStars: (orderId: SQL) => SQL;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const lagos = (col: SQL) => sql`((${col} AT TIME ZONE 'UTC') + interval '1 hour')`;
const placedIn = (r: FigureRange) =>
  sql`o.paid_at IS NOT NULL AND o.created_at >= ${at(r.from)} AND o.created_at < ${at(r.to)}`;
const LIVE = sql`i.status <> 'Order Cancelled'`;
/** A line's sales: its price less what its shop's own promotions took off. */
const LINE_SALES = sql`(i.unit_price_kobo * i.quantity - i.shop_funded_kobo)`;
const minutes = (later: SQL, earlier: SQL) => sql`(extract(epoch FROM ${later} - ${earlier}) / 60)::float8`;
const median = (value: SQL) => sql`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${value})`;
const num = (v: unknown) => Number(v ?? 0);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A JSON array of the rows of a query ('[]' for none). */
const rowsJson = (query: SQL) => sql`(SELECT coalesce(json_agg(x), '[]'::json) FROM (${query}) x)`;

/**
 * Who cancelled a cancelled line (`l`; `customer`, its order's customer): nobody (the confirm deadline), the
 * customer, the shop's owner, anyone else (staff); `other` when the log has no cancellation.
 */
const reasonOf = (links: FigureLinks, customer: SQL) => sql`
  CASE WHEN ev.found IS NULL THEN 'other'
       WHEN ev.actor_id IS NULL THEN 'confirm_deadline'
       WHEN ev.actor_id = ${customer} THEN 'customer'
       WHEN ev.actor_id = ${links.shopOwner(sql`l.vendor_id`)} THEN 'vendor_declined'
       ELSE 'admin' END`;

interface CancellationRow {
  reason: string;
  count: number;
}

/**
 * The admin's figures over the paid orders placed in the period, read in one statement (the
 * period's orders and lines read once): per bucket (orders, what customers paid, delivery fees
 * after discounts, service fees); per shop over the lines not cancelled (orders, sales, and the
 * commission: `commissionPercent` of each order's shop total less its own promotions, to the kobo,
 * as the release at the code takes it); the top products; new and returning customers (a paid
 * order placed before the period or not); and the orders with cancelled lines by who cancelled
 * them, once per order and reason.
 */
export async function periodFigures(
  ex: Executor,
  r: FigureRange,
  commissionPercent: number,
  links: FigureLinks,
  top: number,
) {
  const [row] = await queryRows<{
    buckets: { at: string; orders: number; gmv: number; delivery: number; service: number }[];
    shops: { vendor_id: string; orders: number; sales: number; commission: number }[];
    products: { id: string; name: string; vendor_id: string; quantity: number; sales: number }[];
    customers: { new: number; returning: number };
    cancellations: CancellationRow[];
  }>(
    ex,
    sql`
    WITH o AS MATERIALIZED (
      SELECT o.id, o.user_id, o.amount_kobo, o.delivery_fee_kobo - o.delivery_discount_kobo AS delivery,
             o.service_fee_kobo AS service, date_trunc(${r.unit}, ${lagos(sql`o.created_at`)}) AS at
      FROM orders o WHERE ${placedIn(r)}),
    l AS MATERIALIZED (
      SELECT i.id, i.order_id, i.vendor_id, i.product_id, i.product_name, i.quantity, i.status, ${LINE_SALES} AS sales,
             o.user_id
      FROM orders o JOIN order_items i ON i.order_id = o.id WHERE ${placedIn(r)}),
    s AS (
      SELECT vendor_id, order_id, greatest(0, sum(sales)) AS net FROM l
      WHERE status <> 'Order Cancelled' GROUP BY vendor_id, order_id)
    SELECT
      ${rowsJson(sql`SELECT to_char(at, ${r.format}) AS at, count(*) AS orders, sum(amount_kobo) AS gmv,
                           sum(delivery) AS delivery, sum(service) AS service
                    FROM o GROUP BY o.at`)} AS buckets,
      ${rowsJson(sql`SELECT vendor_id, count(*) AS orders, sum(net) AS sales,
                           sum(round(net * ${commissionPercent}::numeric / 100)) AS commission
                    FROM s GROUP BY vendor_id`)} AS shops,
      ${rowsJson(sql`SELECT product_id AS id, max(product_name) AS name, max(vendor_id::text) AS vendor_id,
                           sum(quantity) AS quantity, sum(sales) AS sales
                    FROM l WHERE status <> 'Order Cancelled' GROUP BY product_id
                    ORDER BY sales DESC, quantity DESC, product_id LIMIT ${top}::int`)} AS products,
      (SELECT json_build_object('new', count(*) FILTER (WHERE NOT before), 'returning', count(*) FILTER (WHERE before))
       FROM (SELECT EXISTS (SELECT 1 FROM orders o2 WHERE o2.user_id = p.user_id AND o2.paid_at IS NOT NULL
                                AND o2.created_at < ${at(r.from)}) AS before
             FROM (SELECT DISTINCT user_id FROM o) p) c) AS customers,
      ${rowsJson(sql`SELECT c.reason, count(DISTINCT c.order_id) AS count FROM (
                      SELECT l.order_id, ${reasonOf(links, sql`l.user_id`)} AS reason
                      FROM l LEFT JOIN LATERAL ${links.cancelEvent(sql`l.id`)} ev ON true
                      WHERE l.status = 'Order Cancelled') c GROUP BY c.reason`)} AS cancellations`,
  );
  return {
    buckets: row!.buckets.map((b) => ({
      at: b.at,
      orders: num(b.orders),
      gmvKobo: num(b.gmv),
      deliveryFeeKobo: num(b.delivery),
      serviceFeeKobo: num(b.service),
    })),
    shops: row!.shops.map((x) => ({
      vendorId: x.vendor_id,
      orders: num(x.orders),
      salesKobo: num(x.sales),
      commissionKobo: num(x.commission),
    })),
    products: row!.products.map((x) => ({
      id: x.id,
      name: x.name,
      vendorId: x.vendor_id,
      quantity: num(x.quantity),
      salesKobo: num(x.sales),
    })),
    customers: { new: num(row!.customers.new), returning: num(row!.customers.returning) },
    cancellations: row!.cancellations.map((x) => ({ reason: x.reason, count: num(x.count) })),
  };
}

/**
 * Orders delivered in the period (the code moves every item picked up to delivered at once): how
 * many, and the medians in minutes of placed → delivered and its parts: placed → the last shop's
 * confirmation, → the last pick-up, → delivered. Read off the order's own milestone columns
 * (migrations/0025), which the lines' moves keep.
 */
export async function deliveryTimes(ex: Executor, r: FigureRange) {
  const [row] = await queryRows<Record<string, unknown>>(
    ex,
    sql`
    SELECT count(*)::int AS orders,
           ${median(minutes(sql`o.delivered_at`, sql`o.created_at`))} AS total,
           ${median(minutes(sql`o.confirmed_at`, sql`o.created_at`))} AS confirm,
           ${median(minutes(sql`o.picked_at`, sql`o.confirmed_at`))} AS wait,
           ${median(minutes(sql`o.delivered_at`, sql`o.picked_at`))} AS ride
    FROM orders o
    WHERE o.delivered_at >= ${at(r.from)} AND o.delivered_at < ${at(r.to)}`,
  );
  return {
    orders: num(row?.orders),
    placedToDeliveredMin: numOrNull(row?.total),
    confirmMin: numOrNull(row?.confirm),
    waitForRiderMin: numOrNull(row?.wait),
    rideMin: numOrNull(row?.ride),
  };
}

/** Of the given riders, those with an order under way now (an item assigned or picked up). */
export async function ridersUnderWay(ex: Executor, riderUserIds: readonly string[]): Promise<string[]> {
  if (!riderUserIds.length) return [];
  const rows = await queryRows<{ rider_id: string }>(
    ex,
    sql`
    SELECT DISTINCT o.rider_id FROM orders o
    WHERE o.rider_id = ANY(${sql.param([...riderUserIds])}::uuid[])
      AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.status IN ('Order Assigned', 'Order Picked'))`,
  );
  return rows.map((x) => x.rider_id);
}

/**
 * One shop's figures over the paid orders placed in the period with its lines, read in one
 * statement: per bucket, the orders with a line not cancelled and their sales (less its own
 * promotions); its top products; the orders by Lagos weekday (0 = Monday) and hour placed; the
 * stars their deliveries got; and the orders with its lines cancelled, by who cancelled them.
 */
export async function shopFigures(ex: Executor, r: FigureRange, vendorId: string, links: FigureLinks, top: number) {
  const [row] = await queryRows<{
    buckets: { at: string; orders: number; sales: number }[];
    items: { id: string; name: string; quantity: number; sales: number }[];
    busy: { weekday: number; hour: number; orders: number }[];
    ratings: { count: number; average: number | null };
    cancellations: CancellationRow[];
  }>(
    ex,
    sql`
    WITH l AS MATERIALIZED (
      SELECT i.id, i.order_id, i.vendor_id, i.product_id, i.product_name, i.quantity, i.status, ${LINE_SALES} AS sales,
             o.user_id, ${lagos(sql`o.created_at`)} AS local
      FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE i.vendor_id = ${vendorId} AND ${placedIn(r)}),
    live AS (SELECT * FROM l WHERE status <> 'Order Cancelled'),
    lo AS (SELECT DISTINCT order_id, local FROM live)
    SELECT
      ${rowsJson(sql`SELECT to_char(b, ${r.format}) AS at, count(DISTINCT order_id) AS orders, sum(sales) AS sales
                    FROM (SELECT date_trunc(${r.unit}, local) AS b, order_id, sales FROM live) x GROUP BY b`)} AS buckets,
      ${rowsJson(sql`SELECT product_id AS id, max(product_name) AS name, sum(quantity) AS quantity, sum(sales) AS sales
                    FROM live GROUP BY product_id ORDER BY sales DESC, quantity DESC, product_id LIMIT ${top}::int`)} AS items,
      ${rowsJson(sql`SELECT (extract(isodow FROM local) - 1)::int AS weekday, extract(hour FROM local)::int AS hour,
                           count(*) AS orders
                    FROM lo GROUP BY 1, 2 ORDER BY 1, 2`)} AS busy,
      (SELECT json_build_object('count', count(stars), 'average', avg(stars)::float8)
       FROM (SELECT ${links.orderStars(sql`lo.order_id`)} AS stars FROM lo) st) AS ratings,
      ${rowsJson(sql`SELECT c.reason, count(DISTINCT c.order_id) AS count FROM (
                      SELECT l.order_id, ${reasonOf(links, sql`l.user_id`)} AS reason
                      FROM l LEFT JOIN LATERAL ${links.cancelEvent(sql`l.id`)} ev ON true
                      WHERE l.status = 'Order Cancelled') c GROUP BY c.reason`)} AS cancellations`,
  );
  return {
    buckets: row!.buckets.map((b) => ({ at: b.at, orders: num(b.orders), salesKobo: num(b.sales) })),
    items: row!.items.map((x) => ({ id: x.id, name: x.name, quantity: num(x.quantity), salesKobo: num(x.sales) })),
    busyHours: row!.busy.map((x) => ({ weekday: num(x.weekday), hour: num(x.hour), orders: num(x.orders) })),
    ratings: { count: num(row!.ratings.count), average: numOrNull(row!.ratings.average) },
    cancellations: row!.cancellations.map((x) => ({ reason: x.reason, count: num(x.count) })),
  };
}

/**
 * One shop's preparation over its orders placed in the period: from its last item confirmed to
 * when it said the order is ready or the rider picked its first item up, whichever came first;
 * how many orders have both, and the median minutes.
 */
export async function shopPreparation(
  ex: Executor,
  r: FigureRange,
  vendorId: string,
  ownerUserId: string,
  links: FigureLinks,
) {
  const [row] = await queryRows<Record<string, unknown>>(
    ex,
    sql`
    WITH p AS (
      SELECT max(${links.firstReached(sql`i.id`, 'Order Confirmed')}) AS confirmed,
             least(min(${links.firstReached(sql`i.id`, 'Order Picked')}),
                   min(${links.firstReached(sql`o.id`, 'Ready For Pickup', sql`${ownerUserId}::uuid`)})) AS done
      FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE ${placedIn(r)} AND ${LIVE} AND i.vendor_id = ${vendorId}
      GROUP BY o.id)
    SELECT count(*)::int AS orders, ${median(minutes(sql`done`, sql`confirmed`))} AS median
    FROM p WHERE confirmed IS NOT NULL AND done IS NOT NULL`,
  );
  return { orders: num(row?.orders), medianMin: numOrNull(row?.median) };
}

/**
 * The rider's orders delivered in the period (the last item in it) and how many no later than
 * promised: an order for later by its slot's end, any other `asapMinutes` after payment.
 * Orders placed up to `lookBackDays` before the period are looked at.
 */
export async function riderOrderPromises(
  ex: Executor,
  r: FigureRange,
  riderUserId: string,
  links: FigureLinks,
  promise: { slotMinutes: number; asapMinutes: number; lookBackDays: number },
) {
  const [row] = await queryRows<Record<string, unknown>>(
    ex,
    sql`
    WITH d AS (
      SELECT o.deliver_from, o.paid_at, max(${links.firstReached(sql`i.id`, 'Order Delivered')}) AS delivered,
             bool_and(i.status = 'Order Delivered') AS done
      FROM orders o JOIN order_items i ON i.order_id = o.id AND ${LIVE}
      WHERE o.rider_id = ${riderUserId} AND o.paid_at IS NOT NULL
        AND o.created_at >= ${at(r.from)} - make_interval(days => ${promise.lookBackDays}::int) AND o.created_at < ${at(r.to)}
      GROUP BY o.id, o.deliver_from, o.paid_at)
    SELECT count(*)::int AS delivered,
           count(*) FILTER (WHERE delivered <= CASE WHEN deliver_from IS NOT NULL
                                                     THEN deliver_from + make_interval(mins => ${promise.slotMinutes}::int)
                                                     ELSE paid_at + make_interval(mins => ${promise.asapMinutes}::int) END)::int AS on_time
    FROM d WHERE done AND delivered >= ${at(r.from)} AND delivered < ${at(r.to)}`,
  );
  return { delivered: num(row?.delivered), onTime: num(row?.on_time) };
}
