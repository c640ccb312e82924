import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GroupUpdatedEvent, OrderUpdatedEvent } from '@jara/shared';
import { ensureConnected } from '../../../lib/socket';

/**
 * The group's page live: `group.updated` (someone joined, added, paid; it closed or was placed) and
 * `order.updated` of the order it became (the shop confirmed, the rider picked it up …) read it again.
 */
export function useGroupUpdates(groupId: string, orderId: string | null, enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const socket = ensureConnected();
    const refresh = () => void qc.invalidateQueries({ queryKey: ['groups', groupId] });
    const onGroup = (e: GroupUpdatedEvent) => e.groupId === groupId && refresh();
    const onOrder = (e: OrderUpdatedEvent) => e.orderId === orderId && refresh();
    socket.on('group.updated', onGroup);
    socket.on('order.updated', onOrder);
    // Missed while disconnected: read again on reconnect.
    socket.io.on('reconnect', refresh);
    return () => {
      socket.off('group.updated', onGroup);
      socket.off('order.updated', onOrder);
      socket.io.off('reconnect', refresh);
    };
  }, [groupId, orderId, enabled, qc]);
}
