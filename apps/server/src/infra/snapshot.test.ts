import { describe, expect, it } from 'vitest';
import { keepAtMost, Representation } from './snapshot.js';

describe('Representation.matches (If-None-Match)', () => {
  const rep = Representation.json({ success: true, products: [] });
  const other = Representation.json({ success: true, products: [1] });
  const tags = (['identity', 'gzip', 'br'] as const).map((e) => rep.etag(e));

  it('gives each encoding its own strong tag', () => {
    expect(new Set(tags).size).toBe(3);
    for (const t of tags) expect(t).toMatch(/^"[\w-]+"$/);
    expect(tags[1]).toBe(`${tags[0]!.slice(0, -1)}-gz"`);
  });

  it('matches any encoding of the same body, alone, in a list, weak, or *', () => {
    for (const t of tags) expect(rep.matches(t)).toBe(true);
    expect(rep.matches(`"x", ${tags[1]}`)).toBe(true);
    expect(rep.matches(` ${tags[2]} `)).toBe(true);
    expect(rep.matches(`W/${tags[0]}`)).toBe(true);
    expect(rep.matches('*')).toBe(true);
  });

  it('does not match another body, a tag cut short or nothing', () => {
    expect(rep.matches(other.etag('identity'))).toBe(false);
    expect(rep.matches(`"x", ${other.etag('gzip')}`)).toBe(false);
    expect(rep.matches(tags[0]!.slice(0, -2) + '"')).toBe(false);
    expect(rep.matches(tags[0]!.slice(1, -1))).toBe(false);
    expect(rep.matches('')).toBe(false);
    expect(rep.matches(undefined)).toBe(false);
  });
});

describe('keepAtMost', () => {
  it('keeps at most so many answers, forgetting the oldest first', () => {
    const map = new Map<string, number>();
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) expect(keepAtMost(map, 3, key, i)).toBe(i);
    expect([...map]).toEqual([
      ['b', 1],
      ['c', 2],
      ['d', 3],
    ]);
  });
});
