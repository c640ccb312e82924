import { describe, expect, it } from 'vitest';
import { sizedUrl, srcSetFor } from './images';

describe('image urls', () => {
  it('asks the media route for resized copies', () => {
    expect(sizedUrl('/media/p/a.webp', 400)).toBe('/media/p/a.webp?w=400');
    expect(srcSetFor('/media/p/a.webp')).toBe('/media/p/a.webp?w=200 200w, /media/p/a.webp?w=400 400w, /media/p/a.webp?w=800 800w');
  });

  it('adds the original for wide artwork and leaves foreign urls alone', () => {
    expect(srcSetFor('/media/b.webp', 1600)).toMatch(/, \/media\/b\.webp 1600w$/);
    expect(srcSetFor('/media/b.webp', 800)).not.toContain(' 1600w');
    expect(srcSetFor('https://example.com/a.png')).toBeUndefined();
  });
});
