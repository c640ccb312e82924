import { describe, expect, it } from 'vitest';
import { fmtDate, fmtTime } from './format-time';

describe('fmtDate', () => {
  it('writes a day as in Lagos, whatever the zone of the device', () => {
    expect(fmtDate('2026-11-23')).toBe('23 Nov 2026');
    // 23:30 UTC is already the next day in Lagos.
    expect(fmtDate('2026-11-23T23:30:00.000Z')).toBe('24 Nov 2026');
    expect(fmtDate('2000-05-14')).toBe('14 May 2000');
  });

  it('is empty for nothing or nonsense', () => {
    expect(fmtDate(null)).toBe('');
    expect(fmtDate('soon')).toBe('');
  });
});

describe('fmtTime', () => {
  it('gives day, month and time in Lagos', () => {
    expect(fmtTime('2026-03-03T13:05:00.000Z')).toBe('3 Mar, 2:05 pm');
  });
});
