import type { ProductOptionDto } from '@jara/shared';
import { formatPrice } from '../../../lib/money';
import { effectivePrice } from '../catalog-rules';

export function Price({ option, large = false }: { option: Pick<ProductOptionDto, 'price' | 'offerPrice'>; large?: boolean }) {
  const now = effectivePrice(option);
  const hasOffer = now < option.price;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className={`font-bold text-brand-900 ${large ? 'text-3xl' : 'text-base'}`}>
        {hasOffer && <span className="sr-only">Offer price </span>}
        {formatPrice(now)}
      </span>
      {hasOffer && (
        <s className={`text-stone-600 ${large ? 'text-lg' : 'text-sm'}`}>
          <span className="sr-only">Original price </span>
          {formatPrice(option.price)}
        </s>
      )}
    </span>
  );
}
