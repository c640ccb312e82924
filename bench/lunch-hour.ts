/**
 * A lunch hour with and without batching by hall (issue 31, decision 0048), side by side from the
 * same orders. 60 minutes on a simulated clock: orders rise from 0 to 15 a minute over 20 minutes,
 * hold 20, then fall to 0; each goes from one of the demo food shops to one of 8 halls, both drawn
 * with Zipf s = 1; 10 riders; in the batched run half the customers choose "Batch & save".
 *
 * The batched run forms batches with the server's own rules (packages/shared/src/batching.ts:
 * `pickBatch` when an order is ready, `dropOrder`, `batchRiderBasis`, and the "Batch & save" hold
 * that ends when a rider would otherwise stand idle); riders take the oldest job on the board,
 * whole batches at once. Riders ride at RIDE_KMH along the straight line times ROAD_FACTOR,
 * collect at each shop once it has prepared, and hand over at each door. The baseline run carries
 * the same orders one per trip.
 *
 * Figures: rider trips per order (target ≤ 0.75); the minutes batching adds to an order at p90
 * (≤ 5): its trip's time to its door beyond the same rider taking it alone, plus its hold for a
 * partner once a rider took a younger job instead; orders later than promised because of a batch
 * (none): more added than the customer accepted (nothing, or BATCH_WAIT_MINUTES with "Batch &
 * save"). Rider-minutes per order, the /metrics figure, for both runs. The exit code is 1 when a
 * target is missed.
 *
 *   npm run bench:lunch-hour -w bench [-- --seed 42 --riders 10 --peak 15]
 */
import { parseArgs } from 'node:util';
import {
  BATCH_MAX_DROPS,
  batchDeliveryFee,
  batchRiderBasis,
  DEFAULT_BATCH_DISCOUNT_PERCENT,
  DEFAULT_BATCH_WAIT_MINUTES,
  DEFAULT_FEE_TIERS,
  deliveryFeeBetween,
  dropOrder,
  haversineKm,
  pickBatch,
  type BatchOrder,
  type LatLon,
} from '@jara/shared';
import { CURATED_PLACES } from '../apps/server/src/seed/places.js';
import { SEED_VENDORS } from '../apps/server/src/seed/catalogue-data.js';
import { pct, random } from './harness.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '42' },
    riders: { type: 'string', default: '10' },
    peak: { type: 'string', default: '15' },
    halls: { type: 'string', default: '8' },
  },
});
const SEED = Number(values.seed);
const RIDERS = Number(values.riders);
const PEAK_PER_MINUTE = Number(values.peak);

/** Motorbike on campus roads, and how much longer a road is than the straight line. */
const RIDE_KMH = 20;
const ROAD_FACTOR = 1.35;
/** Minutes at a shop to collect, and at a door to hand over and take the code (routing/eta.ts). */
const PICKUP_MINUTES = 3;
const DROP_MINUTES = 2;
/** A shop confirms a minute after payment and has the food ready after its preparation time. */
const CONFIRM_MINUTES = 1;
const PREPARATION_MINUTES = 15;
/** The batching window of apps/server/src/modules/orders/batches.ts. */
const BATCH_WINDOW_MINUTES = 60;
const STEP_MINUTES = 0.25;

/** Zipf with s = 1 over n choices: the first twice as likely as the second, and so on. */
function zipf(n: number, next: () => number) {
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  return () => {
    let r = next() * total;
    for (let i = 0; i < n; i++) if ((r -= weights[i]!) <= 0) return i;
    return n - 1;
  };
}

const shops = SEED_VENDORS.filter((v) => v.kind === 'food').map((v) => ({
  id: v.key,
  latitude: v.latitude,
  longitude: v.longitude,
}));
// The halls of residence, then the hostels next to campus: the first eight.
const halls = [...CURATED_PLACES.filter((p) => p.kind === 'hall'), ...CURATED_PLACES.filter((p) => p.kind === 'hostel')]
  .slice(0, Number(values.halls))
  .map((p) => ({ placeId: p.placeId, latitude: p.lat, longitude: p.lon }));

interface Order {
  id: string;
  placedAt: number;
  readyAt: number;
  preparedAt: number;
  shop: (typeof shops)[number];
  hall: (typeof halls)[number];
  batchSave: boolean;
  feeKobo: number;
  tierFeeKobo: number;
}

/** Orders per minute at minute t of the hour. */
const rate = (t: number) =>
  t < 20 ? (PEAK_PER_MINUTE * t) / 20 : t < 40 ? PEAK_PER_MINUTE : Math.max(0, (PEAK_PER_MINUTE * (60 - t)) / 20);

