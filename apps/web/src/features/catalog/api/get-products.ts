import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDto } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const productsQuery = queryOptions({
  queryKey: ['products'],
  queryFn: async () => (await api.get<{ success: true; products: ProductDto[] }>('/api/product/list')).products,
});

export const useProducts = () => useQuery(productsQuery);
