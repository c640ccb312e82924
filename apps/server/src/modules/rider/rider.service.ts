import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  doorOf,
  hasRole,
  DROP_OFF_WAIT_MS, MAX_CODE_ATTEMPTS, haversineKm, type JobDto, type JobKind, type PayoutInput, type JobStop, type LatLon,
  type RiderApplicationInput, type RiderProfileDto, type RatingInput,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../infra/db/client.js';
import { dispatches, orders, users } from '../../infra/db/schema.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../infra/sessions.js';
import { ChatService } from '../chat/index.js';
import { DispatchService, findDispatch, listOpenJobs as listOpenDispatches, listRiderJobs as listDispatchesOfRider, type DispatchRow } from '../dispatch/index.js';
import { moveItems, pushOrderUpdate, recordStatusEvents, listPayouts, requestPayout, summarise, type EarningEntry } from '../seller/index.js';
import * as repo from './rider.repo.js';
import { z } from 'zod';
import { jobKind } from '../../infra/jobs/jobs.js';

export const ORDER_ALERT_JOB = jobKind('rider.order-code-locked', z.object({ orderId: z.string(), riderId: z.string() }));

function sameCode(given: string, stored: string | null): boolean {
  if (!stored || given.length !== stored.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(stored));
}

export function jobLocked() {
  return new AppError(423, 'job_locked', 'This job is locked after too many wrong codes. Support has been told and will contact you.');
}

const round1 = (n: number) => Math.round(n * 10) / 10;

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

function snapshotStop(label: string, json: Record<string, unknown>): JobStop {
  const s = (k: string) => (typeof json[k] === 'string' ? (json[k] as string) : '');
  return {
    label: label || [s('firstName'), s('lastName')].filter(Boolean).join(' '),
    address: s('address'),
    latitude: Number(json.latitude ?? 0),
    longitude: Number(json.longitude ?? 0),
    phone: s('phone') || null,
    door: doorOf(json),
  };
}

export class RiderService {
  private readonly dispatch: DispatchService;
  private readonly chats: ChatService;

  constructor(private readonly ctx: AppContext) {
    this.dispatch = new DispatchService(ctx);
    this.chats = new ChatService(ctx);
  }

  private riderFee(deliveryFeeKobo: number): number {
    return Math.round((deliveryFeeKobo * this.ctx.config.riderSharePercent) / 100);
  }

