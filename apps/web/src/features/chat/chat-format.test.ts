import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay, mergeMessages, timeLabel, type ThreadMessage } from './chat-format';

const msg = (id: string, timestamp: string, extra: Partial<ThreadMessage> = {}): ThreadMessage => ({
  _id: id, chatId: 'c', senderId: 'u', senderName: 'Ada', message: id, media: null, mediaType: null, timestamp, sent: true, ...extra,
});

describe('chat formatting', () => {
  it('shows 12-hour times', () => {
    expect(timeLabel(new Date(2025, 2, 3, 15, 7).toISOString())).toBe('3:07 PM');
    expect(timeLabel(new Date(2025, 2, 3, 0, 5).toISOString())).toBe('12:05 AM');
  });

  it('groups messages by day with Today and Yesterday', () => {
    const now = new Date(2025, 2, 10, 12, 0);
    const groups = groupByDay([
      msg('a', new Date(2025, 2, 3, 9).toISOString()),
      msg('b', new Date(2025, 2, 9, 23).toISOString()),
      msg('c', new Date(2025, 2, 10, 8).toISOString()),
      msg('d', new Date(2025, 2, 10, 9).toISOString()),
    ], now);
    expect(groups.map((g) => [g.label, g.messages.map((m) => m._id)])).toEqual([
      [dayLabel(new Date(2025, 2, 3, 9).toISOString(), now), ['a']],
      ['Yesterday', ['b']],
      ['Today', ['c', 'd']],
    ]);
    expect(groups[0]!.label).toMatch(/Mon, 3 Mar 2025/);
  });

  it('de-duplicates by id, keeps order, and keeps unsent messages last', () => {
    const local = msg('local-1', '2025-03-10T10:00:00.000Z', { sent: false });
    const merged = mergeMessages([msg('m1', '2025-03-10T09:00:00.000Z'), local], [
      msg('m2', '2025-03-10T09:30:00.000Z'),
      msg('m1', '2025-03-10T09:00:00.000Z', { message: 'server version' }),
    ]);
    expect(merged.map((m) => m._id)).toEqual(['m1', 'm2', 'local-1']);
    expect(merged[0]!.message).toBe('server version');
    expect(mergeMessages(merged, [msg('m2', '2025-03-10T09:30:00.000Z')])).toHaveLength(3);
  });
});
