import type { ReactNode } from 'react';
import type { PromotionDto } from '@jara/shared';
import { Card } from '../components/ui/card';
import { StatusPill } from '../components/ui/status-pill';
import { useT } from '../i18n';
import {
  conditionsText,
  offerText,
  promotionState,
  spentText,
  STATE_WORDS,
  usesText,
  type PromotionState,
} from './promotion-summary';

/** The pill colours of a promotion's states (StatusPill's, by a state of the same tone). */
const STATE_TONE: Record<PromotionState, string> = {
  running: 'approved',
  scheduled: 'scheduled',
  ended: 'abandoned',
  usedUp: 'rejected',
};

/**
 * One promotion in a portal's list: its title and code (or "Automatic"), what it takes off, its
 * conditions, its state, how often it was used and what it cost; the portal's buttons below.
 */
export function PromotionCard({
  promotion: p,
  now,
  showFunder = false,
  vendorName,
  categoryName,
  actions,
  children,
}: {
  promotion: PromotionDto;
  /** The instant the state is judged at (ms). */
  now: number;
  /** The admin's list says who pays for each. */
  showFunder?: boolean;
  /** A shop's name by its id, for the shops an offer is limited to. */
  vendorName?: (id: string) => string | undefined;
  /** A category's name by its path. */
  categoryName?: (path: string) => string | undefined;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const t = useT('promotions');
  const state = promotionState(p, now);
  const conditions = conditionsText(p, t, { vendor: vendorName, category: categoryName });
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-2" data-testid="promotion-card">
        <div className="min-w-0 flex-1">
          <h3 className="break-words font-semibold">{p.title}</h3>
          <p className="text-sm text-stone-700">
            {p.code ? (
              <span className="mr-1 rounded bg-stone-100 px-1.5 py-0.5 font-mono font-semibold text-stone-900">
                {p.code}
              </span>
            ) : (
              <span className="mr-1 font-medium">{t('promotions.card.automatic')}</span>
            )}
            {offerText(p, t)}
          </p>
          {conditions.length > 0 && <p className="mt-0.5 text-sm text-stone-600">{conditions.join(' · ')}</p>}
          {showFunder && (
            <p className="mt-0.5 text-xs font-medium text-stone-600">
              {p.fundedBy === 'vendor'
                ? t('promotions.card.fundedByShop', { shop: p.vendorName ?? '' })
                : t('promotions.card.fundedByJara')}
            </p>
          )}
        </div>
        <StatusPill status={STATE_TONE[state]} label={t(STATE_WORDS[state])} />
      </div>
      <p className="mt-2 text-sm" data-testid="promotion-use">
        <span className="font-semibold">{usesText(p, t)}</span> · {spentText(p, t)}
      </p>
      {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
      {children}
    </Card>
  );
}