function lunchOrders(): Order[] {
  const next = random(SEED);
  const shopOf = zipf(shops.length, next);
  const hallOf = zipf(halls.length, next);
  const out: Order[] = [];
  // A Poisson process by thinning, second by second.
  for (let s = 0; s < 3600; s++) {
    const t = s / 60;
    if (next() >= rate(t) / 60) continue;
    const shop = shops[shopOf()]!;
    const hall = halls[hallOf()]!;
    const tier = deliveryFeeBetween(shop, hall, DEFAULT_FEE_TIERS);
    const save = next() < 0.5;
    out.push({
      id: `o${String(out.length).padStart(4, '0')}`,
      placedAt: t,
      readyAt: t + CONFIRM_MINUTES,
      preparedAt: t + PREPARATION_MINUTES,
      shop,
      hall,
      batchSave: save,
      feeKobo: save ? batchDeliveryFee(tier, DEFAULT_BATCH_DISCOUNT_PERCENT) : tier,
      tierFeeKobo: tier,
    });
  }
  return out;
}

const rideMinutes = (a: LatLon, b: LatLon) => ((haversineKm(a, b) * ROAD_FACTOR) / RIDE_KMH) * 60;

interface Delivered {
  at: number;
  /** Minutes batching added: the wait for a partner and the drops before this one. */
  added: number;
  trip: number;
}

interface Run {
  delivered: Map<string, Delivered>;
  trips: number;
  riderMinutes: number;
  riderPayKobo: number;
  feesKobo: number;
}

/** One lunch hour (and however long it takes to deliver every order) with or without batching. */
function simulate(orders: Order[], batching: boolean): Run {
  const asBatch = (o: Order): BatchOrder => ({
    id: o.id,
    door: { latitude: o.hall.latitude, longitude: o.hall.longitude, placeId: o.hall.placeId },
    shops: [o.shop],
    slot: null,
    save: save(o),
    readyAt: o.readyAt * 60_000,
  });
  const byId = new Map(orders.map((o) => [o.id, o]));
  const save = (o: Order) => batching && o.batchSave;
  const batchOf = new Map<string, string[]>();
  const waiting: Order[] = [];
  const riders = Array.from({ length: RIDERS }, (_, i) => ({ freeAt: 0, at: shops[i % shops.length] as LatLon }));
  const delivered = new Map<string, Delivered>();
  let trips = 0;
  let riderMinutes = 0;
  let riderPayKobo = 0;
  let nextOrder = 0;
  let tripNo = 0;
  /** When a rider first took a younger job while the order was held for a partner. */
  const overtaken = new Map<string, number>();

  const onBoardAt = (o: Order) => {
    const members = batchOf.get(o.id);
    if (!save(o) || (members && members.length > 1)) return o.readyAt;
    return o.readyAt + DEFAULT_BATCH_WAIT_MINUTES;
  };

  for (let now = 0; delivered.size < orders.length; now += STEP_MINUTES) {
    if (now > 24 * 60) throw new Error('the hour never ended: riders cannot keep up at all');
    // Orders whose shop confirmed by now are ready; batching places each as it becomes ready.
    while (nextOrder < orders.length && orders[nextOrder]!.readyAt <= now) {
      const o = orders[nextOrder++]!;
      if (batching) {
        const groups = new Map<string, BatchOrder[]>();
        for (const w of waiting) {
          if (w.readyAt < now - BATCH_WINDOW_MINUTES) continue;
          const members = batchOf.get(w.id) ?? [w.id];
          groups.set(
            members[0]!,
            members.map((id) => asBatch(byId.get(id)!)),
          );
        }
        const chosen = pickBatch([...groups.values()], asBatch(o), DEFAULT_BATCH_WAIT_MINUTES);
        if (chosen) {
          const members = [...chosen.map((c) => c.id), o.id];
          for (const id of members) batchOf.set(id, members);
        }
      }
      waiting.push(o);
    }
    // Free riders take the oldest job on the board, a batch whole.
    for (const rider of riders) {
      if (rider.freeAt > now) continue;
      // The oldest job on the board; with none, a "Batch & save" order still waiting for a partner
      // (a free rider is never left idle for a batch that may not come).
      const oldest = (list: Order[]) => list.sort((a, b) => a.placedAt - b.placedAt || a.id.localeCompare(b.id))[0];
      const job = oldest(waiting.filter((o) => onBoardAt(o) <= now)) ?? oldest([...waiting]);
      if (!job) break;
      const ids = batchOf.get(job.id) ?? [job.id];
      const drops = dropOrder(
        ids.map((id) => ({ id, readyAt: new Date(byId.get(id)!.readyAt * 60_000), batchSave: save(byId.get(id)!) })),
      ).map((d) => byId.get(d.id)!);
      for (const d of drops) waiting.splice(waiting.indexOf(byId.get(d.id)!), 1);
      // A job younger than a held order taken first: from now on the hold costs that order time.
      for (const w of waiting)
        if (onBoardAt(w) > now && w.placedAt < job.placedAt && !overtaken.has(w.id)) overtaken.set(w.id, now);
      if (drops.length > BATCH_MAX_DROPS) throw new Error('a batch over the limit');
      trips++;
      tripNo++;
      const start = now;
      // Collect at each shop once its food is ready, then hand over door by door.
      let t = now;
      let here = rider.at;
      for (const shop of [...new Map(drops.map((d) => [d.shop.id, d])).values()]) {
        t += rideMinutes(here, shop.shop);
        t = Math.max(t, ...drops.filter((d) => d.shop.id === shop.shop.id).map((d) => d.preparedAt));
        t += PICKUP_MINUTES;
        here = shop.shop;
      }
      drops.forEach((d) => {
        t += rideMinutes(here, d.hall) + DROP_MINUTES;
        here = d.hall;
        // The same rider taking this order alone: its shop, its food, its door.
        const alone =
          Math.max(start + rideMinutes(rider.at, d.shop), d.preparedAt) +
          PICKUP_MINUTES +
          rideMinutes(d.shop, d.hall) +
          DROP_MINUTES;
        // Held off the board for a partner: it cost time only once a rider took a younger job instead.
        const from = overtaken.get(d.id);
        const held = from === undefined ? 0 : Math.max(0, Math.min(start, onBoardAt(d)) - from);
        delivered.set(d.id, { at: t, added: Math.max(0, t - alone) + held, trip: tripNo });
      });
      const basis = batchRiderBasis(drops.map((d) => ({ paidFeeKobo: d.feeKobo, tierFeeKobo: d.tierFeeKobo })));
      riderPayKobo += basis.reduce((a, b) => a + b, 0);
      riderMinutes += t - start;
      rider.freeAt = t;
      rider.at = here;
    }
  }
  const feesKobo = orders.reduce((s, o) => s + (save(o) ? o.feeKobo : o.tierFeeKobo), 0);
  return { delivered, trips, riderMinutes, riderPayKobo, feesKobo };
}

