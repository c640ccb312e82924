import { doorLine, doorOf, koboToNaira, type AdminDispatchDetail, type AdminDispatchRow } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { accountIdsMatching, accountsByIds } from '../auth/index.js';
import { adminDispatchList } from '../dispatch/index.js';
import { iso, isoOf, trailOf } from './records.js';

/** Dispatches as an admin sees them: the list and one dispatch with its trail. */
export class AdminDispatches {
  constructor(private readonly ctx: AppContext) {}

  /** `q` finds a dispatch by its id or by its sender's name or email. */
  async list(f: { q?: string; status?: string; from?: string; to?: string }): Promise<AdminDispatchRow[]> {
    const senderIds = f.q ? await accountIdsMatching(this.ctx.db, f.q) : undefined;
    const rows = await adminDispatchList(this.ctx.db, { ...f, senderIds });
    const people = await accountsByIds(
      this.ctx.db,
      rows.flatMap((d) => (d.rider_id ? [d.user_id, d.rider_id] : [d.user_id])),
    );
    return rows.flatMap((d) => {
      const sender = people.get(d.user_id);
      if (!sender) return [];
      return [
        {
          _id: d.id,
          createdAt: isoOf(d.created_at),
          paidAt: iso(d.paid_at),
          paymentState: d.payment_state,
          status: d.status,
          amount: koboToNaira(d.amount_kobo),
          isExpress: d.is_express,
          customerName: sender.name,
          riderName: (d.rider_id ? people.get(d.rider_id)?.name : undefined) ?? null,
          locked: d.locked_at !== null,
          pickup: [String(d.pickup.address ?? ''), doorLine(doorOf(d.pickup))].filter(Boolean).join(' · '),
          dropoff: [String(d.dropoff.address ?? ''), doorLine(doorOf(d.dropoff))].filter(Boolean).join(' · '),
        },
      ];
    });
  }

  async detail(id: string): Promise<AdminDispatchDetail> {
    const row = (await this.list({ q: id })).find((d) => d._id === id);
    if (!row) throw notFound('Dispatch not found.');
    return { ...row, ...(await trailOf(this.ctx.db, [id], id)) };
  }
}
