import type { ProductOptionDto } from '@jara/shared';
import { useT } from '../../../i18n';
import { formatPrice } from '../../../lib/money';
import { effectivePrice } from '../catalogue-rules';

/** An option's price (offer and struck-through original); `from` when other options cost more. */
export function Price({
  option,
  large = false,
  from = false,
}: {
  option: Pick<ProductOptionDto, 'price' | 'offerPrice'>;
  large?: boolean;
  from?: boolean;
}) {
  const t = useT('common');
  const now = effectivePrice(option);
  const hasOffer = now < option.price;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className={`font-bold text-brand-900 ${large ? 'text-3xl' : 'text-base'}`}>
        {from && (
          <span className={`font-medium text-stone-600 ${large ? 'text-lg' : 'text-sm'}`}>
            {t('common.price.from')}{' '}
          </span>
        )}
        {hasOffer && <span className="sr-only">{t('common.price.offer')} </span>}
        {formatPrice(now)}
      </span>
      {hasOffer && (
        <s className={`text-stone-600 ${large ? 'text-lg' : 'text-sm'}`}>
          <span className="sr-only">{t('common.price.original')} </span>
          {formatPrice(option.price)}
        </s>
      )}
    </span>
  );
}
