import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '../lib/toast';
import type { PayoutDto } from '@jara/shared';
import { formatPrice } from '../lib/money';
import { ensureConnected } from '../lib/socket';
import { t } from '../i18n';

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
      const amount = formatPrice(p.amount);
      if (p.state === 'paid') toast.success(t('earnings', 'earnings.live.paid', { amount }));
      else if (p.state === 'failed')
        toast.error(
          p.failureReason
            ? t('earnings', 'earnings.live.failedBecause', { amount, reason: p.failureReason })
            : t('earnings', 'earnings.live.failed', { amount }),
        );
    };
    socket.on('payout.updated', onPayout);
    return () => {
      socket.off('payout.updated', onPayout);
    };
  }, [enabled, qc, queryKey]);
}
