import { describe, expect, it } from 'vitest';
import {
  isOpenAt,
  isWithinDailyWindow,
  outsideDeliveryHoursMessage,
  parseDailyWindow,
  vendorOpenState,
} from './opening.js';

const weekdays = {
  '0': null,
  '1': { open: '08:00', close: '21:00' },
  '2': { open: '08:00', close: '21:00' },
  '3': null,
  '4': null,
  '5': { open: '18:00', close: '02:00' },
  '6': null,
};

describe('opening hours (Africa/Lagos)', () => {
  it('is open inside the hours and closed outside', () => {
    // Monday 2026-11-23 08:30 Lagos = 07:30 UTC
    expect(isOpenAt(weekdays, new Date('2026-11-23T07:30:00Z'))).toBe(true);
    expect(isOpenAt(weekdays, new Date('2026-11-23T06:59:00Z'))).toBe(false);
    expect(isOpenAt(weekdays, new Date('2026-11-23T20:00:00Z'))).toBe(false); // 21:00 Lagos
    expect(isOpenAt(weekdays, new Date('2026-11-22T12:00:00Z'))).toBe(false); // Sunday
  });
  it('handles hours that run past midnight', () => {
    expect(isOpenAt(weekdays, new Date('2026-11-27T23:30:00Z'))).toBe(true); // Sat 00:30 Lagos, Friday's hours
    expect(isOpenAt(weekdays, new Date('2026-11-28T01:30:00Z'))).toBe(false); // Sat 02:30
  });
  it('treats 00:00–23:59 as the whole day', () => {
    const always = Object.fromEntries([...'0123456'].map((d) => [d, { open: '00:00', close: '23:59' }]));
    expect(isOpenAt(always, new Date('2026-11-23T22:59:30Z'))).toBe(true); // 23:59 Lagos
  });
  it('uses the Lagos day, not the UTC day, around midnight', () => {
    // Sunday 23:30 UTC is already Monday 00:30 in Lagos: Monday's hours apply, not Sunday's (closed).
    const mondayNight = { ...weekdays, '1': { open: '00:00', close: '01:00' } };
    expect(isOpenAt(mondayNight, new Date('2026-11-22T23:30:00Z'))).toBe(true);
    expect(isOpenAt(mondayNight, new Date('2026-11-22T22:30:00Z'))).toBe(false); // Sunday 23:30 Lagos
  });
});

describe('next opening', () => {
  it('is later the same day before opening time', () => {
    // Monday 06:52 Lagos
    const at = new Date('2026-11-23T05:52:00Z');
    expect(vendorOpenState(weekdays, true, at)).toEqual({
      open: false,
      opensAt: '2026-11-23T07:00:00.000Z',
      label: 'Closed · opens 8:00',
    });
  });
  it('skips closed days and names the day when it is not today', () => {
    // Tuesday 22:00 Lagos: Wednesday and Thursday closed, Friday opens 18:00
    const at = new Date('2026-11-24T21:00:00Z');
    expect(vendorOpenState(weekdays, true, at)).toEqual({
      open: false,
      opensAt: '2026-11-27T17:00:00.000Z',
      label: 'Closed · opens Fri 18:00',
    });
  });
  it('after midnight in Lagos (still the previous UTC day) counts from the Lagos day', () => {
    // Saturday 2026-11-28 02:30 Lagos = 01:30 UTC; Saturday and Sunday closed → Monday 8:00
    const at = new Date('2026-11-28T01:30:00Z');
    expect(vendorOpenState(weekdays, true, at).label).toBe('Closed · opens Mon 8:00');
    // Monday 00:10 Lagos = Sunday 23:10 UTC: opens the same Lagos day at 8:00
    expect(vendorOpenState(weekdays, true, new Date('2026-11-22T23:10:00Z')).label).toBe('Closed · opens 8:00');
  });
  it('open, switched off and never open', () => {
    expect(vendorOpenState(weekdays, true, new Date('2026-11-23T10:00:00Z'))).toEqual({
      open: true,
      opensAt: null,
      label: 'Open',
    });
    expect(vendorOpenState(weekdays, false, new Date('2026-11-23T10:00:00Z'))).toMatchObject({
      open: false,
      opensAt: null,
    });
    const never = Object.fromEntries([...'0123456'].map((d) => [d, null]));
    expect(vendorOpenState(never, true)).toEqual({ open: false, opensAt: null, label: 'Closed' });
  });
});

describe('delivery hours', () => {
  const day = parseDailyWindow('08:00-21:00');
  it('parses, formats and checks a daily window in Lagos time', () => {
    expect(isWithinDailyWindow(day, new Date('2026-11-23T05:52:00Z'))).toBe(false); // 06:52 Lagos
    expect(isWithinDailyWindow(day, new Date('2026-11-23T07:00:00Z'))).toBe(true); // 08:00
    expect(isWithinDailyWindow(day, new Date('2026-11-23T19:59:00Z'))).toBe(true); // 20:59
    expect(isWithinDailyWindow(day, new Date('2026-11-23T20:00:00Z'))).toBe(false); // 21:00
    expect(outsideDeliveryHoursMessage(day)).toBe(
      'We deliver from 8 AM–9 PM (Lagos time). Please place your order then.',
    );
  });
  it('runs across midnight and round the clock', () => {
    const late = parseDailyWindow('18:30-02:00');
    expect(outsideDeliveryHoursMessage(late)).toBe(
      'We deliver from 6:30 PM–2 AM (Lagos time). Please place your order then.',
    );
    expect(isWithinDailyWindow(late, new Date('2026-11-23T23:30:00Z'))).toBe(true); // 00:30 Lagos
    expect(isWithinDailyWindow(late, new Date('2026-11-24T01:00:00Z'))).toBe(false); // 02:00 Lagos
    const always = parseDailyWindow('00:00-24:00');
    expect(isWithinDailyWindow(always, new Date('2026-11-23T22:59:59Z'))).toBe(true);
    expect(isWithinDailyWindow(always, new Date('2026-11-23T23:00:00Z'))).toBe(true);
  });
  it('refuses nonsense', () => {
    expect(() => parseDailyWindow('8-21')).toThrow();
    expect(() => parseDailyWindow('09:00-09:00')).toThrow();
    expect(() => parseDailyWindow('25:00-26:00')).toThrow();
  });
});
