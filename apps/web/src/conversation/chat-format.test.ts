import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay, mergeMessages, timeLabel, type ThreadMessage } from './chat-format';

const msg = (id: string, timestamp: string, extra: Partial<ThreadMessage> = {}): ThreadMessage => ({
  _id: id,
  chatId: 'c',
  senderId: 'u',
  senderName: 'Ada',
  message: id,
  media: null,
  mediaType: null,
  timestamp,
  sent: true,
  ...extra,
});

describe('chat formatting', () => {
  it('shows 12-hour times in Lagos time, whatever the device zone', () => {
    expect(timeLabel('2025-03-03T15:07:00+01:00')).toBe('3:07 pm');
    expect(timeLabel('2025-03-03T09:45:00+01:00')).toBe('9:45 am');
    // The hour after midnight: 23:30 UTC is 00:30 the next day in Lagos. (Which of 12 and 0 names
    // that hour is the shared formatter's affair, formatTime in @jara/shared.)
    expect(timeLabel('2025-03-03T00:05:00+01:00')).toMatch(/^(12|0):05 am$/);
    expect(timeLabel('2025-03-03T23:30:00Z')).toMatch(/^(12|0):30 am$/);
  });

  it('groups messages by Lagos day with Today and Yesterday', () => {
    const now = new Date('2025-03-10T12:00:00+01:00');
    const groups = groupByDay(
      [
        msg('z', '2024-12-31T22:00:00+01:00'),
        msg('a', '2025-03-03T09:00:00+01:00'),
        msg('b', '2025-03-09T23:00:00+01:00'),
        msg('c', '2025-03-09T23:30:00Z'), // already 10 March in Lagos
        msg('d', '2025-03-10T09:00:00+01:00'),
      ],
      (iso) => dayLabel(iso, now),
    );
    expect(groups.map((g) => [g.label, g.messages.map((m) => m._id)])).toEqual([
      // An earlier year gives its year; this year's days their weekday.
      ['31 Dec 2024', ['z']],
      ['Mon, 3 Mar', ['a']],
      ['Yesterday', ['b']],
      ['Today', ['c', 'd']],
    ]);
  });

  it('de-duplicates by id, keeps order, and keeps unsent messages last', () => {
    const local = msg('local-1', '2025-03-10T10:00:00.000Z', { sent: false });
    const merged = mergeMessages(
      [msg('m1', '2025-03-10T09:00:00.000Z'), local],
      [msg('m2', '2025-03-10T09:30:00.000Z'), msg('m1', '2025-03-10T09:00:00.000Z', { message: 'server version' })],
    );
    expect(merged.map((m) => m._id)).toEqual(['m1', 'm2', 'local-1']);
    expect(merged[0]!.message).toBe('server version');
    expect(mergeMessages(merged, [msg('m2', '2025-03-10T09:30:00.000Z')])).toHaveLength(3);
  });
});
