import { koboToNaira, type AdminOrderDetail } from '@jara/shared';
import type * as repo from './admin.repo.js';

/** A timestamp or none (raw rows give a Date or a string, by driver). */
export const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
/** A timestamp that is always there. */
export const isoOf = (d: Date | string) => new Date(d).toISOString();

type Trail = Pick<AdminOrderDetail, 'history' | 'payments' | 'refunds'>;

/** What an admin reads under an order or a dispatch: its status history, payments and refunds. */
export function toTrail(
  events: Awaited<ReturnType<typeof repo.statusHistory>>,
  pays: Awaited<ReturnType<typeof repo.paymentsOf>>,
  refunds: Awaited<ReturnType<typeof repo.refundsOf>>,
): Trail {
  return {
    history: events.map((e) => ({
      subjectType: e.subject_type,
      subjectId: e.subject_id,
      status: e.status,
      actorName: e.actor_name,
      note: e.note,
      createdAt: isoOf(e.created_at),
    })),
    payments: pays.map((p) => ({
      _id: p.id,
      reference: p.reference,
      state: p.state,
      amount: koboToNaira(p.amount_kobo),
      refunded: koboToNaira(p.refunded_kobo),
      provider: p.provider,
    })),
    refunds: refunds.map((r) => ({
      _id: r.id,
      amount: koboToNaira(r.amount_kobo),
      reason: r.reason,
      state: r.state,
      createdAt: isoOf(r.created_at),
    })),
  };
}
