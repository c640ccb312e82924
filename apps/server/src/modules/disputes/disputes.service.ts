import {
  DISPUTE_MSG,
  DisputeOpenFields,
  koboToNaira,
  type DisputeDto,
  type DisputeSettleInput,
  type ThreadDisputesDto,
} from '@jara/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../infra/db/client.js';
import type { SessionUser } from '../../infra/sessions.js';
import { checkpoint } from '../../infra/faults/checkpoints.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { recordStatusChanges } from '../order-events/index.js';
import { orderWithItems } from '../orders/index.js';
import { leftToRefund, orderPaymentsOf, type PaymentService } from '../payments/index.js';
import { PLATFORM, riderAccount, vendorAccount } from '../ledger/index.js';
import * as repo from './disputes.repo.js';

/** The settle body as the route parsed it (the amount in kobo). */
export type DisputeSettlement = z.output<typeof DisputeSettleInput>;
type DisputeFields = z.output<typeof DisputeOpenFields>;

/** The report's form, checked before anything of the order is read. */
export function parseDisputeFields(raw: Record<string, string>): DisputeFields {
  const parsed = DisputeOpenFields.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid dispute.', 'validation_failed');
  return parsed.data;
}

const DELIVERED = 'Order Delivered';
const CANCELLED = 'Order Cancelled';

/** The audit trail's statuses (status_events on the order): never an item's status. */
const DISPUTE_OPENED = 'Dispute Opened';
const DISPUTE_REFUNDED = 'Dispute Refunded';
const DISPUTE_REJECTED = 'Dispute Rejected';

type Found = NonNullable<Awaited<ReturnType<typeof orderWithItems>>>;

/** When the order's delivery ended (every item delivered or cancelled, one delivered), or null. */
function deliveredAt({ items }: Found): Date | null {
  const statuses = items.map((i) => i.status);
  if (!statuses.includes(DELIVERED) || !statuses.every((s) => s === DELIVERED || s === CANCELLED)) return null;
  return new Date(Math.max(...items.map((i) => i.updatedAt.getTime())));
}

/**
 * Disputes (issue 30, decision 0044): the customer of a delivered order reports a problem within
 * DISPUTE_WINDOW_MINUTES; while it is open the order's shares stay unreleased; support or an admin
 * settles it with a refund (any amount up to what remains paid, through the payment provider, borne
 * by the vendor, the rider or the platform) or a rejection. Every step is a status event.
 */
export class DisputeService {
  constructor(
    private readonly ctx: AppContext,
    private readonly payments: PaymentService,
  ) {}

  private windowMs(): number {
    return this.ctx.config.disputeWindowMinutes * 60_000;
  }

  /** The order's disputes as its thread shows them, and until when its customer may open one. */
  async forOrder(orderId: string, viewerId: string): Promise<ThreadDisputesDto> {
    const found = await orderWithItems(this.ctx.db, orderId);
    if (!found) throw notFound();
    const [rows, paid] = await Promise.all([
      repo.disputesOfOrder(this.ctx.db, orderId),
      orderPaymentsOf(this.ctx.db, orderId),
    ]);
    const at = deliveredAt(found);
    const until = at ? new Date(at.getTime() + this.windowMs()) : null;
    const open =
      found.order.userId === viewerId && until && until > new Date() && !rows.some((r) => r.state === 'open');
    return {
      disputes: rows.map((r) => toDto(r, found)),
      openUntil: open ? until.toISOString() : null,
      remaining: koboToNaira(leftToRefund(paid)),
    };
  }

  /**
   * The customer opens a dispute: checked against the order under its lock (delivered, inside the
   * window, none open, the amount within what remains paid), recorded with its audit event.
   */
  async open(
    user: SessionUser,
    orderId: string,
    fields: DisputeFields,
  ): Promise<{ row: repo.DisputeRow; found: Found }> {
    const opened = await this.ctx.db.transaction(async (tx) => {
      const found = await orderWithItems(tx, orderId, true);
      if (!found) throw notFound();
      if (found.order.userId !== user.id) throw forbidden(DISPUTE_MSG.onlyCustomer);
      const at = deliveredAt(found);
      if (!at) throw conflict(DISPUTE_MSG.notDelivered, 'not_delivered');
      if (at.getTime() + this.windowMs() <= Date.now()) throw conflict(DISPUTE_MSG.windowOver, 'window_over');
      if (fields.itemId && !found.items.some((i) => i.id === fields.itemId))
        throw badRequest(DISPUTE_MSG.noItem, 'no_item');
      const left = await this.remaining(tx, orderId);
      if (fields.amount > left) throw badRequest(DISPUTE_MSG.tooMuch, 'too_much');
      const row = await repo.insertDispute(tx, {
        orderId,
        itemId: fields.itemId ?? null,
        customerId: user.id,
        reason: fields.reason,
        amountKobo: fields.amount,
        note: fields.note,
      });
      if (!row) throw conflict(DISPUTE_MSG.alreadyOpen, 'dispute_open');
      await recordStatusChanges(tx, [
        {
          subjectType: 'order',
          subjectId: orderId,
          status: DISPUTE_OPENED,
          actorId: user.id,
          note: `${fields.reason} ${koboToNaira(fields.amount)}`,
        },
      ]);
      return { row, found };
    });
    checkpoint('dispute-opened');
    return opened;
  }

