import { useId } from 'react';
import { FORMAT_LOCALE, formatTime, type BusyHour } from '@jara/shared';
import { useT } from '../i18n';
import { count } from './format';

// 1 January 2024 was a Monday: weekday 0 of the heat map.
const weekdayName = (weekday: number, style: 'short' | 'long') =>
  new Intl.DateTimeFormat(FORMAT_LOCALE, { weekday: style, timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + weekday));
const hourName = (hour: number) => formatTime(`2024-01-01T${String(hour).padStart(2, '0')}:00:00+01:00`);
/** '6am', '3pm': the hour headings the picture shows (every third). */
const shortHour = (hour: number) => hourName(hour).replace(':00', '').replace(' ', '');

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];
const HOURS = Array.from({ length: 24 }, (_, h) => h);
/** Fewest to most orders; an empty hour is the lightest. */
const SHADES = ['bg-stone-100', 'bg-brand-100', 'bg-brand-200', 'bg-brand-400', 'bg-brand-600', 'bg-brand-800'];

/** A row of the grid: the weekday's name, then the 24 hours. */
const ROW = 'grid grid-cols-[2.75rem_repeat(24,minmax(0,1fr))] gap-0.5';

const shadeOf = (orders: number, most: number) =>
  orders === 0 || most === 0 ? SHADES[0] : SHADES[Math.max(1, Math.ceil((orders / most) * (SHADES.length - 1)))];

/**
 * Orders by weekday (Monday first) and Lagos hour, as a grid of shaded squares: the darker, the
 * busier; the squares shrink to fit a phone's width. Drawn with CSS, and marked up as a table (rows of weekdays, columns of hours, each cell
 * its number) so a screen reader reads the same figures.
 */
export function HeatMap({ cells, caption }: { cells: BusyHour[]; caption: string }) {
  const t = useT('insights');
  const captionId = useId();
  const orders = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c.orders]));
  const most = Math.max(0, ...cells.map((c) => c.orders));
  const at = (weekday: number, hour: number) => orders.get(`${weekday}:${hour}`) ?? 0;
  return (
    <div className="space-y-2">
      <p id={captionId} className="text-sm font-semibold text-stone-800">
        {caption}
      </p>
      <div role="table" aria-labelledby={captionId} className="flex flex-col gap-0.5 text-xs">
        <div role="row" className={ROW}>
          <span role="columnheader">
            <span className="sr-only">{t('insights.heat.weekday')}</span>
          </span>
          {HOURS.map((h) => (
            <span key={h} role="columnheader" className="relative h-4 text-[0.65rem] text-stone-600">
              {/* Every third hour named on a wide screen, every sixth on a phone; all of them to a screen reader. */}
              <span
                aria-hidden="true"
                className={`absolute left-1/2 -translate-x-1/2 whitespace-nowrap ${h % 6 === 0 ? '' : 'hidden sm:inline'}`}
              >
                {h % 3 === 0 ? shortHour(h) : ''}
              </span>
              <span className="sr-only">{hourName(h)}</span>
            </span>
          ))}
        </div>
        {WEEKDAYS.map((d) => (
          <div key={d} role="row" className={ROW}>
            <span role="rowheader" className="flex items-center pr-1 font-medium text-stone-700">
              <abbr title={weekdayName(d, 'long')} className="no-underline">
                {weekdayName(d, 'short')}
              </abbr>
            </span>
            {HOURS.map((h) => {
              const n = at(d, h);
              return (
                <span
                  key={h}
                  role="cell"
                  data-orders={n}
                  title={t('insights.heat.cell', { day: weekdayName(d, 'long'), hour: hourName(h), count: n })}
                  className={`aspect-square min-h-4 rounded-sm ${shadeOf(n, most)}`}
                >
                  <span className="sr-only">{count(n)}</span>
                </span>
              );
            })}
          </div>
        ))}
      </div>
      <p className="flex items-center gap-1.5 text-xs text-stone-600">
        {t('insights.heat.fewer')}
        {SHADES.map((s) => (
          <span key={s} aria-hidden="true" className={`inline-block size-3 rounded-sm ${s}`} />
        ))}
        {t('insights.heat.more')}
      </p>
    </div>
  );
}
