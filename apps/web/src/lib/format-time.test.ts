import { describe, expect, it } from 'vitest';
import { fmtTime } from './format-time';

describe('fmtTime', () => {
  it('gives day, month and time in Lagos', () => {
    expect(fmtTime('2026-03-03T13:05:00.000Z')).toBe('3 Mar, 2:05 pm');
  });
});
