import { doorLine, doorOf, koboToNaira, type AdminDispatchDetail, type AdminDispatchRow } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './admin.repo.js';
import { iso, isoOf, toTrail } from './records.js';

/** Dispatches as an admin sees them: the list and one dispatch with its trail. */
export class AdminDispatches {
  constructor(private readonly ctx: AppContext) {}

  async list(f: { q?: string; status?: string; from?: string; to?: string }): Promise<AdminDispatchRow[]> {
    return (await repo.listDispatches(this.ctx.db, f)).map((d) => ({
      _id: d.id,
      createdAt: isoOf(d.created_at),
      paidAt: iso(d.paid_at),
      paymentState: d.payment_state,
      status: d.status,
      amount: koboToNaira(d.amount_kobo),
      isExpress: d.is_express,
      customerName: d.customer_name,
      riderName: d.rider_name,
      locked: d.locked_at !== null,
      pickup: [String(d.pickup.address ?? ''), doorLine(doorOf(d.pickup))].filter(Boolean).join(' · '),
      dropoff: [String(d.dropoff.address ?? ''), doorLine(doorOf(d.dropoff))].filter(Boolean).join(' · '),
    }));
  }

  async detail(id: string): Promise<AdminDispatchDetail> {
    const [row] = await repo.listDispatches(this.ctx.db, { q: id });
    if (!row || row.id !== id) throw notFound('Dispatch not found.');
    const [events, pays, refunds] = await Promise.all([
      repo.statusHistory(this.ctx.db, [id]),
      repo.paymentsOf(this.ctx.db, id),
      repo.refundsOf(this.ctx.db, id),
    ]);
    return {
      ...(await this.list({ q: id })).find((d) => d._id === id)!,
      ...toTrail(events, pays, refunds),
    };
  }
}
