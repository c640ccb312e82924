import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DispatchDto } from '@jara/shared';
import { ensureConnected } from '../../../lib/socket';
import { dispatchesQuery } from '../api/get-dispatches';

/** Applies the server's `dispatch.updated` pushes to the list while the screen is open. */
export function useDispatchLive(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const socket = ensureConnected();
    const onUpdate = (d: DispatchDto) => {
      qc.setQueryData(dispatchesQuery.queryKey, (list) => {
        if (!list) return list;
        return list.some((x) => x._id === d._id) ? list.map((x) => (x._id === d._id ? d : x)) : [d, ...list];
      });
    };
    // After a reconnect, pushes may have been missed: fetch the list again. The rider at the door
    // is a step of the timeline: the same read shows it.
    const onReconnect = () => void qc.invalidateQueries({ queryKey: dispatchesQuery.queryKey });
    socket.on('dispatch.updated', onUpdate);
    socket.on('rider.arrived', onReconnect);
    socket.io.on('reconnect', onReconnect);
    return () => {
      socket.off('dispatch.updated', onUpdate);
      socket.off('rider.arrived', onReconnect);
      socket.io.off('reconnect', onReconnect);
    };
  }, [enabled, qc]);
}
