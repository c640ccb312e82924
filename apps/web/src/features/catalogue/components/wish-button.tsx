import { HeartIcon } from '../../../components/ui/icons';
import { useCartActions, useIsWished } from '../../../session/cart-context';

export function WishButton({
  productId,
  productName,
  className = '',
}: {
  productId: string;
  productName: string;
  className?: string;
}) {
  const wished = useIsWished(productId);
  const { toggleWish } = useCartActions();
  return (
    <button
      type="button"
      onClick={() => toggleWish(productId)}
      aria-pressed={wished}
      aria-label={wished ? `Remove ${productName} from wish list` : `Add ${productName} to wish list`}
      className={`grid size-10 place-items-center rounded-full bg-white/95 shadow-sm transition hover:scale-105 ${wished ? 'text-red-600' : 'text-stone-700'} ${className}`}
    >
      <HeartIcon filled={wished} />
    </button>
  );
}
