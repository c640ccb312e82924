import {
  CANCEL_WINDOW_MS,
  MAX_CODE_ATTEMPTS,
  MSG,
  deliveryFeeBetween,
  dispatchCancelWindow,
  doorOf,
  formatNaira,
  dispatchTotals,
  doorLine,
  isInServiceArea,
  koboToNaira,
  type DispatchDto,
  type DoorDetails,
  type TrackingDto,
  type DispatchRequest,
  type ItemStatus,
  type LatLon,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../infra/db/client.js';
import type { PaymentRow } from '../payments/index.js';
import { findOwnAddress } from '../addresses/index.js';
import { deliveryCode } from '../../lib/crypto.js';
import { deliveryLocked, refusedCode, tryDeliveryCode } from '../../lib/delivery-code.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import {
  assignRider,
  cancelIfAllowed,
  findDispatch,
  findPaidPayment,
  insertDispatch,
  insertStatusEvent,
  isApprovedRider,
  listOpenDispatches,
  listPaidForUser,
  listRiderDispatches,
  lockRiderDispatch,
  markDelivered,
  markPaid,
  markPickedUp,
  markUnpaid,
  recordWrongCode,
  type DispatchRow,
  type PlaceSnapshot,
} from './dispatch.repo.js';
import { loadDispatchTracking } from '../tracking/index.js';
import { z } from 'zod';
import { jobKind } from '../../infra/jobs/jobs.js';

/** What this module uses of the shared payment mechanism (ctx.payments). */

export const DISPATCH_PUSH_JOB = jobKind('dispatch.push', z.object({ dispatchId: z.string() }));
export const DISPATCH_ALERT_JOB = jobKind('dispatch.support-alert', z.object({ dispatchId: z.string() }));

/** Who is looking at a dispatch decides what they see: only the sender gets the code. */
export type Viewer = 'sender' | 'rider';

function person(json: Record<string, unknown>) {
  const s = (k: string) => (typeof json[k] === 'string' ? (json[k] as string) : '');
  return {
    firstName: s('firstName'),
    lastName: s('lastName'),
    phone: s('phone'),
    address: s('address'),
    email: s('email'),
    door: doorOf(json),
  };
}

function cancelWindow(row: DispatchRow, now: number) {
  return dispatchCancelWindow(row.status as ItemStatus, row.riderId !== null, row.paidAt?.getTime() ?? null, now);
}

export function canCancel(row: DispatchRow, now = Date.now()): boolean {
  return row.paymentState === 'paid' && cancelWindow(row, now).stop === null;
}

export function toDispatchDto(row: DispatchRow, viewer: Viewer, now = Date.now()): DispatchDto {
  const until = viewer === 'sender' && row.paymentState === 'paid' ? cancelWindow(row, now).until : null;
  return {
    _id: row.id,
    status: row.status as ItemStatus,
    deliveryFee: koboToNaira(row.deliveryFeeKobo),
    serviceFee: koboToNaira(row.serviceFeeKobo),
    amount: koboToNaira(row.amountKobo),
    createdAt: row.createdAt.toISOString(),
    isExpress: row.isExpress,
    dropoff: person(row.dropoff),
    pickup: person(row.pickup),
    deliveryNote: row.deliveryNote,
    deliveryCode: viewer === 'sender' && row.status !== 'Order Cancelled' ? row.deliveryCode : null,
    canCancel: until !== null,
    cancelUntil: until === null ? null : new Date(until).toISOString(),
  };
}

/**
 * Parcel deliveries: priced on the server, paid through the shared payment mechanism, then
 * carried by the first rider to accept and closed with the recipient's 4-digit code.
 */
export class DispatchService {
  constructor(private readonly ctx: AppContext) {}

  private get area() {
    return this.ctx.config.campus.serviceArea;
  }

  /** Delivery fee in kobo between two points inside the service area (before express). */
  quoteFee(from: LatLon, to: LatLon): number {
    if (!isInServiceArea(from, this.area) || !isInServiceArea(to, this.area)) {
      throw badRequest('This address is outside our delivery area.', 'outside_service_area');
    }
    return deliveryFeeBetween(from, to, this.ctx.config.feeTiers);
  }

