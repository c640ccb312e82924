import { useId, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { InsightsPeriod } from '@jara/shared';
import { useT } from '../i18n';
import { periodLabel } from './format';
import { PeriodPicker } from './period-picker';
import { InsightsError, InsightsLoading } from './states';

/**
 * A dashboard's frame: its heading, the period picker, the days answered, and the figures once
 * they come (a placeholder before, the refusal and a retry on failure). The previous period's
 * figures stay while the next loads, marked busy.
 */
export function DashboardFrame<D extends { period: InsightsPeriod }>({
  heading,
  intro,
  query,
  children,
}: {
  heading: string;
  intro: string;
  query: UseQueryResult<D>;
  children: (data: D) => ReactNode;
}) {
  const t = useT('insights');
  const headingId = useId();
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = query;
  return (
    <section aria-labelledby={headingId} className="space-y-5" aria-busy={isFetching || undefined}>
      <div className="space-y-1">
        <h2 id={headingId} className="text-xl font-bold sm:text-2xl">
          {heading}
        </h2>
        <p className="text-sm text-stone-600">{intro}</p>
      </div>
      <PeriodPicker answered={data?.period} />
      {isPending ? (
        <InsightsLoading />
      ) : isError && !data ? (
        <InsightsError error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data ? (
        <div className={`space-y-5 ${isPlaceholderData ? 'opacity-60' : ''}`}>
          <p className="text-sm font-medium text-stone-700" aria-live="polite">
            {t(data.period.bucket === 'hour' ? 'insights.period.shownHours' : 'insights.period.shownDays', {
              days: periodLabel(data.period),
            })}
          </p>
          {isError && <InsightsError error={error} onRetry={() => void refetch()} retrying={isFetching} />}
          {children(data)}
        </div>
      ) : null}
    </section>
  );
}

/** A part of a dashboard: a white panel with its heading. */
export function Panel({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`min-w-0 space-y-3 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-5 ${className}`}
    >
      <h3 id={id} className="text-lg font-bold">
        {title}
      </h3>
      {children}
    </section>
  );
}
