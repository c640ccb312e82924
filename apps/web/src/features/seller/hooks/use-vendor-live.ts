import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { ensureConnected } from '../../../lib/socket';
import { t } from '../../../i18n';

/**
 * Incoming orders live: `vendor.order.created` refreshes the lists and says so. The ringing comes
 * from the refreshed list (useNewOrderAlert): one place decides what rings, whether the order came
 * live or was already waiting when the page loaded.
 */
export function useVendorLive(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const socket = ensureConnected();
    const refresh = () => void qc.invalidateQueries({ queryKey: ['seller', 'orders'] });
    const onCreated = () => {
      refresh();
      toast.success(t('seller', 'seller.live.newOrder'));
    };
    const onCancelled = () => {
      refresh();
      toast(t('seller', 'seller.live.cancelled'));
    };
    socket.on('vendor.order.created', onCreated);
    socket.on('vendor.order.cancelled', onCancelled);
    socket.io.on('reconnect', refresh);
    return () => {
      socket.off('vendor.order.created', onCreated);
      socket.off('vendor.order.cancelled', onCancelled);
      socket.io.off('reconnect', refresh);
    };
  }, [enabled, qc]);
}
