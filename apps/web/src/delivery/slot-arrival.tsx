import { formatShortDay, formatSlot, isSameLagosDay, type SlotDto } from '@jara/shared';
import { useT } from '../i18n';

const DAY_MS = 24 * 60 * 60_000;

/** Which Lagos day an instant falls on, said from `now`: today, tomorrow, or another day. */
export function slotDay(at: string, now: Date = new Date()): 'today' | 'tomorrow' | 'other' {
  if (isSameLagosDay(at, now)) return 'today';
  if (isSameLagosDay(at, new Date(now.getTime() + DAY_MS))) return 'tomorrow';
  return 'other';
}

/**
 * An order for later's slot as every screen says it: "Arrives 1:00–1:30 pm", with "tomorrow" or
 * the day when it is not today. Inline, so it may sit inside a card's button.
 */
export function SlotArrival({ slot, className }: { slot: SlotDto; className?: string }) {
  const t = useT('delivery');
  const time = formatSlot(slot.from, slot.to);
  const day = slotDay(slot.from);
  return (
    <span className={className} data-testid="slot-arrival">
      {day === 'today'
        ? t('delivery.slot.arrives', { time })
        : day === 'tomorrow'
          ? t('delivery.slot.arrivesTomorrow', { time })
          : t('delivery.slot.arrivesOn', { day: formatShortDay(slot.from), time })}
    </span>
  );
}
