import { useCallback } from 'react';
import { useT } from '../i18n';
import { dateLabel, relativeDay } from './chat-format';

/** A day of a conversation in the reader's language: 'Today', 'Yesterday', or the date (Lagos). */
export function useDayLabel(): (iso: string, now?: Date) => string {
  const t = useT('conversation');
  return useCallback(
    (iso, now = new Date()) => {
      const day = relativeDay(iso, now);
      if (day === 'today') return t('conversation.today');
      if (day === 'yesterday') return t('conversation.yesterday');
      return dateLabel(iso, now);
    },
    [t],
  );
}
