import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryListAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getCategories = async () => (await api.get<CategoryListAnswer>('/api/category/list')).categories;

const categoriesQuery = queryOptions({
  queryKey: ['seller', 'categories'],
  queryFn: getCategories,
  staleTime: 10 * 60_000,
});

export function useCategories() {
  return useQuery(categoriesQuery);
}
