import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryDto } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: async () => (await api.get<{ success: true; categories: CategoryDto[] }>('/api/category/list')).categories,
  staleTime: 10 * 60_000,
});

export const useCategories = () => useQuery(categoriesQuery);
