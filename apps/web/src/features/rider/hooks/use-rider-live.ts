import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { JobBoardEvent, JobDto, OrderReadyEvent } from '@jara/shared';
import { toast } from '../../../lib/toast';
import { t } from '../../../i18n';
import { ensureConnected } from '../../../lib/socket';
import { activeJobsQuery } from '../api/get-active';
import { jobBoardQuery } from '../api/get-jobs';

/** The board live: new jobs appear (`job.available`), taken ones vanish (`job.taken`), and from the active list. */
export function useRiderLive(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const socket = ensureConnected();
    const refreshBoard = () => void qc.invalidateQueries({ queryKey: jobBoardQuery.queryKey });
    const onTaken = (e: JobBoardEvent) => {
      qc.setQueryData<JobDto[]>(jobBoardQuery.queryKey, (jobs) =>
        jobs?.filter((j) => !(j._id === e._id && j.kind === e.kind)),
      );
      // Sent to a rider too when support gave their delivery to another: it leaves their active list.
      void qc.invalidateQueries({ queryKey: activeJobsQuery.queryKey });
    };
    const onDispatch = () => void qc.invalidateQueries({ queryKey: activeJobsQuery.queryKey });
    // A shop of the rider's order has its part ready: time to go and collect it.
    const onReady = (e: OrderReadyEvent) => toast.success(t('rider', 'rider.live.ready', { shop: e.shop }));
    socket.on('job.available', refreshBoard);
    socket.on('job.taken', onTaken);
    socket.on('dispatch.updated', onDispatch);
    socket.on('order.ready', onReady);
    socket.io.on('reconnect', refreshBoard);
    return () => {
      socket.off('job.available', refreshBoard);
      socket.off('job.taken', onTaken);
      socket.off('dispatch.updated', onDispatch);
      socket.off('order.ready', onReady);
      socket.io.off('reconnect', refreshBoard);
    };
  }, [enabled, qc]);
}
