import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderUpdatedEvent } from '@jara/shared';
import { ensureConnected } from '../../../lib/socket';
import { myOrdersQuery } from '../api/get-my-orders';

/** Live `order.updated` and `rider.arrived` pushes (the user's room) refresh My Orders. */
export function useOrderUpdates(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const socket = ensureConnected();
    const handle = (_e: OrderUpdatedEvent) => void qc.invalidateQueries({ queryKey: myOrdersQuery.queryKey });
    socket.on('order.updated', handle);
    // The rider at the door is a step of the timeline.
    socket.on('rider.arrived', handle as () => void);
    // Missed pushes while disconnected: refetch on reconnect.
    socket.io.on('reconnect', handle as () => void);
    return () => {
      socket.off('order.updated', handle);
      socket.off('rider.arrived', handle as () => void);
      socket.io.off('reconnect', handle as () => void);
    };
  }, [enabled, qc]);
}
