import {
  doorOf,
  DROP_OFF_WAIT_MS,
  haversineKm,
  koboToNaira,
  percentOf,
  shopShareKobo,
  pickupAt,
  SLOT_MINUTES,
  type ArrivalDto,
  type JobDto,
  type DeliveryKind,
  type JobStop,
  type LatLon,
} from '@jara/shared';
import type { Executor, Tx } from '../../infra/db/client.js';
import type { SessionUser } from '../../infra/sessions.js';
import { riderAccount, vendorAccount, type Entry } from '../ledger/index.js';
import { findWait } from './rider.repo.js';

/**
 * One kind of delivery — an order collected at its vendors, a parcel dispatch — as the rider side sees
 * it. Every kind lives the same life: paid and on the board → accepted by the first rider →
 * picked up → delivered with the customer's code (or locked after too many wrong codes), with a
 * drop-off wait, a rating and a place in the rider's earnings. Each kind keeps its own tables;
 * RiderService works on this interface alone and never asks which kind a delivery is.
 */
export interface Deliveries {
  readonly kind: DeliveryKind;
  /** Paid deliveries nobody holds yet, as the board shows them; never the rider's own (they know the code). */
  open(riderUserId: string): Promise<JobDto[]>;
  /** Deliveries on the board since before `cutoff` (an order: its last confirmation; a dispatch: its payment) that no rider has taken. */
  waitingForRider(cutoff: Date): Promise<string[]>;
  /** The rider's deliveries in progress (accepted or picked up, locked ones too), with phones. */
  active(riderUserId: string): Promise<JobDto[]>;
  /** The rider's finished deliveries (delivered or cancelled), newest first, at most `limit`. */
  finished(riderUserId: string, limit: number): Promise<JobDto[]>;
  /** Whether the rider carries a delivery of this kind that is neither finished nor locked. */
  carries(ex: Executor, riderUserId: string): Promise<boolean>;
  /**
   * The first rider to accept wins (404 for a delivery that is not there, 409 `job_taken` once held).
   * `claim` runs first inside the accepting transaction (the one-delivery-at-a-time rule).
   */
  accept(riderUserId: string, id: string, claim: (tx: Tx) => Promise<void>): Promise<void>;
  /** The rider has collected everything: Order Assigned → Order Picked. */
  pickUp(riderUserId: string, id: string): Promise<void>;
  /**
   * Support takes the delivery back from a rider who accepted it but has not picked it up: back on
   * the board, the status as before accepting. Answers the rider released (409 once picked up).
   */
  release(agentId: string, id: string): Promise<string>;
  /** Delivered with the customer's code (lib/delivery-code.ts: counted tries, lock, support told). */
  deliver(rider: SessionUser, id: string, code: string): Promise<void>;
  /** The rider's picked-up delivery at its drop-off: the address and whose it is (404/409 otherwise). */
  atDropOff(riderUserId: string, id: string): Promise<{ address: string; customerId: string }>;
  /** The rider the customer may rate for their delivery (404/409 otherwise). */
  riderToRate(customerId: string, id: string): Promise<string>;
  /** The rider's completed deliveries with their delivery fee (kobo), for the earnings. */
  delivered(ex: Executor, riderUserId: string): Promise<CompletedDelivery[]>;
  /**
   * The rider's deliveries under way (accepted or picked up, neither delivered nor cancelled), each
   * with its followers: a position, every few seconds, needs both, read together.
   */
  underWay(riderUserId: string): Promise<UnderWay[]>;
  /** Who follows the delivery and where it stands (null when there is no such delivery). */
  followers(id: string): Promise<Followers | null>;
  /** Where the delivery goes and how long its shops prepare (null when there is no such delivery): facts that never change. */
  journey(id: string): Promise<JourneyFacts | null>;
}

/** The fixed points of a delivery's way and its shops' preparation, for its map and its estimate. */
export interface JourneyFacts {
  /** In the order to visit them. */
  pickups: (LatLon & { label: string })[];
  door: LatLon;
  /** The longest preparation time among its shops (0 for a parcel). */
  preparationMinutes: number;
  /** When preparation started (payment; an order for later's time to start preparing); null before. */
  preparingSince: Date | null;
  /** An order for later: its slot's start, before which it does not arrive (decision 0047). */
  arrivesFrom?: Date | null;
}

/** The drop-off wait as the customer's screen counts it down. */
export const arrivalOf = (arrivedAt: Date): ArrivalDto => ({
  at: arrivedAt.toISOString(),
  waitUntil: new Date(arrivedAt.getTime() + DROP_OFF_WAIT_MS).toISOString(),
});

/** Roles that follow every delivery (support and admins see every rider). */
export const STAFF = ['support', 'admin'] as const;

/**
 * The people who follow a delivery on its way: the order's customer, or the dispatch's sender and
 * its recipient when the recipient has an account. Support and admins follow every delivery.
 */
export interface Followers {
  riderId: string | null;
  userIds: string[];
  /** Accepted or picked up, neither delivered nor cancelled. */
  underWay: boolean;
  /** Picked up and on its way to the door. */
  pickedUp: boolean;
  /** Delivered or cancelled. */
  finished: boolean;
}

/** A delivery under way and the people who follow it. */
export interface UnderWay {
  id: string;
  followers: Followers;
}

export interface CompletedDelivery {
  kind: DeliveryKind;
  id: string;
  deliveryFeeKobo: number;
  at: Date;
}

/**
 * How much a rider sees of a delivery: the board shows no phones (not before accepting); the active
 * one shows them, the wrong codes so far, the lock and the drop-off wait; history the lock.
 */
