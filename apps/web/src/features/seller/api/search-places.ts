import type { PlaceSearchQuery, Suggestion, SuggestionsAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** Top matches from the gazetteer for the typed text. */
export const searchPlaces = async (q: string, signal?: AbortSignal): Promise<Suggestion[]> =>
  (await api.get<SuggestionsAnswer, typeof PlaceSearchQuery>('/api/geocoding/search', { query: { q }, signal })).data;
