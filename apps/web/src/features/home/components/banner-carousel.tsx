import { Link } from 'react-router';
import { BANNER_INTERVAL_MS } from '@jara/shared';
import { useCarousel } from '../../../components/ui/use-carousel';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { ChevronLeft, ChevronRight } from '../../../components/ui/icons';
import type { Banner } from '../api/get-home-content';

/** Two-slide hero: auto-advance 5 s, swipe/drag over 50 px, pauses on hover or focus. */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { index, go, next, prev, paused, bind } = useCarousel(banners.length, BANNER_INTERVAL_MS);
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      className="relative select-none overflow-hidden rounded-[var(--radius-card)] bg-brand-900 shadow-[var(--shadow-card)]"
      {...bind}
    >
      <div
        className="flex transition-transform duration-500 ease-out"
        style={{ transform: `translateX(-${index * 100}%)` }}
        aria-live={paused ? 'polite' : 'off'}
        data-testid="banner-track"
      >
        {banners.map((b, i) => (
          <div
            key={i}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${banners.length}`}
            aria-hidden={i !== index}
            inert={i !== index}
            className="relative aspect-[4/5] w-full shrink-0 sm:aspect-[21/9]"
          >
            <ResponsiveImage
              src={b.image}
              alt=""
              width={1200}
              height={514}
              priority={i === 0}
              draggable={false}
              sizes="(min-width: 1152px) 1152px, 100vw"
              className="absolute inset-0 size-full object-cover"
            />
            <div className="absolute inset-0 bg-gradient-to-t from-brand-950/90 via-brand-950/50 to-brand-950/10 sm:bg-gradient-to-r sm:from-brand-950/90 sm:via-brand-950/60 sm:to-transparent" />
            <div className="on-dark relative flex h-full max-w-xl flex-col justify-end gap-3 p-6 pb-14 sm:justify-center sm:p-12">
              <h2 className="text-3xl font-black leading-tight text-white sm:text-5xl">{b.headline}</h2>
              <p className="text-base text-white/90 sm:text-lg">{b.text}</p>
              <Link
                to={b.link || '/products'}
                className="mt-2 inline-flex h-12 w-fit items-center rounded-full bg-accent-400 px-6 font-semibold text-brand-950 hover:bg-accent-300"
              >
                Shop now
              </Link>
            </div>
          </div>
        ))}
      </div>
      {banners.length > 1 && (
        <div className="on-dark absolute inset-x-0 bottom-3 flex items-center justify-center gap-2 sm:bottom-5">
          <button type="button" onClick={prev} aria-label="Previous slide" className="grid size-9 place-items-center rounded-full bg-white/20 text-white hover:bg-white/30">
            <ChevronLeft size={18} />
          </button>
          {banners.map((_, i) => (
            <button
              key={i}
              type="button"
              onClick={() => go(i)}
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === index}
              className="grid size-6 place-items-center"
            >
              <span className={`block h-2 rounded-full transition-all ${i === index ? 'w-6 bg-accent-300' : 'w-2 bg-white/70'}`} />
            </button>
          ))}
          <button type="button" onClick={next} aria-label="Next slide" className="grid size-9 place-items-center rounded-full bg-white/20 text-white hover:bg-white/30">
            <ChevronRight size={18} />
          </button>
        </div>
      )}
    </section>
  );
}
