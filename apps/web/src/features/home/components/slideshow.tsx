import { SLIDESHOW_INTERVAL_MS } from '@jara/shared';
import { useCarousel } from '../../../components/ui/use-carousel';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { useAutoplay, useDataSaver } from '../../../lib/data-saver';

/**
 * The 4-image cross-fade slideshow (3 s). Decorative, so it is hidden from screen readers. With
 * data saver or reduced motion it shows the first picture only, and with data saver loads only it.
 */
export function Slideshow({ images }: { images: string[] }) {
  const saver = useDataSaver();
  const { index, bind } = useCarousel(images.length, SLIDESHOW_INTERVAL_MS, useAutoplay());
  if (!images.length) return null;
  return (
    <div className="relative aspect-[12/5] overflow-hidden rounded-[var(--radius-card)] bg-brand-100" aria-hidden="true" onMouseEnter={bind.onMouseEnter} onMouseLeave={bind.onMouseLeave} data-testid="slideshow">
      {images.map((src, i) => (saver && i !== index ? null :
        <ResponsiveImage
          key={src + i}
          src={src}
          alt=""
          width={1200}
          height={500}
          sizes="(min-width: 1152px) 1152px, 100vw"
          data-active={i === index}
          className={`absolute inset-0 size-full object-cover transition-opacity duration-700 ${i === index ? 'opacity-100' : 'opacity-0'}`}
        />
      ))}
    </div>
  );
}
