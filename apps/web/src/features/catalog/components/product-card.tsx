import { Link } from 'react-router';
import type { ProductDto } from '@jara/shared';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { CartIcon } from '../../../components/ui/icons';
import { useCartActions } from '../../cart';
import { cheapestOption, productPath } from '../catalog-rules';
import { Price } from './price';
import { WishButton } from './wish-button';

export function ProductCard({ product, priority = false }: { product: ProductDto; priority?: boolean }) {
  const option = cheapestOption(product);
  const { addToCart } = useCartActions();
  const href = productPath(product);
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
            sizes="(min-width: 1024px) 220px, (min-width: 640px) 33vw, 50vw"
            className="size-full object-cover transition duration-300 group-hover:scale-[1.03]"
          />
        )}
        {!product.inStock && (
          <span className="absolute left-2 top-2 rounded-full bg-stone-900/85 px-2.5 py-1 text-xs font-semibold text-white">
            Out of stock
          </span>
        )}
        <WishButton productId={product._id} productName={product.name} className="absolute right-2 top-2 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-stone-600">{product.category.replace(/-/g, ' ')}</p>
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug text-stone-900 sm:text-base">
          <Link to={href} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
            {product.name}
          </Link>
        </h3>
        <div className="mt-auto flex items-end justify-between gap-2 pt-2">
          {option && <Price option={option} />}
          {option && product.inStock && (
            <button
              type="button"
              onClick={() => addToCart(product._id, option._id)}
              aria-label={`Add ${product.name} to cart`}
              className="relative z-10 grid size-10 shrink-0 place-items-center rounded-full bg-accent-400 text-brand-950 transition hover:bg-accent-300"
            >
              <CartIcon size={18} />
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
