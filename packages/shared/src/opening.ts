/** Opening hours per weekday ('0' = Sunday … '6' = Saturday), "HH:MM" in Africa/Lagos (UTC+1, no DST). */
export type WeeklyHours = Record<string, { open: string; close: string } | null>;

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const MINUTE_MS = 60_000;
const DAY_MIN = 24 * 60;

/** "20:30" → 1230: the minute of the day of a wall-clock time. */
export function minuteOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}
const minutes = minuteOfDay;

/** 1230 → "20:30": a minute of the day as the forms type it (two digits each). */
export const hhmmOf = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Weekday (0 = Sunday) and minute of the day in Lagos at an instant. */
export function lagosClock(at: Date): { day: number; minute: number } {
  const lagos = new Date(at.getTime() + LAGOS_OFFSET_MS);
  return { day: lagos.getUTCDay(), minute: lagos.getUTCHours() * 60 + lagos.getUTCMinutes() };
}

/** Whether a vendor with these hours is open at the given instant (close past midnight allowed). */
export function isOpenAt(hours: WeeklyHours, at: Date = new Date()): boolean {
  const { day, minute: now } = lagosClock(at);
  const today = hours[String(day)];
  if (today) {
    const o = minutes(today.open);
    const c = minutes(today.close);
    if (c > o ? (now >= o && now < c) || (c === 1439 && now === 1439) : now >= o) return true;
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

/**
 * The next instant at or after `at` when the hours open, or null when every day is closed.
 * Looks at most a week ahead (hours repeat weekly).
 */
function nextOpeningAt(hours: WeeklyHours, at: Date = new Date()): Date | null {
  const { day, minute } = lagosClock(at);
  const startOfToday = at.getTime() - at.getUTCSeconds() * 1000 - at.getUTCMilliseconds() - minute * MINUTE_MS;
  for (let ahead = 0; ahead <= 7; ahead++) {
    const h = hours[String((day + ahead) % 7)];
    if (!h) continue;
    const open = minutes(h.open) + ahead * DAY_MIN;
    if (open < minute) continue;
    return new Date(startOfToday + open * MINUTE_MS);
  }
  return null;
}

/** "8:00", "21:30": Lagos wall-clock time of an instant, 24-hour, no leading zero. */
function lagosTime(at: Date): string {
  const { minute } = lagosClock(at);
  return `${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}`;
}

export interface OpenState {
  open: boolean;
  /** Next opening (ISO) while closed by the hours; null when open or when the vendor switched off. */
  opensAt: string | null;
  /** What a shopper reads while closed: "Closed · opens 8:00", "Closed · opens Tue 8:00", "Closed". */
  label: string;
}

/**
 * Whether a vendor takes orders now, and what to tell the shopper if not. `switchedOn` is the
 * vendor's own open/closed switch: switched off there is no known reopening time.
 */
export function vendorOpenState(hours: WeeklyHours, switchedOn: boolean, at: Date = new Date()): OpenState {
  if (!switchedOn) return { open: false, opensAt: null, label: 'Closed · not taking orders right now' };
  if (isOpenAt(hours, at)) return { open: true, opensAt: null, label: 'Open' };
  const next = nextOpeningAt(hours, at);
  if (!next) return { open: false, opensAt: null, label: 'Closed' };
  const sameDay = lagosClock(next).day === lagosClock(at).day && next.getTime() - at.getTime() < DAY_MIN * MINUTE_MS;
  const when = sameDay ? lagosTime(next) : `${WEEKDAYS[lagosClock(next).day]!.slice(0, 3)} ${lagosTime(next)}`;
  return { open: false, opensAt: next.toISOString(), label: `Closed · opens ${when}` };
}

/** Daily delivery window in Lagos time; `close` "24:00" means until midnight. */
export interface DailyWindow {
  open: string;
  close: string;
}

/** The default delivery hours (FAQ: 8 AM to 9 PM). */
export const DEFAULT_DELIVERY_HOURS: DailyWindow = { open: '08:00', close: '21:00' };

/** Parses "08:00-21:00" (close may be "24:00"; a close before the open runs past midnight). */
export function parseDailyWindow(text: string): DailyWindow {
  const m = /^([01]\d|2[0-3]):([0-5]\d)-(([01]\d|2[0-3]):[0-5]\d|24:00)$/.exec(text.trim());
  if (!m) throw new Error(`Use opening-closing times like 08:00-21:00, not "${text}"`);
  const [open, close] = text.trim().split('-') as [string, string];
  if (open === close) throw new Error('Opening and closing times must differ');
  return { open, close };
}

/** Whether an instant falls inside a daily window (Lagos time). */
export function isWithinDailyWindow(w: DailyWindow, at: Date = new Date()): boolean {
  const { minute } = lagosClock(at);
  const o = minutes(w.open);
  const c = minutes(w.close);
  return c > o ? minute >= o && minute < c : minute >= o || minute < c;
}

/** "8 AM–9 PM", "7:30 AM–midnight". */
function formatDailyWindow(w: DailyWindow): string {
  const fmt = (hhmm: string) => {
    const t = minutes(hhmm);
    if (t === DAY_MIN || t === 0) return 'midnight';
    const h = Math.floor(t / 60);
    const m = t % 60;
    const h12 = h % 12 === 0 ? 12 : h % 12;
    return `${h12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
  };
  return `${fmt(w.open)}–${fmt(w.close)}`;
}

/** The server's refusal outside delivery hours. */
export const outsideDeliveryHoursMessage = (w: DailyWindow) =>
  `We deliver from ${formatDailyWindow(w)} (Lagos time). Please place your order then.`;

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
