import type { ProductDto } from '@jara/shared';
import { TagIcon, TruckIcon } from '../../../components/ui/icons';
import { useLivePromotions } from '../api/get-live-promotions';

/**
 * The live promotions about a product, by their titles ("Free delivery after 8 pm"): one on a
 * card (`compact`), every one on the product's page. Nothing until the list has arrived.
 */
export function PromotionTag({
  product,
  compact = false,
  className = '',
}: {
  product: Pick<ProductDto, '_id' | 'vendorId' | 'category'>;
  compact?: boolean;
  className?: string;
}) {
  const live = useLivePromotions(product);
  if (!live.length) return null;
  const shown = compact ? live.slice(0, 1) : live;
  return (
    <ul className={`flex flex-wrap gap-1.5 ${className}`} data-testid="promotion-tags">
      {shown.map((p) => (
        <li
          key={p._id}
          className={`inline-flex max-w-full items-start gap-1 bg-accent-100 font-semibold text-brand-950 ${compact ? 'rounded-lg px-2 py-0.5 text-xs leading-4' : 'rounded-2xl px-3 py-1 text-sm'}`}
        >
          {p.kind === 'delivery' ? (
            <TruckIcon size={compact ? 12 : 16} className="mt-0.5 shrink-0" />
          ) : (
            <TagIcon size={compact ? 12 : 16} className="mt-0.5 shrink-0" />
          )}
          {/* A narrow card wraps the title between words rather than cutting it. */}
          <span className="min-w-0 break-words">{p.title}</span>
        </li>
      ))}
    </ul>
  );
}
