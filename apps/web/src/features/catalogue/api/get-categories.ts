import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryListAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: async () => (await api.get<CategoryListAnswer>('/api/category/list')).categories,
  staleTime: 10 * 60_000,
});

export const useCategories = () => useQuery(categoriesQuery);
