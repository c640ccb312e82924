import { useRef } from 'react';
import { Link } from 'react-router';
import { BANNER_INTERVAL_MS, type HomeBanner } from '@jara/shared';
import { useCarousel, useOnScreen } from '../../../components/ui/use-carousel';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { ChevronLeft, ChevronRight } from '../../../components/ui/icons';
import { useAutoplay, useDataSaver } from '../../../lib/data-saver';
import { HERO_IMAGES } from '../../../lib/images';
import { useT } from '../../../i18n';

/**
 * Two-slide hero: auto-advance 5 s while on screen, swipe/drag over 50 px, pauses on hover or
 * focus. With data saver or reduced motion it stays put. A slide's picture loads shortly before the
 * slide is shown (useCarousel), with data saver only when it is shown.
 */
export function BannerCarousel({ banners }: { banners: HomeBanner[] }) {
  const t = useT('home');
  const saver = useDataSaver();
  const root = useRef<HTMLElement>(null);
  const onScreen = useOnScreen(root);
  const { index, go, next, prev, paused, bind, loaded } = useCarousel(
    banners.length,
    BANNER_INTERVAL_MS,
    useAutoplay() && onScreen,
  );
  return (
    <section
      ref={root}
      aria-roledescription="carousel"
      aria-label={t('home.featured')}
      className="relative select-none"
      {...bind}
    >
      <div className="overflow-hidden rounded-[var(--radius-card)] bg-brand-50 shadow-[var(--shadow-card)]">
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
              aria-label={t('home.slideOf', { n: i + 1, count: banners.length })}
              aria-hidden={i !== index}
              inert={i !== index}
              className="relative aspect-[8/3] w-full shrink-0"
            >
              {/* The artwork carries its own headline; the link names it for screen readers. */}
              <Link
                to={b.link || '/products'}
                draggable={false}
                className="absolute inset-0 block focus-visible:outline-offset-[-4px]"
              >
                {(saver ? i === index : loaded(i)) && (
                  <ResponsiveImage
                    src={b.image}
                    alt=""
                    width={HERO_IMAGES.banner.width}
                    height={HERO_IMAGES.banner.height}
                    priority={i === 0}
                    draggable={false}
                    sizes={HERO_IMAGES.banner.sizes}
                    className="size-full object-cover"
                  />
                )}
                <span className="sr-only">{t('home.bannerText', { headline: b.headline, text: b.text })}</span>
              </Link>
            </div>
          ))}
        </div>
      </div>
      {banners.length > 1 && (
        <div className="on-dark mx-auto mt-3 flex w-fit items-center gap-1 rounded-full bg-brand-900 p-1 sm:absolute sm:bottom-4 sm:right-4 sm:mt-0 sm:bg-brand-950/60 sm:backdrop-blur-sm">
          <button
            type="button"
            onClick={prev}
            aria-label={t('home.previousSlide')}
            className="grid size-8 place-items-center rounded-full text-white hover:bg-white/20"
          >
            <ChevronLeft size={18} />
          </button>
          {banners.map((_, i) => (
            <button
              key={i}
              type="button"
              onClick={() => go(i)}
              aria-label={t('home.goToSlide', { n: i + 1 })}
              aria-current={i === index}
              className="grid size-6 place-items-center"
            >
              <span
                className={`block h-2 rounded-full transition-all ${i === index ? 'w-6 bg-accent-300' : 'w-2 bg-white/70'}`}
              />
            </button>
          ))}
          <button
            type="button"
            onClick={next}
            aria-label={t('home.nextSlide')}
            className="grid size-8 place-items-center rounded-full text-white hover:bg-white/20"
          >
            <ChevronRight size={18} />
          </button>
        </div>
      )}
    </section>
  );
}
