import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellerProductAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const setStock = async ({ id, inStock }: { id: string; inStock: boolean }) =>
  (await api.post<SellerProductAnswer>(`/api/seller/products/${id}/stock`, { inStock })).product;

export function useSetStock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setStock,
    onSettled: () => qc.invalidateQueries({ queryKey: ['seller', 'products'] }),
  });
}
