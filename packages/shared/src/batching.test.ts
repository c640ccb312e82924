import { describe, expect, it } from 'vitest';
import { batchDeliveryFee, batchRiderBasis, dropOrder, pickBatch, type BatchOrder } from './batching.js';

const shop = { id: 's1', latitude: 6.3989, longitude: 5.6118 };
const hall = { latitude: 6.39726, longitude: 5.61893, placeId: 'hall-1' };
const T0 = Date.UTC(2026, 10, 25, 11, 0);
const order = (id: string, over: Partial<BatchOrder> = {}): BatchOrder => ({
  id,
  door: hall,
  shops: [shop],
  slot: null,
  save: true,
  readyAt: T0,
  ...over,
});
const WAIT = 10;
/** Whether `order` may join `batch`, as pickBatch decides. */
const joins = (batch: BatchOrder[], o: BatchOrder, wait: number) => pickBatch([batch], o, wait) !== null;

describe('batching by hall', () => {
  it('takes the discount off the tier fee and rounds up to ₦10', () => {
    expect(batchDeliveryFee(50_000, 30)).toBe(35_000);
    expect(batchDeliveryFee(75_000, 30)).toBe(53_000); // ₦525 → ₦530
    expect(batchDeliveryFee(60_000, 0)).toBe(60_000);
  });

  it('batches the same hall and close shops, up to three drops, one slot', () => {
    expect(joins([order('a')], order('b'), WAIT)).toBe(true);
    expect(joins([order('a'), order('b'), order('c')], order('d'), WAIT)).toBe(false);
    expect(joins([order('a')], order('b', { door: { ...hall, placeId: 'hall-2' } }), WAIT)).toBe(false);
    expect(joins([order('a')], order('b', { slot: '2026-11-25T12:00:00.000Z' }), WAIT)).toBe(false);
    // A shop 150 m away is one round; 1 km away is not.
    expect(joins([order('a')], order('b', { shops: [{ id: 's2', latitude: 6.4002, longitude: 5.6118 }] }), WAIT)).toBe(
      true,
    );
    expect(joins([order('a')], order('b', { shops: [{ id: 's3', latitude: 6.4079, longitude: 5.6118 }] }), WAIT)).toBe(
      false,
    );
    // Doors without a named place: a few doors apart only.
    const door = { latitude: 6.4, longitude: 5.62, placeId: null };
    expect(joins([order('a', { door })], order('b', { door: { ...door, latitude: 6.4005 } }), WAIT)).toBe(true);
    expect(joins([order('a', { door })], order('b', { door: { ...door, latitude: 6.402 } }), WAIT)).toBe(false);
  });

  it('never makes a customer who did not choose to save wait, nor a saver past the wait', () => {
    const plain = (id: string, over: Partial<BatchOrder> = {}) => order(id, { save: false, ...over });
    // A plain order rides first with savers from exactly its shop, their food ready before its own.
    expect(joins([order('a')], plain('b', { readyAt: T0 + 60_000 }), WAIT)).toBe(true);
    expect(
      joins([order('a'), order('c', { shops: [{ id: 's2', latitude: 6.399, longitude: 5.6118 }] })], plain('b'), WAIT),
    ).toBe(false);
    // Nobody joins a batch with a plain order in it, and two plain orders never travel together.
    expect(joins([order('a'), plain('b')], order('c'), WAIT)).toBe(false);
    expect(joins([plain('a')], plain('b'), WAIT)).toBe(false);
    // Savers' food ready at most the wait less two drops apart (6 minutes of 10).
    expect(joins([order('a')], order('b', { readyAt: T0 + 6 * 60_000 }), WAIT)).toBe(true);
    expect(joins([order('a')], order('b', { readyAt: T0 + 7 * 60_000 }), WAIT)).toBe(false);
    // Orders for one slot are prepared for it together, whenever they were confirmed.
    const slot = '2026-11-25T12:00:00.000Z';
    expect(joins([order('a', { slot })], order('b', { slot, readyAt: T0 + 60 * 60_000 }), WAIT)).toBe(true);
  });

  it('joins the fullest batch that takes the order', () => {
    const small = [order('a')];
    const big = [order('b'), order('c')];
    expect(pickBatch([small, big], order('d'), WAIT)).toBe(big);
    expect(pickBatch([[order('x', { door: { ...hall, placeId: 'other' } })]], order('d'), WAIT)).toBeNull();
  });

  it('pays the rider what the batch paid for delivery, never less than one full drop', () => {
    expect(batchRiderBasis([{ paidFeeKobo: 35_000, tierFeeKobo: 50_000 }])).toEqual([50_000]);
    expect(
      batchRiderBasis([
        { paidFeeKobo: 35_000, tierFeeKobo: 50_000 },
        { paidFeeKobo: 35_000, tierFeeKobo: 50_000 },
      ]),
    ).toEqual([35_000, 35_000]);
    expect(batchRiderBasis([{ paidFeeKobo: 60_000, tierFeeKobo: 60_000 }])).toEqual([60_000]);
  });

  it('delivers those who did not choose to save first, then by how long each has waited', () => {
    const at = (m: number) => new Date(Date.UTC(2026, 10, 25, 11, m));
    const drops = [
      { id: 'saver-early', readyAt: at(0), batchSave: true },
      { id: 'plain-late', readyAt: at(5), batchSave: false },
      { id: 'saver-late', readyAt: at(3), batchSave: true },
    ];
    expect(dropOrder(drops).map((d) => d.id)).toEqual(['plain-late', 'saver-early', 'saver-late']);
  });
});
