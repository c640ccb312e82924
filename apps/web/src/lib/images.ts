/** Widths the media route can resize to (`?w=`). */
export const IMAGE_WIDTHS = [200, 400, 800] as const;

export function sizedUrl(url: string, width: number): string {
  if (!url.startsWith('/media/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}

export function srcSetFor(url: string): string | undefined {
  if (!url.startsWith('/media/')) return undefined;
  return IMAGE_WIDTHS.map((w) => `${sizedUrl(url, w)} ${w}w`).join(', ');
}
