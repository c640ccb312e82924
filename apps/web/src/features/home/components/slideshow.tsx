import { useRef } from 'react';
import { SLIDESHOW_INTERVAL_MS } from '@jara/shared';
import { useCarousel, useOnScreen } from '../../../components/ui/use-carousel';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { useAutoplay, useDataSaver } from '../../../lib/data-saver';
import { LAYOUT_SIZES } from '../../../lib/images';

/**
 * The 4-image cross-fade slideshow (3 s), moving only while on screen. Decorative, so it is hidden
 * from screen readers, and its pictures load only when it comes near the screen (its box is
 * reserved meanwhile): one shortly before it fades in (useCarousel), so a picture that is never
 * shown is never downloaded. With data saver or reduced motion it shows the first picture only.
 */
export function Slideshow({ images }: { images: string[] }) {
  const saver = useDataSaver();
  const root = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(root);
  const { index, bind, loaded } = useCarousel(images.length, SLIDESHOW_INTERVAL_MS, useAutoplay() && onScreen);
  if (!images.length) return null;
  return (
    <div
      ref={root}
      className="relative aspect-[12/5] overflow-hidden rounded-[var(--radius-card)] bg-brand-100"
      aria-hidden="true"
      onMouseEnter={bind.onMouseEnter}
      onMouseLeave={bind.onMouseLeave}
      data-testid="slideshow"
    >
      {images.map((src, i) =>
        // Decorative and below the fold: no picture until the slideshow comes near the screen.
        !onScreen || (saver ? i !== index : !loaded(i)) ? null : (
          <ResponsiveImage
            key={src + i}
            src={src}
            alt=""
            width={1200}
            height={500}
            sizes={LAYOUT_SIZES.content}
            data-active={i === index}
            className={`absolute inset-0 size-full object-cover transition-opacity duration-700 ${i === index ? 'opacity-100' : 'opacity-0'}`}
          />
        ),
      )}
    </div>
  );
}
