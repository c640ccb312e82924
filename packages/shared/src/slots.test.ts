import { describe, expect, it } from 'vitest';
import { deliverySlots, formatSlot, isSameLagosDay, offerAt, pickupAt, prepareAt, slotWorks } from './slots.js';

const EVERY_DAY = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [String(d), { open: '07:00', close: '22:00' }]));
const HOURS = { open: '08:00', close: '21:00' };
const shop = (preparationMinutes = 15, openingHours = EVERY_DAY) => ({
  openingHours,
  isOpen: true,
  preparationMinutes,
});
// Wednesday 25 November 2026, noon in Lagos.
const NOON = new Date('2026-11-25T11:00:00Z');
const lagos = (hhmm: string, day = '2026-11-25') => new Date(`${day}T${hhmm}:00+01:00`);

describe('delivery slots (Africa/Lagos)', () => {
  it('start when every shop can make them: the ride and the longest preparation ahead', () => {
    const slots = deliverySlots(NOON, HOURS, [shop(15)]);
    // 12:00 + 20 min ride + 15 min preparation: 12:30 is too soon, 13:00 is the first.
    expect(slots[0]).toEqual({ from: lagos('13:00'), to: lagos('13:30') });
    expect(deliverySlots(NOON, HOURS, [shop(15), shop(60)])[0]!.from).toEqual(lagos('13:30'));
  });

  it('run inside the delivery hours, today and tomorrow only', () => {
    const slots = deliverySlots(NOON, HOURS, [shop()]);
    const today = slots.filter((s) => isSameLagosDay(s.from, NOON));
    expect(today.at(-1)).toEqual({ from: lagos('20:30'), to: lagos('21:00') });
    const tomorrow = slots.filter((s) => !isSameLagosDay(s.from, NOON));
    expect(tomorrow[0]!.from).toEqual(lagos('08:00', '2026-11-26'));
    expect(tomorrow.at(-1)!.from).toEqual(lagos('20:30', '2026-11-26'));
    expect(slots).toHaveLength(today.length + 26);
  });

  it('never one a shop is closed for when it must prepare or hand over', () => {
    const lunchOnly = Object.fromEntries(
      [0, 1, 2, 3, 4, 5, 6].map((d) => [String(d), { open: '11:00', close: '15:00' }]),
    );
    const slots = deliverySlots(NOON, HOURS, [shop(15, lunchOnly)]);
    // Picked up by 14:40 at the latest (the 15:00 slot would be picked up at 14:40: still open).
    expect(slots.filter((s) => isSameLagosDay(s.from, NOON)).map((s) => formatSlot(s.from, s.to))).toEqual([
      '1:00–1:30 pm',
      '1:30–2:00 pm',
      '2:00–2:30 pm',
      '2:30–3:00 pm',
      '3:00–3:30 pm',
    ]);
    // Tomorrow's first: prepared from 11:00 at the earliest, so not 11:30 (prepared from 10:55).
    expect(slots.find((s) => !isSameLagosDay(s.from, NOON))!.from).toEqual(lagos('12:00', '2026-11-26'));
    expect(deliverySlots(NOON, HOURS, [{ ...shop(), isOpen: false }])).toEqual([]);
  });

  it('refuse a time off the half-hour, in the past, or outside the hours', () => {
    expect(slotWorks(lagos('13:00'), NOON, HOURS, [shop()])).toBe(true);
    expect(slotWorks(lagos('13:15'), NOON, HOURS, [shop()])).toBe(false);
    expect(slotWorks(lagos('11:00'), NOON, HOURS, [shop()])).toBe(false);
    expect(slotWorks(lagos('21:00'), NOON, HOURS, [shop()])).toBe(false);
    expect(slotWorks(lagos('13:00'), NOON, HOURS, [])).toBe(false);
  });

  it('name the times a slot order is prepared, picked up and offered to riders', () => {
    expect(prepareAt(lagos('13:00'), 15)).toEqual(lagos('12:25'));
    expect(pickupAt(lagos('13:00'))).toEqual(lagos('12:40'));
    expect(offerAt(lagos('13:00'))).toEqual(lagos('12:30'));
  });

  it('read as people say them', () => {
    expect(formatSlot(lagos('13:00'), lagos('13:30'))).toBe('1:00–1:30 pm');
    expect(formatSlot(lagos('11:30'), lagos('12:00'))).toBe('11:30 am–12:00 pm');
    expect(formatSlot(lagos('08:00').toISOString(), lagos('08:30').toISOString())).toBe('8:00–8:30 am');
  });
});
