import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BEST_SELLERS, type ProductListAnswer, type ProductListQuery, type RequestQuery } from '@jara/shared';
import { api, searchParams } from '../../../lib/api-client';

/**
 * A flag that is off is left out: the server reads `false` as no filter, and one text per search
 * keeps one cached answer per search (here, in the service worker and on the server).
 */
const sentQuery = (s: ProductListQuery): RequestQuery<typeof ProductListQuery> => ({
  ...s,
  open: s.open || undefined,
  inStock: s.inStock || undefined,
});

/** The product list for what `/products` asks (naira prices; unset = no filter). */
const productSearchQuery = (s: ProductListQuery) =>
  queryOptions({
    // Under ['products'] so a price change that invalidates the catalogue refreshes searches too.
    queryKey: ['products', 'search', searchParams(sentQuery(s))],
    queryFn: async ({ signal }) =>
      (
        await api.get<ProductListAnswer, typeof ProductListQuery>('/api/product/list', {
          query: sentQuery(s),
          signal,
        })
      ).products,
    placeholderData: keepPreviousData,
  });

export const useProductSearch = (s: ProductListQuery) => useQuery(productSearchQuery(s));

/** Best Sellers: units sold in paid orders, in stock, food included. */
export const bestSellersQuery = productSearchQuery({ sort: 'popular', inStock: true, limit: BEST_SELLERS });
export const useBestSellers = () => useQuery(bestSellersQuery);
