import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCategoriesAnswer, CategoryInput, MessageAnswer, RequestBody } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/categories */
const getAdminCategories = async () => (await api.get<AdminCategoriesAnswer>('/api/admin/categories')).categories;
export function useAdminCategories() {
  return useQuery({ queryKey: ['admin', 'categories'], queryFn: getAdminCategories });
}

/** POST /api/admin/categories (create or update by path) */
const saveCategory = (c: RequestBody<typeof CategoryInput>) =>
  api.post<MessageAnswer, typeof CategoryInput>('/api/admin/categories', c);
export function useSaveCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveCategory,
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'categories'] }),
  });
}

/** POST /api/admin/categories/:path/delete */
const deleteCategory = (path: string) => api.post<MessageAnswer>(`/api/admin/categories/${path}/delete`);
export function useDeleteCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'categories'] }),
  });
}
