import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BEST_SELLERS, type ProductListAnswer, type ProductSort } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** What `/products` asks the product list for (naira prices; unset = no filter). */
export interface ProductSearch {
  q?: string;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  open?: boolean;
  inStock?: boolean;
  sort?: ProductSort;
  limit?: number;
}

export function productSearchParams(s: ProductSearch): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(s)) {
    if (v === undefined || v === '' || v === false) continue;
    p.set(k, String(v));
  }
  return p.toString();
}

export const productSearchQuery = (s: ProductSearch) =>
  queryOptions({
    // Under ['products'] so a price change that invalidates the catalogue refreshes searches too.
    queryKey: ['products', 'search', productSearchParams(s)],
    queryFn: async ({ signal }) => {
      const qs = productSearchParams(s);
      return (await api.get<ProductListAnswer>(`/api/product/list${qs ? `?${qs}` : ''}`, { signal })).products;
    },
    placeholderData: keepPreviousData,
  });

export const useProductSearch = (s: ProductSearch) => useQuery(productSearchQuery(s));

/** Best Sellers: units sold in paid orders, in stock, food included. */
export const bestSellersQuery = productSearchQuery({ sort: 'popular', inStock: true, limit: BEST_SELLERS });
export const useBestSellers = () => useQuery(bestSellersQuery);
