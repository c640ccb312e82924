import { RIDER_RELEASED, type DispatchDto } from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../infra/db/client.js';
import { deliveryLocked, refusedCode, tryDeliveryCode } from '../../lib/delivery-code.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import {
  assignRider,
  findDispatch,
  listOpenDispatches,
  listRiderDispatches,
  lockRiderDispatch,
  markDelivered,
  markPickedUp,
  recordWrongCode,
  unassignRider,
  type DispatchRow,
} from './dispatch.repo.js';
import { recordStatusEvents } from '../order-events/index.js';
import { releaseSubject, riderAccount } from '../ledger/index.js';
import { isApprovedRider, riderFeeKobo } from '../rider/index.js';
import { insertStatusEvent } from './dispatch-records.js';
import { queuePush, queueSupportAlert } from './dispatch-notices.js';
import { toDispatchDto } from './dispatch-views.js';

/**
 * The rider's side of a dispatch: the first rider to accept carries it, picks it up and closes it
 * with the recipient's 4-digit code (the rider portal's routes reach it through the rider module).
 */
export class DispatchRiderService {
  constructor(private readonly ctx: AppContext) {}

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
      await queuePush(this.ctx, tx, assigned);
      return assigned;
    });
    if (row) return toDispatchDto(row, 'rider');
    const existing = await findDispatch(this.ctx.db, id);
    if (!existing || existing.paymentState !== 'paid') throw notFound('Dispatch not found.');
    throw conflict('This job is no longer available.', 'job_taken');
  }

  /**
   * Support takes the parcel back from a rider who accepted it but has not picked it up (Order
   * Assigned → Order Placed, no rider): it is on every rider's board again. Answers the rider released.
   */
  async releaseRider(agentId: string, id: string): Promise<string> {
    const before = await findDispatch(this.ctx.db, id);
    if (!before || before.paymentState !== 'paid') throw notFound('Dispatch not found.');
    const row = await this.ctx.db.transaction(async (tx) => {
      const released = await unassignRider(tx, id);
      if (!released) return null;
      await recordStatusEvents(tx, 'dispatch', [id], RIDER_RELEASED, agentId);
      await queuePush(this.ctx, tx, released);
      return released;
    });
    if (!row || !before.riderId)
      throw conflict('Only a rider who has not picked the parcel up can be replaced.', 'invalid_status');
    return before.riderId;
  }

  /** The assigned rider has the parcel: Order Assigned → Order Picked. */
  async markPicked(riderUserId: string, id: string): Promise<DispatchDto> {
    const row = await this.ctx.db.transaction(async (tx) => {
      const picked = await markPickedUp(tx, id, riderUserId);
      if (!picked) return null;
      await insertStatusEvent(tx, { dispatchId: id, status: 'Order Picked', actorId: riderUserId });
      await queuePush(this.ctx, tx, picked);
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
            // The parcel's money: the rider's part of the fee, the rest the platform's (decision 0045).
            await releaseSubject(tx, { purpose: 'dispatch', id }, [
              {
                account: riderAccount(riderUserId),
                amountKobo: riderFeeKobo(held.deliveryFeeKobo, this.ctx.config.riderSharePercent),
              },
            ]);
            await queuePush(this.ctx, tx, delivered.row);
          },
          countWrong: async (max) => {
            const row = await recordWrongCode(tx, id, max);
            return { attempts: row.codeAttempts, locked: row.lockedAt !== null };
          },
          alertSupport: () => queueSupportAlert(this.ctx, tx, held),
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
}
