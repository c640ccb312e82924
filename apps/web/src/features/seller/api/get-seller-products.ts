import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductSearchQuery, SellerProductsAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getSellerProducts = async (q: string) =>
  (await api.get<SellerProductsAnswer, typeof ProductSearchQuery>('/api/seller/products', { query: { q } })).products;

const sellerProductsQuery = (q: string) =>
  queryOptions({ queryKey: ['seller', 'products', q], queryFn: () => getSellerProducts(q), staleTime: 10_000 });

export function useSellerProducts(q: string) {
  return useQuery({ ...sellerProductsQuery(q), placeholderData: keepPreviousData });
}
