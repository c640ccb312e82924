import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const productsQuery = queryOptions({
  queryKey: ['products'],
  queryFn: async () => (await api.get<ProductListAnswer>('/api/product/list')).products,
});

export const useProducts = () => useQuery(productsQuery);
