import { describe, expect, it } from 'vitest';
import { HERO_IMAGES, imagePreload, sizedUrl, srcSetFor } from './images';

describe('image urls', () => {
  it('asks the media route for resized copies, in AVIF when asked', () => {
    expect(sizedUrl('/media/p/a.webp', 400)).toBe('/media/p/a.webp?w=400');
    expect(sizedUrl('/media/p/a.webp', 400, 'avif')).toBe('/media/p/a.webp?w=400&f=avif');
    expect(sizedUrl('/media/p/a.webp', null, 'avif')).toBe('/media/p/a.webp?f=avif');
    expect(sizedUrl('/media/p/a.webp', null)).toBe('/media/p/a.webp');
    expect(srcSetFor('/media/p/a.webp')).toBe('/media/p/a.webp?w=200 200w, /media/p/a.webp?w=400 400w, /media/p/a.webp?w=800 800w');
  });

  it('adds the original for wide artwork and leaves foreign urls alone', () => {
    expect(srcSetFor('/media/b.webp', 1600)).toMatch(/, \/media\/b\.webp 1600w$/);
    expect(srcSetFor('/media/b.webp', 1600, 'avif')).toMatch(/, \/media\/b\.webp\?f=avif 1600w$/);
    expect(srcSetFor('/media/b.webp', 800)).not.toContain(' 1600w');
    expect(srcSetFor('https://example.com/a.png')).toBeUndefined();
  });

  it('preloads the AVIF candidates the picture offers first', () => {
    const { banner } = HERO_IMAGES;
    expect(imagePreload('/media/b.webp', banner.width, banner.sizes)).toEqual({
      href: '/media/b.webp?w=400&f=avif', type: 'image/avif', srcSet: srcSetFor('/media/b.webp', banner.width, 'avif'), sizes: banner.sizes,
    });
    expect(imagePreload('https://example.com/a.png', 800, '100vw')).toEqual({ href: 'https://example.com/a.png' });
  });
});
