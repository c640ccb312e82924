import { z } from 'zod';
import { offerAt } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { jobKind } from '../../infra/jobs/jobs.js';

/** An order for later, told to the riders when its slot is near (decision 0047). */
const SLOT_OFFER_JOB = jobKind('orders.slot-offer', z.object({ orderId: z.string() }));

export function registerSlotOffers(ctx: AppContext): void {
  ctx.jobs.register(SLOT_OFFER_JOB, async ({ orderId }) => {
    ctx.realtime.emitToRole('rider', 'job.available', { kind: 'order', _id: orderId });
  });
}

/**
 * A fully confirmed order with no rider reaches the riders: now, or for an order for later once
 * its slot is near (SLOT_TRAVEL_MINUTES + SLOT_OFFER_MINUTES before it), by a job at that time.
 */
export async function offerToRiders(ctx: AppContext, order: { id: string; deliverFrom: Date | null }): Promise<void> {
  const at = order.deliverFrom ? offerAt(order.deliverFrom) : null;
  if (!at || at <= ctx.clock.now()) {
    ctx.realtime.emitToRole('rider', 'job.available', { kind: 'order', _id: order.id });
    return;
  }
  await ctx.jobs.enqueue(
    ctx.db,
    SLOT_OFFER_JOB,
    { orderId: order.id },
    { runAt: at, dedupeKey: `${SLOT_OFFER_JOB.kind}:${order.id}` },
  );
}
