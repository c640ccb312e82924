import type { Kobo } from './money.js';

/**
 * Naira, days and times as people in Lagos write them, in both languages: `Intl` under `en-NG`
 * and Africa/Lagos time. (CLDR's `pcm` data is tone-marked and missing from Debian's Chromium, so
 * the server and the browser would disagree under it.) Pidgin reads dates and money the English way.
 */
export const FORMAT_LOCALE = 'en-NG';
export const TIME_ZONE = 'Africa/Lagos';

const wholeNaira = new Intl.NumberFormat(FORMAT_LOCALE, {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const nairaAndKobo = new Intl.NumberFormat(FORMAT_LOCALE, {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
});

/** `₦1,250`, or `₦1,250.50` when there are kobo; `-₦300` below nothing. */
export function formatNaira(kobo: Kobo): string {
  const k = Math.round(kobo);
  return (k % 100 === 0 ? wholeNaira : nairaAndKobo).format(k / 100);
}

const lagos = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(FORMAT_LOCALE, { timeZone: TIME_ZONE, ...options });
const DAY = lagos({ day: 'numeric', month: 'short', year: 'numeric' });
const SHORT_DAY = lagos({ weekday: 'short', day: 'numeric', month: 'short' });
// h12: en-NG's own 12-hour clock is h11 ('0:30 am').
const TIME = lagos({ hour: 'numeric', minute: '2-digit', hourCycle: 'h12' });
const DAY_TIME = lagos({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', hourCycle: 'h12' });

/** ICU versions differ in the space before am/pm (U+202F in newer data): one plain space, so a page rendered by the server hydrates. */
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

/** The instant a Lagos day ('2026-11-23') begins: midnight at UTC+1 (Lagos keeps it all year). */
export function lagosMidnight(day: string): Date {
  return new Date(`${day}T00:00:00+01:00`);
}

/** An instant as Lagos wall time (UTC+1 all year), sortable: '2026-11-23 14:05:09'. */
export const lagosDateTime = (at: Date): string =>
  new Date(at.getTime() + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** The Lagos day ('YYYY-MM-DD') an instant falls on. */
export const lagosDayOf = (at: Date): string => lagosDateTime(at).slice(0, 10);

/** A bare day ('2026-11-23') is that day in Lagos; anything else an instant. Null for nonsense. */
function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? lagosMidnight(value) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** '23 Nov 2026'; empty for null or nonsense. */
export const formatDay = (value: string | number | Date | null | undefined) => {
  const d = toDate(value);
  return d ? plain(DAY.format(d)) : '';
};

/** 'Mon, 23 Nov'. */
export const formatShortDay = (value: string | number | Date | null | undefined) => {
  const d = toDate(value);
  return d ? plain(SHORT_DAY.format(d)) : '';
};

/** '2:05 pm'. */
export const formatTime = (value: string | number | Date | null | undefined) => {
  const d = toDate(value);
  return d ? plain(TIME.format(d)) : '';
};

/** '3 Mar, 2:05 pm'. */
export const formatDayTime = (value: string | number | Date | null | undefined) => {
  const d = toDate(value);
  return d ? plain(DAY_TIME.format(d)) : '';
};
