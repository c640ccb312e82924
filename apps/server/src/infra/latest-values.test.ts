import { describe, expect, it } from 'vitest';
import { memoryLatestValues } from './latest-values.js';

describe('latest values in memory', () => {
  it('keeps one value per key, the last put, until its time is up', async () => {
    let t = 1_000;
    const latest = memoryLatestValues(() => t);
    await latest.put('a', 'first', 500);
    await latest.put('a', 'second', 500);
    await latest.put('b', 'other', 2_000);
    expect(await latest.get('a')).toBe('second');
    t += 499;
    expect(await latest.get('a')).toBe('second');
    t += 1;
    expect(await latest.get('a')).toBeNull();
    expect(await latest.get('b')).toBe('other');
    expect(await latest.get('never')).toBeNull();
  });
});
