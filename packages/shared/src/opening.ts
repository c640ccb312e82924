/** Opening hours per weekday ('0' = Sunday … '6' = Saturday), "HH:MM" in Africa/Lagos (UTC+1, no DST). */
export type WeeklyHours = Record<string, { open: string; close: string } | null>;

const LAGOS_OFFSET_MS = 60 * 60 * 1000;

function minutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Whether a vendor with these hours is open at the given instant (close past midnight allowed). */
export function isOpenAt(hours: WeeklyHours, at: Date = new Date()): boolean {
  const lagos = new Date(at.getTime() + LAGOS_OFFSET_MS);
  const day = lagos.getUTCDay();
  const now = lagos.getUTCHours() * 60 + lagos.getUTCMinutes();
  const today = hours[String(day)];
  if (today) {
    const o = minutes(today.open);
    const c = minutes(today.close);
    if (c > o ? now >= o && now < c || (c === 1439 && now === 1439) : now >= o) return true;
  }
  // Yesterday's hours may run past midnight.
  const yesterday = hours[String((day + 6) % 7)];
  if (yesterday) {
    const o = minutes(yesterday.open);
    const c = minutes(yesterday.close);
    if (c <= o && now < c) return true;
  }
  return false;
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
