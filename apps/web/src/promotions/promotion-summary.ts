import { formatDayTime, nairaToKobo, formatNaira, type PromotionDto } from '@jara/shared';
import type { MessageId, Translate } from '../i18n';

const naira = (n: number) => formatNaira(nairaToKobo(n));

/** The weekdays' short names, Sunday first (0, as the schema counts them). */
export const DAY_SHORT: readonly MessageId<'promotions'>[] = [
  'promotions.day.0',
  'promotions.day.1',
  'promotions.day.2',
  'promotions.day.3',
  'promotions.day.4',
  'promotions.day.5',
  'promotions.day.6',
];

/** What the offer takes off: "10% off, up to ₦500", "₦300 off", "Free delivery", "50% off delivery". */
export function offerText(p: PromotionDto, t: Translate<'promotions'>): string {
  if (p.kind === 'fixed') return t('promotions.offer.fixed', { amount: naira(p.amount ?? 0) });
  if (p.kind === 'delivery')
    return p.percent === 100 || p.percent === null
      ? t('promotions.offer.freeDelivery')
      : t('promotions.offer.delivery', { percent: p.percent });
  return p.cap !== null
    ? t('promotions.offer.percentCap', { percent: p.percent ?? 0, cap: naira(p.cap) })
    : t('promotions.offer.percent', { percent: p.percent ?? 0 });
}

/** Its conditions, each a short phrase: minimum spend, who, which days and hours, from and until when. */
export function conditionsText(
  p: PromotionDto,
  t: Translate<'promotions'>,
  names: { vendor?: (id: string) => string | undefined; category?: (path: string) => string | undefined } = {},
): string[] {
  const out: string[] = [];
  if (p.minSpend > 0) out.push(t('promotions.condition.minSpend', { amount: naira(p.minSpend) }));
  if (p.firstOrder) out.push(t('promotions.condition.firstOrder'));
  if (p.studentsOnly) out.push(t('promotions.condition.students'));
  if (p.vendorIds.length) {
    const known = p.vendorIds.map((id) => names.vendor?.(id)).filter((n): n is string => !!n);
    out.push(
      known.length === p.vendorIds.length
        ? known.join(', ')
        : t('promotions.condition.shops', { count: p.vendorIds.length }),
    );
  }
  if (p.categories.length) out.push(p.categories.map((c) => names.category?.(c) ?? c).join(', '));
  if (p.productIds.length) out.push(t('promotions.condition.products', { count: p.productIds.length }));
  if (p.days.length && p.days.length < 7) out.push(p.days.map((d) => t(DAY_SHORT[d]!)).join(', '));
  if (p.from && p.to) out.push(t('promotions.condition.hours', { from: p.from, to: p.to }));
  if (p.startsAt) out.push(t('promotions.condition.from', { date: formatDayTime(p.startsAt) }));
  if (p.endsAt) out.push(t('promotions.condition.until', { date: formatDayTime(p.endsAt) }));
  if (p.perPerson !== null) out.push(t('promotions.condition.perPerson', { count: p.perPerson }));
  return out;
}

export type PromotionState = 'running' | 'scheduled' | 'ended' | 'usedUp';

/** Whether it applies now: ended (by its owner or its end date), not started, used up, or running. */
export function promotionState(p: PromotionDto, now: number): PromotionState {
  if (!p.active || (p.endsAt && Date.parse(p.endsAt) <= now)) return 'ended';
  if (p.startsAt && Date.parse(p.startsAt) > now) return 'scheduled';
  if ((p.maxUses !== null && p.uses >= p.maxUses) || (p.budget !== null && p.spent >= p.budget)) return 'usedUp';
  return 'running';
}

export const STATE_WORDS: Record<PromotionState, MessageId<'promotions'>> = {
  running: 'promotions.state.running',
  scheduled: 'promotions.state.scheduled',
  ended: 'promotions.state.ended',
  usedUp: 'promotions.state.usedUp',
};

/** "3 uses", "3 of 100 uses". */
export const usesText = (p: PromotionDto, t: Translate<'promotions'>) =>
  p.maxUses !== null
    ? t('promotions.uses.of', { count: p.uses, max: p.maxUses })
    : t('promotions.uses.count', { count: p.uses });

/** "₦1,200 spent", "₦1,200 of ₦50,000 spent". */
export const spentText = (p: PromotionDto, t: Translate<'promotions'>) =>
  p.budget !== null
    ? t('promotions.spent.of', { amount: naira(p.spent), budget: naira(p.budget) })
    : t('promotions.spent.amount', { amount: naira(p.spent) });
