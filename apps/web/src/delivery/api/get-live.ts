import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeliveryKind,
  LiveDeliveryAnswer,
  LiveDeliveryDto,
  RiderArrivedEvent,
  RiderPositionDto,
} from '@jara/shared';
import { api } from '../../lib/api-client';
import { ensureConnected } from '../../lib/socket';

/** The road and the stage are read again this often; the rider's moves arrive by socket in between. */
const REREAD_MS = 60_000;

/**
 * The tracking map's data, with `skewMs`: the server's clock less this phone's when it was read.
 * Ages are told on the server's clock, so a phone set to the wrong time still shows "updated 12 s ago".
 */
export type LiveDelivery = LiveDeliveryDto & { skewMs: number };

const liveQuery = (kind: DeliveryKind, id: string, stage: string) =>
  queryOptions({
    queryKey: ['live', kind, id, stage],
    queryFn: async (): Promise<LiveDelivery> => {
      const { live } = await api.get<LiveDeliveryAnswer>(`/api/${kind}/${id}/live`);
      return { ...live, skewMs: Date.parse(live.now) - Date.now() };
    },
    refetchInterval: REREAD_MS,
    staleTime: 0,
    retry: false,
    structuralSharing: keepNewerRider,
  });

/**
 * A read that left before a socket's newer position arrived must not move the rider back: the
 * newer of the two positions (by when the phone took it) stays, with its estimate.
 */
function keepNewerRider(old: unknown, next: unknown): unknown {
  const kept = old as LiveDelivery | undefined;
  const read = next as LiveDelivery;
  if (kept?.rider && read.rider && Date.parse(kept.rider.at) > Date.parse(read.rider.at))
    return { ...read, rider: kept.rider, etaMinutes: kept.etaMinutes, skewMs: kept.skewMs };
  return read;
}

/**
 * A delivery under way for its tracking map: `GET /api/<kind>/:id/live`, then each
 * `rider.position.updated` of this delivery moves the rider and updates the estimate, and
 * `rider.arrived` starts the drop-off countdown. `stage` is
 * the delivery's status as the page knows it: a new one reads the map again (a new stage, a new road).
 */
export function useLiveDelivery(kind: DeliveryKind, id: string, stage: string) {
  const qc = useQueryClient();
  useEffect(() => {
    const { queryKey } = liveQuery(kind, id, stage);
    const socket = ensureConnected();
    const onPosition = (p: RiderPositionDto) => {
      if (p.jobKind !== kind || p.jobId !== id) return;
      // Sent as the server took it: its time then is the server's time now.
      const skewMs = Date.parse(p.updatedAt) - Date.now();
      qc.setQueryData<LiveDelivery>(queryKey, (live) =>
        live ? { ...live, rider: p, etaMinutes: p.etaMinutes ?? live.etaMinutes, skewMs } : live,
      );
    };
    // The rider tapped "I have arrived": the countdown starts at once, without a read.
    const onArrived = ({ jobKind, jobId, at, waitUntil }: RiderArrivedEvent) => {
      if (jobKind !== kind || jobId !== id) return;
      qc.setQueryData<LiveDelivery>(queryKey, (live) => (live ? { ...live, arrived: { at, waitUntil } } : live));
    };
    // Events sent while the socket was (re)connecting are missed: read the map again once it is up.
    const reread = () => void qc.invalidateQueries({ queryKey });
    socket.on('rider.position.updated', onPosition);
    socket.on('rider.arrived', onArrived);
    socket.on('connect', reread);
    return () => {
      socket.off('rider.position.updated', onPosition);
      socket.off('rider.arrived', onArrived);
      socket.off('connect', reread);
    };
  }, [kind, id, stage, qc]);
  return useQuery(liveQuery(kind, id, stage));
}