  /**
   * Creates the dispatch awaiting payment, priced here, with its payment attempt in one short
   * transaction; the provider is asked where to pay with no transaction open (PaymentService.start).
   */
  async request(
    userId: string,
    input: DispatchRequest,
  ): Promise<{ url: string; reference: string; dispatchId: string }> {
    return this.ctx.payments.start(async (tx) => {
      const address = await findOwnAddress(tx, userId, input.pickupAddress);
      if (!address) throw badRequest(MSG.selectPickup, 'invalid_pickup');
      const { dropoff } = input;
      if (dropoff.latitude == null || dropoff.longitude == null)
        throw badRequest(MSG.selectValidAddress, 'validation_failed');
      const from = { latitude: address.latitude, longitude: address.longitude };
      const to = { latitude: dropoff.latitude, longitude: dropoff.longitude };
      const baseFee = this.quoteFee(from, to);
      const totals = dispatchTotals(baseFee, input.isExpress);
      const pickup: PlaceSnapshot = {
        firstName: address.firstName,
        lastName: address.lastName,
        email: address.email,
        phone: address.phone,
        address: address.address,
        city: address.city,
        state: address.state,
        ...from,
        placeName: address.placeName,
        block: address.block,
        floor: address.floor,
        room: address.room,
        landmark: address.landmark,
      };
      const row = await insertDispatch(tx, {
        userId,
        pickupAddressId: address.id,
        pickup,
        dropoff: {
          firstName: dropoff.firstName,
          lastName: dropoff.lastName,
          email: dropoff.email,
          phone: dropoff.phone,
          address: dropoff.address,
          ...to,
          block: dropoff.block,
          floor: dropoff.floor,
          room: dropoff.room,
          landmark: dropoff.landmark,
        },
        deliveryNote: input.deliveryNote,
        isExpress: input.isExpress,
        deliveryFeeKobo: totals.deliveryFeeKobo,
        serviceFeeKobo: totals.serviceFeeKobo,
        amountKobo: totals.totalKobo,
      });
      return {
        attempt: {
          purpose: 'dispatch',
          subjectId: row.id,
          userId,
          email: input.email,
          amountKobo: totals.totalKobo,
          callbackPath: '/loader?next=dispatch',
        },
        result: { dispatchId: row.id },
      };
    });
  }

  /** Payment confirmed (inside the payment's awaiting → paid transaction; runs once). */
  async onPaid(tx: Tx, payment: PaymentRow): Promise<void> {
    const row = await markPaid(tx, payment.subjectId, deliveryCode());
    if (!row) return;
    if (row.amountKobo !== payment.amountKobo) {
      this.ctx.log.error(
        { dispatchId: row.id, paymentId: payment.id },
        'dispatch amount differs from the payment amount',
      );
    }
    await insertStatusEvent(tx, {
      dispatchId: row.id,
      status: 'Order Placed',
      actorId: payment.userId,
      note: 'Payment confirmed',
    });
    const dropoff = person(row.dropoff);
    const sender = person(row.pickup);
    // The recipient checks the rider is headed for the right door, and can correct it by phone.
    const door = row.dropoff as Partial<DoorDetails>;
    const doorText = [doorLine(door), door.landmark && `Landmark: ${door.landmark}`].filter(Boolean).join('. ');
    await this.ctx.mailer.send(tx, {
      to: dropoff.email,
      subject: 'Your Jara delivery code',
      text: [
        `Hello ${dropoff.firstName},`,
        '',
        `${sender.firstName} ${sender.lastName} is sending you a parcel with Jara, to ${dropoff.address}.`,
        ...(doorText ? [`At: ${doorText}.`] : []),
        `Your delivery code is ${row.deliveryCode}.`,
        'Give this code to the rider only when you have the parcel in your hands.',
      ].join('\n'),
    });
    await this.push(tx, row);
  }

  /** Payment declined or abandoned: the dispatch never shows. */
  async onFailed(tx: Tx, payment: PaymentRow): Promise<void> {
    await markUnpaid(tx, payment.subjectId, payment.state === 'abandoned' ? 'abandoned' : 'failed');
  }

  /** The provider processed a refund: recorded on the timeline, the sender told. */
  async onRefunded(tx: Tx, payment: PaymentRow, amountKobo: number): Promise<void> {
    const row = await findDispatch(tx, payment.subjectId);
    if (!row) return;
    await insertStatusEvent(tx, {
      dispatchId: row.id,
      status: 'refunded',
      actorId: null,
      note: `${formatNaira(amountKobo)} refunded (${payment.reference})`,
    });
    await this.ctx.jobs.enqueue(tx, DISPATCH_PUSH_JOB, { dispatchId: row.id });
  }

  /** The sender's paid dispatches, newest first. */
  async listForSender(userId: string): Promise<DispatchDto[]> {
    return this.senderDtos(await listPaidForUser(this.ctx.db, userId));
  }

  /** The sender's view: the DTO plus its timeline, rider (phone while the delivery is active) and refund. */
  private async senderDtos(rows: DispatchRow[]): Promise<DispatchDto[]> {
    const now = Date.now();
    const byOwner = new Map<string, DispatchRow[]>();
    for (const r of rows) (byOwner.get(r.userId) ?? byOwner.set(r.userId, []).get(r.userId)!).push(r);
    const tracking = new Map<string, TrackingDto>();
    for (const [owner, own] of byOwner)
      for (const [id, t] of await loadDispatchTracking(this.ctx.db, own, owner)) tracking.set(id, t);
    return rows.map((r) => ({ ...toDispatchDto(r, 'sender', now), ...tracking.get(r.id) }));
  }

