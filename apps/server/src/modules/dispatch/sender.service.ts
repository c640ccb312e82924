import {
  CANCEL_WINDOW_MS,
  MSG,
  deliveryFeeBetween,
  dispatchTotals,
  doorLine,
  formatNaira,
  isInServiceArea,
  type DispatchDto,
  type DispatchRequest,
  type DoorDetails,
  type LatLon,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../infra/db/client.js';
import { deliveryCode } from '../../lib/crypto.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { findOwnAddress } from '../addresses/index.js';
import { accountLanguage, languageOfEmail } from '../auth/index.js';
import type { PaymentRow, PaymentService } from '../payments/index.js';
import {
  cancelIfAllowed,
  findDispatch,
  insertDispatch,
  listPaidForUser,
  markPaid,
  markUnpaid,
  type PlaceSnapshot,
} from './dispatch.repo.js';
import { findPaidPayment, insertStatusEvent } from './dispatch-records.js';
import { DISPATCH_PUSH_JOB, queuePush } from './dispatch-notices.js';
import { person, senderViews } from './dispatch-views.js';
import { t } from './dispatch.messages.js';

/**
 * The sender's side of a parcel delivery: priced on the server, paid through the shared payment
 * mechanism (this is the `dispatch` purpose's handler), listed, and cancelled while allowed.
 */
export class DispatchSenderService {
  constructor(
    private readonly ctx: AppContext,
    private readonly payments: PaymentService,
  ) {}

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
    return this.payments.start(async (tx) => {
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
    // Written in the recipient's language when they have an account, else in the sender's.
    const lang = (await languageOfEmail(tx, dropoff.email)) ?? (await accountLanguage(tx, row.userId));
    const doorText = [
      doorLine(door),
      door.landmark && t(lang, 'dispatch.email.code.landmark', { landmark: door.landmark }),
    ]
      .filter(Boolean)
      .join('. ');
    await this.ctx.mailer.send(tx, {
      to: dropoff.email,
      subject: t(lang, 'dispatch.email.code.subject'),
      text: [
        t(lang, 'dispatch.email.code.hello', { name: dropoff.firstName }),
        '',
        t(lang, 'dispatch.email.code.parcel', {
          sender: `${sender.firstName} ${sender.lastName}`,
          address: dropoff.address,
        }),
        ...(doorText ? [t(lang, 'dispatch.email.code.door', { door: doorText })] : []),
        t(lang, 'dispatch.email.code.code', { code: row.deliveryCode ?? '' }),
        t(lang, 'dispatch.email.code.handover'),
      ].join('\n'),
    });
    await queuePush(this.ctx, tx, row);
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
    return senderViews(this.ctx.db, await listPaidForUser(this.ctx.db, userId));
  }

  /** One dispatch for its sender; anyone else gets 404 (existence is not revealed). */
  async getForSender(userId: string, id: string): Promise<DispatchDto> {
    const row = await findDispatch(this.ctx.db, id);
    if (!row || row.userId !== userId || row.paymentState !== 'paid') throw notFound('Dispatch not found.');
    return (await senderViews(this.ctx.db, [row]))[0]!;
  }

  /** Cancel before a rider is assigned and within the window: refunded in full, Order Cancelled. */
  async cancel(userId: string, id: string): Promise<DispatchDto> {
    const payments = this.payments;
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
      await queuePush(this.ctx, tx, row);
      return { row, existing: row };
    });
    if (result.row) return (await senderViews(this.ctx.db, [result.row]))[0]!;
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
}
