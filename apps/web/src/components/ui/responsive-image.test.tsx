import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { setDataSaver } from '../../lib/data-saver';
import { cappedSizes } from '../../lib/images';
import { ResponsiveImage } from './responsive-image';

afterEach(() => localStorage.clear());

const sourceOf = (img: HTMLElement) => img.parentElement!.querySelector('source')!;

describe('ResponsiveImage', () => {
  it('offers AVIF then WebP candidates at every width with the layout’s sizes, and reserves its box', () => {
    render(<ResponsiveImage src="/media/seed/products/a.webp" alt="Charger" width={400} height={400} sizes="50vw" />);
    const img = screen.getByRole('img', { name: 'Charger' });
    expect(img.parentElement!.tagName).toBe('PICTURE');
    const source = sourceOf(img);
    expect(source.getAttribute('type')).toBe('image/avif');
    expect(source.getAttribute('srcset')).toBe(
      '/media/seed/products/a.webp?w=200&f=avif 200w, /media/seed/products/a.webp?w=400&f=avif 400w, /media/seed/products/a.webp?w=800&f=avif 800w',
    );
    // The layout's sizes, with the density cap for screens denser than 2× (lib/images.ts).
    expect(source.getAttribute('sizes')).toBe(cappedSizes('50vw'));
    expect(source.getAttribute('sizes')).toMatch(/^\(min-resolution: 3dppx\) calc\(\(50vw\) \* 0\.5\), .*, 50vw$/);
    expect(img.getAttribute('srcset')).toBe(
      '/media/seed/products/a.webp?w=200 200w, /media/seed/products/a.webp?w=400 400w, /media/seed/products/a.webp?w=800 800w',
    );
    expect(img.getAttribute('sizes')).toBe(cappedSizes('50vw'));
    expect(img.getAttribute('src')).toBe('/media/seed/products/a.webp?w=400');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '400']);
  });

  it('loads pictures below the fold lazily and the largest paint eagerly with high priority', () => {
    const html = renderToString(
      <>
        <ResponsiveImage src="/media/banners/one.webp" alt="first" width={1600} height={600} sizes="100vw" priority />
        <ResponsiveImage src="/media/banners/two.webp" alt="second" width={1600} height={600} sizes="100vw" />
      </>,
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const [first, second] = [...doc.querySelectorAll('img')];
    expect(first!.getAttribute('loading')).toBe('eager');
    expect(first!.getAttribute('fetchpriority')).toBe('high');
    expect(second!.getAttribute('loading')).toBe('lazy');
    expect(second!.getAttribute('decoding')).toBe('async');
    expect(second!.hasAttribute('fetchpriority')).toBe(false);
    // Artwork wider than the largest copy offers its full size too, in both formats.
    expect(doc.querySelector('source')!.getAttribute('srcset')).toMatch(/, \/media\/banners\/one\.webp\?f=avif 1600w$/);
    expect(first!.getAttribute('srcset')).toMatch(/, \/media\/banners\/one\.webp 1600w$/);
  });

  it('with data saver, one small copy in each format and no candidates', () => {
    setDataSaver(true);
    render(<ResponsiveImage src="/media/seed/products/a.webp" alt="Charger" width={80} height={80} sizes="80px" />);
    const img = screen.getByRole('img', { name: 'Charger' });
    expect(img.getAttribute('src')).toBe('/media/seed/products/a.webp?w=200');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(sourceOf(img).getAttribute('srcset')).toBe('/media/seed/products/a.webp?w=200&f=avif');
  });

  it('shows a picture from elsewhere as it is', () => {
    render(<ResponsiveImage src="https://example.com/a.png" alt="Elsewhere" width={80} height={80} />);
    const img = screen.getByRole('img', { name: 'Elsewhere' });
    expect(img.parentElement!.tagName).not.toBe('PICTURE');
    expect(img.getAttribute('src')).toBe('https://example.com/a.png');
    expect(img.hasAttribute('srcset')).toBe(false);
  });
});
