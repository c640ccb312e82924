/**
 * Deliveries batched by hall (issue 31, decision 0048). When an order's shops have all confirmed it
 * is ready for riders: it joins the fullest batch waiting for a rider that it fits (shared/batching.ts
 * decides), or starts one with a lone order waiting that it fits. A "Batch & save" order with no
 * partner stays off the board for BATCH_WAIT_MINUTES (deliveries.repo.ts `offered`); any other
 * order is on the board at once, batched or not, so nobody waits for a batch they did not choose.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pickBatch, type BatchOrder } from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../infra/db/client.js';
import { pickupPlaces } from '../catalogue/index.js';
import * as repo from './deliveries.repo.js';

/** Orders ready longer ago than this are not batched with (they are long gone or stuck). */
const BATCH_WINDOW_MINUTES = 60;
/** One batching decision at a time, across instances (two orders to one hall at once). */
const BATCHING_LOCK = 4_810_048;

type Candidate = Awaited<ReturnType<typeof repo.batchCandidates>>[number];

const doorOf = (address: Record<string, unknown>): BatchOrder['door'] => ({
  latitude: Number(address.latitude ?? 0),
  longitude: Number(address.longitude ?? 0),
  placeId: typeof address.placeId === 'string' && address.placeId ? address.placeId : null,
});

/**
 * The order is ready for riders (all its shops confirmed, at the clock's `now`): marks it ready and
 * puts it in a batch when one fits. Answers whether it travels in a batch now.
 */
export async function formBatch(
  ctx: AppContext,
  orderId: string,
): Promise<{ batched: boolean; batchSave: boolean; readyAt: Date }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${BATCHING_LOCK})`);
    await repo.markReady(tx, orderId, now);
    const waiting = await repo.batchCandidates(tx, new Date(now.getTime() - BATCH_WINDOW_MINUTES * 60_000));
    const self = waiting.find((w) => w.id === orderId);
    if (!self) return { batched: false, batchSave: false, readyAt: now };
    const mine = { batchSave: self.batch_save, readyAt: self.ready_at ? new Date(self.ready_at) : now };
    if (self.batch_id) return { batched: true, ...mine };
    const others = waiting.filter((w) => w.id !== orderId);
    const asBatchOrders = await toBatchOrders(tx, waiting);
    const groups = new Map<string, Candidate[]>();
    for (const w of others) {
      const key = w.batch_id ?? w.id;
      (groups.get(key) ?? groups.set(key, []).get(key)!).push(w);
    }
    const batches = [...groups.values()].map((g) => g.map((w) => asBatchOrders.get(w.id)!));
    const chosen = pickBatch(batches, asBatchOrders.get(orderId)!, ctx.config.batch.waitMinutes);
    if (!chosen) return { batched: false, ...mine };
    const existing = others.find((w) => w.id === chosen[0]!.id)!.batch_id;
    const batchId = existing ?? randomUUID();
    await repo.joinBatch(tx, batchId, existing ? [orderId] : [orderId, ...chosen.map((c) => c.id)]);
    return { batched: true, ...mine };
  });
}

/** The candidates as batching sees them: their doors and their shops' places. */
async function toBatchOrders(tx: Tx, rows: Candidate[]): Promise<Map<string, BatchOrder>> {
  const shops = await pickupPlaces(
    tx,
    rows.flatMap((r) => r.vendor_ids ?? []),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        door: doorOf(r.address),
        shops: (r.vendor_ids ?? []).flatMap((id) => {
          const s = shops.get(id);
          return s ? [{ id, latitude: Number(s.latitude), longitude: Number(s.longitude) }] : [];
        }),
        slot: r.deliver_from ? new Date(r.deliver_from).toISOString() : null,
        save: r.batch_save,
        readyAt: r.ready_at ? new Date(r.ready_at).getTime() : 0,
      },
    ]),
  );
}
