import type { BatchTagDto } from '@jara/shared';
import { useT } from '../../../i18n';

const PILL = 'inline-block rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900';

/**
 * How an order travels (decision 0048): with others in one rider's job ("Batched · 2 orders, one
 * rider") and/or at the customer's "Batch & save" fee, and a group order's people who paid (decision
 * 0049). Nothing for one customer's order alone at the full fee.
 * Inline, so it may sit inside a card's button.
 */
export function BatchTag({ batch }: { batch: BatchTagDto | undefined }) {
  const t = useT('admin');
  const members = batch?.members ?? 0;
  if (!batch || (batch.of < 2 && !batch.save && members < 1)) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1" data-testid="order-batch">
      {batch.of > 1 && <span className={PILL}>{t('admin.batch.of', { count: batch.of })}</span>}
      {batch.save && <span className={PILL}>{t('admin.batch.save')}</span>}
      {members > 0 && <span className={PILL}>{t('admin.batch.group', { count: members })}</span>}
    </span>
  );
}