  async profile(user: SessionUser): Promise<RiderProfileDto | null> {
    const r = await repo.findRiderByUser(this.ctx.db, user.id);
    if (!r) return null;
    const rating = await repo.riderRating(this.ctx.db, user.id);
    return {
      _id: r.id, name: r.name, phone: r.phone, dateOfBirth: r.dateOfBirth, vehicle: r.vehicle, status: r.status,
      rejectionReason: r.rejectionReason, isOnline: r.isOnline, rating: rating.avg === null ? null : round1(rating.avg), ratingCount: rating.count,
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
    await repo.updateRider(this.ctx.db, r.id, { isOnline });
    return (await this.profile(user))!;
  }

  private async orderJobs(ex: Executor, rows: repo.OrderJobRow[], detail: boolean): Promise<JobDto[]> {
    const stops = await repo.pickupStops(ex, rows.map((r) => r.id));
    return Promise.all(rows.map(async (o) => {
      const a = o.address as Record<string, unknown>;
      const dropoff = snapshotStop('', a);
      const mine = stops.filter((s) => s.order_id === o.id).map((s) => ({
        label: s.business_name, address: s.address, latitude: Number(s.latitude), longitude: Number(s.longitude),
        phone: detail ? s.phone : null, items: s.items,
      }));
      const route = planRoute(mine, dropoff);
      const job: JobDto = {
        kind: 'order', _id: o.id, isExpress: false, distanceKm: route.km,
        deliveryFee: o.delivery_fee_kobo / 100, riderFee: this.riderFee(o.delivery_fee_kobo) / 100,
        pickups: route.stops, dropoff: { ...dropoff, phone: detail ? dropoff.phone : null }, note: o.delivery_note ?? '',
        status: 'Order Confirmed', createdAt: new Date(o.created_at).toISOString(), paidAt: o.paid_at ? new Date(o.paid_at).toISOString() : null,
      };
      if (detail) {
        job.codeAttempts = o.code_attempts;
        job.locked = o.locked_at !== null;
        job.arrivedAt = (await repo.findWait(ex, 'order', o.id))?.arrivedAt.toISOString() ?? null;
      }
      return job;
    }));
  }

  private async dispatchJob(row: DispatchRow, detail: boolean): Promise<JobDto> {
    const pickup = snapshotStop('', row.pickup);
    const dropoff = snapshotStop('', row.dropoff);
    const job: JobDto = {
      kind: 'dispatch', _id: row.id, isExpress: row.isExpress, distanceKm: round1(haversineKm(pickup, dropoff)),
      deliveryFee: row.deliveryFeeKobo / 100, riderFee: this.riderFee(row.deliveryFeeKobo) / 100,
      pickups: [{ ...pickup, phone: detail ? pickup.phone : null }], dropoff: { ...dropoff, phone: detail ? dropoff.phone : null },
      note: row.deliveryNote, status: row.status, createdAt: row.createdAt.toISOString(), paidAt: row.paidAt?.toISOString() ?? null,
    };
    if (detail) {
      job.codeAttempts = row.codeAttempts;
      job.locked = row.lockedAt !== null;
      job.arrivedAt = (await repo.findWait(this.ctx.db, 'dispatch', row.id))?.arrivedAt.toISOString() ?? null;
    }
    return job;
  }

  /** The live board: express first, then the longest waiting. Phones are not shown before accepting. */
  async board(user: SessionUser): Promise<JobDto[]> {
    await this.requireRider(user);
    const [orderRows, dispatchRows] = await Promise.all([repo.listOpenOrderJobs(this.ctx.db), listOpenDispatches(this.ctx.db)]);
    const jobs = [
      ...(await this.orderJobs(this.ctx.db, orderRows.filter((o) => o.user_id !== user.id), false)),
      ...(await Promise.all(dispatchRows.filter((d) => d.userId !== user.id).map((d) => this.dispatchJob(d, false)))),
    ];
    return jobs.sort((a, b) => Number(b.isExpress) - Number(a.isExpress) || (a.paidAt ?? a.createdAt).localeCompare(b.paidAt ?? b.createdAt));
  }

  /** The rider's jobs in progress (assigned or picked), with phones and the wait timer. */
  async active(user: SessionUser): Promise<JobDto[]> {
    await this.requireRider(user);
    const orderRows = await repo.riderOrders(this.ctx.db, user.id, true);
    const ds = (await listDispatchesOfRider(this.ctx.db, user.id)).filter((d) => d.status === 'Order Assigned' || d.status === 'Order Picked');
    const orderJobs = await this.orderJobs(this.ctx.db, orderRows, true);
    orderJobs.forEach((j, i) => {
      const statuses = orderRows[i]!.statuses.filter((s) => s !== 'Order Cancelled');
      j.status = statuses.includes('Order Assigned') ? 'Order Assigned' : 'Order Picked';
    });
    return [...orderJobs, ...(await Promise.all(ds.map((d) => this.dispatchJob(d, true))))];
  }

  /** Finished jobs (delivered or cancelled), newest first. */
  async history(user: SessionUser): Promise<JobDto[]> {
    await this.requireRider(user);
    const orderRows = await repo.riderOrders(this.ctx.db, user.id, false, 50);
    const orderJobs = await this.orderJobs(this.ctx.db, orderRows, false);
    orderJobs.forEach((j, i) => {
      const live = orderRows[i]!.statuses.filter((s) => s !== 'Order Cancelled');
      j.status = live.length ? (live.every((s) => s === 'Order Delivered') ? 'Order Delivered' : live[0]!) : 'Order Cancelled';
      j.locked = orderRows[i]!.locked_at !== null;
    });
    const ds = (await listDispatchesOfRider(this.ctx.db, user.id, 50)).filter((d) => d.status !== 'Order Assigned' && d.status !== 'Order Picked');
    const all = [...orderJobs, ...(await Promise.all(ds.map((d) => this.dispatchJob(d, false))))];
    return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async accept(user: SessionUser, kind: JobKind, id: string): Promise<void> {
    const r = await this.requireRider(user);
    if (!r.isOnline) throw conflict('Go online to take jobs.', 'offline');
    // Checked inside the accepting transaction with the rider's row locked: one job at a time
    // even when the rider accepts several at the same instant.
    const claim = async (tx: Tx) => {
      await repo.lockRider(tx, user.id);
      if (await repo.hasActiveJob(tx, user.id)) throw conflict('Finish your current job before taking another.', 'busy');
    };
    if (kind === 'dispatch') {
      await this.dispatch.acceptDispatch(user.id, id, claim);
    } else {
      const won = await this.ctx.db.transaction(async (tx) => {
        await claim(tx);
        if (!(await repo.assignOrder(tx, id, user.id))) return false;
        const moved = await moveItems(tx, id, ['Order Confirmed'], 'Order Assigned');
        await recordStatusEvents(tx, 'order_item', moved.map((m) => m.id), 'Order Assigned', user.id);
        return true;
      });
      if (!won) {
        if (!(await repo.findOrderJob(this.ctx.db, id))) throw notFound('Job not found.');
        throw conflict('This job is no longer available.', 'job_taken');
      }
      await pushOrderUpdate(this.ctx, id);
    }
    this.ctx.realtime.emitToRole('rider', 'job.taken', { kind, _id: id });
  }

  private async ownOrder(ex: Executor, user: SessionUser, id: string, lock = false) {
    const o = await repo.findOrderJob(ex, id, lock);
    if (!o || o.rider_id !== user.id) throw notFound('Job not found.');
    return o;
  }

  async picked(user: SessionUser, kind: JobKind, id: string): Promise<void> {
    await this.requireRider(user);
    if (kind === 'dispatch') {
      await this.dispatch.markPicked(user.id, id);
      return;
    }
    await this.ctx.db.transaction(async (tx) => {
      const o = await this.ownOrder(tx, user, id, true);
      if (o.locked_at) throw jobLocked();
      const moved = await moveItems(tx, id, ['Order Assigned'], 'Order Picked');
      if (!moved.length) throw conflict('This order cannot be marked as picked up now.', 'invalid_status');
      await recordStatusEvents(tx, 'order_item', moved.map((m) => m.id), 'Order Picked', user.id);
    });
    await pushOrderUpdate(this.ctx, id);
  }

  /**
   * Delivered with the customer's code. Wrong codes are counted and committed even though the
   * call fails; the 5th wrong one locks the job and tells support.
   */
  async deliver(user: SessionUser, kind: JobKind, id: string, code: string): Promise<void> {
    await this.requireRider(user);
    if (kind === 'dispatch') {
      await this.dispatch.confirmDelivery(user.id, id, code);
      return;
    }
    type Outcome = { kind: 'delivered' } | { kind: 'wrong'; left: number } | { kind: 'locked' } | { kind: 'bad_status' };
    const outcome = await this.ctx.db.transaction(async (tx): Promise<Outcome> => {
      const o = await this.ownOrder(tx, user, id, true);
      if (o.locked_at) return { kind: 'locked' };
      const live = (await repo.itemStatuses(tx, id)).filter((s) => s !== 'Order Cancelled');
      if (!live.length || !live.every((s) => s === 'Order Picked')) return { kind: 'bad_status' };
      if (sameCode(code, await repo.orderCode(tx, id))) {
        const moved = await moveItems(tx, id, ['Order Picked'], 'Order Delivered');
        await recordStatusEvents(tx, 'order_item', moved.map((m) => m.id), 'Order Delivered', user.id);
        return { kind: 'delivered' };
      }
      const r = await repo.recordWrongOrderCode(tx, id, MAX_CODE_ATTEMPTS);
      if (r.locked) {
        await this.alertSupport(tx, id, user);
        return { kind: 'locked' };
      }
      return { kind: 'wrong', left: MAX_CODE_ATTEMPTS - r.attempts };
    });
    switch (outcome.kind) {
      case 'delivered':
        await pushOrderUpdate(this.ctx, id);
        return;
      case 'wrong':
        throw badRequest(`Wrong delivery code. ${outcome.left} ${outcome.left === 1 ? 'try' : 'tries'} left.`, 'wrong_code');
      case 'locked':
        throw jobLocked();
      case 'bad_status':
        throw conflict('Mark the order as picked up before delivering it.', 'invalid_status');
    }
  }

  private async alertSupport(tx: Tx, orderId: string, rider: SessionUser): Promise<void> {
    await this.ctx.mailer.send(tx, {
      to: this.ctx.config.mail.support,
      subject: `Order ${orderId} locked after ${MAX_CODE_ATTEMPTS} wrong delivery codes`,
      text: `Order ${orderId} was locked after ${MAX_CODE_ATTEMPTS} wrong delivery codes.\nRider: ${rider.name} (${rider.email})\nPlease contact the rider and the customer.`,
    });
    await this.ctx.jobs.enqueue(tx, ORDER_ALERT_JOB, { orderId, riderId: rider.id }, { dedupeKey: `${ORDER_ALERT_JOB.kind}:${orderId}` });
  }

  /** Job handler: tells every support agent's open inbox. */
  runSupportAlert({ orderId, riderId }: { orderId: string; riderId: string }): void {
    this.ctx.realtime.emitToRole('support', 'support.alert', {
      kind: 'order_code_locked', orderId, riderId,
      message: `Order ${orderId} was locked after ${MAX_CODE_ATTEMPTS} wrong delivery codes.`,
      createdAt: new Date().toISOString(),
    });
  }

  private async requirePickedJob(user: SessionUser, kind: JobKind, id: string): Promise<{ address: string; customerId: string }> {
    if (kind === 'dispatch') {
      const d = await findDispatch(this.ctx.db, id);
      if (!d || d.riderId !== user.id) throw notFound('Job not found.');
      if (d.status !== 'Order Picked') throw conflict('Pick up the parcel first.', 'invalid_status');
      return { address: String(d.dropoff.address ?? ''), customerId: d.userId };
    }
    const o = await this.ownOrder(this.ctx.db, user, id);
    const statuses = await repo.itemStatuses(this.ctx.db, id);
    if (!statuses.includes('Order Picked')) throw conflict('Pick up the order first.', 'invalid_status');
    return { address: String((o.address as Record<string, unknown>).address ?? ''), customerId: o.user_id };
  }

  /** At the drop-off: starts the 5-minute wait (once). */
  async arrived(user: SessionUser, kind: JobKind, id: string) {
    await this.requireRider(user);
    await this.requirePickedJob(user, kind, id);
    const w = await repo.startWait(this.ctx.db, kind, id, user.id);
    return { arrivedAt: w.arrivedAt.toISOString(), waitUntil: new Date(w.arrivedAt.getTime() + DROP_OFF_WAIT_MS).toISOString() };
  }

  /** After waiting 5 minutes: opens (or continues) the rider's support conversation about it. */
  async customerAbsent(user: SessionUser, kind: JobKind, id: string) {
    await this.requireRider(user);
    const job = await this.requirePickedJob(user, kind, id);
    const w = await repo.findWait(this.ctx.db, kind, id);
    if (!w) throw conflict('Tap “I have arrived” first; the 5-minute wait starts then.', 'not_arrived');
    const left = w.arrivedAt.getTime() + DROP_OFF_WAIT_MS - Date.now();
    if (left > 0) throw conflict(`Please wait ${Math.ceil(left / 1000)} more seconds for the customer.`, 'still_waiting');
    if (!(await repo.markAbsentReported(this.ctx.db, kind, id))) throw conflict('Support already knows; they will contact you.', 'already_reported');
    const [customer] = await this.ctx.db.select({ name: users.name }).from(users).where(eq(users.id, job.customerId));
    const text = `Customer absent: I waited 5 minutes at the drop-off for ${kind} ${id} (${job.address}; customer ${customer?.name ?? 'unknown'}). What should I do?`;
    const { chat } = await this.chats.send(user, { message: text }, null);
    return { chatId: chat.id };
  }

  async rate(user: SessionUser, input: RatingInput) {
    let riderId: string | null = null;
    if (input.subjectType === 'order') {
      const [o] = await this.ctx.db.select({ userId: orders.userId, riderId: orders.riderId }).from(orders).where(eq(orders.id, input.subjectId));
      if (!o || o.userId !== user.id) throw notFound('Order not found.');
      const statuses = await repo.itemStatuses(this.ctx.db, input.subjectId);
      if (!o.riderId || !statuses.includes('Order Delivered')) throw conflict('You can rate the rider once the order is delivered.', 'not_delivered');
      riderId = o.riderId;
    } else {
      const [d] = await this.ctx.db.select({ userId: dispatches.userId, riderId: dispatches.riderId, status: dispatches.status }).from(dispatches).where(eq(dispatches.id, input.subjectId));
      if (!d || d.userId !== user.id) throw notFound('Dispatch not found.');
      if (!d.riderId || d.status !== 'Order Delivered') throw conflict('You can rate the rider once the dispatch is delivered.', 'not_delivered');
      riderId = d.riderId;
    }
    const ok = await repo.insertRating(this.ctx.db, {
      subjectType: input.subjectType, subjectId: input.subjectId, riderId, customerId: user.id, stars: input.stars, comment: input.comment || null,
    });
    if (!ok) throw conflict('You have already rated this delivery.', 'already_rated');
  }

  async myRatings(user: SessionUser) {
    return repo.ratingsFor(this.ctx.db, user.id);
  }

  private async entries(ex: Executor, riderUserId: string): Promise<EarningEntry[]> {
    return (await repo.deliveredJobs(ex, riderUserId)).map((j) => ({
      id: j.id, at: j.at, grossKobo: j.fee, netKobo: this.riderFee(j.fee), label: j.kind === 'order' ? 'Order delivery' : 'Dispatch delivery',
    }));
  }

  async earnings(user: SessionUser) {
    await this.requireRider(user);
    const [entries, history] = await Promise.all([this.entries(this.ctx.db, user.id), listPayouts(this.ctx.db, user.id, 'rider')]);
    return summarise(entries, history, this.ctx.config.riderSharePercent);
  }

  async requestPayout(user: SessionUser, account: PayoutInput) {
    await this.requireRider(user);
    return requestPayout(this.ctx, { userId: user.id, payeeType: 'rider' }, account, async (tx) => (await this.entries(tx, user.id)).reduce((s, e) => s + e.netKobo, 0));
  }
}

