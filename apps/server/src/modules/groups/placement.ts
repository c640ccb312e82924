/**
 * A group becomes an order (decision 0049): when its host places it with every share paid, or at
 * its cut-off with the shares paid by then (the unpaid ones drop out, their items with them). The
 * cut-off is judged on the context's clock, by a sweep every minute and whenever a member looks
 * at the group; the group row's lock orders a placement and a share's payment settling at the
 * same moment, so a payment either makes it into the order or finds it gone (and is refunded).
 */
import type { AppContext } from '../../context.js';
import type { Tx } from '../../infra/db/client.js';
import { checkpoint } from '../../infra/faults/checkpoints.js';
import { jobKind, noPayload } from '../../infra/jobs/jobs.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { placeGroupOrder } from '../orders/index.js';
import { tellMembers } from './group-notices.js';
import * as repo from './groups.repo.js';
import { GROUP_MSG } from './messages.js';

const CUT_OFF_JOB = jobKind('groups.cut-off', noPayload);
const SWEEP_EVERY_MS = 60_000;
/** Groups settled per sweep; the rest wait for the next minute. */
const SWEEP_LIMIT = 50;

export class Placement {
  constructor(private readonly ctx: AppContext) {
    ctx.jobs.register(CUT_OFF_JOB, async () => {
      await this.sweep();
    });
    ctx.jobs.schedule(CUT_OFF_JOB, SWEEP_EVERY_MS);
  }

  /** Settles every group whose cut-off has come; answers how many. */
  async sweep(): Promise<number> {
    const due = await repo.dueGroups(this.ctx.db, this.ctx.clock.now(), SWEEP_LIMIT);
    let settled = 0;
    for (const id of due) {
      try {
        if (await this.settleIfDue(id)) settled++;
      } catch (err) {
        this.ctx.log.error({ err, groupId: id }, 'could not settle a group order at its cut-off');
      }
    }
    return settled;
  }

  /**
   * A group past its cut-off: placed with the shares paid (cancelled when none is), or cancelled
   * when its host never closed it. False when it was not due (or settled already).
   */
  async settleIfDue(groupId: string): Promise<boolean> {
    // Read first without a lock: most calls find the group not due, and take no lock for nothing.
    const seen = await repo.findGroup(this.ctx.db, groupId);
    if (!seen || (seen.state !== 'open' && seen.state !== 'paying') || seen.cutOffAt > this.ctx.clock.now())
      return false;
    const done = await this.ctx.db.transaction(async (tx) => {
      const g = await repo.lockGroup(tx, groupId, 'update');
      if (!g || (g.state !== 'open' && g.state !== 'paying') || g.cutOffAt > this.ctx.clock.now()) return false;
      if (g.state === 'open') await repo.setGroup(tx, g.id, { state: 'cancelled', ended: 'not_closed' });
      else await this.place(tx, g);
      return true;
    });
    if (done) await tellMembers(this.ctx, groupId);
    return done;
  }

  /** The host places the order: every share paid, or (past the cut-off) with those paid. */
  async placeNow(userId: string, groupId: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const g = await repo.lockGroup(tx, groupId, 'update');
      if (!g || !(await repo.memberOf(tx, g.id, userId))) throw notFound(GROUP_MSG.notFound);
      if (g.hostId !== userId) throw new AppError(403, 'not_group_host', GROUP_MSG.notHost);
      if (g.state === 'open') throw conflict(GROUP_MSG.notClosed, 'group_not_closed');
      if (g.state !== 'paying') throw conflict(GROUP_MSG.closed, 'group_closed');
      const members = await repo.membersOf(tx, [g.id]);
      const unpaid = members.filter((m) => m.amountKobo !== null && m.state === 'joined');
      if (unpaid.length && g.cutOffAt > this.ctx.clock.now()) throw conflict(GROUP_MSG.unpaid, 'group_unpaid');
      await this.place(tx, g);
    });
    await tellMembers(this.ctx, groupId);
  }

  /**
   * With the group locked: the paid shares' lines become one order, already paid, at the prices
   * fixed at closing; unpaid shares drop out. Nobody paid: the group is cancelled.
   */
  private async place(tx: Tx, g: repo.GroupRow): Promise<void> {
    const members = await repo.membersOf(tx, [g.id]);
    const paid = members.filter((m) => m.state === 'paid');
    if (!paid.length) {
      await repo.setGroup(tx, g.id, { state: 'cancelled', ended: 'nobody_paid' });
      return;
    }
    await repo.dropUnpaid(tx, g.id);
    const payer = new Map(paid.map((m) => [m.id, m.userId]));
    const items = (await repo.itemsOf(tx, [g.id])).filter((i) => payer.has(i.memberId));
    const sum = (f: (m: repo.MemberRow) => number | null) => paid.reduce((s, m) => s + (f(m) ?? 0), 0);
    await placeGroupOrder(this.ctx, tx, {
      id: g.orderId,
      hostId: g.hostId,
      addressId: g.addressId,
      address: g.address,
      deliveryNote: g.deliveryNote,
      itemsKobo: sum((m) => m.itemsKobo),
      // The whole fee: the rider carries the order whoever dropped out (the platform bears their part).
      deliveryFeeKobo: g.deliveryFeeKobo ?? 0,
      serviceFeeKobo: sum((m) => m.serviceFeeKobo),
      amountKobo: sum((m) => m.amountKobo),
      items: items.map((i) => ({
        payerId: payer.get(i.memberId)!,
        productId: i.productId,
        optionId: i.optionId,
        vendorId: i.vendorId,
        productName: i.productName ?? '',
        optionName: i.optionName ?? '',
        image: i.image,
        unitPriceKobo: i.unitPriceKobo ?? 0,
        quantity: i.quantity,
      })),
    });
    await repo.setGroup(tx, g.id, { state: 'placed', placedAt: new Date() });
    checkpoint('group-placed');
  }
}
