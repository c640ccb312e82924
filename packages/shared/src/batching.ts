/**
 * Deliveries batched by hall (issue 31, decision 0048): orders from the same shop (or shops close
 * together) going to the same hall or building travel with one rider as one job of up to
 * BATCH_MAX_DROPS drops. A customer who chooses "Batch & save" pays the tier fee less the batch
 * discount and accepts a short wait for a partner; nobody's order waits for a batch otherwise.
 * Pure rules: the server forms the batches with them, and the lunch-hour benchmark runs the same
 * rules on the test clock.
 */
import { haversineKm, type LatLon } from './geo.js';
import type { Kobo } from './money.js';

/** At most this many drops in one rider's job. */
export const BATCH_MAX_DROPS = 3;
/** Defaults of BATCH_DISCOUNT_PERCENT and BATCH_WAIT_MINUTES. */
export const DEFAULT_BATCH_DISCOUNT_PERCENT = 30;
export const DEFAULT_BATCH_WAIT_MINUTES = 10;
/** Doors this close share a drop when neither names a place (a hall or building) of the gazetteer. */
const SAME_DOOR_KM = 0.08;
/** Shops this close are one pickup round (a food court, a row of shops). */
const CLOSE_SHOPS_KM = 0.2;
/** At most this many distinct shops in one batch. */
const MAX_SHOPS = 3;
/** Minutes a rider takes at each door before the next (routing/eta.ts's drop-off handling). */
const DROP_HANDOVER_MINUTES = 2;

/** "Batch & save": the tier fee less `percent`, rounded up to ₦10. */
export function batchDeliveryFee(tierFeeKobo: Kobo, percent: number): Kobo {
  return Math.ceil((tierFeeKobo * (100 - percent)) / 100 / 1000) * 1000;
}

/** An order waiting for a rider, as batching sees it. */
export interface BatchOrder {
  id: string;
  /** Where it goes; `placeId` is the gazetteer's hall or building, when the address names one. */
  door: LatLon & { placeId: string | null };
  /** The shops to collect from, by id and place. */
  shops: (LatLon & { id: string })[];
  /** An order for later's slot start (ISO); null: as soon as possible. Only equal slots travel together. */
  slot: string | null;
  /** The customer chose "Batch & save" (accepts up to the batch wait more). */
  save: boolean;
  /** When its shops had all confirmed (ms): its food is ready its preparation time after. */
  readyAt: number;
}

/** Whether two doors are one drop area: the same named place, else a few doors apart. */
function sameDrop(a: BatchOrder['door'], b: BatchOrder['door']): boolean {
  if (a.placeId && b.placeId) return a.placeId === b.placeId;
  return haversineKm(a, b) <= SAME_DOOR_KM;
}

/** Whether every shop of one order is the other's or a few steps from one of them. */
function closeShops(a: BatchOrder['shops'], b: BatchOrder['shops']): boolean {
  const near = (s: LatLon & { id: string }, others: BatchOrder['shops']) =>
    others.some((o) => o.id === s.id || haversineKm(s, o) <= CLOSE_SHOPS_KM);
  return a.every((s) => near(s, b)) && b.every((s) => near(s, a));
}

/**
 * Whether `order` may join `batch` (its orders so far), `waitMinutes` being what a "Batch & save"
 * customer accepts (decision 0048): room for one more drop, the same slot, the same drop area as
 * every drop, shops close to every drop's shops, few shops in all; and nobody later than promised:
 * - a customer who did not choose to save never waits for a batch: such an order joins only a
 *   batch of savers from exactly its shops, whose food is ready before its own; it is then the first
 *   drop, and the batch takes nobody else (the newcomer's food would keep it waiting);
 * - savers' food is ready within `waitMinutes` less the drops before theirs of each other, so that
 *   the wait for a partner's food and the doors before theirs stay inside what they accepted.
 */
function canJoin(batch: readonly BatchOrder[], order: BatchOrder, waitMinutes: number): boolean {
  if (batch.length >= BATCH_MAX_DROPS) return false;
  if (batch.some((b) => b.id === order.id)) return false;
  if (!batch.every((b) => b.slot === order.slot && sameDrop(b.door, order.door) && closeShops(b.shops, order.shops)))
    return false;
  const shops = new Set(batch.flatMap((b) => b.shops.map((s) => s.id)));
  if (!batch.every((b) => b.save)) return false;
  // Its own shops exactly: no other counter on its way.
  if (!order.save && (shops.size !== order.shops.length || !order.shops.every((s) => shops.has(s.id)))) return false;
  for (const s of order.shops) shops.add(s.id);
  if (shops.size > MAX_SHOPS) return false;
  // Orders for one slot are prepared for it together.
  if (order.slot) return true;
  const ready = [...batch, order].map((b) => b.readyAt);
  const spreadMinutes = (Math.max(...ready) - Math.min(...ready)) / 60_000;
  return spreadMinutes <= waitMinutes - (BATCH_MAX_DROPS - 1) * DROP_HANDOVER_MINUTES;
}

/**
 * The batch an order should join among those waiting (each a list of orders): the fullest that
 * takes it, so that batches fill up before new ones start; null when none does.
 */
export function pickBatch<T extends readonly BatchOrder[]>(
  waiting: readonly T[],
  order: BatchOrder,
  waitMinutes: number,
): T | null {
  let best: T | null = null;
  for (const batch of waiting)
    if (canJoin(batch, order, waitMinutes) && (!best || batch.length > best.length)) best = batch;
  return best;
}

/**
 * The rider's pay for a batch (decision 0048), kobo, before the rider's share percentage: what its
 * customers paid for delivery, and never less than one drop at its full tier fee. Apportioned per
 * drop (the ledger releases per order): each drop its own fee, the first drop the top-up if any.
 */
export function batchRiderBasis(drops: readonly { paidFeeKobo: Kobo; tierFeeKobo: Kobo }[]): Kobo[] {
  const paid = drops.reduce((s, d) => s + d.paidFeeKobo, 0);
  const oneDrop = Math.max(0, ...drops.map((d) => d.tierFeeKobo));
  const topUp = Math.max(0, oneDrop - paid);
  return drops.map((d, i) => d.paidFeeKobo + (i === 0 ? topUp : 0));
}

/**
 * The order to deliver a batch's drops in: customers who did not choose "Batch & save" first (a
 * batch must not make them later), then those who did; each the one that has waited longest first.
 */
export function dropOrder<T extends { readyAt: Date | null; id: string; batchSave: boolean }>(
  drops: readonly T[],
): T[] {
  const at = (d: T) => d.readyAt?.getTime() ?? Number.MAX_SAFE_INTEGER;
  return [...drops].sort(
    (a, b) => Number(a.batchSave) - Number(b.batchSave) || at(a) - at(b) || a.id.localeCompare(b.id),
  );
}
