/**
 * Arrival estimates over the campus extract: plausible minutes on known trips (routing.test.ts
 * checks their routes), the preparation time added until pickup, the calibration and the accuracy
 * figures read from recorded deliveries.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LatLon } from '@jara/shared';
import { migratedDatabaseForFile } from '../../../test/helpers.js';
import { accuracyFrom, arrival, calibrationFrom, estimate, type EtaSample } from './eta.js';
import { CAMPUS_EXTRACT_FILE, etaAccuracy, recordDelivered, recordPickup, routeOnCampus } from './index.js';
import { etaRecords } from './routing.tables.js';

type Geometry =
  { type: 'LineString'; coordinates: [number, number][] } | { type: 'Point'; coordinates: [number, number] };
const features = new Map(
  (
    JSON.parse(gunzipSync(readFileSync(CAMPUS_EXTRACT_FILE)).toString('utf8')) as {
      features: { id: string; properties: { name?: string }; geometry: Geometry }[];
    }
  ).features.map((f) => [f.id, f]),
);
/** A point of the extract: a named place, or a road's first vertex. */
function point(id: string, name?: string): LatLon {
  const f = features.get(id);
  if (!f || (name && f.properties.name !== name)) throw new Error(`${id} is not "${name}" in the extract`);
  const [lon, lat] = f.geometry.type === 'Point' ? f.geometry.coordinates : f.geometry.coordinates[0]!;
  return { latitude: lat, longitude: lon };
}

// Two of routing.test.ts's trips: about 1.1 km and 2.4 km by road.
const TRIPS = [
  {
    name: 'Hall 2 → Faculty of Engineering',
    from: point('way/84229800', 'Hall 2 (Tinubu Female Hostel)'),
    to: point('node/12899395830', 'Faculty of Engineering'),
  },
  { name: 'main gate → Hall 7', from: point('way/547787075'), to: point('way/1118090053', 'Hall 7 Hostel') },
];

