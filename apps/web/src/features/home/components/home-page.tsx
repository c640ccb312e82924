import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CategoryDto } from '@jara/shared';
import { Page } from '../../../components/ui/page';
import { Skeleton } from '../../../components/ui/skeleton';
import { SectionHeading } from '../../../components/ui/section-heading';
import { TruckIcon, StoreIcon, ChatIcon } from '../../../components/ui/icons';
import { useT, type MessageId } from '../../../i18n';
import { useHomeContent } from '../api/get-home-content';
import { BannerCarousel } from './banner-carousel';
import { CategoryGrid } from './category-grid';
import { Slideshow } from './slideshow';

const PERKS: { icon: typeof TruckIcon; title: MessageId<'home'>; text: MessageId<'home'> }[] = [
  { icon: TruckIcon, title: 'home.perk.delivery', text: 'home.perk.deliveryText' },
  { icon: StoreIcon, title: 'home.perk.vendors', text: 'home.perk.vendorsText' },
  { icon: ChatIcon, title: 'home.perk.support', text: 'home.perk.supportText' },
];

/**
 * Home: banners, the categories, Best Sellers, why Jara, and the newsletter box. The catalogue's
 * parts and the newsletter come from the page in app/ that composes it.
 */
export function HomePage({
  categories,
  categoriesLoading,
  bestSellers,
  newsletter,
}: {
  categories: CategoryDto[];
  categoriesLoading: boolean;
  bestSellers: ReactNode;
  newsletter: ReactNode;
}) {
  const t = useT('home');
  const content = useHomeContent();

  return (
    <Page title="" className="space-y-12 sm:space-y-16">
      <h1 className="sr-only">{t('home.heading')}</h1>
      {content.isPending ? (
        <Skeleton className="aspect-[8/3] w-full rounded-[var(--radius-card)]" />
      ) : content.data && content.data.banners.length > 0 ? (
        <BannerCarousel banners={content.data.banners} />
      ) : null}

      <section aria-labelledby="categories-heading">
        <SectionHeading id="categories-heading" title={t('home.categories')} />
        <CategoryGrid categories={categories} loading={categoriesLoading} />
      </section>

      <section aria-labelledby="best-heading">
        <SectionHeading
          id="best-heading"
          title={t('home.bestSellers')}
          action={
            <Link to="/products" className="rounded text-sm font-semibold text-brand-800 hover:underline">
              {t('home.viewAll')}
            </Link>
          }
        />
        {bestSellers}
      </section>

      <section aria-labelledby="why-heading">
        <h2 id="why-heading" className="sr-only">
          {t('home.why')}
        </h2>
        <Slideshow images={content.data?.slides ?? []} />
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {PERKS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl bg-white p-4 shadow-[var(--shadow-card)]">
              <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-accent-100 text-accent-700">
                <Icon size={22} />
              </span>
              <span>
                <span className="block font-semibold text-stone-900">{t(title)}</span>
                <span className="block text-sm text-stone-600">{t(text)}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      {newsletter}
    </Page>
  );
}
