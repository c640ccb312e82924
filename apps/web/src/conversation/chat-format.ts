import { formatDay, formatShortDay, formatTime, type ChatMessageDto } from '@jara/shared';

const dayFmt = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** The calendar day in Lagos ('2025-03-03': the campus's day, whatever the device's zone): a key, never shown. */
const dayKey = (d: Date) => dayFmt.format(d);

/** Whether a moment was today or yesterday in Lagos, seen from `now`; null for an earlier day. */
export function relativeDay(iso: string, now = new Date()): 'today' | 'yesterday' | null {
  const key = dayKey(new Date(iso));
  if (key === dayKey(now)) return 'today';
  // Lagos keeps UTC+1 all year (no daylight saving), so a day is always 24 hours.
  if (key === dayKey(new Date(now.getTime() - 86_400_000))) return 'yesterday';
  return null;
}

/** An earlier day in Lagos: 'Mon, 3 Mar' in the current year, '3 Mar 2024' before it. */
export function dateLabel(iso: string, now = new Date()): string {
  return dayKey(new Date(iso)).slice(0, 4) === dayKey(now).slice(0, 4) ? formatShortDay(iso) : formatDay(iso);
}

/**
 * 'Today', 'Yesterday', or the date, in English. A screen shows useDayLabel's (./use-day-label.ts),
 * in the reader's language.
 */
export function dayLabel(iso: string, now = new Date()): string {
  const day = relativeDay(iso, now);
  return day === 'today' ? 'Today' : day === 'yesterday' ? 'Yesterday' : dateLabel(iso, now);
}

/** 12-hour time in Lagos, e.g. '3:07 pm'. */
export const timeLabel = (iso: string): string => formatTime(iso);

/** Messages grouped by calendar day in Lagos, in order; each day named by `label` (its first message's time). */
export function groupByDay<T extends Pick<ChatMessageDto, 'timestamp'>>(
  messages: readonly T[],
  label: (iso: string) => string,
): { label: string; key: string; messages: T[] }[] {
  const groups: { label: string; key: string; messages: T[] }[] = [];
  for (const m of messages) {
    const key = dayKey(new Date(m.timestamp));
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.messages.push(m);
    else groups.push({ key, label: label(m.timestamp), messages: [m] });
  }
  return groups;
}

export interface ThreadMessage extends ChatMessageDto {
  sent: boolean;
  /** Set on a message that could not be sent (it stays, and can be retried). */
  error?: string;
  /** The file of a message not yet sent, kept for a retry. */
  file?: File | null;
}

export const isLocal = (m: Pick<ChatMessageDto, '_id'>) => m._id.startsWith('local-');

/**
 * Merges server messages into the list: one entry per id (the server's version wins), server
 * messages in time order, messages still on their way after them.
 */
export function mergeMessages(current: readonly ThreadMessage[], incoming: readonly ChatMessageDto[]): ThreadMessage[] {
  const byId = new Map<string, ThreadMessage>();
  for (const m of current) if (!isLocal(m)) byId.set(m._id, m);
  for (const m of incoming) byId.set(m._id, { ...m, sent: true });
  const saved = [...byId.values()].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a._id.localeCompare(b._id));
  return [...saved, ...current.filter(isLocal)];
}
