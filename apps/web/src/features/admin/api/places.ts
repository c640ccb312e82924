import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPlaceAnswer, AdminPlacesAnswer, AdminPlacesQuery, PlaceInput, RequestBody } from '@jara/shared';
import { api } from '../../../lib/api-client';

type PlacesFilter = { q: string; show: 'all' | 'visible' | 'hidden'; offset: number };

/** GET /api/admin/places: by name or street, hidden ones included or alone, a page at a time. */
export function useAdminPlaces(filter: PlacesFilter) {
  return useQuery({
    queryKey: ['admin', 'places', filter],
    queryFn: () =>
      api.get<AdminPlacesAnswer, typeof AdminPlacesQuery>('/api/admin/places', {
        query: { ...(filter.q.trim() ? { q: filter.q.trim() } : {}), show: filter.show, offset: filter.offset },
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/places (new) or PUT /api/admin/places/:id (rename, move, blocks) */
const savePlace = ({ id, body }: { id?: string; body: RequestBody<typeof PlaceInput> }) =>
  id
    ? api.put<AdminPlaceAnswer, typeof PlaceInput>(`/api/admin/places/${encodeURIComponent(id)}`, body)
    : api.post<AdminPlaceAnswer, typeof PlaceInput>('/api/admin/places', body);
export function useSavePlace() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: savePlace,
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'places'] }),
  });
}

/** POST /api/admin/places/:id/hide or /unhide */
const setHidden = ({ id, hidden }: { id: string; hidden: boolean }) =>
  api.post<AdminPlaceAnswer>(`/api/admin/places/${encodeURIComponent(id)}/${hidden ? 'hide' : 'unhide'}`);
export function useSetPlaceHidden() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setHidden,
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'places'] }),
  });
}