  /** One dispatch for its sender; anyone else gets 404 (existence is not revealed). */
  async getForSender(userId: string, id: string): Promise<DispatchDto> {
    const row = await findDispatch(this.ctx.db, id);
    if (!row || row.userId !== userId || row.paymentState !== 'paid') throw notFound('Dispatch not found.');
    return (await this.senderDtos([row]))[0]!;
  }

  /** Cancel before a rider is assigned and within the window: refunded in full, Order Cancelled. */
  async cancel(userId: string, id: string): Promise<DispatchDto> {
    const payments = this.ctx.payments;
    const result = await this.ctx.db.transaction(async (tx) => {
      const row = await cancelIfAllowed(tx, id, userId, new Date(Date.now() - CANCEL_WINDOW_MS));
      if (!row) return { row: null, existing: await findDispatch(tx, id) };
      await insertStatusEvent(tx, {
        dispatchId: id,
        status: 'Order Cancelled',
        actorId: userId,
        note: 'Cancelled by the sender',
      });
      const payment = await findPaidPayment(tx, id);
      if (!payment) throw new AppError(500, 'payment_missing', MSG.somethingWrong);
      await payments.refund(tx, payment.id, row.amountKobo, 'Dispatch cancelled by the sender');
      await this.push(tx, row);
      return { row, existing: row };
    });
    if (result.row) return (await this.senderDtos([result.row]))[0]!;
    const e = result.existing;
    if (!e || e.userId !== userId || e.paymentState !== 'paid') throw notFound('Dispatch not found.');
    if (e.status === 'Order Cancelled') throw conflict('This dispatch is already cancelled.', 'already_cancelled');
    if (e.riderId !== null || e.status !== 'Order Placed') {
      throw conflict(
        'A rider has already been assigned, so this dispatch can no longer be cancelled.',
        'cancel_not_allowed',
      );
    }
    throw conflict('The 5-minute cancellation window has passed.', 'cancel_window_passed');
  }

  // ---- Rider side (routes come with the rider portal) ----

  private async requireRider(riderUserId: string): Promise<void> {
    if (!(await isApprovedRider(this.ctx.db, riderUserId))) throw forbidden('Only approved riders can do that.');
  }

  /** Paid dispatches nobody holds yet, without codes. */
  async listOpenDispatches(riderUserId: string): Promise<DispatchDto[]> {
    await this.requireRider(riderUserId);
    return (await listOpenDispatches(this.ctx.db)).map((r) => toDispatchDto(r, 'rider'));
  }

  /** The rider's own dispatches (any status), without codes. */
  async listRiderDispatches(riderUserId: string): Promise<DispatchDto[]> {
    await this.requireRider(riderUserId);
    return (await listRiderDispatches(this.ctx.db, riderUserId)).map((r) => toDispatchDto(r, 'rider'));
  }

  /** The assigned rider sees everything except the code; anyone else gets 404. */
  async getForRider(riderUserId: string, id: string): Promise<DispatchDto> {
    const row = await findDispatch(this.ctx.db, id);
    if (!row || row.riderId !== riderUserId) throw notFound('Dispatch not found.');
    return toDispatchDto(row, 'rider');
  }

  /** First rider to accept wins (one conditional UPDATE); everyone else gets 409. */
  /** `claim` runs first inside the transaction (the rider module's one-delivery-at-a-time rule). */
  async acceptDispatch(riderUserId: string, id: string, claim?: (tx: Tx) => Promise<void>): Promise<DispatchDto> {
    await this.requireRider(riderUserId);
    const row = await this.ctx.db.transaction(async (tx) => {
      await claim?.(tx);
      const assigned = await assignRider(tx, id, riderUserId);
      if (!assigned) return null;
      await insertStatusEvent(tx, { dispatchId: id, status: 'Order Assigned', actorId: riderUserId });
      await this.push(tx, assigned);
      return assigned;
    });
    if (row) return toDispatchDto(row, 'rider');
    const existing = await findDispatch(this.ctx.db, id);
    if (!existing || existing.paymentState !== 'paid') throw notFound('Dispatch not found.');
    throw conflict('This job is no longer available.', 'job_taken');
  }

  /** The assigned rider has the parcel: Order Assigned → Order Picked. */
  async markPicked(riderUserId: string, id: string): Promise<DispatchDto> {
    const row = await this.ctx.db.transaction(async (tx) => {
      const picked = await markPickedUp(tx, id, riderUserId);
      if (!picked) return null;
      await insertStatusEvent(tx, { dispatchId: id, status: 'Order Picked', actorId: riderUserId });
      await this.push(tx, picked);
      return picked;
    });
    if (row) return toDispatchDto(row, 'rider');
    const existing = await findDispatch(this.ctx.db, id);
    if (!existing || existing.riderId !== riderUserId) throw notFound('Dispatch not found.');
    if (existing.lockedAt) throw deliveryLocked();
    throw conflict(`This dispatch is ${existing.status}; it cannot be marked as picked up.`, 'invalid_status');
  }