  /** The dispute's photo, once posted in its thread (its URL there, served to the thread's people). */
  async attachPhoto(id: string, photo: string): Promise<void> {
    await repo.setPhoto(this.ctx.db, id, photo);
  }

  /**
   * Support or an admin settles an open dispute: a refund (the provider's refund of that amount,
   * borne by the vendor of the item or the order's only shop, the rider, or the platform) or a
   * rejection with its reason. Only staff; a vendor or rider never settles.
   */
  async settle(
    agent: SessionUser,
    id: string,
    settle: DisputeSettlement,
  ): Promise<{ row: repo.DisputeRow; found: Found }> {
    return this.ctx.db.transaction(async (tx) => {
      const current = await repo.findDispute(tx, id);
      if (!current) throw notFound();
      const found = await orderWithItems(tx, current.orderId, true);
      if (!found) throw notFound();
      const row = await repo.lockOpenDispute(tx, id);
      if (!row) throw conflict(DISPUTE_MSG.settled, 'dispute_settled');
      const now = new Date();
      if (settle.outcome === 'reject') {
        const done = await repo.settleDispute(tx, id, {
          state: 'rejected',
          refundKobo: null,
          bearer: null,
          bearerVendorId: null,
          resolution: settle.reason,
          settledBy: agent.id,
          settledAt: now,
        });
        await this.audit(tx, done, DISPUTE_REJECTED, agent.id, settle.reason);
        return { row: done, found };
      }
      // Its checkout's payment, or (a group order) its members' shares (decision 0049).
      const paid = await orderPaymentsOf(tx, row.orderId);
      if (!paid.length || settle.amount > leftToRefund(paid)) throw badRequest(DISPUTE_MSG.tooMuch, 'too_much');
      const bearerVendorId = settle.bearer === 'vendor' ? vendorOf(found, row) : null;
      const riderId = found.order.riderId;
      if (settle.bearer === 'rider' && !riderId) throw badRequest(DISPUTE_MSG.noRider, 'no_rider');
      const account =
        settle.bearer === 'vendor'
          ? vendorAccount(bearerVendorId!)
          : settle.bearer === 'rider'
            ? riderAccount(riderId!)
            : PLATFORM;
      const item = row.itemId ? found.items.find((i) => i.id === row.itemId) : undefined;
      await this.payments.refundOrder(
        tx,
        row.orderId,
        settle.amount,
        `Dispute ${row.id.slice(0, 8)} on order ${row.orderId}`,
        {
          bearer: account,
          // A disputed item's refund goes first to whoever paid for it.
          byPayer: item ? new Map([[item.payerId ?? found.order.userId, settle.amount]]) : undefined,
        },
      );
      const done = await repo.settleDispute(tx, id, {
        state: 'refunded',
        refundKobo: settle.amount,
        bearer: settle.bearer,
        bearerVendorId,
        resolution: null,
        settledBy: agent.id,
        settledAt: now,
      });
      await this.audit(tx, done, DISPUTE_REFUNDED, agent.id, `${koboToNaira(settle.amount)} ${settle.bearer}`);
      return { row: done, found };
    });
  }

  private async remaining(ex: Executor, orderId: string): Promise<number> {
    return leftToRefund(await orderPaymentsOf(ex, orderId));
  }

  private audit(tx: Tx, row: repo.DisputeRow, status: string, actorId: string, note: string) {
    return recordStatusChanges(tx, [{ subjectType: 'order', subjectId: row.orderId, status, actorId, note }]);
  }
}

/** The shop whose share bears a vendor-borne refund: the disputed item's, or the order's only one. */
function vendorOf(found: Found, row: repo.DisputeRow): string {
  const item = row.itemId ? found.items.find((i) => i.id === row.itemId) : undefined;
  if (item) return item.vendorId;
  const shops = [...new Set(found.items.map((i) => i.vendorId))];
  if (shops.length !== 1) throw badRequest(DISPUTE_MSG.vendorOfItem, 'vendor_of_item');
  return shops[0]!;
}

export function toDto(r: repo.DisputeRow, found: Found): DisputeDto {
  return {
    _id: r.id,
    orderId: r.orderId,
    itemId: r.itemId,
    itemName: r.itemId ? (found.items.find((i) => i.id === r.itemId)?.productName ?? null) : null,
    reason: r.reason,
    amount: koboToNaira(r.amountKobo),
    note: r.note,
    photo: r.photo,
    state: r.state,
    refund: r.refundKobo === null ? null : koboToNaira(r.refundKobo),
    bearer: r.bearer,
    resolution: r.resolution,
    openedAt: r.createdAt.toISOString(),
    settledAt: r.settledAt?.toISOString() ?? null,
  };
}

/** Of these orders, those whose shares a dispute holds back. */
export function ordersWithOpenDisputes(ex: Executor, orderIds: string[]): Promise<Set<string>> {
  return repo.ordersWithOpenDisputes(ex, orderIds);
}

/** Refunds borne per order by a shop or by the rider of those orders (kobo). */
export function borneByOrder(ex: Executor, orderIds: string[], bearer: { vendorId: string } | 'rider') {
  return repo.borneByOrder(ex, orderIds, bearer);
}
