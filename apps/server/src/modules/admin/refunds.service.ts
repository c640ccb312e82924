import {
  koboToNaira,
  lagosMidnight,
  type AdminDisputeRow,
  type AdminDisputesQuery,
  type AdminRefundRow,
  type AdminRefundsAnswer,
  type AdminRefundsQuery,
} from '@jara/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { accountIdsMatching, accountsByIds } from '../auth/index.js';
import { disputeQueue, disputesNamed } from '../disputes/index.js';
import { refundQueue, type RefundQueueFilter } from '../payments/index.js';
import { iso, isoOf } from './records.js';

const DAY_MS = 24 * 60 * 60_000;

/** The first eight characters of an order's or a dispatch's id: its reference on the admin pages. */
const shortRef = (id: string) => id.slice(0, 8);

/**
 * What `q` finds: orders and dispatches whose id starts with it ("#3f9a1c2e" or "3f9a1c2e"),
 * payments whose reference contains it, and the payers whose name or email contains it.
 */
async function matchOf(ctx: AppContext, q: string): Promise<NonNullable<RefundQueueFilter['match']>> {
  const ref = q.replace(/^#/, '').toLowerCase();
  return {
    subjectPrefix: /^[0-9a-f-]+$/.test(ref) ? ref : null,
    referencePattern: `%${q.replace(/[\\%_]/g, (m) => '\\' + m)}%`,
    payerIds: await accountIdsMatching(ctx.db, q),
  };
}

/** Refunds and disputes as an admin's queues show them. */
export class AdminRefunds {
  constructor(private readonly ctx: AppContext) {}

  /** A page of refunds, newest first, with the totals of every refund the filters match (days are Lagos days). */
  async list(f: z.output<typeof AdminRefundsQuery>): Promise<Omit<AdminRefundsAnswer, 'success'>> {
    const { db } = this.ctx;
    const filter: RefundQueueFilter = {
      state: f.state,
      source: f.source,
      from: f.from ? lagosMidnight(f.from) : undefined,
      to: f.to ? new Date(lagosMidnight(f.to).getTime() + DAY_MS) : undefined,
      match: f.q ? await matchOf(this.ctx, f.q) : undefined,
    };
    const page = await refundQueue(db, filter, { before: f.before, limit: f.limit });
    const named = page.refunds.flatMap((r) => (r.dispute ? [r.dispute] : []));
    const [people, disputes] = await Promise.all([
      accountsByIds(
        db,
        page.refunds.map((r) => r.payerId),
      ),
      disputesNamed(db, named),
    ]);
    const refunds = page.refunds.map((r): AdminRefundRow => {
      const payer = people.get(r.payerId);
      return {
        _id: r.id,
        amount: koboToNaira(r.amountKobo),
        state: r.state,
        source: r.source,
        reason: r.reason,
        // A group member's share pays back for the group's order (decision 0049).
        subject: {
          kind: r.purpose === 'dispatch' ? 'dispatch' : 'order',
          _id: r.subjectId,
          reference: shortRef(r.subjectId),
        },
        customer: payer ? { _id: r.payerId, ...payer } : null,
        createdAt: isoOf(r.createdAt),
        processedAt: iso(r.processedAt),
        disputeId: r.dispute ? (disputes.get(`${r.dispute.orderId}:${r.dispute.ref}`) ?? null) : null,
      };
    });
    const total = (s: { count: number; kobo: number }) => ({ count: s.count, amount: koboToNaira(s.kobo) });
    const { pending, processed, failed } = page.totals;
    return {
      refunds,
      totals: {
        all: total({
          count: pending.count + processed.count + failed.count,
          kobo: pending.kobo + processed.kobo + failed.kobo,
        }),
        pending: total(pending),
        processed: total(processed),
        failed: total(failed),
      },
      nextCursor: page.nextCursor,
    };
  }

  /** The disputes in one state: open ones oldest first, so the longest waiting comes first. */
  async disputes(state: z.output<typeof AdminDisputesQuery>['state']): Promise<AdminDisputeRow[]> {
    const rows = await disputeQueue(this.ctx.db, state);
    const people = await accountsByIds(
      this.ctx.db,
      rows.map((r) => r.customerId),
    );
    return rows.map((r) => {
      const customer = people.get(r.customerId);
      return {
        _id: r.id,
        order: { kind: 'order' as const, _id: r.orderId, reference: shortRef(r.orderId) },
        customer: customer ? { _id: r.customerId, ...customer } : null,
        reason: r.reason,
        amount: koboToNaira(r.amountKobo),
        note: r.note,
        state: r.state,
        refund: r.refundKobo === null ? null : koboToNaira(r.refundKobo),
        openedAt: isoOf(r.createdAt),
        settledAt: iso(r.settledAt),
      };
    });
  }
}
