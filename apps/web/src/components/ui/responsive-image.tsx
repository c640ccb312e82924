import type { ImgHTMLAttributes } from 'react';
import { saverUrl, sizedUrl, srcSetFor } from '../../lib/images';
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
 * An image with intrinsic size (no layout shift), a resized srcset and lazy loading by default;
 * with data saver on, one small copy (lib/data-saver.ts).
 */
export function ResponsiveImage({ src, alt, width, height, priority, sizes = '(min-width: 1024px) 20vw, 50vw', ...rest }: Props) {
  const saver = useDataSaver();
  const srcSet = saver ? undefined : srcSetFor(src, width);
  if (saver) src = saverUrl(src, width);
  return (
    <img
      src={srcSet ? sizedUrl(src, 400) : src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      {...rest}
    />
  );
}
