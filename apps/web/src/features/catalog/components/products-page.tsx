import { useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import { CardGridSkeleton } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/empty-state';
import { useProducts } from '../api/get-products';
import { matchesSearch } from '../catalog-rules';
import { ProductGrid } from './product-grid';
import { errorMessage } from '../../../lib/api-client';

export function ProductsPage() {
  const [params] = useSearchParams();
  const search = params.get('search') ?? '';
  const { data, isPending, error } = useProducts();
  const products = (data ?? []).filter((p) => p.inStock && matchesSearch(p, search));
  return (
    <Page title="All Products">
      <h1 className="text-2xl font-bold sm:text-3xl">{search ? `Results for “${search}”` : 'All Products'}</h1>
      <p className="mb-6 mt-1 text-stone-600" aria-live="polite">
        {isPending ? 'Loading products…' : `${products.length} product${products.length === 1 ? '' : 's'}`}
      </p>
      {isPending ? (
        <CardGridSkeleton count={10} />
      ) : error ? (
        <EmptyState message={errorMessage(error)} />
      ) : products.length === 0 ? (
        <EmptyState message={search ? `No products match “${search}”.` : 'No products found.'} />
      ) : (
        <ProductGrid products={products} priorityCount={4} />
      )}
    </Page>
  );
}
