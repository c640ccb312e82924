import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryDto } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const getCategories = async () =>
  (await api.get<{ success: true; categories: CategoryDto[] }>('/api/category/list')).categories;

export const categoriesQuery = queryOptions({
  queryKey: ['seller', 'categories'],
  queryFn: getCategories,
  staleTime: 10 * 60_000,
});

export function useCategories() {
  return useQuery(categoriesQuery);
}
