import { BEST_SELLERS } from '@jara/shared';
import { CardGridSkeleton } from '../../../components/ui/skeleton';
import { useBestSellers } from '../api/search-products';
import { ProductGrid } from './product-grid';

/** The Best Sellers grid (home): as many placeholder cards while the list loads. */
export function BestSellers() {
  const products = useBestSellers();
  return products.isPending ? (
    <CardGridSkeleton count={BEST_SELLERS} />
  ) : (
    <ProductGrid products={products.data ?? []} />
  );
}
