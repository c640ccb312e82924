import { describe, expect, it } from 'vitest';
import { cappedSizes, HERO_IMAGES, imagePreload, saverUrl, sizedUrl, srcSetFor } from './images';

describe('image urls', () => {
  it('asks the media route for resized copies, in AVIF when asked', () => {
    expect(sizedUrl('/media/p/a.webp', 400)).toBe('/media/p/a.webp?w=400');
    expect(sizedUrl('/media/p/a.webp', 400, 'avif')).toBe('/media/p/a.webp?w=400&f=avif');
    expect(sizedUrl('/media/p/a.webp', null, 'avif')).toBe('/media/p/a.webp?f=avif');
    expect(sizedUrl('/media/p/a.webp', null)).toBe('/media/p/a.webp');
    expect(srcSetFor('/media/p/a.webp')).toBe(
      '/media/p/a.webp?w=200 200w, /media/p/a.webp?w=400 400w, /media/p/a.webp?w=800 800w',
    );
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
      href: '/media/b.webp?w=400&f=avif',
      type: 'image/avif',
      srcSet: srcSetFor('/media/b.webp', banner.width, 'avif'),
      sizes: cappedSizes(banner.sizes),
    });
    expect(imagePreload('https://example.com/a.png', 800, '100vw')).toEqual({ href: 'https://example.com/a.png' });
  });

  it('asks screens denser than 2x for the copy a 2x screen would take, each layout entry kept', () => {
    expect(cappedSizes('96px')).toBe(
      '(min-resolution: 3dppx) calc((96px) * 0.5), (min-resolution: 2.5dppx) calc((96px) * 0.667), ' +
        '(min-resolution: 2.01dppx) calc((96px) * 0.8), 96px',
    );
    expect(cappedSizes('(min-width: 1152px) 1104px, calc(100vw - 32px)')).toBe(
      '(min-width: 1152px) and (min-resolution: 3dppx) calc((1104px) * 0.5), ' +
        '(min-width: 1152px) and (min-resolution: 2.5dppx) calc((1104px) * 0.667), ' +
        '(min-width: 1152px) and (min-resolution: 2.01dppx) calc((1104px) * 0.8), (min-width: 1152px) 1104px, ' +
        '(min-resolution: 3dppx) calc((100vw - 32px) * 0.5), (min-resolution: 2.5dppx) calc((100vw - 32px) * 0.667), ' +
        '(min-resolution: 2.01dppx) calc((100vw - 32px) * 0.8), calc(100vw - 32px)',
    );
  });

  it('with data saver, a card or thumbnail is 200 px and a banner or main picture 400 px', () => {
    expect(saverUrl('/media/p/a.webp', 400)).toBe('/media/p/a.webp?w=200');
    expect(saverUrl('/media/p/a.webp', 80, 'avif')).toBe('/media/p/a.webp?w=200&f=avif');
    expect(saverUrl('/media/b.webp', 1600)).toBe('/media/b.webp?w=400');
    expect(saverUrl('/media/p/a.webp', 800)).toBe('/media/p/a.webp?w=400');
  });
});
