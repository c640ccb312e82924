import {
  batchRiderBasis,
  DEFAULT_LANGUAGE,
  dropOrder,
  formatTime,
  koboToNaira,
  MAX_CODE_ATTEMPTS,
  offerAt,
  prepareAt,
  RIDER_RELEASED,
  type ItemStatus,
  type JobDto,
} from '@jara/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../infra/db/client.js';
import { jobKind } from '../../infra/jobs/jobs.js';
import type { SessionUser } from '../../infra/sessions.js';
import { refusedCode, deliveryLocked, tryDeliveryCode } from '../../lib/delivery-code.js';
import { conflict, notFound } from '../../lib/errors.js';
import { pickupPlaces } from '../catalogue/index.js';
import { releaseSubject } from '../ledger/index.js';
import { recordStatusEvents } from '../order-events/index.js';
import * as orders from '../orders/index.js';
import {
  orderShares,
  planRoute,
  riderFeeKobo,
  snapshotStop,
  toDeliveryDto,
  type CompletedDelivery,
  type Deliveries,
  type DeliveryFacts,
  type Followers,
  type DeliveryView,
  type JourneyFacts,
  type UnderWay,
} from './deliveries.js';
import { t } from './rider.messages.js';

export const ORDER_ALERT_JOB = jobKind(
  'rider.order-code-locked',
  z.object({ orderId: z.string(), riderId: z.string() }),
);

/** Job handler: tells every support agent's open inbox that an order was locked. */
export function runOrderAlert(ctx: AppContext, { orderId, riderId }: { orderId: string; riderId: string }): void {
  ctx.realtime.emitToRole('support', 'support.alert', {
    kind: 'order_code_locked',
    orderId,
    riderId,
    message: `Order ${orderId} was locked after ${MAX_CODE_ATTEMPTS} wrong delivery codes.`,
    createdAt: new Date().toISOString(),
  });
}

const CANCELLED: ItemStatus = 'Order Cancelled';
const PICKED: ItemStatus = 'Order Picked';
const DELIVERED: ItemStatus = 'Order Delivered';
const UNDER_WAY: readonly string[] = ['Order Assigned', 'Order Picked'] satisfies ItemStatus[];

/** What a drop's customer paid for delivery and its fee before "Batch & save". */
const paidAndTier = (o: orders.OrderDeliveryRow) => ({
  paidFeeKobo: o.delivery_fee_kobo,
  tierFeeKobo: o.tier_fee_kobo ?? o.delivery_fee_kobo,
});

/** A row with its ready time as a Date (the drivers may give text). */
const withReadyAt = <T extends { ready_at: Date | string | null; batch_save: boolean }>(r: T) => ({
  ...r,
  readyAt: r.ready_at ? new Date(r.ready_at) : null,
  batchSave: r.batch_save,
});

/** An order's customer follows it; where it stands is what its items (but the cancelled ones) say. */
function followersOf(o: orders.OrderDeliveryRow, statuses: readonly string[]): Followers {
  const live = statuses.filter((s) => s !== CANCELLED);
  return {
    riderId: o.rider_id,
    userIds: [o.user_id],
    underWay: live.some((s) => UNDER_WAY.includes(s)),
    pickedUp: live.length > 0 && live.every((s) => s === PICKED),
    finished: live.every((s) => s === DELIVERED),
  };
}

/**
 * Orders as deliveries: the rider collects from every vendor of the order (once all of them
 * have confirmed) and delivers to the customer. An order's stage is its items' statuses; the
 * rider, the code tries and the lock are on the order.
 */
export class OrderDeliveries implements Deliveries {
  readonly kind = 'order';

  constructor(private readonly ctx: AppContext) {}

  /** The board's clock and a "Batch & save" order's wait (decision 0048). */
  private boardTime(): orders.BoardTime {
    return { now: this.ctx.clock.now(), holdMinutes: this.ctx.config.batch.waitMinutes };
  }

  /**
   * The board as a rider may take from it: with no other order waiting, "Batch & save" orders
   * still waiting for a partner too (a free rider is never left idle for a batch that may not come).
   */
  private async boardFor(ex: Executor): Promise<{ at: orders.BoardTime; rows: orders.OrderDeliveryRow[] }> {
    const at = this.boardTime();
    const rows = await orders.openOrderDeliveries(ex, at);
    if (rows.length) return { at, rows };
    const open = { ...at, holdMinutes: 0 };
    return { at: open, rows: await orders.openOrderDeliveries(ex, open) };
  }