const orders = lunchOrders();
const without = simulate(orders, false);
const withBatching = simulate(orders, true);

// Later than promised because of a batch: more minutes added than the customer accepted (none
// without "Batch & save", BATCH_WAIT_MINUTES with it).
const late = orders.filter(
  (o) => withBatching.delivered.get(o.id)!.added > (o.batchSave ? DEFAULT_BATCH_WAIT_MINUTES : 0) + 1e-9,
);
// For reference: later than the same order in the run without batching (queues differ as well).
const laterThanAlone = orders.filter(
  (o) =>
    withBatching.delivered.get(o.id)!.at >
    without.delivered.get(o.id)!.at + (o.batchSave ? DEFAULT_BATCH_WAIT_MINUTES : 0) + 1e-9,
);
const added = orders.map((o) => withBatching.delivered.get(o.id)!.added);
const minutesToDoor = (run: Run) => orders.map((o) => run.delivered.get(o.id)!.at - o.placedAt);
const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString('en-NG')}`;
const row = (name: string, run: Run) => ({
  run: name,
  orders: orders.length,
  trips: run.trips,
  'trips/order': +(run.trips / orders.length).toFixed(3),
  'rider-min/order': +(run.riderMinutes / orders.length).toFixed(2),
  'to door p50 (min)': +pct(minutesToDoor(run), 50).toFixed(1),
  'to door p90 (min)': +pct(minutesToDoor(run), 90).toFixed(1),
  'last delivered (min)': +Math.max(...[...run.delivered.values()].map((d) => d.at)).toFixed(1),
  'delivery fees': naira(run.feesKobo),
  'rider pay': naira(run.riderPayKobo),
});

console.log(
  `lunch hour, seed ${SEED}: ${orders.length} orders, ${RIDERS} riders, ${shops.length} shops, ${halls.length} halls, ` +
    `${orders.filter((o) => o.batchSave).length} chose "Batch & save"`,
);
console.table([row('without batching', without), row('batched by hall', withBatching)]);
const addedP90 = pct(added, 90);
const ratio = withBatching.trips / orders.length;
console.log(
  `batching adds p50 ${pct(added, 50).toFixed(1)} min, p90 ${addedP90.toFixed(1)} min, max ${Math.max(...added).toFixed(1)} min`,
);
console.log(
  `orders later than promised because of a batch: ${late.length}; ` +
    `later than without batching (queues differ too): ${laterThanAlone.length}`,
);
for (const o of late.slice(0, 10)) {
  const b = withBatching.delivered.get(o.id)!;
  const trip = [...withBatching.delivered.entries()].filter(([, d]) => d.trip === b.trip).map(([id]) => id);
  console.log(
    `  ${o.id} placed ${o.placedAt.toFixed(1)} "Batch & save" ${o.batchSave ? 'yes' : 'no'}: ` +
      `${b.added.toFixed(1)} min added, delivered at ${b.at.toFixed(1)} with ${trip.join(', ')}`,
  );
}
console.log(
  `rider trips per order ${ratio.toFixed(3)} (≤ 0.75: ${ratio <= 0.75 ? 'yes' : 'NO'}); ` +
    `p90 added ≤ 5 min: ${addedP90 <= 5 ? 'yes' : 'NO'}; none late: ${late.length === 0 ? 'yes' : 'NO'}`,
);
if (ratio > 0.75 || addedP90 > 5 || late.length) process.exitCode = 1;
