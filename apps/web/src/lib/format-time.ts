import { formatDay, formatDayTime } from '@jara/shared';

/**
 * Day, month and time in Lagos (e.g. '3 Mar, 2:05 pm'); empty for null. The shared formatter:
 * `Intl` under en-NG in both languages, with plain spaces, so the server and the browser agree.
 */
export function fmtTime(iso: string | null): string {
  return formatDayTime(iso);
}

/**
 * A calendar day as people in Lagos write it ('23 Nov 2026'); takes a day ('2026-11-23') or an
 * instant. Empty for null or nonsense.
 */
export function fmtDate(value: string | null): string {
  return formatDay(value);
}
