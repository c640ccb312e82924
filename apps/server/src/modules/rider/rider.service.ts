import {
  hasRole,
  nairaToKobo,
  DROP_OFF_WAIT_MS,
  RIDER_ARRIVED,
  DELIVERY_KINDS,
  type JobDto,
  type DeliveryKind,
  type PayoutInput,
  type RiderApplicationInput,
  type RiderProfileDto,
  type RatingInput,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../infra/db/client.js';
import { conflict, forbidden } from '../../lib/errors.js';
import type { SessionUser } from '../../infra/sessions.js';
import { findUserById } from '../auth/index.js';
import { ChatService } from '../chat/index.js';
import { borneByOrder, ordersWithOpenDisputes } from '../disputes/index.js';
import { escrowOf, listPayouts, requestPayout, summarise, type EarningEntry } from '../payouts/index.js';
import { recordStatusEvents } from '../order-events/index.js';
import { recordDelivered, recordPickup } from '../routing/index.js';
import { arrivalOf, ofEveryKind, riderFeeKobo, STAFF, type Deliveries } from './deliveries.js';
import { DispatchDeliveries } from './dispatch-deliveries.js';
import { OrderDeliveries } from './order-deliveries.js';
import * as repo from './rider.repo.js';

export { ORDER_ALERT_JOB, runOrderAlert } from './order-deliveries.js';

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The rider portal: application, going online, the board, a delivery's steps, ratings, earnings.
 * Deliveries of every kind go through the same Deliveries interface (deliveries.ts).
 */
export class RiderService {
  private readonly chats: ChatService;
  /** One Deliveries per kind, in the order the rider's lists show them (orders, then dispatches). */
  private readonly deliveries: Record<DeliveryKind, Deliveries>;
  private readonly kinds: readonly Deliveries[];

  constructor(private readonly ctx: AppContext) {
    this.chats = new ChatService(ctx);
    this.deliveries = { order: new OrderDeliveries(ctx), dispatch: new DispatchDeliveries(ctx) };
    this.kinds = DELIVERY_KINDS.map((k) => this.deliveries[k]);
  }

  async profile(user: SessionUser): Promise<RiderProfileDto | null> {
    const r = await repo.findRiderByUser(this.ctx.db, user.id);
    if (!r) return null;
    const rating = await repo.riderRating(this.ctx.db, user.id);
    return {
      _id: r.id,
      name: r.name,
      phone: r.phone,
      dateOfBirth: r.dateOfBirth,
      vehicle: r.vehicle,
      status: r.status,
      rejectionReason: r.rejectionReason,
      isOnline: r.isOnline,
      rating: rating.avg === null ? null : round1(rating.avg),
      ratingCount: rating.count,
    };
  }

  /** Applies, or re-applies after a rejection; an approved rider may update phone and vehicle. */
  async apply(user: SessionUser, input: RiderApplicationInput): Promise<RiderProfileDto> {
    const existing = await repo.findRiderByUser(this.ctx.db, user.id);
    const values = { name: input.name, phone: input.phone, dateOfBirth: input.dateOfBirth, vehicle: input.vehicle };
    if (!existing) {
      if (!hasRole(user, 'customer')) throw forbidden('Staff accounts cannot apply to ride.');
      const row = await repo.insertRider(this.ctx.db, { ...values, userId: user.id, status: 'pending' });
      if (!row) throw conflict('You have already applied.', 'already_applied');
    } else if (existing.status === 'approved') {
      if (!hasRole(user, 'rider')) throw forbidden('Your rider account is not active. Contact support.');
      await repo.updateRider(this.ctx.db, existing.id, values);
    } else {
      await repo.updateRider(this.ctx.db, existing.id, { ...values, status: 'pending', rejectionReason: null });
    }
    return (await this.profile(user))!;
  }

  /** An approved rider with the rider role, or 403. */
  async requireRider(user: SessionUser) {
    if (!hasRole(user, 'rider')) throw forbidden('Only approved riders can do that.');
    const r = await repo.findRiderByUser(this.ctx.db, user.id);
    if (!r || r.status !== 'approved') throw forbidden('Only approved riders can do that.');
    return r;
  }

  async setOnline(user: SessionUser, isOnline: boolean) {
    const r = await this.requireRider(user);
    // Each shift online is kept (the rider's hours online on the dashboard).
    await this.ctx.db.transaction(async (tx) => {
      await repo.updateRider(tx, r.id, { isOnline });
      await repo.markShift(tx, user.id, isOnline, this.ctx.clock.now());
    });
    return (await this.profile(user))!;
  }

  /** The live board: express first, then the longest waiting. Phones are not shown before accepting. */
  async board(user: SessionUser): Promise<JobDto[]> {
    await this.requireRider(user);
    const open = await ofEveryKind(this.kinds, (k) => k.open(user.id));
    return open.sort(
      (a, b) =>
        Number(b.isExpress) - Number(a.isExpress) || (a.paidAt ?? a.createdAt).localeCompare(b.paidAt ?? b.createdAt),
    );
  }

  /** The rider's deliveries in progress (assigned or picked), with phones and the wait timer. */
  async active(user: SessionUser): Promise<JobDto[]> {
    await this.requireRider(user);
    return ofEveryKind(this.kinds, (k) => k.active(user.id));
  }

  /** Finished deliveries (delivered or cancelled), newest first. */
  async history(user: SessionUser): Promise<JobDto[]> {
    await this.requireRider(user);
    const finished = await ofEveryKind(this.kinds, (k) => k.finished(user.id, 50));
    return finished.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async accept(user: SessionUser, kind: DeliveryKind, id: string): Promise<void> {
    const r = await this.requireRider(user);
    if (!r.isOnline) throw conflict('Go online to take jobs.', 'offline');
    // Checked inside the accepting transaction with the rider's row locked: one delivery at a time
    // even when the rider accepts several at the same instant.
    const claim = async (tx: Tx) => {
      await repo.lockRider(tx, user.id);
      for (const k of this.kinds)
        if (await k.carries(tx, user.id)) throw conflict('Finish your current job before taking another.', 'busy');
    };
    await this.deliveries[kind].accept(user.id, id, claim);
    this.ctx.realtime.emitToRole('rider', 'job.taken', { kind, _id: id });
  }

  /**
   * Support replaces a rider who accepted a delivery but did not pick it up: it goes back on the
   * board, the released rider's screens drop it, and its thread no longer admits them.
   */
  async release(agent: SessionUser, kind: DeliveryKind, id: string): Promise<void> {
    const riderId = await this.deliveries[kind].release(agent.id, id);
    this.ctx.realtime.emitToUser(riderId, 'job.taken', { kind, _id: id });
  }

  async picked(user: SessionUser, kind: DeliveryKind, id: string): Promise<void> {
    await this.requireRider(user);
    await this.deliveries[kind].pickUp(user.id, id);
    // The estimate from the last pickup to the door, kept to judge it by when the job is delivered.
    await this.recordEta(async () => {
      const job = (await this.deliveries[kind].active(user.id)).find((j) => j._id === id);
      const pickup = job?.pickups[job.pickups.length - 1];
      if (job && pickup)
        await recordPickup(this.ctx.db, { kind, id, pickup, door: job.dropoff, at: this.ctx.clock.now() });
    });
  }

  /**
   * Delivered with the customer's code. Wrong codes are counted and committed even though the
   * call fails; the 5th wrong one locks the delivery and tells support.
   */
  async deliver(user: SessionUser, kind: DeliveryKind, id: string, code: string): Promise<void> {
    await this.requireRider(user);
    await this.deliveries[kind].deliver(user, id, code);
    await this.recordEta(() => recordDelivered(this.ctx.db, kind, id, this.ctx.clock.now()));
  }

  /** The estimate's records are for measuring it: failing to write one never fails the rider's step. */
  private async recordEta(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (err) {
      this.ctx.log.warn({ err }, 'arrival estimate not recorded');
    }
  }

  /**
   * At the drop-off: starts the 5-minute wait (once). The first tap is a timeline event ('Rider
   * Arrived', beside the five statuses), pushed to the customer's phones, and `rider.arrived` goes
   * at once to the delivery's people and staff, whose tracking page then counts the wait down.
   */
  async arrived(user: SessionUser, kind: DeliveryKind, id: string) {
    await this.requireRider(user);
    await this.deliveries[kind].atDropOff(user.id, id);
    const { wait, started } = await this.ctx.db.transaction(async (tx) => {
      // On the app's clock, as the live map's `now` and the positions' times are.
      const begun = await repo.startWait(tx, kind, id, user.id, this.ctx.clock.now());
      if (begun.started) await recordStatusEvents(tx, kind, [id], RIDER_ARRIVED, user.id);
      return begun;
    });
    const arrival = arrivalOf(wait.arrivedAt);
    if (started) {
      const followers = await this.deliveries[kind].followers(id);
      this.ctx.realtime.emitToPeople({ userIds: followers?.userIds ?? [], roles: STAFF }, 'rider.arrived', {
        jobKind: kind,
        jobId: id,
        ...arrival,
      });
    }
    return { arrivedAt: arrival.at, waitUntil: arrival.waitUntil };
  }

  /** After waiting 5 minutes: opens (or continues) the rider's support conversation about it. */
  async customerAbsent(user: SessionUser, kind: DeliveryKind, id: string) {
    await this.requireRider(user);
    const drop = await this.deliveries[kind].atDropOff(user.id, id);
    const w = await repo.findWait(this.ctx.db, kind, id);
    if (!w) throw conflict('Tap “I have arrived” first; the 5-minute wait starts then.', 'not_arrived');
    const left = w.arrivedAt.getTime() + DROP_OFF_WAIT_MS - this.ctx.clock.now().getTime();
    if (left > 0)
      throw conflict(`Please wait ${Math.ceil(left / 1000)} more seconds for the customer.`, 'still_waiting');
    if (!(await repo.markAbsentReported(this.ctx.db, kind, id)))
      throw conflict('Support already knows; they will contact you.', 'already_reported');
    const customer = await findUserById(this.ctx.db, drop.customerId);
    const text = `Customer absent: I waited 5 minutes at the drop-off for ${kind} ${id} (${drop.address}; customer ${customer?.name ?? 'unknown'}). What should I do?`;
    const { chat } = await this.chats.send(user, { message: text }, null);
    return { chatId: chat.id };
  }

  async rate(user: SessionUser, input: RatingInput) {
    const riderId = await this.deliveries[input.subjectType].riderToRate(user.id, input.subjectId);
    const ok = await repo.insertRating(this.ctx.db, {
      subjectType: input.subjectType,
      subjectId: input.subjectId,
      riderId,
      customerId: user.id,
      stars: input.stars,
      comment: input.comment || null,
    });
    if (!ok) throw conflict('You have already rated this delivery.', 'already_rated');
  }

  async myRatings(user: SessionUser) {
    return repo.ratingsFor(this.ctx.db, user.id);
  }

  /** The rider's deliveries of every kind as earnings, newest first. */
  private async entries(ex: Executor, riderUserId: string): Promise<EarningEntry[]> {
    const delivered = await ofEveryKind(this.kinds, (k) => k.delivered(ex, riderUserId));
    // Disputes are on orders: an order's id never names a dispatch.
    const orderIds = delivered.filter((j) => j.kind === 'order').map((j) => j.id);
    const [disputed, borne] = await Promise.all([
      ordersWithOpenDisputes(ex, orderIds),
      borneByOrder(ex, orderIds, 'rider'),
    ]);
    return delivered
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .map((j) => ({
        id: j.id,
        at: j.at,
        grossKobo: j.deliveryFeeKobo,
        netKobo: Math.max(
          0,
          riderFeeKobo(j.deliveryFeeKobo, this.ctx.config.riderSharePercent) - (borne.get(j.id) ?? 0),
        ),
        what: { kind: j.kind },
        disputed: disputed.has(j.id),
        borneKobo: borne.get(j.id) ?? 0,
      }));
  }

  async earnings(user: SessionUser) {
    await this.requireRider(user);
    const [entries, history, active] = await Promise.all([
      this.entries(this.ctx.db, user.id),
      listPayouts(this.ctx.db, user.id, 'rider'),
      ofEveryKind(this.kinds, (k) => k.active(user.id)),
    ]);
    // What the rider carries now is held until the customer's code confirms it.
    const heldKobo = active.reduce((s, j) => s + nairaToKobo(j.riderFee), 0);
    return summarise(entries, history, this.ctx.config.riderSharePercent, escrowOf(this.ctx), heldKobo);
  }

  async requestPayout(user: SessionUser, account: PayoutInput) {
    await this.requireRider(user);
    return requestPayout(this.ctx, { userId: user.id, payeeType: 'rider' }, account, (tx) => this.entries(tx, user.id));
  }
}
