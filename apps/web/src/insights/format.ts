import {
  formatNaira,
  formatShortDay,
  formatTime,
  FORMAT_LOCALE,
  type InsightsBucket,
  type InsightsPeriod,
} from '@jara/shared';

/** 'Mon 23 Nov': the shared Lagos day without its comma, short enough for an axis. */
const dayLabel = (day: string) => formatShortDay(day).replace(',', '');

/** The Lagos instant an hour bucket ('2026-11-23T14') starts. */
const hourStart = (at: string) => `${at}:00:00+01:00`;

/** A bucket as a table shows it: 'Mon 23 Nov' for a day, '2:00 pm' for an hour (Lagos). */
export function bucketLabel(at: string, bucket: InsightsBucket): string {
  return bucket === 'hour' ? formatTime(hourStart(at)) : dayLabel(at);
}

/** The days a period covers: 'Mon 23 Nov' for one day, 'Mon 23 Nov – Sun 29 Nov' for more. */
export function periodLabel(period: InsightsPeriod): string {
  return period.from === period.to ? dayLabel(period.from) : `${dayLabel(period.from)} – ${dayLabel(period.to)}`;
}

/** Naira for an axis, compact ('₦45K', '₦1.3M'): the cards and tables give the exact amount (formatNaira). */
const compactNaira = new Intl.NumberFormat(FORMAT_LOCALE, {
  style: 'currency',
  currency: 'NGN',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
export const axisNaira = (kobo: number) =>
  Math.abs(kobo) < 100_000 ? formatNaira(kobo) : compactNaira.format(kobo / 100);

const percentFormat = new Intl.NumberFormat(FORMAT_LOCALE, { style: 'percent', maximumFractionDigits: 1 });
/** '12.5%' for 0.125; a share is given with at most one decimal. */
export const percent = (share: number) => percentFormat.format(share);

const countFormat = new Intl.NumberFormat(FORMAT_LOCALE);
/** Counts with thousands separators ('1,204'). */
export const count = (n: number) => countFormat.format(n);

export { formatNaira };
