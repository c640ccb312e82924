import { Link } from 'react-router';
import type { CategoryDto } from '@jara/shared';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../i18n';

export function CategoryGrid({ categories, loading }: { categories: CategoryDto[]; loading: boolean }) {
  const t = useT('home');
  if (loading) {
    return (
      <div role="status" aria-label={t('common.loading')} className="grid grid-cols-3 gap-3 sm:grid-cols-6">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="aspect-[4/5] w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6 sm:gap-4">
      {categories.map((c) => (
        <li key={c.path}>
          <Link
            to={`/products/${c.path}`}
            className="group flex h-full flex-col items-center gap-2 rounded-2xl p-3 text-center transition hover:-translate-y-0.5 hover:shadow-[var(--shadow-card)]"
            style={{ backgroundColor: c.bgColor || '#eefaf4' }}
          >
            <span className="block aspect-square w-full max-w-24">
              {c.image && (
                <ResponsiveImage
                  src={c.image}
                  alt=""
                  width={96}
                  height={96}
                  sizes="96px"
                  className="size-full object-contain transition group-hover:scale-105"
                />
              )}
            </span>
            <span className="text-xs font-semibold leading-tight text-stone-900 sm:text-sm">{c.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
