import { HeartIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
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
  const t = useT('common');
  const wished = useIsWished(productId);
  const { toggleWish } = useCartActions();
  return (
    <button
      type="button"
      onClick={() => toggleWish(productId)}
      aria-pressed={wished}
      aria-label={wished ? t('common.wish.remove', { name: productName }) : t('common.wish.add', { name: productName })}
      className={`grid size-10 place-items-center rounded-full bg-white/95 shadow-sm transition hover:scale-105 ${wished ? 'text-red-600' : 'text-stone-700'} ${className}`}
    >
      <HeartIcon filled={wished} />
    </button>
  );
}
