import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestBody, SellerProductAnswer, StockInput } from '@jara/shared';
import { api } from '../../../lib/api-client';

const setStock = async ({ id, ...body }: { id: string } & RequestBody<typeof StockInput>) =>
  (await api.post<SellerProductAnswer, typeof StockInput>(`/api/seller/products/${id}/stock`, body)).product;

export function useSetStock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setStock,
    onSettled: () => qc.invalidateQueries({ queryKey: ['seller', 'products'] }),
  });
}
