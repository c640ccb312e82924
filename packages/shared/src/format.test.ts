import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatDayTime,
  formatNaira,
  formatShortDay,
  formatTime,
  lagosDateTime,
  lagosDayOf,
  lagosMidnight,
} from './format.js';
import { requestLanguage } from './language.js';

const pickLanguage = (header: string | undefined) => requestLanguage(undefined, header);

describe('money and time, as written in Lagos (both languages use en-NG)', () => {
  it('naira with and without kobo, thousands grouped, below nothing', () => {
    expect(formatNaira(125_000)).toBe('₦1,250');
    expect(formatNaira(125_050)).toBe('₦1,250.50');
    expect(formatNaira(5)).toBe('₦0.05');
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(123_456_789)).toBe('₦1,234,567.89');
    expect(formatNaira(-30_000)).toBe('-₦300');
  });

  it('keeps Lagos time across midnight UTC (UTC+1 all year)', () => {
    // 23:30 UTC on 31 Dec is 00:30 on 1 Jan in Lagos.
    const instant = '2026-12-31T23:30:00Z';
    expect(formatTime(instant)).toBe('12:30 am');
    expect(formatDay(instant)).toBe('1 Jan 2027');
    expect(formatDayTime(instant)).toBe('1 Jan, 12:30 am');
    expect(formatShortDay(instant)).toBe('Fri, 1 Jan');
    // 22:59 UTC is still the same day in Lagos.
    expect(formatDayTime('2026-12-31T22:59:00Z')).toBe('31 Dec, 11:59 pm');
  });

  it('starts a Lagos day at 23:00 UTC the evening before', () => {
    expect(lagosMidnight('2027-01-01').toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });

  it('reads a bare day as that day in Lagos, and nonsense as nothing', () => {
    expect(formatDay('2026-11-23')).toBe('23 Nov 2026');
    expect(formatDay(null)).toBe('');
    expect(formatTime('not a time')).toBe('');
  });

  it('writes one plain space before am/pm, whatever the ICU data', () => {
    expect(formatTime('2026-03-03T13:05:00Z')).toBe('2:05 pm');
    expect(formatTime('2026-03-03T13:05:00Z')).not.toMatch(/[\u202f\u00a0]/);
  });
});

describe('Lagos wall time and day of an instant (UTC+1 all year)', () => {
  it('turns the day at Lagos midnight, not UTC midnight', () => {
    expect(lagosDateTime(new Date('2026-11-09T23:00:00Z'))).toBe('2026-11-10 00:00:00');
    expect(lagosDateTime(new Date('2026-11-09T22:59:59Z'))).toBe('2026-11-09 23:59:59');
    expect(lagosDayOf(new Date('2026-11-09T23:00:00Z'))).toBe('2026-11-10');
    expect(lagosDayOf(new Date('2026-11-09T22:59:59Z'))).toBe('2026-11-09');
  });
});

describe('the language a request asks for', () => {
  it('takes the first of ours by weight from Accept-Language', () => {
    expect(pickLanguage('pcm')).toBe('pcm');
    expect(pickLanguage('pcm-NG,en;q=0.8')).toBe('pcm');
    expect(pickLanguage('en-NG,pcm;q=0.9')).toBe('en');
    expect(pickLanguage('fr,pcm;q=0.5')).toBe('pcm');
    expect(pickLanguage('en;q=0.2,pcm;q=0.9')).toBe('pcm');
    expect(pickLanguage('fr, de')).toBe('en');
    expect(pickLanguage('pcm;q=0')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
  });

  it('the cookie wins when it names one of ours', () => {
    expect(requestLanguage('pcm', 'en')).toBe('pcm');
    expect(requestLanguage('xx', 'pcm')).toBe('pcm');
    expect(requestLanguage(undefined, undefined)).toBe('en');
  });
});
