import { formatSlot, formatTime, type JobDto } from '@jara/shared';
import { useT } from '../../../i18n';

/** An order for later on a job's card: its slot and when to collect it ("For 1:00–1:30 pm · pick up at 12:40 pm"). */
export function SlotLine({ slot }: { slot: NonNullable<JobDto['slot']> }) {
  const t = useT('rider');
  return (
    <p className="mt-2 text-sm font-semibold text-brand-900" data-testid="job-slot">
      {t('rider.job.slot', { slot: formatSlot(slot.from, slot.to), time: formatTime(slot.pickupAt) })}
    </p>
  );
}

/** A group order on a job's card (decision 0049): one delivery with several people's food. */
export function GroupLine({ members }: { members: number }) {
  const t = useT('rider');
  return (
    <p className="mt-2 text-sm font-semibold text-brand-900" data-testid="job-group">
      {t('rider.job.group', { count: members })}
    </p>
  );
}
