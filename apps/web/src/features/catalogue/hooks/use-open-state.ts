import { useMemo } from 'react';
import { vendorOpenState, type OpenState } from '@jara/shared';
import { useNow } from '../../../lib/clock';
import { useVendors } from '../api/get-vendors';

/**
 * Whether each vendor takes orders now, by the same rule the server applies at checkout (its
 * switch and its hours, Lagos time). Unknown vendors (list not loaded yet) give null: the server
 * has the last word.
 */
export function useOpenStates(): (vendorId: string) => OpenState | null {
  const { data } = useVendors();
  const now = useNow();
  return useMemo(() => {
    const byId = new Map((data ?? []).map((v) => [v._id, v]));
    return (vendorId: string) => {
      const v = byId.get(vendorId);
      if (!v) return null;
      return vendorOpenState(v.openingHours, v.acceptingOrders ?? v.isOpen, now);
    };
  }, [data, now]);
}