  private async toDtos(
    rows: orders.OrderDeliveryRow[],
    view: DeliveryView,
    status: (i: number) => string,
  ): Promise<JobDto[]> {
    const stops = await this.pickupStops(rows.map((r) => r.id));
    const batches = await this.batchesOf(rows);
    return Promise.all(
      rows.map(async (o, i) => {
        const dropoff = snapshotStop(o.address);
        const route = planRoute(
          stops.filter((s) => s.orderId === o.id).map(({ orderId: _, ...stop }) => stop),
          dropoff,
        );
        const facts: DeliveryFacts = {
          id: o.id,
          isExpress: false,
          deliveryFeeKobo: o.delivery_fee_kobo,
          pickups: route.stops,
          dropoff,
          distanceKm: route.km,
          note: o.delivery_note ?? '',
          status: status(i),
          createdAt: new Date(o.created_at),
          paidAt: o.paid_at ? new Date(o.paid_at) : null,
          codeAttempts: o.code_attempts,
          lockedAt: o.locked_at,
          deliverFrom: o.deliver_from ? new Date(o.deliver_from) : null,
          riderBasisKobo: o.rider_basis_kobo ?? o.delivery_fee_kobo,
        };
        const dto = await toDeliveryDto(this.ctx.db, this.kind, facts, view, this.ctx.config.riderSharePercent);
        const batch = o.batch_id ? batches.get(o.batch_id) : undefined;
        if (batch && batch.length > 1) {
          const stop = batch.findIndex((d) => d.orderId === o.id) + 1;
          dto.batch = { id: o.batch_id!, stop, of: batch.length, drops: batch };
        } else dto.batch = null;
        if (Number(o.group_members) > 0) dto.groupMembers = Number(o.group_members);
        return dto;
      }),
    );
  }

  /** Each batch's drops in the order to deliver them (its orders not wholly cancelled). */
  private async batchesOf(rows: orders.OrderDeliveryRow[]) {
    const ids = [...new Set(rows.flatMap((r) => (r.batch_id ? [r.batch_id] : [])))];
    const members = await orders.batchMembers(this.ctx.db, ids);
    const out = new Map<string, (ReturnType<typeof snapshotStop> & { orderId: string })[]>();
    for (const id of ids) {
      const mine = dropOrder(members.filter((m) => m.batch_id === id).map(withReadyAt));
      out.set(
        id,
        mine.map((m) => ({ ...snapshotStop(m.address), phone: null, orderId: m.id })),
      );
    }
    return out;
  }

  /** The vendors to visit for these orders (items not cancelled), with what to collect at each. */
  private async pickupStops(orderIds: string[]) {
    const lines = await orders.pickupLines(this.ctx.db, orderIds);
    const shops = await pickupPlaces(
      this.ctx.db,
      lines.map((l) => l.vendor_id),
    );
    return lines.flatMap((l) => {
      const shop = shops.get(l.vendor_id);
      if (!shop) return [];
      return [
        {
          orderId: l.order_id,
          label: shop.businessName,
          address: shop.address,
          latitude: Number(shop.latitude),
          longitude: Number(shop.longitude),
          phone: shop.phone,
          items: l.items,
        },
      ];
    });
  }

  /**
   * The board: each batch once, as its first drop's job carrying every drop, with the rider's pay
   * for the whole batch (decision 0048); a batch with the rider's own order in it is not offered.
   */
  async open(riderUserId: string): Promise<JobDto[]> {
    const { rows: all } = await this.boardFor(this.ctx.db);
    const own = new Set(all.filter((o) => o.user_id === riderUserId).map((o) => o.batch_id ?? o.id));
    const groups = new Map<string, orders.OrderDeliveryRow[]>();
    for (const o of all) {
      const key = o.batch_id ?? o.id;
      if (!own.has(key)) (groups.get(key) ?? groups.set(key, []).get(key)!).push(o);
    }
    const firsts = [...groups.values()].map((g) => dropOrder(g.map(withReadyAt))[0]!);
    const jobs = await this.toDtos(firsts, 'board', () => 'Order Confirmed');
    for (const job of jobs) {
      const group = groups.get(firsts.find((f) => f.id === job._id)!.batch_id ?? job._id)!;
      // What the rider would be paid on taking it (decision 0048): a lone "Batch & save" drop its full fee.
      const basis = batchRiderBasis(group.map(paidAndTier)).reduce((a, b) => a + b, 0);
      job.riderFee = koboToNaira(riderFeeKobo(basis, this.ctx.config.riderSharePercent));
      if (group.length < 2) continue;
      job.deliveryFee = koboToNaira(group.reduce((s, o) => s + o.delivery_fee_kobo, 0));
      // Every shop of the batch, in the order to visit them.
      const more = await this.pickupStops(group.map((o) => o.id));
      const shops = new Map(more.map(({ orderId: _, ...stop }) => [stop.label, stop]));
      job.pickups = planRoute([...shops.values()], job.dropoff).stops.map((p) => ({ ...p, phone: null }));
    }
    return jobs;
  }

  waitingForRider(cutoff: Date): Promise<string[]> {
    return orders.ordersWaitingForRider(this.ctx.db, cutoff, this.boardTime());
  }

