import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellerApplyAnswer, VendorApplicationInput } from '@jara/shared';
import { api } from '../../../lib/api-client';
import { sellerMeQuery } from './get-seller-me';

const applyVendor = async (input: VendorApplicationInput) =>
  (await api.post<SellerApplyAnswer, typeof VendorApplicationInput>('/api/seller/apply', input)).vendor;

export function useApplyVendor() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: applyVendor, onSuccess: (v) => qc.setQueryData(sellerMeQuery.queryKey, v) });
}
