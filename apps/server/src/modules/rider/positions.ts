import {
  DELIVERY_KINDS,
  POSITION_MAX_AHEAD_MS,
  RiderPositionDto,
  hasRole,
  isInServiceArea,
  type DeliveryKind,
  type RiderPositionInput,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { SessionUser } from '../../infra/sessions.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { Deliveries } from './deliveries.js';
import { DispatchDeliveries } from './dispatch-deliveries.js';
import { OrderDeliveries } from './order-deliveries.js';

/**
 * How long a position is kept and answered after it arrived. The phone sends one at least every
 * minute while the rider is on a job, so a position older than this means the rider went quiet.
 */
const POSITION_TTL_MS = 2 * 60_000;

/** Roles that follow every delivery. */
const STAFF = ['support', 'admin'] as const;

const NOT_FOUND: Record<DeliveryKind, string> = { order: 'Order not found.', dispatch: 'Dispatch not found.' };

const keyOf = (riderUserId: string) => `rider-position:${riderUserId}`;

/**
 * A rider's live position while a delivery is under way. Only the latest one per rider is kept
 * (ctx.latest: memory, or Redis with a TTL), never a history, and it goes only to the people of that
 * delivery and to staff. Positions are never written to the log.
 */
export class RiderPositions {
  private readonly deliveries: Record<DeliveryKind, Deliveries>;

  constructor(private readonly ctx: AppContext) {
    this.deliveries = { order: new OrderDeliveries(ctx), dispatch: new DispatchDeliveries(ctx) };
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
    const position: RiderPositionDto = {
      jobKind: job.kind,
      jobId: job.id,
      ...point,
      at: at.toISOString(),
      updatedAt: now.toISOString(),
    };
    await this.ctx.latest.put(keyOf(riderUserId), JSON.stringify(position), POSITION_TTL_MS);
    const followers = await this.deliveries[job.kind].followers(job.id);
    this.ctx.realtime.emitToPeople(
      { userIds: followers?.userIds ?? [], roles: STAFF },
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
    const f = await this.deliveries[kind].followers(id);
    const staff = STAFF.some((r) => hasRole(user, r));
    if (!f || !(staff || f.userIds.includes(user.id))) throw notFound(NOT_FOUND[kind]);
    const none = new AppError(404, 'no_position', 'The rider’s position is not available right now.');
    if (!f.underWay || !f.riderId) throw none;
    const stored = await this.ctx.latest.get(keyOf(f.riderId));
    const parsed = stored ? RiderPositionDto.safeParse(JSON.parse(stored)) : null;
    if (!parsed?.success || parsed.data.jobKind !== kind || parsed.data.jobId !== id) throw none;
    return parsed.data;
  }

  /** The rider's delivery under way (one at a time: accepting checks it), or null. */
  private async underWay(riderUserId: string): Promise<{ kind: DeliveryKind; id: string } | null> {
    for (const kind of DELIVERY_KINDS) {
      const [id] = await this.deliveries[kind].underWay(riderUserId);
      if (id) return { kind, id };
    }
    return null;
  }
}
