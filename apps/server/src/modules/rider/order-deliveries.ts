import {
  DEFAULT_LANGUAGE,
  formatTime,
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
  readonly earningLabel = 'Order delivery';

  constructor(private readonly ctx: AppContext) {}

  private async toDtos(
    rows: orders.OrderDeliveryRow[],
    view: DeliveryView,
    status: (i: number) => string,
  ): Promise<JobDto[]> {
    const stops = await this.pickupStops(rows.map((r) => r.id));
    return Promise.all(
      rows.map((o, i) => {
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
        };
        return toDeliveryDto(this.ctx.db, this.kind, facts, view, this.ctx.config.riderSharePercent);
      }),
    );
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

  async open(riderUserId: string): Promise<JobDto[]> {
    const rows = (await orders.openOrderDeliveries(this.ctx.db, this.ctx.clock.now())).filter(
      (o) => o.user_id !== riderUserId,
    );
    return this.toDtos(rows, 'board', () => 'Order Confirmed');
  }

  waitingForRider(cutoff: Date): Promise<string[]> {
    return orders.ordersWaitingForRider(this.ctx.db, cutoff, this.ctx.clock.now());
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
    const won = await this.ctx.db.transaction(async (tx) => {
      await claim(tx);
      if (!(await orders.assignOrder(tx, id, riderUserId, this.ctx.clock.now()))) return false;
      const moved = await orders.moveItems(tx, id, ['Order Confirmed'], 'Order Assigned');
      await recordStatusEvents(
        tx,
        'order_item',
        moved.map((m) => m.id),
        'Order Assigned',
        riderUserId,
      );
      return true;
    });
    if (!won) {
      const o = await orders.findOrderDelivery(this.ctx.db, id);
      if (!o) throw notFound('Job not found.');
      const offered = o.deliver_from ? offerAt(new Date(o.deliver_from)) : null;
      if (offered && !o.rider_id && offered > this.ctx.clock.now())
        throw conflict(`This order is for later: it reaches riders at ${formatTime(offered)}.`, 'not_offered_yet');
      throw conflict('This job is no longer available.', 'job_taken');
    }
    await orders.pushOrderUpdate(this.ctx, id);
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
            orderShares(moved, o.delivery_fee_kobo, rider.id, this.ctx.config),
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
