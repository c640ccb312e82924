import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpenSwitchInput, SellerOpenAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';
import { sellerMeQuery } from './get-seller-me';

const setShopOpen = async (isOpen: boolean) =>
  (await api.post<SellerOpenAnswer, typeof OpenSwitchInput>('/api/seller/open', { isOpen })).vendor;

export function useSetShopOpen() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setShopOpen, onSuccess: (v) => qc.setQueryData(sellerMeQuery.queryKey, v) });
}
