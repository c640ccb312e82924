/**
 * Arrival estimates from our own road graph (issue 28): the time along the route by road class,
 * scaled by a calibration taken from delivered jobs, plus the handling at each end and, until the
 * rider picks up, the shop's preparation time. Pure rules; eta.service.ts reads and writes records.
 */
import type { LatLon } from '@jara/shared';
import { OFF_ROAD, type Route } from './road-graph.js';
import { routeOnCampus } from './routing.service.js';

/**
 * Typical speed of a motorbike on each `highway` class around the campus, in km/h: campus and
 * Ugbowo traffic, speed bumps and pedestrians, not the posted limits. Footways and paths are
 * walked or ridden at walking pace; OFF_ROAD is the straight leg from a point to its nearest road.
 * Calibration corrects the whole table at once; a class missing here goes at UNLISTED_KMH.
 */
const SPEED_KMH: Readonly<Record<string, number>> = {
  motorway: 45,
  motorway_link: 30,
  trunk: 40,
  trunk_link: 30,
  primary: 35,
  primary_link: 30,
  secondary: 30,
  secondary_link: 25,
  tertiary: 25,
  tertiary_link: 25,
  unclassified: 20,
  residential: 25,
  living_street: 12,
  road: 20,
  service: 15,
  track: 15,
  cycleway: 12,
  pedestrian: 8,
  footway: 8,
  path: 8,
  bridleway: 8,
  steps: 3,
  [OFF_ROAD]: 8,
};
const UNLISTED_KMH = 15;

/** Minutes at each end besides the ride: collecting and packing at the shop, finding the door and taking the code. */
const HANDLING_MINUTES = { pickup: 3, dropOff: 2 } as const;

/** Calibration uses the latest CALIBRATION_JOBS delivered jobs, and none until there are CALIBRATION_MIN_JOBS. */
export const CALIBRATION_JOBS = 200;
const CALIBRATION_MIN_JOBS = 20;
/** However odd the recorded jobs, the road times are never scaled beyond these. */
const CALIBRATION_RANGE = { min: 0.5, max: 3 } as const;

/** Where a delivery is: the shop still preparing or the rider on the way to it, or the order on its way to the door. */
export type EtaStage = 'before_pickup' | 'picked_up';

/** A delivered job as calibration and accuracy read it. */
export interface EtaSample {
  roadMinutes: number;
  predictedMinutes: number;
  pickedUpAt: Date;
  deliveredAt: Date;
}

/** Uncalibrated minutes along a route, each class at its speed. */
export function roadMinutes(route: Extract<Route, { reachable: true }>): number {
  let minutes = 0;
  for (const [highway, metres] of Object.entries(route.metresByClass))
    minutes += (metres / 1000 / (SPEED_KMH[highway] ?? UNLISTED_KMH)) * 60;
  return minutes;
}

/** A delivery on its way, as the estimate sees it. */
export interface Journey {
  /** Where the rider is; null before a rider is known (the estimate starts at the first pickup). */
  rider: LatLon | null;
  /** The pickups still to visit, in order; none once the rider has picked up. */
  pickups: LatLon[];
  door: LatLon;
  /** Minutes the shops still need before the order is ready (0 for a parcel). */
  preparationLeftMinutes: number;
}

/** The estimate and the road it follows, from where the delivery is now to the door. */
export interface Arrival {
  minutes: number;
  /** [lat, lon] along the roads, through the pickups still to visit. */
  path: [number, number][];
}

/**
 * Whole minutes until the door along the road at the calibrated speeds: the ride to the first
 * pickup runs while the shops prepare (whichever takes longer), then the handling at each pickup,
 * the ride through the rest to the door and the handling there. Null when no road joins two of
 * the points.
 */
export function arrival(journey: Journey, calibration = 1): Arrival | null {
  const points = [...(journey.rider ? [journey.rider] : []), ...journey.pickups, journey.door];
  const legs: Extract<Route, { reachable: true }>[] = [];
  for (let i = 1; i < points.length; i++) {
    const leg = routeOnCampus(points[i - 1]!, points[i]!);
    if (!leg.reachable) return null;
    legs.push(leg);
  }
  const ride = (from: number) =>
    legs.slice(from).reduce((sum, leg) => sum + roadMinutes(leg) * calibration, 0) + HANDLING_MINUTES.dropOff;
  let minutes: number;
  if (!journey.pickups.length) minutes = ride(0);
  else {
    const toShop = journey.rider ? roadMinutes(legs[0]!) * calibration : 0;
    const ready = Math.max(journey.preparationLeftMinutes, toShop);
    minutes = ready + journey.pickups.length * HANDLING_MINUTES.pickup + ride(journey.rider ? 1 : 0);
  }
  return {
    minutes: Math.max(1, Math.round(minutes)),
    path: legs.flatMap((leg, i) => (i ? leg.path.slice(1) : leg.path)),
  };
}

/**
 * Whole minutes until the door from one point: the pickup before it (with the shop's preparation),
 * or where the rider is once picked up. Null when no road joins the two points.
 */
export function estimate(
  from: LatLon,
  door: LatLon,
  opts: { preparationMinutes: number; stage: EtaStage; calibration?: number },
): number | null {
  const journey: Journey =
    opts.stage === 'before_pickup'
      ? { rider: null, pickups: [from], door, preparationLeftMinutes: opts.preparationMinutes }
      : { rider: from, pickups: [], door, preparationLeftMinutes: 0 };
  return arrival(journey, opts.calibration)?.minutes ?? null;
}

const minutesBetween = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 60_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * How much longer the road really takes than the speed table says: the median, over delivered
 * jobs, of the actual pickup-to-door minutes less the drop-off handling, divided by the predicted
 * road minutes. The handling is taken out because the estimate adds it on its own; a job with no
 * road time (picked up at the door) says nothing about speeds. 1 until there are enough jobs.
 */
export function calibrationFrom(samples: readonly EtaSample[]): number {
  const ratios = samples
    .filter((s) => s.roadMinutes > 0)
    .slice(0, CALIBRATION_JOBS)
    .map((s) => (minutesBetween(s.pickedUpAt, s.deliveredAt) - HANDLING_MINUTES.dropOff) / s.roadMinutes);
  if (ratios.length < CALIBRATION_MIN_JOBS) return 1;
  return Math.min(CALIBRATION_RANGE.max, Math.max(CALIBRATION_RANGE.min, median(ratios)));
}

/** How good the estimates given at pickup were: the median error and the share within ±5 minutes. */
export interface EtaAccuracy {
  jobs: number;
  /** Median of |predicted − actual| pickup-to-door minutes; null without a delivered job. */
  medianErrorMinutes: number | null;
  /** Share (0–1) of jobs delivered within 5 minutes either side of the estimate; null without one. */
  withinFiveMinutes: number | null;
}

export function accuracyFrom(samples: readonly EtaSample[]): EtaAccuracy {
  const errors = samples.map((s) => Math.abs(s.predictedMinutes - minutesBetween(s.pickedUpAt, s.deliveredAt)));
  if (!errors.length) return { jobs: 0, medianErrorMinutes: null, withinFiveMinutes: null };
  return {
    jobs: errors.length,
    medianErrorMinutes: Math.round(median(errors) * 10) / 10,
    withinFiveMinutes: errors.filter((e) => e <= 5).length / errors.length,
  };
}
