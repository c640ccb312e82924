import { useT } from '../../i18n';

export function Skeleton({ className = '' }: { className?: string }) {
  return <div className={`skeleton rounded-xl ${className}`} aria-hidden="true" />;
}

/** Placeholder cards while a product grid loads (same footprint, no layout shift). */
export function CardGridSkeleton({ count = 5 }: { count?: number }) {
  const t = useT('common');
  return (
    <div
      role="status"
      aria-label={t('common.loading')}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5"
    >
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="rounded-[var(--radius-card)] bg-white p-3 shadow-[var(--shadow-card)]">
          <Skeleton className="aspect-square w-full" />
          <Skeleton className="mt-3 h-4 w-3/4" />
          <Skeleton className="mt-2 h-4 w-1/2" />
        </div>
      ))}
    </div>
  );
}
