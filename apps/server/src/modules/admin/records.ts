import { koboToNaira, type AdminOrderDetail } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import { accountsByIds } from '../auth/index.js';
import { statusEventsOf } from '../order-events/index.js';
import { paymentRecordOf } from '../payments/index.js';

/** A timestamp or none (raw rows give a Date or a string, by driver). */
export const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
/** A timestamp that is always there. */
export const isoOf = (d: Date | string) => new Date(d).toISOString();

type Trail = Pick<AdminOrderDetail, 'history' | 'payments' | 'refunds'>;

/**
 * What an admin reads under an order or a dispatch: the status history of `subjectIds` (the
 * order and its items, or the dispatch) with who moved each, and the payments and refunds of `paidFor`.
 */
export async function trailOf(ex: Executor, subjectIds: string[], paidFor: string): Promise<Trail> {
  const [events, record] = await Promise.all([statusEventsOf(ex, subjectIds), paymentRecordOf(ex, paidFor)]);
  const actors = await accountsByIds(
    ex,
    events.flatMap((e) => (e.actorId ? [e.actorId] : [])),
  );
  return {
    history: events.map((e) => ({
      subjectType: e.subjectType,
      subjectId: e.subjectId,
      status: e.status,
      actorName: (e.actorId ? actors.get(e.actorId)?.name : undefined) ?? null,
      note: e.note,
      createdAt: isoOf(e.createdAt),
    })),
    payments: record.payments.map((p) => ({
      _id: p.id,
      reference: p.reference,
      state: p.state,
      amount: koboToNaira(p.amountKobo),
      refunded: koboToNaira(p.refundedKobo),
      provider: p.provider,
    })),
    refunds: record.refunds.map((r) => ({
      _id: r.id,
      amount: koboToNaira(r.amountKobo),
      reason: r.reason,
      state: r.state,
      createdAt: isoOf(r.createdAt),
    })),
  };
}
