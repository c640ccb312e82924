import { useState } from 'react';
import { Link } from 'react-router';
import type { ProductDto } from '@jara/shared';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { useT } from '../../../i18n';
import { LAYOUT_SIZES } from '../../../lib/images';
import { CartIcon } from '../../../components/ui/icons';
import { useCartActions } from '../../../session/cart-context';
import { cheapestOption, pricesDiffer, productPath } from '../catalogue-rules';
import { OptionChooser } from './option-chooser';
import { Price } from './price';
import { ClosedNote } from './closed-note';
import { useOpenStates } from '../hooks/use-open-state';
import { WishButton } from './wish-button';
import { PromotionTag } from './promotion-tag';

export function ProductCard({ product, priority = false }: { product: ProductDto; priority?: boolean }) {
  const t = useT('common');
  const option = cheapestOption(product);
  const { addToCart } = useCartActions();
  const href = productPath(product);
  const [choosing, setChoosing] = useState(false);
  const several = product.options.length > 1;
  const closed = useOpenStates()(product.vendorId);
  const isClosed = !!closed && !closed.open;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)] transition hover:-translate-y-0.5">
      <div className="relative aspect-square bg-stone-100">
        {product.image[0] && (
          <ResponsiveImage
            src={product.image[0]}
            alt=""
            width={400}
            height={400}
            priority={priority}
            sizes={LAYOUT_SIZES.card}
            className="size-full object-cover transition duration-300 group-hover:scale-[1.03]"
          />
        )}
        {!product.inStock ? (
          <span className="absolute left-2 top-2 rounded-full bg-stone-900/85 px-2.5 py-1 text-xs font-semibold text-white">
            {t('common.outOfStock')}
          </span>
        ) : (
          isClosed &&
          closed && (
            <span className="absolute left-2 top-2">
              <ClosedNote state={closed} compact />
            </span>
          )
        )}
        <WishButton productId={product._id} productName={product.name} className="absolute right-2 top-2 z-10" />
        {/* Over the picture: the label arrives after the page has painted and moves nothing. */}
        <PromotionTag product={product} compact className="absolute bottom-2 left-2 right-2" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-stone-600">
          {product.category.replace(/-/g, ' ')}
        </p>
        <h3 className="break-words text-sm font-semibold leading-snug text-stone-900 sm:text-base">
          <Link to={href} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
            {product.name}
          </Link>
        </h3>
        <div className="mt-auto flex items-end justify-between gap-2 pt-2">
          {option && <Price option={option} from={pricesDiffer(product)} />}
          {option && product.inStock && isClosed && (
            <button
              type="button"
              disabled
              aria-label={t('common.card.addClosed', { name: product.name, state: closed!.label })}
              title={closed!.label}
              className="relative z-10 grid size-10 shrink-0 cursor-not-allowed place-items-center rounded-full bg-stone-200 text-stone-500"
            >
              <CartIcon size={18} />
            </button>
          )}
          {option && product.inStock && !isClosed && (
            <button
              type="button"
              onClick={() => (several ? setChoosing(true) : addToCart(product._id, option._id))}
              aria-label={
                several ? t('common.card.choose', { name: product.name }) : t('common.card.add', { name: product.name })
              }
              aria-haspopup={several ? 'dialog' : undefined}
              className="relative z-10 grid size-10 shrink-0 place-items-center rounded-full bg-accent-400 text-brand-950 transition hover:bg-accent-300"
            >
              <CartIcon size={18} />
            </button>
          )}
        </div>
      </div>
      {several && (
        <OptionChooser
          product={product}
          open={choosing}
          onClose={() => setChoosing(false)}
          onChoose={(optionId) => {
            setChoosing(false);
            addToCart(product._id, optionId);
          }}
        />
      )}
    </article>
  );
}