  async active(riderUserId: string): Promise<JobDto[]> {
    const rows = await orders.riderOrders(this.ctx.db, riderUserId, true);
    return this.toDtos(rows, 'active', (i) =>
      rows[i]!.statuses.includes('Order Assigned') ? 'Order Assigned' : 'Order Picked',
    );
  }

  async finished(riderUserId: string, limit: number): Promise<JobDto[]> {
    const rows = await orders.riderOrders(this.ctx.db, riderUserId, false, limit);
    return this.toDtos(rows, 'history', (i) => {
      const live = rows[i]!.statuses.filter((s) => s !== CANCELLED);
      if (!live.length) return CANCELLED;
      return live.every((s) => s === 'Order Delivered') ? 'Order Delivered' : live[0]!;
    });
  }

  carries(ex: Executor, riderUserId: string): Promise<boolean> {
    return orders.carriesOrder(ex, riderUserId);
  }

  async accept(riderUserId: string, id: string, claim: (tx: Tx) => Promise<void>): Promise<void> {
    const got = await this.ctx.db.transaction(async (tx) => {
      await claim(tx);
      const ids = await orders.assignOrder(tx, id, riderUserId, (await this.boardFor(tx)).at);
      for (const orderId of ids) {
        const moved = await orders.moveItems(tx, orderId, ['Order Confirmed'], 'Order Assigned');
        await recordStatusEvents(
          tx,
          'order_item',
          moved.map((m) => m.id),
          'Order Assigned',
          riderUserId,
        );
      }
      if (ids.length) await this.fixRiderPay(tx, ids);
      return ids;
    });
    if (!got.length) {
      const o = await orders.findOrderDelivery(this.ctx.db, id);
      if (!o) throw notFound('Job not found.');
      const offered = o.deliver_from ? offerAt(new Date(o.deliver_from)) : null;
      if (offered && !o.rider_id && offered > this.ctx.clock.now())
        throw conflict(`This order is for later: it reaches riders at ${formatTime(offered)}.`, 'not_offered_yet');
      throw conflict('This job is no longer available.', 'job_taken');
    }
    for (const orderId of got) await orders.pushOrderUpdate(this.ctx, orderId);
  }

  /** The rider's pay for the orders just taken together, per drop (decision 0048). */
  private async fixRiderPay(tx: Tx, ids: string[]): Promise<void> {
    // One after another: statements of one transaction share its connection.
    const rows: (orders.OrderDeliveryRow | undefined)[] = [];
    for (const orderId of ids) rows.push(await orders.findOrderDelivery(tx, orderId));
    const drops = dropOrder(rows.flatMap((r) => (r ? [withReadyAt(r)] : [])));
    const basis = batchRiderBasis(drops.map(paidAndTier));
    await orders.setRiderBasis(tx, new Map(drops.map((d, i) => [d.id, basis[i]!])));
  }

  async release(agentId: string, id: string): Promise<string> {
    const riderId = await this.ctx.db.transaction(async (tx) => {
      const released = await orders.unassignOrder(tx, id);
      if (!released) return null;
      await orders.moveItems(tx, id, ['Order Assigned'], 'Order Confirmed');
      await recordStatusEvents(tx, 'order', [id], RIDER_RELEASED, agentId);
      return released;
    });
    if (!riderId) {
      if (!(await orders.findOrderDelivery(this.ctx.db, id))) throw notFound('Job not found.');
      throw conflict('Only a rider who has not picked the order up can be replaced.', 'invalid_status');
    }
    await orders.pushOrderUpdate(this.ctx, id);
    this.ctx.realtime.emitToRole('rider', 'job.available', { kind: 'order', _id: id });
    return riderId;
  }

  /** The rider's own order (404 for anyone else's: existence is not revealed). */
  private async own(ex: Executor, riderUserId: string, id: string, lock = false) {
    const o = await orders.findOrderDelivery(ex, id, lock);
    if (!o || o.rider_id !== riderUserId) throw notFound('Job not found.');
    return o;
  }