export type DeliveryView = 'board' | 'active' | 'history';

/** A delivery's facts, whatever its kind, before the view decides what goes out. */
export interface DeliveryFacts {
  id: string;
  isExpress: boolean;
  deliveryFeeKobo: number;
  /** In the order to visit them. */
  pickups: JobStop[];
  dropoff: JobStop;
  distanceKm: number;
  note: string;
  status: string;
  createdAt: Date;
  paidAt: Date | null;
  codeAttempts: number;
  lockedAt: Date | null;
  /** An order for later: its slot's start (decision 0047). */
  deliverFrom?: Date | null;
  /** The fee the rider's share is taken from (a batch's drop, decision 0048); the delivery fee when absent. */
  riderBasisKobo?: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The rider's share of a delivery fee, kobo. */
export const riderFeeKobo = (deliveryFeeKobo: number, sharePercent: number) => percentOf(deliveryFeeKobo, sharePercent);

/**
 * What an order's delivery code releases (decision 0045): each shop's share of its delivered
 * items (shopShareKobo), and the rider's part of the delivery fee; the platform keeps the rest.
 */
export function orderShares(
  delivered: { vendorId: string; unitPriceKobo: number; quantity: number; shopFundedKobo?: number }[],
  deliveryFeeKobo: number,
  riderUserId: string,
  pct: { vendorCommissionPercent: number; riderSharePercent: number },
): Entry[] {
  const byShop = new Map<string, { gross: number; funded: number }>();
  for (const i of delivered) {
    const s = byShop.get(i.vendorId) ?? byShop.set(i.vendorId, { gross: 0, funded: 0 }).get(i.vendorId)!;
    s.gross += i.unitPriceKobo * i.quantity;
    s.funded += i.shopFundedKobo ?? 0;
  }
  return [
    ...[...byShop].map(([vendorId, s]) => ({
      account: vendorAccount(vendorId),
      amountKobo: shopShareKobo(s.gross, s.funded, pct.vendorCommissionPercent),
    })),
    { account: riderAccount(riderUserId), amountKobo: riderFeeKobo(deliveryFeeKobo, pct.riderSharePercent) },
  ];
}

/** The delivery as `view` shows it (the wire's JobDto). Money in naira. */
export async function toDeliveryDto(
  ex: Executor,
  kind: DeliveryKind,
  f: DeliveryFacts,
  view: DeliveryView,
  riderSharePercent: number,
): Promise<JobDto> {
  const stop = (s: JobStop): JobStop => (view === 'active' ? s : { ...s, phone: null });
  const dto: JobDto = {
    kind,
    _id: f.id,
    isExpress: f.isExpress,
    distanceKm: f.distanceKm,
    deliveryFee: koboToNaira(f.deliveryFeeKobo),
    riderFee: koboToNaira(riderFeeKobo(f.riderBasisKobo ?? f.deliveryFeeKobo, riderSharePercent)),
    pickups: f.pickups.map(stop),
    dropoff: stop(f.dropoff),
    note: f.note,
    status: f.status,
    createdAt: f.createdAt.toISOString(),
    paidAt: f.paidAt?.toISOString() ?? null,
    slot: f.deliverFrom
      ? {
          from: f.deliverFrom.toISOString(),
          to: new Date(f.deliverFrom.getTime() + SLOT_MINUTES * 60_000).toISOString(),
          pickupAt: pickupAt(f.deliverFrom).toISOString(),
        }
      : null,
  };
  if (view !== 'board') dto.locked = f.lockedAt !== null;
  if (view === 'active') {
    dto.codeAttempts = f.codeAttempts;
    dto.arrivedAt = (await findWait(ex, kind, f.id))?.arrivedAt.toISOString() ?? null;
  }
  return dto;
}

/**
 * Pick-ups in a sensible order: start at the one farthest from the drop-off, then always the
 * nearest remaining, so the trip ends at the customer. Returns the stops and the trip length.
 */
export function planRoute<T extends LatLon>(pickups: T[], dropoff: LatLon): { stops: T[]; km: number } {
  const left = [...pickups];
  const stops: T[] = [];
  if (left.length) {
    left.sort((a, b) => haversineKm(b, dropoff) - haversineKm(a, dropoff));
    stops.push(left.shift()!);
    while (left.length) {
      const last = stops[stops.length - 1]!;
      left.sort((a, b) => haversineKm(last, a) - haversineKm(last, b));
      stops.push(left.shift()!);
    }
  }
  let km = 0;
  for (let i = 1; i < stops.length; i++) km += haversineKm(stops[i - 1]!, stops[i]!);
  if (stops.length) km += haversineKm(stops[stops.length - 1]!, dropoff);
  return { stops, km: round1(km) };
}

/** A stop from an address snapshot (an order's or a dispatch's JSON), named after the person there. */
export function snapshotStop(json: Record<string, unknown>): JobStop {
  const s = (k: string) => (typeof json[k] === 'string' ? (json[k] as string) : '');
  return {
    label: [s('firstName'), s('lastName')].filter(Boolean).join(' '),
    address: s('address'),
    latitude: Number(json.latitude ?? 0),
    longitude: Number(json.longitude ?? 0),
    phone: s('phone') || null,
    door: doorOf(json),
  };
}

/** Deliveries of every kind together, each kind asked at once. */
export async function ofEveryKind<T>(kinds: readonly Deliveries[], ask: (k: Deliveries) => Promise<T[]>) {
  return (await Promise.all(kinds.map(ask))).flat();
}
