/** Widths the media route can resize to (`?w=`). */
export const IMAGE_WIDTHS = [200, 400, 800] as const;

export function sizedUrl(url: string, width: number): string {
  if (!url.startsWith('/media/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}

/** Resized candidates; the original joins them when it is known to be wider (hero artwork). */
export function srcSetFor(url: string, intrinsicWidth?: number): string | undefined {
  if (!url.startsWith('/media/')) return undefined;
  const sized = IMAGE_WIDTHS.map((w) => `${sizedUrl(url, w)} ${w}w`);
  const max = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  if (intrinsicWidth && intrinsicWidth > max) sized.push(`${url} ${intrinsicWidth}w`);
  return sized.join(', ');
}

/**
 * Data saver: one copy, never wider than 400 px (200 px for thumbnails), whatever the screen's
 * density — a hero banner on a phone is then about a tenth of its usual bytes.
 */
export function saverUrl(url: string, displayWidth: number): string {
  return sizedUrl(url, displayWidth > 200 ? 400 : 200);
}
