import { describe, expect, it } from 'vitest';
import { isOpenAt } from './opening.js';

const weekdays = { '0': null, '1': { open: '08:00', close: '21:00' }, '2': { open: '08:00', close: '21:00' }, '3': null, '4': null, '5': { open: '18:00', close: '02:00' }, '6': null };

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
});
