import type { ImgHTMLAttributes } from 'react';
import { cappedSizes, IMAGE_TYPES, saverUrl, sizedUrl, srcSetFor } from '../../lib/images';
import { useDataSaver } from '../../lib/data-saver';

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean;
  sizes?: string;
}

/**
 * An image with intrinsic size (no layout shift), resized candidates in AVIF (for browsers that
 * take it) and WebP chosen by the layout's `sizes` (at most 2× the screen's density:
 * lib/images.ts), and lazy loading by default; with data saver on, one small copy
 * (lib/data-saver.ts). Pictures the media route does not serve are shown as they are.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  priority,
  sizes = '(min-width: 1024px) 20vw, 50vw',
  ...rest
}: Props) {
  const saver = useDataSaver();
  const media = src.startsWith('/media/');
  const shownSizes = saver || !media ? undefined : cappedSizes(sizes);
  const img = (
    <img
      src={media ? (saver ? saverUrl(src, width) : sizedUrl(src, 400)) : src}
      srcSet={saver ? undefined : srcSetFor(src, width)}
      sizes={shownSizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      {...rest}
    />
  );
  if (!media) return img;
  return (
    // `contents`: the <picture> adds no box, so the <img> sizes itself against its parent as before.
    <picture className="contents">
      <source
        type={IMAGE_TYPES.avif}
        srcSet={saver ? saverUrl(src, width, 'avif') : srcSetFor(src, width, 'avif')}
        sizes={shownSizes}
      />
      {img}
    </picture>
  );
}
