import { describe, expect, it } from 'vitest';
import { DisputeOpenFields } from '@jara/shared';
import { nairaInputProblem } from './money';

describe('nairaInputProblem', () => {
  it.each([
    ['300', null],
    [' 300.50 ', null],
    ['2500', null],
    ['0.01', null],
    ['', 'empty'],
    ['   ', 'empty'],
    ['300.505', 'kobo'],
    ['3,000', 'format'],
    ['-5', 'format'],
    ['1e3', 'format'],
    ['.5', 'format'],
    ['0', 'zero'],
    ['0.00', 'zero'],
    ['2500.01', 'tooMuch'],
  ] as const)('%j against ₦2,500: %s', (typed, problem) => {
    expect(nairaInputProblem(typed, 2500)).toBe(problem);
  });

  it('agrees with the shared schema on what it lets through', () => {
    for (const amount of ['300', '300.5', '300.50', '0.01', '2500']) {
      expect(nairaInputProblem(amount, 2500)).toBeNull();
      expect(DisputeOpenFields.safeParse({ reason: 'damaged', amount }).success).toBe(true);
    }
    for (const amount of ['300.505', '0', 'abc', '-1']) {
      expect(nairaInputProblem(amount, 2500)).not.toBeNull();
      expect(DisputeOpenFields.safeParse({ reason: 'damaged', amount }).success).toBe(false);
    }
  });
});
