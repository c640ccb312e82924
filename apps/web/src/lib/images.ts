/** Widths the media route can resize to (`?w=`). */
export const IMAGE_WIDTHS = [200, 400, 800] as const;

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
 * Data saver: one copy, never wider than 400 px (200 px for thumbnails), whatever the screen's
 * density — a hero banner on a phone is then about a tenth of its usual bytes.
 */
export function saverUrl(url: string, displayWidth: number, format?: ImageFormat): string {
  return sizedUrl(url, displayWidth > 200 ? 400 : 200, format);
}

/**
 * The `<link rel="preload">` for a page's largest picture: the AVIF candidates the `<picture>`'s
 * first `<source>` offers (a browser without AVIF skips it by its type), the same sizes.
 */
export function imagePreload(url: string, intrinsicWidth: number, sizes: string): { href: string; type?: string; srcSet?: string; sizes?: string } {
  const srcSet = srcSetFor(url, intrinsicWidth, 'avif');
  return srcSet ? { href: sizedUrl(url, 400, 'avif'), type: IMAGE_TYPES.avif, srcSet, sizes } : { href: url };
}

/**
 * Pictures that are a page's largest paint: the size the artwork is made at and the `sizes` of
 * their layout, shared by the component and the server-rendered preload so both ask for the same URL.
 */
export const HERO_IMAGES = {
  /** The home page's banner carousel, full width up to the 1152 px container. */
  banner: { width: 1600, height: 600, sizes: '(min-width: 1152px) 1152px, 100vw' },
  /** A product page's main picture: the whole width on a phone, beside the details from 768 px. */
  product: { width: 800, height: 800, sizes: '(min-width: 768px) 45vw, 100vw' },
} as const;
