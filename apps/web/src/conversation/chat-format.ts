import type { ChatMessageDto } from '@jara/shared';

const TZ = 'Africa/Lagos';
const dayFmt = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' });
/** The calendar day in Lagos (the campus's time, whatever the device's zone). */
const dayKey = (d: Date) => dayFmt.format(d);

/** 'Today', 'Yesterday', or e.g. 'Mon, 3 Mar 2025' (Lagos time). */
export function dayLabel(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (dayKey(d) === dayKey(now)) return 'Today';
  // Lagos keeps UTC+1 all year (no daylight saving), so a day is always 24 hours.
  if (dayKey(d) === dayKey(new Date(now.getTime() - 86_400_000))) return 'Yesterday';
  return d.toLocaleDateString('en-GB', {
    timeZone: TZ,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** 12-hour time in Lagos, e.g. '3:07 PM'. */
export function timeLabel(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { timeZone: TZ, hour: 'numeric', minute: '2-digit', hour12: true });
}

/** Messages grouped by calendar day in Lagos, in order. */
export function groupByDay<T extends Pick<ChatMessageDto, 'timestamp'>>(
  messages: readonly T[],
  now = new Date(),
): { label: string; key: string; messages: T[] }[] {
  const groups: { label: string; key: string; messages: T[] }[] = [];
  for (const m of messages) {
    const key = dayKey(new Date(m.timestamp));
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.messages.push(m);
    else groups.push({ key, label: dayLabel(m.timestamp, now), messages: [m] });
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
