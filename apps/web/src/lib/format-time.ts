const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Africa/Lagos is UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/**
 * Day, month and time in Lagos (e.g. '3 Mar, 2:05 pm'); empty for null. Computed by hand rather
 * than with Intl, so the server's and the browser's ICU data cannot disagree (hydration).
 */
export function fmtTime(iso: string | null): string {
  if (!iso) return '';
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '';
  const d = new Date(t + LAGOS_OFFSET_MS);
  const h = d.getUTCHours();
  const m = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}, ${h % 12 || 12}:${m} ${h < 12 ? 'am' : 'pm'}`;
}

const DAY = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});

/**
 * A calendar day as people in Lagos write it ('23 Nov 2026'); takes a day ('2026-11-23') or an
 * instant. Empty for null or nonsense. For the portals, which the server does not render.
 */
export function fmtDate(value: string | null): string {
  if (!value) return '';
  // A bare day is midnight in Lagos, not in UTC.
  const t = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00+01:00` : value);
  return Number.isNaN(t.getTime()) ? '' : DAY.format(t);
}
