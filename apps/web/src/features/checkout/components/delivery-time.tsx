import { useId } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatShortDay, formatSlot, type SlotsAnswer } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { slotDay } from '../../../delivery/slot-arrival';
import { errorMessage } from '../../../lib/api-client';
import { useT, type Translate } from '../../../i18n';

type Slot = SlotsAnswer['slots'][number];

/**
 * The slot a checkout sends: null for as soon as possible, else a slot's start; undefined when
 * the cart can come neither now nor in any open slot. The customer's pick holds while the server
 * still offers it; otherwise as soon as possible when it can, else the first open slot. Without
 * the list (it failed to load) the order goes as soon as possible and the server judges it.
 */
export function chosenSlot(
  picked: string | null | undefined,
  answer: SlotsAnswer | undefined,
): string | null | undefined {
  if (!answer) return null;
  const open = answer.slots.filter((s) => !s.full);
  if (picked === null && answer.asap) return null;
  if (picked && open.some((s) => s.from === picked)) return picked;
  return answer.asap ? null : open[0]?.from;
}

/** "Today", "Tomorrow", or the day ('Mon, 23 Nov') when the phone's clock and the server's disagree. */
function dayLabel(from: string, t: Translate<'checkout'>): string {
  const day = slotDay(from);
  return day === 'today'
    ? t('checkout.when.today')
    : day === 'tomorrow'
      ? t('checkout.when.tomorrow')
      : formatShortDay(from);
}

/** The slots in order, by the day they start on. */
function byDay(slots: Slot[], t: Translate<'checkout'>): { label: string; slots: Slot[] }[] {
  const groups: { label: string; slots: Slot[] }[] = [];
  for (const s of slots) {
    const label = dayLabel(s.from, t);
    const last = groups.at(-1);
    if (last?.label === label) last.slots.push(s);
    else groups.push({ label, slots: [s] });
  }
  return groups;
}

/**
 * "When": as soon as possible (greyed out, with why, when the cart cannot come now) or a
 * 30-minute slot today or tomorrow. Two radios and a native select: light on a cheap phone.
 */
export function DeliveryTimePicker({
  slots,
  value,
  onChange,
}: {
  slots: Pick<UseQueryResult<SlotsAnswer>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch'>;
  /** What chosenSlot gives. */
  value: string | null | undefined;
  onChange: (slot: string | null) => void;
}) {
  const t = useT('checkout');
  const id = useId();
  const data = slots.data;
  const open = data?.slots.filter((s) => !s.full) ?? [];
  const later = typeof value === 'string';
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-stone-800">{t('checkout.when.legend')}</legend>
      {slots.isPending ? (
        <div role="status" aria-label={t('checkout.when.loading')} className="space-y-2">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-5 w-40" />
        </div>
      ) : !data ? (
        <div role="alert" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p>{errorMessage(slots.error)}</p>
          <p className="mt-0.5">{t('checkout.when.failed')}</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void slots.refetch()}>
            {t('checkout.when.retry')}
          </Button>
        </div>
      ) : (
        <div className="space-y-2 text-sm">
          <label className="flex items-start gap-2">
            <input
              type="radio"
              name={id}
              className="mt-0.5 size-4 shrink-0 accent-brand-700"
              checked={value === null}
              disabled={!data.asap}
              onChange={() => onChange(null)}
              aria-describedby={data.asap ? undefined : `${id}-asap`}
            />
            <span>
              <span className="font-medium text-stone-900">{t('checkout.when.asap')}</span>
              {!data.asap && (
                <span id={`${id}-asap`} className="block text-stone-600">
                  {t('checkout.when.asapClosed')}
                </span>
              )}
            </span>
          </label>
          <label className="flex items-start gap-2">
            <input
              type="radio"
              name={id}
              className="mt-0.5 size-4 shrink-0 accent-brand-700"
              checked={later}
              disabled={!open.length}
              onChange={() => open[0] && onChange(open[0].from)}
            />
            <span className="font-medium text-stone-900">{t('checkout.when.later')}</span>
          </label>
          {later && (
            <div className="pl-6">
              <label htmlFor={`${id}-slot`} className="mb-1 block text-stone-700">
                {t('checkout.when.slot')}
              </label>
              <select id={`${id}-slot`} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
                {byDay(data.slots, t).map((g) => (
                  <optgroup key={g.label} label={g.label}>
                    {g.slots.map((s) => {
                      const time = formatSlot(s.from, s.to);
                      return (
                        <option key={s.from} value={s.from} disabled={s.full}>
                          {s.full ? t('checkout.when.full', { time }) : time}
                        </option>
                      );
                    })}
                  </optgroup>
                ))}
              </select>
            </div>
          )}
          {!open.length && (
            <p className="text-stone-600">{t(data.slots.length ? 'checkout.when.allFull' : 'checkout.when.none')}</p>
          )}
        </div>
      )}
    </fieldset>
  );
}
