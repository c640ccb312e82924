import type { NearbyPlacesQuery, Suggestion, SuggestionsAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** The known places nearest a point, closest first (for a lodge that is not in the list). */
export const nearbyPlaces = async (lat: number, lon: number): Promise<Suggestion[]> =>
  (await api.get<SuggestionsAnswer, typeof NearbyPlacesQuery>('/api/geocoding/nearby', { query: { lat, lon } })).data;
