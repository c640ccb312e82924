import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MapInfo, MapInfoAnswer } from '@jara/shared';
import { api } from '../../lib/api-client';

const getMapInfo = async (): Promise<MapInfo> => (await api.get<MapInfoAnswer>('/api/map')).map;

/**
 * How to draw the campus map. It changes only with a new extract (the tile URL carries its
 * version), so one read serves every map of the visit; `offlineFirst` asks even when the phone
 * says it is offline, so the service worker's cached answer opens a map seen before.
 */
const mapInfoQuery = queryOptions({
  queryKey: ['map'],
  queryFn: getMapInfo,
  staleTime: 60 * 60_000,
  gcTime: 24 * 60 * 60_000,
  networkMode: 'offlineFirst',
});

export function useMapInfo() {
  return useQuery(mapInfoQuery);
}

/** Asks for the map's answer ahead of the map (kept as the map's own read keeps it). */
export const prefetchMapInfo = (qc: QueryClient) => qc.prefetchQuery(mapInfoQuery);
