import type { JobDto } from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../infra/db/client.js';
import type { SessionUser } from '../../infra/sessions.js';
import { conflict, notFound } from '../../lib/errors.js';
import { accountIdOfEmail } from '../auth/index.js';
import {
  DispatchRiderService,
  carriesDispatch,
  deliveredDispatches,
  findDispatch,
  listOpenDispatches,
  listRiderDispatches,
  listRiderDispatchesUnderWay,
  type DispatchRow,
} from '../dispatch/index.js';
import {
  planRoute,
  snapshotStop,
  toDeliveryDto,
  type CompletedDelivery,
  type Deliveries,
  type DeliveryView,
  type Followers,
  type JourneyFacts,
  type UnderWay,
} from './deliveries.js';

const IN_PROGRESS = new Set(['Order Assigned', 'Order Picked']);
const FINISHED = new Set(['Order Delivered', 'Order Cancelled']);

/**
 * Dispatches as deliveries: one pick-up (the sender's saved address), one drop-off (the
 * recipient). The lifecycle itself is the dispatch module's (DispatchRiderService); this adapts it.
 */
export class DispatchDeliveries implements Deliveries {
  readonly kind = 'dispatch';
  private readonly dispatch: DispatchRiderService;

  constructor(private readonly ctx: AppContext) {
    this.dispatch = new DispatchRiderService(ctx);
  }

  private toDto(row: DispatchRow, view: DeliveryView): Promise<JobDto> {
    const dropoff = snapshotStop(row.dropoff);
    const route = planRoute([snapshotStop(row.pickup)], dropoff);
    return toDeliveryDto(
      this.ctx.db,
      this.kind,
      {
        id: row.id,
        isExpress: row.isExpress,
        deliveryFeeKobo: row.deliveryFeeKobo,
        pickups: route.stops,
        dropoff,
        distanceKm: route.km,
        note: row.deliveryNote,
        status: row.status,
        createdAt: row.createdAt,
        paidAt: row.paidAt,
        codeAttempts: row.codeAttempts,
        lockedAt: row.lockedAt,
      },
      view,
      this.ctx.config.riderSharePercent,
    );
  }

  async open(riderUserId: string): Promise<JobDto[]> {
    const rows = (await listOpenDispatches(this.ctx.db)).filter((d) => d.userId !== riderUserId);
    return Promise.all(rows.map((d) => this.toDto(d, 'board')));
  }

  async waitingForRider(cutoff: Date): Promise<string[]> {
    const rows = await listOpenDispatches(this.ctx.db);
    return rows.filter((d) => d.paidAt && d.paidAt < cutoff).map((d) => d.id);
  }

  async active(riderUserId: string): Promise<JobDto[]> {
    const rows = await listRiderDispatchesUnderWay(this.ctx.db, riderUserId);
    return Promise.all(rows.map((d) => this.toDto(d, 'active')));
  }

  async finished(riderUserId: string, limit: number): Promise<JobDto[]> {
    const rows = (await listRiderDispatches(this.ctx.db, riderUserId, limit)).filter((d) => !IN_PROGRESS.has(d.status));
    return Promise.all(rows.map((d) => this.toDto(d, 'history')));
  }

  carries(ex: Executor, riderUserId: string): Promise<boolean> {
    return carriesDispatch(ex, riderUserId);
  }

  async accept(riderUserId: string, id: string, claim: (tx: Tx) => Promise<void>): Promise<void> {
    await this.dispatch.acceptDispatch(riderUserId, id, claim);
  }

  async pickUp(riderUserId: string, id: string): Promise<void> {
    await this.dispatch.markPicked(riderUserId, id);
  }

  release(agentId: string, id: string): Promise<string> {
    return this.dispatch.releaseRider(agentId, id);
  }

  async deliver(rider: SessionUser, id: string, code: string): Promise<void> {
    await this.dispatch.confirmDelivery(rider.id, id, code);
  }

  async atDropOff(riderUserId: string, id: string): Promise<{ address: string; customerId: string }> {
    const d = await findDispatch(this.ctx.db, id);
    if (!d || d.riderId !== riderUserId) throw notFound('Job not found.');
    if (d.status !== 'Order Picked') throw conflict('Pick up the parcel first.', 'invalid_status');
    return { address: String(d.dropoff.address ?? ''), customerId: d.userId };
  }

  async riderToRate(customerId: string, id: string): Promise<string> {
    const d = await findDispatch(this.ctx.db, id);
    if (!d || d.userId !== customerId) throw notFound('Dispatch not found.');
    if (!d.riderId || d.status !== 'Order Delivered')
      throw conflict('You can rate the rider once the dispatch is delivered.', 'not_delivered');
    return d.riderId;
  }

  async delivered(ex: Executor, riderUserId: string): Promise<CompletedDelivery[]> {
    return (await deliveredDispatches(ex, riderUserId)).map((j) => ({ kind: this.kind, ...j }));
  }

  async underWay(riderUserId: string): Promise<UnderWay[]> {
    const rows = await listRiderDispatchesUnderWay(this.ctx.db, riderUserId);
    return Promise.all(rows.map(async (d) => ({ id: d.id, followers: await this.followersOf(d) })));
  }

  async followers(id: string): Promise<Followers | null> {
    const d = await findDispatch(this.ctx.db, id);
    return d ? this.followersOf(d) : null;
  }

  /** The sender follows a dispatch, and its recipient when the drop-off's email has an account. */
  private async followersOf(d: DispatchRow): Promise<Followers> {
    const email = typeof d.dropoff.email === 'string' ? d.dropoff.email : '';
    const recipient = email ? await accountIdOfEmail(this.ctx.db, email) : undefined;
    return {
      riderId: d.riderId,
      userIds: [...new Set([d.userId, ...(recipient ? [recipient] : [])])],
      underWay: IN_PROGRESS.has(d.status),
      pickedUp: d.status === 'Order Picked',
      finished: FINISHED.has(d.status),
    };
  }

  async journey(id: string): Promise<JourneyFacts | null> {
    const d = await findDispatch(this.ctx.db, id);
    if (!d) return null;
    const pickup = snapshotStop(d.pickup);
    const door = snapshotStop(d.dropoff);
    return {
      pickups: [{ label: pickup.label, latitude: pickup.latitude, longitude: pickup.longitude }],
      door: { latitude: door.latitude, longitude: door.longitude },
      preparationMinutes: 0,
      preparingSince: d.paidAt,
    };
  }
}
