/** Widths the media route can resize to (`?w=`). */
const IMAGE_WIDTHS = [200, 400, 800] as const;

/**
 * Formats the media route encodes besides the stored WebP: one URL per format (`?f=avif`), chosen
 * by the browser through `<picture><source type>` (decision 0020).
 */
export type ImageFormat = 'avif';
export const IMAGE_TYPES: Record<ImageFormat, string> = { avif: 'image/avif' };

/** The media route's copy of `url` at `width` (null: full size), in `format` (default the stored WebP). */
export function sizedUrl(url: string, width: number | null, format?: ImageFormat): string {
  if (!url.startsWith('/media/')) return url;
  const query = [width ? `w=${width}` : '', format ? `f=${format}` : ''].filter(Boolean).join('&');
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/** Resized candidates; the original joins them when it is known to be wider (hero artwork). */
export function srcSetFor(url: string, intrinsicWidth?: number, format?: ImageFormat): string | undefined {
  if (!url.startsWith('/media/')) return undefined;
  const sized = IMAGE_WIDTHS.map((w) => `${sizedUrl(url, w, format)} ${w}w`);
  const max = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  if (intrinsicWidth && intrinsicWidth > max) sized.push(`${sizedUrl(url, null, format)} ${intrinsicWidth}w`);
  return sized.join(', ');
}

/**
 * Data saver: one copy, whatever the screen's density — 200 px for a card or a thumbnail (drawn
 * at 400 px or less), 400 px for a banner or a product's main picture.
 */
export function saverUrl(url: string, intrinsicWidth: number, format?: ImageFormat): string {
  return sizedUrl(url, intrinsicWidth > 400 ? 400 : 200, format);
}

/**
 * Screens denser than 2 device pixels per CSS pixel get the copy a 2× screen would: beyond that
 * the eye barely tells the difference on a phone, while the bytes grow with the square of the
 * width (a card on a 2.6× phone: 400 px instead of 800 px). Each entry of a `sizes` list is
 * repeated for denser screens with its length scaled so that the density the browser multiplies
 * by comes out at 2× at most; a browser that does not know `min-resolution` skips those entries.
 */
const DENSITY_BANDS: [minDppx: string, scale: string][] = [
  ['3', '0.5'],
  ['2.5', '0.667'],
  ['2.01', '0.8'],
];

function sizesEntries(sizes: string): [condition: string | null, length: string][] {
  const out: [string | null, string][] = [];
  let depth = 0;
  let start = 0;
  const parts: string[] = [];
  for (let i = 0; i < sizes.length; i++) {
    const c = sizes[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(sizes.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(sizes.slice(start));
  for (const raw of parts) {
    const part = raw.trim();
    const m = /^((?:\([^()]*\)\s*(?:and|or)\s*)*\([^()]*\))\s+(.+)$/.exec(part);
    out.push(m ? [m[1]!, m[2]!] : [null, part]);
  }
  return out;
}

/** `sizes` with the density cap above (the same string for the `<img>`, its `<source>` and a preload). */
export function cappedSizes(sizes: string): string {
  const out: string[] = [];
  for (const [condition, length] of sizesEntries(sizes)) {
    const inner = /^calc\((.*)\)$/.exec(length)?.[1] ?? length;
    for (const [dppx, scale] of DENSITY_BANDS)
      out.push(`${condition ? `${condition} and ` : ''}(min-resolution: ${dppx}dppx) calc((${inner}) * ${scale})`);
    out.push(condition ? `${condition} ${length}` : length);
  }
  return out.join(', ');
}

/**
 * The `<link rel="preload">` for a page's largest picture: the AVIF candidates the `<picture>`'s
 * first `<source>` offers (a browser without AVIF skips it by its type), the same sizes.
 */
export function imagePreload(
  url: string,
  intrinsicWidth: number,
  sizes: string,
): { href: string; type?: string; srcSet?: string; sizes?: string } {
  const srcSet = srcSetFor(url, intrinsicWidth, 'avif');
  return srcSet
    ? { href: sizedUrl(url, 400, 'avif'), type: IMAGE_TYPES.avif, srcSet, sizes: cappedSizes(sizes) }
    : { href: url };
}

/**
 * `sizes` of the layouts pictures sit in, from the page's own measures (components/ui/page.tsx:
 * `max-w-6xl` = 1152 px, padding 16 px a side, 24 px from 640 px), so the browser picks the copy
 * the picture is shown at, not one for the whole window.
 */
export const LAYOUT_SIZES = {
  /** The page's content column: banners, the slideshow. */
  content: '(min-width: 1152px) 1104px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)',
  /** A product card of ProductGrid: 2 columns (gap 12 px), 3 from 640 px, 5 from 1024 px (gap 16 px). */
  card: '(min-width: 1152px) 208px, (min-width: 1024px) calc(20vw - 22px), (min-width: 640px) calc(33.3vw - 27px), calc(50vw - 22px)',
  /** A product page's main picture: the content column, half of it beside the details from 768 px. */
  productMain:
    '(min-width: 1152px) 532px, (min-width: 768px) calc(50vw - 44px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)',
} as const;

/**
 * Pictures that are a page's largest paint: the size the artwork is made at and the `sizes` of
 * their layout, shared by the component and the server-rendered preload so both ask for the same URL.
 */
export const HERO_IMAGES = {
  /** The home page's banner carousel, the content column's width. */
  banner: { width: 1600, height: 600, sizes: LAYOUT_SIZES.content },
  /** A product page's main picture. */
  product: { width: 800, height: 800, sizes: LAYOUT_SIZES.productMain },
} as const;
