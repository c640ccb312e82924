import { z } from 'zod';
import { offerAt } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { jobKind } from '../../infra/jobs/jobs.js';
import { formBatch } from './batches.js';

/**
 * An order told to the riders later than it was ready: an order for later when its slot is near
 * (decision 0047), a "Batch & save" order when its wait for a partner is over (decision 0048).
 */
const OFFER_JOB = jobKind('orders.slot-offer', z.object({ orderId: z.string() }));

export function registerSlotOffers(ctx: AppContext): void {
  ctx.jobs.register(OFFER_JOB, async ({ orderId }) => {
    ctx.realtime.emitToRole('rider', 'job.available', { kind: 'order', _id: orderId });
  });
}

/**
 * A fully confirmed order with no rider is ready: it joins a batch when one fits (batches.ts), and
 * reaches the riders now, or later by a job: an order for later once its slot is near
 * (SLOT_TRAVEL_MINUTES + SLOT_OFFER_MINUTES before it), a "Batch & save" order with no partner
 * once its wait is over.
 */
export async function offerToRiders(ctx: AppContext, order: { id: string; deliverFrom: Date | null }): Promise<void> {
  const { batched, batchSave, readyAt } = await formBatch(ctx, order.id);
  const slotAt = order.deliverFrom ? offerAt(order.deliverFrom) : null;
  const waitOver = batchSave && !batched ? new Date(readyAt.getTime() + ctx.config.batch.waitMinutes * 60_000) : null;
  const at = [slotAt, waitOver].reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);
  if (!at || at <= ctx.clock.now()) {
    ctx.realtime.emitToRole('rider', 'job.available', { kind: 'order', _id: order.id });
    return;
  }
  await ctx.jobs.enqueue(
    ctx.db,
    OFFER_JOB,
    { orderId: order.id },
    { runAt: at, dedupeKey: `${OFFER_JOB.kind}:${order.id}:${at.toISOString()}` },
  );
}