  async pickUp(riderUserId: string, id: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const o = await this.own(tx, riderUserId, id, true);
      if (o.locked_at) throw deliveryLocked();
      const moved = await orders.moveItems(tx, id, ['Order Assigned'], 'Order Picked');
      if (!moved.length) throw conflict('This order cannot be marked as picked up now.', 'invalid_status');
      await recordStatusEvents(
        tx,
        'order_item',
        moved.map((m) => m.id),
        'Order Picked',
        riderUserId,
      );
    });
    await orders.pushOrderUpdate(this.ctx, id);
  }

  async deliver(rider: SessionUser, id: string, code: string): Promise<void> {
    const tried = await this.ctx.db.transaction(async (tx) => {
      const o = await this.own(tx, rider.id, id, true);
      const live = (await orders.itemStatuses(tx, id)).filter((s) => s !== CANCELLED);
      const ready = live.length > 0 && live.every((s) => s === 'Order Picked');
      return tryDeliveryCode({ code: await orders.orderCode(tx, id), lockedAt: o.locked_at, ready }, code, {
        deliver: async () => {
          const moved = await orders.moveItems(tx, id, ['Order Picked'], 'Order Delivered');
          await recordStatusEvents(
            tx,
            'order_item',
            moved.map((m) => m.id),
            'Order Delivered',
            rider.id,
          );
          await releaseSubject(
            tx,
            { purpose: 'order', id },
            orderShares(moved, o.rider_basis_kobo ?? o.delivery_fee_kobo, rider.id, this.ctx.config),
          );
        },
        countWrong: (max) => orders.recordWrongOrderCode(tx, id, max),
        alertSupport: () => this.alertSupport(tx, id, rider),
      });
    });
    switch (tried.kind) {
      case 'delivered':
        await orders.pushOrderUpdate(this.ctx, id);
        return;
      case 'not_ready':
        throw conflict('Mark the order as picked up before delivering it.', 'invalid_status');
      default:
        throw refusedCode(tried);
    }
  }

  private async alertSupport(tx: Tx, orderId: string, rider: SessionUser): Promise<void> {
    // The support mailbox is no account: its mail is written in the default language.
    const values = { id: orderId, attempts: MAX_CODE_ATTEMPTS, rider: rider.name, email: rider.email };
    await this.ctx.mailer.send(tx, {
      to: this.ctx.config.mail.support,
      subject: t(DEFAULT_LANGUAGE, 'rider.email.locked.subject', values),
      text: t(DEFAULT_LANGUAGE, 'rider.email.locked.text', values),
    });
    await this.ctx.jobs.enqueue(
      tx,
      ORDER_ALERT_JOB,
      { orderId, riderId: rider.id },
      { dedupeKey: `${ORDER_ALERT_JOB.kind}:${orderId}` },
    );
  }

  async atDropOff(riderUserId: string, id: string): Promise<{ address: string; customerId: string }> {
    const o = await this.own(this.ctx.db, riderUserId, id);
    const statuses = await orders.itemStatuses(this.ctx.db, id);
    if (!statuses.includes('Order Picked')) throw conflict('Pick up the order first.', 'invalid_status');
    return { address: String(o.address.address ?? ''), customerId: o.user_id };
  }

  async riderToRate(customerId: string, id: string): Promise<string> {
    const o = await orders.findOrderDelivery(this.ctx.db, id);
    if (!o || o.user_id !== customerId) throw notFound('Order not found.');
    const statuses = await orders.itemStatuses(this.ctx.db, id);
    if (!o.rider_id || !statuses.includes('Order Delivered'))
      throw conflict('You can rate the rider once the order is delivered.', 'not_delivered');
    return o.rider_id;
  }

  async delivered(ex: Executor, riderUserId: string): Promise<CompletedDelivery[]> {
    return (await orders.deliveredOrders(ex, riderUserId)).map((j) => ({ kind: this.kind, ...j }));
  }

  async underWay(riderUserId: string): Promise<UnderWay[]> {
    // The rider's orders come with their items' statuses: the followers need no other read.
    return (await orders.riderOrders(this.ctx.db, riderUserId, true)).map((o) => ({
      id: o.id,
      followers: followersOf(o, o.statuses),
    }));
  }

  async followers(id: string): Promise<Followers | null> {
    const o = await orders.findOrderDelivery(this.ctx.db, id);
    if (!o) return null;
    return followersOf(o, await orders.itemStatuses(this.ctx.db, id));
  }

  async journey(id: string): Promise<JourneyFacts | null> {
    const o = await orders.findOrderDelivery(this.ctx.db, id);
    if (!o) return null;
    const lines = await orders.pickupLines(this.ctx.db, [id]);
    const shops = await pickupPlaces(
      this.ctx.db,
      lines.map((l) => l.vendor_id),
    );
    const door = snapshotStop(o.address);
    const route = planRoute(
      [...shops.values()].map((s) => ({
        label: s.businessName,
        latitude: Number(s.latitude),
        longitude: Number(s.longitude),
      })),
      door,
    );
    const preparationMinutes = Math.max(0, ...[...shops.values()].map((s) => s.preparationMinutes));
    const slot = o.deliver_from ? new Date(o.deliver_from) : null;
    return {
      pickups: route.stops,
      door: { latitude: door.latitude, longitude: door.longitude },
      preparationMinutes,
      // An order for later is prepared for its slot, not from payment.
      preparingSince: slot ? prepareAt(slot, preparationMinutes) : o.paid_at ? new Date(o.paid_at) : null,
      arrivesFrom: slot,
    };
  }
}
