import { useMemo } from 'react';
import { vendorOpenState, WEEKDAYS, type OpenState } from '@jara/shared';
import { useT, type Translate } from '../../../i18n';
import { useNow } from '../../../lib/clock';
import { useVendors } from '../api/get-vendors';

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Weekday (0 = Sunday) and "8:00" / "21:30" (24-hour, no leading zero) of an instant in Lagos. */
function lagosClock(at: Date): { day: number; time: string } {
  const lagos = new Date(at.getTime() + LAGOS_OFFSET_MS);
  return {
    day: lagos.getUTCDay(),
    time: `${lagos.getUTCHours()}:${String(lagos.getUTCMinutes()).padStart(2, '0')}`,
  };
}

/**
 * The shopper's words for a vendor's state, in the page's language: "Closed · opens 8:00" today,
 * "Closed · opens Tue 8:00" on a later day (weekdays read the English way, like dates).
 */
function openLabel(state: OpenState, switchedOn: boolean, now: Date, t: Translate<'common'>): string {
  if (state.open) return t('common.openState.open');
  if (!switchedOn) return t('common.openState.switchedOff');
  if (!state.opensAt) return t('common.openState.closed');
  const next = new Date(state.opensAt);
  const at = lagosClock(next);
  const sameDay = at.day === lagosClock(now).day && next.getTime() - now.getTime() < DAY_MS;
  return sameDay
    ? t('common.openState.opensAt', { time: at.time })
    : t('common.openState.opensOn', { day: WEEKDAYS[at.day]!.slice(0, 3), time: at.time });
}

/**
 * Whether each vendor takes orders now, by the same rule the server applies at checkout (its
 * switch and its hours, Lagos time), with what to tell the shopper in the page's language.
 * Unknown vendors (list not loaded yet) give null: the server has the last word.
 */
export function useOpenStates(): (vendorId: string) => OpenState | null {
  const t = useT('common');
  const { data } = useVendors();
  const now = useNow();
  return useMemo(() => {
    const byId = new Map((data ?? []).map((v) => [v._id, v]));
    return (vendorId: string) => {
      const v = byId.get(vendorId);
      if (!v) return null;
      const switchedOn = v.acceptingOrders ?? v.isOpen;
      const state = vendorOpenState(v.openingHours, switchedOn, now);
      return { ...state, label: openLabel(state, switchedOn, now, t) };
    };
  }, [data, now, t]);
}