describe('the arrival estimate', () => {
  it.each(TRIPS)("$name takes a motorbike's few minutes at campus speeds", ({ from, to }) => {
    const route = routeOnCampus(from, to);
    if (!route.reachable) throw new Error('unreachable');
    // The time is shared out over the whole route: every metre is in one class or the legs to the road.
    const classed = Object.values(route.metresByClass).reduce((a, b) => a + b, 0);
    expect(Math.abs(classed - route.metres)).toBeLessThan(1);

    const minutes = estimate(from, to, { preparationMinutes: 15, stage: 'picked_up' })!;
    // Less the 2 minutes at the door, the ride averages between walking pace and an open road's 35 km/h.
    const kmh = route.metres / 1000 / ((minutes - 2) / 60);
    expect(kmh).toBeGreaterThan(8);
    expect(kmh).toBeLessThan(35);
    expect(minutes).toBeGreaterThanOrEqual(4);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it.each(TRIPS)('$name adds the preparation and the pickup until the rider has collected', ({ from, to }) => {
    const ride = estimate(from, to, { preparationMinutes: 15, stage: 'picked_up' })!;
    const at15 = estimate(from, to, { preparationMinutes: 15, stage: 'before_pickup' })!;
    const at40 = estimate(from, to, { preparationMinutes: 40, stage: 'before_pickup' })!;
    expect(at15 - ride).toBe(15 + 3);
    expect(at40 - at15).toBe(25);
  });

  it('scales the ride, not the preparation, by the calibration', () => {
    const { from, to } = TRIPS[1]!;
    const ride = estimate(from, to, { preparationMinutes: 15, stage: 'picked_up' })!;
    const slower = estimate(from, to, { preparationMinutes: 15, stage: 'picked_up', calibration: 2 })!;
    // Twice the road time; the 2 minutes at the door stay as they are (±1 for rounding).
    expect(Math.abs(slower - (2 * (ride - 2) + 2))).toBeLessThanOrEqual(1);
    const before = estimate(from, to, { preparationMinutes: 15, stage: 'before_pickup', calibration: 2 })!;
    expect(before - slower).toBe(18);
  });

  it('runs the ride to the shop while it prepares: whichever takes longer counts', () => {
    const [a, b] = TRIPS;
    const shop = a!.to;
    const door = b!.to;
    const journey = { rider: a!.from, pickups: [shop], door };
    const toShop = arrival({ rider: a!.from, pickups: [], door: shop, preparationLeftMinutes: 0 })!.minutes - 2;
    const fromShop = arrival({ rider: shop, pickups: [], door, preparationLeftMinutes: 0 })!.minutes;
    // Ready long before the rider gets there: the ride to the shop, the pickup, then the ride on (±1 for rounding).
    const rideFirst = arrival({ ...journey, preparationLeftMinutes: 0 })!;
    expect(Math.abs(rideFirst.minutes - (toShop + 3 + fromShop))).toBeLessThanOrEqual(1);
    // Still cooking for 40 minutes: the ride there is hidden in it.
    expect(arrival({ ...journey, preparationLeftMinutes: 40 })!.minutes - fromShop).toBe(40 + 3);
    // The road drawn runs from the rider through the shop to the door.
    expect(rideFirst.path[0]).toEqual([a!.from.latitude, a!.from.longitude]);
    expect(rideFirst.path.at(-1)).toEqual([door.latitude, door.longitude]);
    expect(rideFirst.path).toContainEqual([shop.latitude, shop.longitude]);
  });

  it('has no estimate where no road joins the points', () => {
    const field = { latitude: 6.5, longitude: 5.7 };
    expect(estimate(field, TRIPS[0]!.to, { preparationMinutes: 15, stage: 'before_pickup' })).toBeNull();
  });
});

const T0 = Date.parse('2026-11-02T12:00:00Z');
/** A delivered job: predicted road and estimate minutes, and how long it really took from pickup to door. */
const job = (roadMinutes: number, actualMinutes: number, predictedMinutes = roadMinutes + 2, i = 0): EtaSample => ({
  roadMinutes,
  predictedMinutes,
  pickedUpAt: new Date(T0 + i * 3_600_000),
  deliveredAt: new Date(T0 + i * 3_600_000 + actualMinutes * 60_000),
});

describe('calibration from delivered jobs', () => {
  it('is 1 until there are 20 jobs', () => {
    const slow = Array.from({ length: 19 }, (_, i) => job(5, 2 + 15, undefined, i));
    expect(calibrationFrom([])).toBe(1);
    expect(calibrationFrom(slow)).toBe(1);
    expect(calibrationFrom([...slow, job(5, 17)])).toBeCloseTo(3);
  });

  it('is the median of actual road time over predicted, the door handling taken out', () => {
    // 21 jobs whose road took 1.5 times the table's time, and 9 odd ones (a rider who waited an
    // hour, a trip the map made long): the median is not moved by them.
    const usual = Array.from({ length: 21 }, (_, i) => job(4 + i, 2 + 1.5 * (4 + i), undefined, i));
    const odd = [
      ...Array.from({ length: 5 }, (_, i) => job(6, 70, undefined, 30 + i)),
      ...Array.from({ length: 4 }, (_, i) => job(10, 3, undefined, 40 + i)),
    ];
    expect(calibrationFrom([...usual, ...odd])).toBeCloseTo(1.5);
    // A job picked up at the door has no road time to compare with.
    expect(calibrationFrom([...usual, job(0, 5)])).toBeCloseTo(1.5);
  });

  it('stays between half and three times the table', () => {
    expect(calibrationFrom(Array.from({ length: 25 }, (_, i) => job(5, 2 + 50, undefined, i)))).toBe(3);
    expect(calibrationFrom(Array.from({ length: 25 }, (_, i) => job(10, 2.5, undefined, i)))).toBe(0.5);
  });
});

describe('accuracy of the estimates', () => {
  it('is the median error and the share within 5 minutes', () => {
    // Errors of 0, 1, 3, 5, 6 and 12 minutes, early and late.
    const jobs = [job(8, 10, 10), job(8, 9, 10), job(10, 15, 12), job(10, 7, 12), job(6, 14, 8), job(20, 10, 22)];
    expect(accuracyFrom(jobs)).toEqual({ jobs: 6, medianErrorMinutes: 4, withinFiveMinutes: 4 / 6 });
    expect(accuracyFrom([])).toEqual({ jobs: 0, medianErrorMinutes: null, withinFiveMinutes: null });
  });
});

describe('recorded deliveries', () => {
  const db = migratedDatabaseForFile();
  const { from, to } = TRIPS[0]!;

  it('records the estimate at pickup and the delivery once, and reads the accuracy from them', async () => {
    const ex = db().db;
    const id = randomUUID();
    const pickedUpAt = new Date(T0);
    await recordPickup(ex, { kind: 'order', id, pickup: from, door: to, at: pickedUpAt });
    // A second pickup of the same job, later, keeps the first.
    await recordPickup(ex, { kind: 'order', id, pickup: to, door: to, at: new Date(T0 + 60_000) });
    const [row] = await ex.select().from(etaRecords);
    const predicted = estimate(from, to, { preparationMinutes: 0, stage: 'picked_up' })!;
    expect(row).toMatchObject({
      jobKind: 'order',
      jobId: id,
      predictedMinutes: predicted,
      pickedUpAt,
      deliveredAt: null,
    });
    expect(row!.roadMinutes).toBeGreaterThan(0);
    expect(row!.roadMinutes).toBeLessThan(predicted);
    expect(await etaAccuracy(ex)).toMatchObject({ jobs: 0 });

    await recordDelivered(ex, 'order', id, new Date(T0 + (predicted + 3) * 60_000));
    await recordDelivered(ex, 'order', id, new Date(T0 + 3_600_000));
    // Delivered without a recorded pickup (before the estimate existed): nothing to judge.
    await recordDelivered(ex, 'dispatch', randomUUID(), new Date(T0));
    expect(await etaAccuracy(ex)).toEqual({ jobs: 1, medianErrorMinutes: 3, withinFiveMinutes: 1 });
  });

  it('calibrates the estimate at pickup from the latest delivered jobs', async () => {
    const ex = db().db;
    // 20 jobs on which the road took twice the table's time.
    await ex.insert(etaRecords).values(
      Array.from({ length: 20 }, (_, i) => ({
        jobKind: 'dispatch' as const,
        jobId: randomUUID(),
        roadMinutes: 5,
        predictedMinutes: 7,
        pickedUpAt: new Date(T0 + i * 3_600_000),
        deliveredAt: new Date(T0 + i * 3_600_000 + (2 + 10) * 60_000),
      })),
    );
    const id = randomUUID();
    await recordPickup(ex, { kind: 'dispatch', id, pickup: from, door: to, at: new Date(T0 + 30 * 3_600_000) });
    const calibrated = estimate(from, to, { preparationMinutes: 0, stage: 'picked_up', calibration: 2 })!;
    const [row] = await ex.select().from(etaRecords).where(eq(etaRecords.jobId, id));
    expect(row!.predictedMinutes).toBe(calibrated);
    expect(calibrated).toBeGreaterThan(estimate(from, to, { preparationMinutes: 0, stage: 'picked_up' })!);
  });
});
