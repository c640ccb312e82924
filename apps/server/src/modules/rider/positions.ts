import {
  DELIVERY_KINDS,
  POSITION_MAX_AHEAD_MS,
  RiderPositionDto,
  hasRole,
  type LatLon,
  type LiveDeliveryDto,
  isInServiceArea,
  type DeliveryKind,
  type RiderPositionInput,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { SessionUser } from '../../infra/sessions.js';
import { keepAtMost } from '../../infra/snapshot.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { arrival, EtaCalibration, type Journey } from '../routing/index.js';
import { arrivalOf, STAFF, type Deliveries, type Followers, type JourneyFacts, type UnderWay } from './deliveries.js';
import { DispatchDeliveries } from './dispatch-deliveries.js';
import { OrderDeliveries } from './order-deliveries.js';
import * as repo from './rider.repo.js';

/**
 * How long a position is kept and answered after it arrived. The phone sends one at least every
 * minute while the rider is on a job, so a position older than this means the rider went quiet.
 */
const POSITION_TTL_MS = 2 * 60_000;

const NOT_FOUND: Record<DeliveryKind, string> = { order: 'Order not found.', dispatch: 'Dispatch not found.' };

const keyOf = (riderUserId: string) => `rider-position:${riderUserId}`;

/** Deliveries whose fixed facts (pickups, door, preparation) are kept in memory at once. */
const JOURNEYS_KEPT = 2_000;
/** Riders whose last kind of delivery is remembered at once. */
const RIDERS_KEPT = 5_000;

const minutesSince = (since: Date | null, now: Date) => (since ? (now.getTime() - since.getTime()) / 60_000 : 0);

/**
 * A rider's live position while a delivery is under way. Only the latest one per rider is kept
 * (ctx.latest: memory, or Redis with a TTL), never a history, and it goes only to the people of that
 * delivery and to staff. Positions are never written to the log.
 */
export class RiderPositions {
  private readonly deliveries: Record<DeliveryKind, Deliveries>;
  private readonly calibration: EtaCalibration;
  /** Each delivery's fixed facts, read once: a position arrives every few seconds. */
  private readonly journeys = new Map<string, JourneyFacts>();
  /** The kind of delivery each rider was last found carrying: which to ask first (always asked, never trusted). */
  private readonly lastKind = new Map<string, DeliveryKind>();

  constructor(private readonly ctx: AppContext) {
    this.deliveries = { order: new OrderDeliveries(ctx), dispatch: new DispatchDeliveries(ctx) };
    this.calibration = new EtaCalibration(ctx.db, () => ctx.clock.now());
  }

  /**
   * Takes the rider's position for their delivery under way and sends it to its followers.
   * Refused, with nothing kept or sent, outside the service area, stamped more than 30 s ahead of
   * the server's clock, or without a delivery under way; `gate` runs last (the 2-second spacing),
   * so a position refused for another reason does not count against the next.
   */
  async share(riderUserId: string, input: RiderPositionInput, gate: () => Promise<void>): Promise<RiderPositionDto> {
    const point = { latitude: input.latitude, longitude: input.longitude };
    if (!isInServiceArea(point, this.ctx.config.campus.serviceArea))
      throw badRequest('This position is outside our delivery area.', 'position_outside_area');
    const now = this.ctx.clock.now();
    const at = new Date(input.at);
    if (at.getTime() - now.getTime() > POSITION_MAX_AHEAD_MS)
      throw badRequest(
        'This position is stamped ahead of the time. Check the clock on your phone.',
        'position_in_future',
      );
    const job = await this.underWay(riderUserId);
    if (!job) throw new AppError(409, 'no_active_job', 'You have no delivery under way to share your position for.');
    await gate();
    const way = await this.arrivalFrom(job.kind, job.id, job.followers, point);
    const position: RiderPositionDto = {
      jobKind: job.kind,
      jobId: job.id,
      ...point,
      at: at.toISOString(),
      updatedAt: now.toISOString(),
      etaMinutes: way?.minutes ?? null,
    };
    await this.ctx.latest.put(keyOf(riderUserId), JSON.stringify(position), POSITION_TTL_MS);
    this.ctx.realtime.emitToPeople(
      { userIds: job.followers.userIds, roles: STAFF },
      'rider.position.updated',
      position,
    );
    return position;
  }

  /**
   * The latest position of the delivery's rider, for its followers and staff. Anyone else gets the
   * 404 a delivery that is not theirs gets; a follower gets `no_position` once the delivery is
   * delivered or cancelled, before it is accepted, or when the rider has been quiet too long.
   */
  async latest(user: SessionUser, kind: DeliveryKind, id: string): Promise<RiderPositionDto> {
    const f = await this.followed(user, kind, id);
    const position = await this.positionOf(kind, id, f);
    if (!position) throw new AppError(404, 'no_position', 'The rider’s position is not available right now.');
    return position;
  }

  /**
   * The delivery as its tracking map shows it, for the same people as `latest`: the pickups, the
   * door, the rider when there is a fresh position, the road from where the delivery is now and
   * the estimate. A delivered or cancelled delivery gets `delivery_over`.
   */
  async live(user: SessionUser, kind: DeliveryKind, id: string): Promise<LiveDeliveryDto> {
    const f = await this.followed(user, kind, id);
    if (f.finished) throw new AppError(404, 'delivery_over', 'This delivery is over, so its map is closed.');
    const facts = await this.journeyOf(kind, id);
    const rider = await this.positionOf(kind, id, f);
    const way = await this.arrivalFrom(kind, id, f, rider);
    const wait = f.pickedUp ? await repo.findWait(this.ctx.db, kind, id) : undefined;
    return {
      stage: f.pickedUp ? 'to_door' : f.underWay ? 'to_pickup' : 'preparing',
      pickups: facts.pickups,
      door: facts.door,
      rider,
      etaMinutes: way?.minutes ?? null,
      route: way?.path ?? [],
      arrived: wait ? arrivalOf(wait.arrivedAt) : null,
      now: this.ctx.clock.now().toISOString(),
    };
  }

  /** The delivery's followers, when `user` is one of them or staff; the 404 of a delivery that is not theirs otherwise. */
  private async followed(user: SessionUser, kind: DeliveryKind, id: string): Promise<Followers> {
    const f = await this.deliveries[kind].followers(id);
    const staff = STAFF.some((r) => hasRole(user, r));
    if (!f || !(staff || f.userIds.includes(user.id))) throw notFound(NOT_FOUND[kind]);
    return f;
  }

  /** The rider's latest position for this delivery while it is under way; null otherwise or when the rider went quiet. */
  private async positionOf(kind: DeliveryKind, id: string, f: Followers): Promise<RiderPositionDto | null> {
    if (!f.underWay || !f.riderId) return null;
    const stored = await this.ctx.latest.get(keyOf(f.riderId));
    const parsed = stored ? RiderPositionDto.safeParse(JSON.parse(stored)) : null;
    if (!parsed?.success || parsed.data.jobKind !== kind || parsed.data.jobId !== id) return null;
    return parsed.data;
  }

  private async journeyOf(kind: DeliveryKind, id: string): Promise<JourneyFacts> {
    const key = `${kind}:${id}`;
    const kept = this.journeys.get(key);
    if (kept) return kept;
    const facts = await this.deliveries[kind].journey(id);
    if (!facts) throw notFound(NOT_FOUND[kind]);
    return keepAtMost(this.journeys, JOURNEYS_KEPT, key, facts);
  }

  /** The estimate and the road to the door from where the delivery stands, `rider` being where its rider is (if known). */
  private async arrivalFrom(kind: DeliveryKind, id: string, f: Followers, rider: LatLon | null) {
    const facts = await this.journeyOf(kind, id);
    const now = this.ctx.clock.now();
    const journey: Journey = {
      rider: f.underWay ? rider : null,
      pickups: f.pickedUp ? [] : facts.pickups,
      door: facts.door,
      preparationLeftMinutes: Math.max(0, facts.preparationMinutes - minutesSince(facts.preparingSince, now)),
    };
    if (!journey.rider && !journey.pickups.length) return null;
    const estimate = arrival(journey, await this.calibration.value());
    // An order for later is not said to arrive before its slot.
    const wait = facts.arrivesFrom ? Math.ceil(-minutesSince(facts.arrivesFrom, now)) : 0;
    return estimate && wait > estimate.minutes ? { ...estimate, minutes: wait } : estimate;
  }

  /**
   * The rider's delivery under way (one at a time: accepting checks it) with its followers, or
   * null. The kind the rider carried last time is asked first: a rider shares a position every few
   * seconds through one delivery after another of the same kind, so one read usually answers.
   */
  private async underWay(riderUserId: string): Promise<({ kind: DeliveryKind } & UnderWay) | null> {
    const last = this.lastKind.get(riderUserId);
    const kinds = last ? [last, ...DELIVERY_KINDS.filter((k) => k !== last)] : DELIVERY_KINDS;
    for (const kind of kinds) {
      const [job] = await this.deliveries[kind].underWay(riderUserId);
      if (!job) continue;
      if (kind !== last) keepAtMost(this.lastKind, RIDERS_KEPT, riderUserId, kind);
      return { kind, ...job };
    }
    return null;
  }
}
