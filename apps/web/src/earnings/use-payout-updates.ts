import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { PayoutDto } from '@jara/shared';
import { formatPrice } from '../lib/money';
import { ensureConnected } from '../lib/socket';

/**
 * A payee's payouts live (`payout.updated`, to their own room): the earnings view behind
 * `queryKey` (a stable key) is fetched again and the payee is told whether the money went out.
 */
export function usePayoutUpdates(queryKey: QueryKey, enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const socket = ensureConnected();
    const onPayout = (p: PayoutDto) => {
      void qc.invalidateQueries({ queryKey });
      if (p.state === 'paid') toast.success(`Payout of ${formatPrice(p.amount)} paid`);
      else if (p.state === 'failed')
        toast.error(`Payout of ${formatPrice(p.amount)} failed${p.failureReason ? `: ${p.failureReason}` : ''}`);
    };
    socket.on('payout.updated', onPayout);
    return () => {
      socket.off('payout.updated', onPayout);
    };
  }, [enabled, qc, queryKey]);
}
