import { describe, expect, it } from 'vitest';
import { optimiseNextTick } from './next-tick.js';

describe('optimiseNextTick', () => {
  it('ticks once per process: every caller waits for the same ticks', async () => {
    const first = optimiseNextTick();
    expect(optimiseNextTick()).toBe(first);
    await expect(first).resolves.toBeUndefined();
    expect(optimiseNextTick()).toBe(first);
  });
});
