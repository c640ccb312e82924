import { formatDayTime } from '@jara/shared';

/**
 * Day, month and time in Lagos (e.g. '3 Mar, 2:05 pm'); empty for null. The shared formatter:
 * `Intl` under en-NG in both languages, with plain spaces, so the server and the browser agree.
 */
export function fmtTime(iso: string | null): string {
  return formatDayTime(iso);
}
