import {
  formatNaira,
  formatShortDay,
  nairaToKobo,
  formatSlot,
  type CartEstimate,
  type CartTotals,
  type AppliedDiscountDto,
  type SlotDto,
} from '@jara/shared';
import { Skeleton } from '../../../components/ui/skeleton';
import { slotDay } from '../../../delivery/slot-arrival';
import { useT, type Translate } from '../../../i18n';

/**
 * A discount as the summary names it: "JOLLOF10 · 10% off Mama Put (paid by Mama Put)", "Free
 * delivery after 8 pm (paid by Jara)".
 */
function discountLabel(d: AppliedDiscountDto, t: Translate<'checkout'>): string {
  const payer = d.fundedBy === 'vendor' && d.vendorName ? d.vendorName : t('checkout.discount.jara');
  return d.code
    ? t('checkout.discount.withCode', { code: d.code, title: d.title, payer })
    : t('checkout.discount.automatic', { title: d.title, payer });
}

/** What the cart knows about the delivery fee: nothing yet, being fetched, known, or the call failed. */
export type FeeState = 'no-address' | 'loading' | 'known' | 'failed';

/**
 * Items, delivery fee ('Free' when known to be zero), service fee and total, all from the shared
 * formulas. Until an address gives a fee the row says so with the fee's range, and the service
 * fee and total read "from" the least they can be (the service fee is charged on items plus
 * delivery, SPEC §9), so a low figure never looks final or jumps up unexplained.
 */
export function OrderSummary({
  totals,
  fee,
  estimate,
  rangeKnown = false,
  vendorCount = 1,
  slot = null,
  batchSavedKobo = null,
  discounts = [],
}: {
  totals: CartTotals;
  fee: FeeState;
  /** The least the service fee and total can be, and the delivery fee's range (shared cartEstimate). */
  estimate?: CartEstimate;
  /** Whether the server's fee table gave the range (a config cached before it did not). */
  rangeKnown?: boolean;
  vendorCount?: number;
  /** An order for later's slot: the summary says when it arrives. */
  slot?: SlotDto | null;
  /** "Batch & save" chosen: the fee in `totals` is the discounted one, this much below the full fee. */
  batchSavedKobo?: number | null;
  /**
   * The promotions the server's quote applied: `totals` then holds its figures, items and delivery
   * before them and the service fee and total after.
   */
  discounts?: readonly AppliedDiscountDto[];
}) {
  const t = useT('checkout');
  const row = (label: string, value: React.ReactNode, testId: string, extra?: React.ReactNode) => (
    <div className="flex items-start justify-between gap-3 py-1.5">
      <dt className="shrink-0 text-stone-700">{label}</dt>
      <dd className="text-right font-semibold text-stone-900">
        <span data-testid={testId}>{value}</span>
        {extra}
      </dd>
    </div>
  );
  const final = fee === 'known';
  const delivery =
    fee === 'loading' ? (
      <Skeleton className="h-4 w-16" />
    ) : fee === 'no-address' ? (
      <span className="font-medium text-stone-600">{t('checkout.summary.selectAddress')}</span>
    ) : fee === 'failed' ? (
      <span className="font-medium text-red-700">{t('checkout.summary.unavailable')}</span>
    ) : totals.deliveryFeeKobo === 0 ? (
      t('msg.free')
    ) : (
      formatNaira(totals.deliveryFeeKobo)
    );
  const saving =
    final && batchSavedKobo ? (
      <span className="mt-0.5 block text-xs font-medium text-brand-800" data-testid="summary-batch-save">
        {t('checkout.batch.saved', { amount: formatNaira(batchSavedKobo) })}
      </span>
    ) : null;
  const range =
    !final && fee !== 'loading' && rangeKnown && estimate && estimate.deliveryMaxKobo > 0 ? (
      <span className="mt-0.5 block text-xs font-normal text-stone-600" data-testid="summary-delivery-range">
        {vendorCount > 1
          ? t('checkout.summary.rangeShops', {
              min: formatNaira(estimate.deliveryMinKobo),
              max: formatNaira(estimate.deliveryMaxKobo),
              count: vendorCount,
            })
          : t('checkout.summary.range', {
              min: formatNaira(estimate.deliveryMinKobo),
              max: formatNaira(estimate.deliveryMaxKobo),
            })}
      </span>
    ) : null;
  const from = (exact: number, least: number | undefined) =>
    final || least === undefined ? formatNaira(exact) : t('checkout.summary.from', { amount: formatNaira(least) });
  const arrives = slot && {
    time: formatSlot(slot.from, slot.to),
    day: slotDay(slot.from),
    date: formatShortDay(slot.from),
  };
  return (
    <dl className="divide-y divide-stone-100 text-sm" aria-live="polite">
      {arrives &&
        row(
          t('checkout.summary.arrives'),
          arrives.day === 'today'
            ? arrives.time
            : arrives.day === 'tomorrow'
              ? t('checkout.summary.tomorrow', { time: arrives.time })
              : t('checkout.summary.on', { day: arrives.date, time: arrives.time }),
          'summary-slot',
        )}
      {row(t('checkout.summary.items'), formatNaira(totals.itemsKobo), 'summary-items')}
      {row(t('checkout.summary.delivery'), delivery, 'summary-delivery', range ?? saving)}
      {row(t('checkout.summary.service'), from(totals.serviceFeeKobo, estimate?.serviceFeeFromKobo), 'summary-service')}
      {discounts.map((d) => (
        <div
          key={`${d.promotionId}:${d.target}`}
          className="flex items-start justify-between gap-3 py-1.5"
          data-testid="summary-discount"
        >
          <dt className="min-w-0 break-words text-brand-900">{discountLabel(d, t)}</dt>
          <dd className="shrink-0 text-right font-semibold text-brand-900">
            {t('checkout.discount.amount', { amount: formatNaira(nairaToKobo(d.amount)) })}
          </dd>
        </div>
      ))}
      <div className="flex items-center justify-between gap-3 pt-3 text-base">
        <dt className="font-bold text-stone-900">{t('checkout.summary.total')}</dt>
        <dd className="text-lg font-bold text-brand-900" data-testid="summary-total">
          {from(totals.totalKobo, estimate?.totalFromKobo)}
        </dd>
      </div>
    </dl>
  );
}