  /**
   * Delivered with the recipient's code. Wrong codes are counted (committed even though the
   * call fails); the MAX_CODE_ATTEMPTS-th wrong one locks the dispatch and alerts support.
   */
  async confirmDelivery(riderUserId: string, id: string, code: string): Promise<DispatchDto> {
    if (!/^\d{4}$/.test(code)) throw badRequest('The delivery code is 4 digits.', 'validation_failed');
    const outcome = await this.ctx.db.transaction(async (tx) => {
      const held = await lockRiderDispatch(tx, id, riderUserId);
      if (!held) return null;
      const delivered: { row?: DispatchRow } = {};
      const tried = await tryDeliveryCode(
        { code: held.deliveryCode, lockedAt: held.lockedAt, ready: held.status === 'Order Picked' },
        code,
        {
          deliver: async () => {
            delivered.row = (await markDelivered(tx, id))!;
            await insertStatusEvent(tx, { dispatchId: id, status: 'Order Delivered', actorId: riderUserId });
            await this.push(tx, delivered.row);
          },
          countWrong: async (max) => {
            const row = await recordWrongCode(tx, id, max);
            return { attempts: row.codeAttempts, locked: row.lockedAt !== null };
          },
          alertSupport: () => this.alertSupport(tx, held),
        },
      );
      return { tried, status: held.status, delivered: delivered.row };
    });
    if (!outcome) throw notFound('Dispatch not found.');
    const { tried, status, delivered } = outcome;
    switch (tried.kind) {
      case 'delivered':
        return toDispatchDto(delivered!, 'rider');
      case 'not_ready':
        throw conflict(`This dispatch is ${status}; it cannot be delivered now.`, 'invalid_status');
      default:
        throw refusedCode(tried);
    }
  }

  private async alertSupport(tx: Tx, row: DispatchRow): Promise<void> {
    await this.ctx.mailer.send(tx, {
      to: this.ctx.config.mail.support,
      subject: `Dispatch ${row.id} locked after ${MAX_CODE_ATTEMPTS} wrong delivery codes`,
      text: [
        `Dispatch ${row.id} was locked after ${MAX_CODE_ATTEMPTS} wrong delivery codes.`,
        `Rider: ${row.riderId}`,
        `Sender: ${row.userId}`,
        `Drop-off: ${person(row.dropoff).address}`,
        'Please contact the rider and the recipient.',
      ].join('\n'),
    });
    await this.ctx.jobs.enqueue(
      tx,
      DISPATCH_ALERT_JOB,
      { dispatchId: row.id },
      { dedupeKey: `${DISPATCH_ALERT_JOB.kind}:${row.id}` },
    );
  }

  /** Live update to the sender (and the rider), sent by a job after the change commits. */
  private async push(tx: Tx, row: DispatchRow): Promise<void> {
    await this.ctx.jobs.enqueue(
      tx,
      DISPATCH_PUSH_JOB,
      { dispatchId: row.id },
      { dedupeKey: `${DISPATCH_PUSH_JOB.kind}:${row.id}:${row.status}` },
    );
  }

  /**
   * Job handler: emits the dispatch as it is now (never a stale copy). A paid dispatch nobody
   * holds yet is also new on every rider's board (as an order is once its vendors confirm).
   */
  async runPush(dispatchId: string): Promise<void> {
    const row = await findDispatch(this.ctx.db, dispatchId);
    if (!row) return;
    this.ctx.realtime.emitToUser(row.userId, 'dispatch.updated', (await this.senderDtos([row]))[0]!);
    if (row.riderId) this.ctx.realtime.emitToUser(row.riderId, 'dispatch.updated', toDispatchDto(row, 'rider'));
    if (row.paymentState === 'paid' && row.status === 'Order Placed' && !row.riderId) {
      this.ctx.realtime.emitToRole('rider', 'job.available', { kind: 'dispatch', _id: row.id });
    }
  }

  async runSupportAlert(dispatchId: string): Promise<void> {
    const row = await findDispatch(this.ctx.db, dispatchId);
    if (!row) return;
    this.ctx.realtime.emitToRole('support', 'support.alert', {
      kind: 'dispatch_code_locked',
      dispatchId: row.id,
      riderId: row.riderId,
      userId: row.userId,
      message: `Dispatch ${row.id} was locked after ${MAX_CODE_ATTEMPTS} wrong delivery codes.`,
      createdAt: new Date().toISOString(),
    });
  }
}
