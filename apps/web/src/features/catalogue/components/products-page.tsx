import { useSearchParams } from 'react-router';
import { PRODUCT_SORTS, type ProductListQuery, type ProductSort } from '@jara/shared';
import { Page } from '../../../components/ui/page';
import { CardGridSkeleton } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/empty-state';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useProductSearch } from '../api/search-products';
import { ProductGrid } from './product-grid';
import { ProductFilters } from './product-filters';

const num = (v: string | null) =>
  v !== null && v.trim() !== '' && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : undefined;

/** The search, filters and sort as the address bar holds them (shareable, back-button friendly). */
function searchFromParams(params: URLSearchParams): ProductListQuery {
  const sort = params.get('sort');
  return {
    q: params.get('search')?.trim() || undefined,
    category: params.get('category') || undefined,
    minPrice: num(params.get('minPrice')),
    maxPrice: num(params.get('maxPrice')),
    open: params.get('open') === 'true' || undefined,
    // SPEC: /products lists in-stock products; "inStock=false" widens it.
    inStock: params.get('inStock') !== 'false',
    sort: PRODUCT_SORTS.includes(sort as ProductSort) ? (sort as ProductSort) : undefined,
  };
}

export function ProductsPage() {
  const t = useT('catalogue');
  const [params, setParams] = useSearchParams();
  const search = searchFromParams(params);
  const { data, isPending, error, isFetching } = useProductSearch(search);
  const products = data ?? [];
  const filtered = !!(
    search.category ||
    search.minPrice !== undefined ||
    search.maxPrice !== undefined ||
    search.open ||
    !search.inStock
  );

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };

  return (
    <Page title={t('catalogue.allProducts')}>
      <h1 className="text-2xl font-bold sm:text-3xl">
        {search.q ? t('catalogue.resultsFor', { query: search.q }) : t('catalogue.allProducts')}
      </h1>
      <ProductFilters search={search} onChange={update} />
      <p className="mb-6 mt-1 text-stone-600" aria-live="polite">
        {isPending ? t('catalogue.loadingProducts') : t('catalogue.productCount', { count: products.length })}
      </p>
      {isPending ? (
        <CardGridSkeleton count={10} />
      ) : error ? (
        <EmptyState message={errorMessage(error)} />
      ) : products.length === 0 ? (
        <EmptyState
          message={
            search.q
              ? t('catalogue.noMatch', { query: search.q })
              : filtered
                ? t('catalogue.noFilterMatch')
                : t('catalogue.noProducts')
          }
        />
      ) : (
        <div aria-busy={isFetching || undefined}>
          <ProductGrid products={products} priorityCount={4} />
        </div>
      )}
    </Page>
  );
}
